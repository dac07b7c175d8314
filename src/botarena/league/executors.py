"""Where a tournament's games are played.

* :class:`LocalExecutor`: asyncio tasks in the coordinating process, at most
  ``concurrency`` games at once, each on its own embedded server.
* :class:`DaskExecutor` (``--cluster tcp://HOST:8786``): each game is a Dask task
  (:func:`botarena.league.jobs.play_job`) that a worker plays on its own embedded server,
  starting the bots from the same command lines; the outcome (record, replay, logs) comes
  back to the coordinator as the task finishes. When a worker dies mid-game the scheduler
  gives the task to another worker (Dask's ``allowed-failures``); only the finished task's
  outcome is ever returned, and the store refuses an index it already has, so every game
  is counted once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from botarena.league.jobs import GameJob, JobOutcome, play_job, play_job_async
from botarena.league.sc_game import DriverJob, play_driver_job
from botarena.league.store import write_game_files
from botarena.runner.bots import BotSpec
from botarena.runner.driver import DriverLimits
from botarena.runner.record import GameRecord
from botarena.runner.schedule import ScheduledGame

DASK_TASK_RETRIES = 2
"""How often a game whose task raised (not a dead worker: that is always rescheduled) is
tried again before the tournament reports it as failed."""
DASK_CONNECT_TIMEOUT_S = 30.0

JobT = TypeVar("JobT")
ResultT = TypeVar("ResultT")


class Executor(Protocol):
    description: str

    async def run(self, job: GameJob) -> JobOutcome: ...
    async def close(self) -> None: ...


class LocalExecutor:
    def __init__(self, concurrency: int) -> None:
        if concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {concurrency}")
        self._semaphore = asyncio.Semaphore(concurrency)
        self.description = f"local, {concurrency} games at once"

    async def run(self, job: GameJob) -> JobOutcome:
        async with self._semaphore:
            return await play_job_async(job)

    async def close(self) -> None:
        return None


class DaskExecutor:
    """A connection to a running Dask scheduler (``dask scheduler``; workers: ``dask worker``)."""

    def __init__(self, client: Any, address: str, token: str) -> None:
        self._client = client
        self._token = token
        self.description = f"Dask cluster {address}"

    @classmethod
    async def connect(cls, address: str, token: str) -> DaskExecutor:
        from distributed import Client  # noqa: PLC0415 - only with --cluster

        try:
            client = await Client(  # type: ignore[no-untyped-call]
                address, asynchronous=True, timeout=DASK_CONNECT_TIMEOUT_S
            )
        except OSError as error:
            raise OSError(f"cannot reach the Dask scheduler {address}: {error}") from None
        return cls(client, address, token)

    async def run(self, job: GameJob) -> JobOutcome:
        return await self._play(play_job, job, f"game-{job.index}")

    async def run_driver(self, job: DriverJob) -> tuple[GameRecord, dict[str, bytes]]:
        return await self._play(play_driver_job, job, f"test-{job.game.index}")

    async def _play(self, play: Callable[[JobT], ResultT], job: JobT, name: str) -> ResultT:
        """``play(job)`` as a task on a worker; ``name`` makes its key unique in this run."""
        future = self._client.submit(
            play, job, key=f"botarena-{self._token}-{name}", pure=False, retries=DASK_TASK_RETRIES
        )
        result: ResultT = await future
        return result

    async def close(self) -> None:
        await self._client.close()


class ClusterGames:
    """``botarena test --cluster``: the runner's games as Dask tasks; a game's files are
    written into the run folder here, by the coordinating process, when its task is done."""

    def __init__(self, executor: DaskExecutor) -> None:
        self._executor = executor

    @classmethod
    async def connect(cls, address: str, token: str) -> ClusterGames:
        return cls(await DaskExecutor.connect(address, token))

    async def play_game(
        self,
        *,
        game_type: str,
        game: ScheduledGame,
        bots: tuple[BotSpec, BotSpec],
        run_dir: Path,
        limits: DriverLimits,
    ) -> GameRecord:
        record, files = await self._executor.run_driver(DriverJob(game_type, game, bots, limits))
        write_game_files(run_dir, files)
        return record

    async def close(self) -> None:
        await self._executor.close()
