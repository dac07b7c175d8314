"""One Software-Challenge game of a tournament job: an embedded server of its own, both bots
started by the runner's driver (``CMD --host H --port P --reservation R``, its watchdog and
its records), the replay gzipped."""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass
from pathlib import Path

from botarena.confine import NO_CONFINEMENT, Confinement
from botarena.games import registry
from botarena.league.jobs import GameJob, JobOutcome, base_record, dask_worker, ranks_from_points
from botarena.runner.bots import BotSpec
from botarena.runner.driver import DriverLimits, play_game
from botarena.runner.hosts import EmbeddedHost
from botarena.runner.launch import PerGameLauncher
from botarena.runner.record import WIN_POINTS, GameRecord
from botarena.runner.schedule import ScheduledGame
from botarena.server import ScServer, ServerConfig

FINISHED_PLAYER_GRACE_S = 2.0
"""How long the server waits for a finished bot to leave (as ``botarena test``)."""


def _bot(job: GameJob, seat: int) -> BotSpec:
    entrant = job.seats[seat]
    command = entrant.command
    if entrant.builtin is not None:  # reproducible: a seed per game and seat
        command = (*command, "--seed", str(job.bot_seed(seat)))
    return BotSpec(entrant.label, command, entrant.builtin, entrant.pace_ms)


def league_record(job: GameJob, driver: GameRecord, workdir: Path) -> GameRecord:
    """The driver's record in the tournament's terms (its seats as they were; points per
    label, ranks, causes; a game whose points do not add up to one win is void)."""
    labels = [entrant.label for entrant in job.seats]
    points = [slot.match_points or 0 for slot in driver.slots]
    return base_record(
        job,
        slots=driver.slots,
        points=dict(zip(labels, points, strict=True)),
        ranks=ranks_from_points(points),
        winner=driver.winner,
        void=driver.is_void() or sum(points) != WIN_POINTS,
        regular=driver.regular,
        cause=driver.cause.replace(str(workdir) + "/", ""),
        moves=driver.moves,
        duration_s=driver.duration_s,
        infra_error=driver.infra_error,
        clock=driver.clock,
        move_cpu_ms=driver.move_cpu_ms,
    )


@dataclass(frozen=True, slots=True)
class DriverJob:
    """One game of ``botarena test --cluster``: the runner's scheduled game and bots."""

    game_type: str
    game: ScheduledGame
    bots: tuple[BotSpec, BotSpec]
    limits: DriverLimits
    confinement: Confinement = NO_CONFINEMENT


async def driver_game(job: DriverJob, workdir: Path) -> tuple[GameRecord, dict[str, bytes]]:
    """The runner's driver on an embedded server of its own; its record (paths relative to
    ``workdir``) and the bytes of the bots' logs and the replay."""
    server = ScServer(
        ServerConfig(
            port=0,
            host="127.0.0.1",
            password=None,
            save_replay=True,
            finished_player_grace_s=FINISHED_PLAYER_GRACE_S,
            clock=job.limits.clock,
        )
    )
    await server.start()
    host = EmbeddedHost(server)
    try:
        record = await play_game(
            host,
            game_type=job.game_type,
            game=job.game,
            bots=job.bots,
            run_dir=workdir,
            limits=job.limits,
            launcher=PerGameLauncher(host.host, host.port, job.confinement),
        )
    finally:
        await host.close()
        await server.stop()
    record.cause = record.cause.replace(str(workdir) + "/", "")
    files: dict[str, bytes] = {}
    for slot in record.slots:
        if slot.log is not None:
            path = workdir / slot.log
            files[slot.log] = path.read_bytes() if path.exists() else b""
    if record.replay:
        files[record.replay] = (workdir / record.replay).read_bytes()
    return record, files


def play_driver_job(job: DriverJob) -> tuple[GameRecord, dict[str, bytes]]:
    """What a Dask worker runs for ``botarena test --cluster``."""

    async def main() -> tuple[GameRecord, dict[str, bytes]]:
        with tempfile.TemporaryDirectory(prefix="botarena-game-") as workdir:
            return await driver_game(job, Path(workdir))

    record, files = asyncio.run(main())
    record.worker = dask_worker()
    return record, files


async def play_sc(job: GameJob, workdir: Path) -> JobOutcome:
    limits = DriverLimits(
        job.limits.connect_timeout_s,
        job.limits.game_timeout_s,
        job.limits.exit_grace_s,
        job.limits.clock,
    )
    driver_job = DriverJob(
        registry.resolve(job.game).game_type,
        ScheduledGame(job.index, job.pairing, job.seed, (0, 1)),
        (_bot(job, 0), _bot(job, 1)),
        limits,
        job.confinement,
    )
    driver_record, driver_files = await driver_game(driver_job, workdir)
    record = league_record(job, driver_record, workdir)
    files = {slot.log: driver_files[slot.log] for slot in record.slots if slot.log is not None}
    replay = driver_record.replay
    if replay:  # the driver writes it gzipped already (runner.driver.REPLAY_NAME)
        name = f"{job.folder}/{Path(replay).name}"
        files[name] = driver_files[replay]
        record.replay = name
    return JobOutcome(record, files)
