"""One game as a self-contained job, the same locally and on a Dask worker.

A :class:`GameJob` holds everything a process needs to play the game on an embedded server
of its own (the game, the seed, the entrants in seat order with their command lines, the
limits); :func:`play_job` plays it in a temporary folder and returns a :class:`JobOutcome`:
the game record plus the bytes of its files (the gzipped replay, the bots' logs), which the
coordinator alone writes into the tournament folder.

Built-in players get a seed per game and seat (derived from the game's seed), so a game's
result is a function of the job: the same tournament gives the same standings anywhere.
"""

from __future__ import annotations

import asyncio
import socket
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from botarena.confine import NO_CONFINEMENT, Confinement
from botarena.core import SeededRandom
from botarena.games import registry
from botarena.league.entrants import Entrant
from botarena.runner.limits import BotLimits
from botarena.runner.record import GameRecord

MAUMAU_MOVE_TIMEOUT_S = 5.0
"""Seconds a Mau-Mau seat has to answer its turn (the contest server's default)."""


@dataclass(frozen=True, slots=True)
class JobLimits(BotLimits):
    move_timeout_s: float = MAUMAU_MOVE_TIMEOUT_S

    def to_json(self) -> dict[str, float]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class GameJob:
    index: int
    round: int
    pairing: int
    game: str
    seed: int
    seats: tuple[Entrant, ...]
    limits: JobLimits = field(default_factory=JobLimits)
    confinement: Confinement = NO_CONFINEMENT
    """How the seats' bot processes are confined (``--sandbox`` and its limits)."""

    @property
    def folder(self) -> str:
        """The game's folder inside the tournament folder."""
        return f"games/game-{self.index:06d}"

    def bot_seed(self, seat: int) -> int:
        return SeededRandom(self.seed).derive(f"bot-{seat}").seed_value


@dataclass(slots=True)
class JobOutcome:
    record: GameRecord
    files: dict[str, bytes]
    """Relative path (under the tournament folder) → content."""


def ranks_from_points(points: list[int]) -> list[int]:
    """Competition ranks (1 = best; equal points share a rank)."""
    return [1 + sum(1 for other in points if other > mine) for mine in points]


def base_record(job: GameJob, **result: Any) -> GameRecord:
    """The job's game record: its place in the tournament and this host, and ``result``
    (the other fields of :class:`GameRecord`)."""
    return GameRecord(
        index=job.index,
        round=job.round,
        pairing=job.pairing,
        seed=job.seed,
        game=job.game,
        seats=[entrant.label for entrant in job.seats],
        host=socket.gethostname(),
        **result,
    )


async def _play_sc(job: GameJob, workdir: Path) -> JobOutcome:
    from botarena.league.sc_game import play_sc  # noqa: PLC0415 - on first use

    return await play_sc(job, workdir)


async def _play_maumau(job: GameJob, workdir: Path) -> JobOutcome:
    from botarena.league.maumau_game import play_maumau  # noqa: PLC0415 - on first use

    return await play_maumau(job, workdir)


PLAYS_BY_PROTOCOL: dict[registry.WireProtocol, Callable[[GameJob, Path], Awaitable[JobOutcome]]] = {
    registry.SC_XML: _play_sc,
    registry.MAUMAU_JSON: _play_maumau,
}
"""How a job of each wire protocol is played (an embedded server of that protocol)."""


async def play_job_async(job: GameJob) -> JobOutcome:
    play = PLAYS_BY_PROTOCOL[registry.resolve(job.game).protocol]
    with tempfile.TemporaryDirectory(prefix="botarena-game-") as workdir:
        return await play(job, Path(workdir))


def dask_worker() -> str | None:
    try:
        from distributed import get_worker  # noqa: PLC0415

        return str(get_worker().address)
    except (ImportError, ValueError):
        return None


def play_job(job: GameJob) -> JobOutcome:
    """Play ``job`` to its end (what a Dask worker runs): its own event loop and server.
    The record names the Dask worker that played it (``worker``)."""
    outcome = asyncio.run(play_job_async(job))
    outcome.record.worker = dask_worker()
    return outcome
