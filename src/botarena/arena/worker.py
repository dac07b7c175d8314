"""The arena's worker: pulls a match (``POST /api/worker/next-match`` gives a lease with the
seed, the settings and the bots' blob hashes), unpacks the bots into the match's own folder,
plays it on an embedded game server (a Software-Challenge game with the runner's driver, a
Mau-Mau table of 2 to 4 seats with the league's table; every bot process through
``botarena.confine``), keeps the lease alive with heartbeats meanwhile, and posts the replay,
the seat logs and the result with the per-move figures of the runner's ``GameRecord``.

The worker never touches the database: the arena decides what a result means. A worker that
dies loses only its lease, which the arena hands out again when it runs out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import socket
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from botarena.arena.matchmaker import MAX_TABLE, MIN_TABLE
from botarena.arena.records import Lease, MatchResult, SeatResult
from botarena.arena.uploads import unpack
from botarena.confine import NO_CONFINEMENT, Confinement
from botarena.core import ScoreCause, SeededRandom
from botarena.games import registry
from botarena.league.entrants import Entrant
from botarena.league.jobs import MAUMAU_MOVE_TIMEOUT_S, GameJob, JobLimits
from botarena.league.maumau_game import play_maumau
from botarena.league.sc_game import DriverJob, driver_game
from botarena.move_clock_limits import CLOCK_KINDS, ClockKind
from botarena.runner.bots import BotSpec, parse_bot
from botarena.runner.driver import DriverLimits
from botarena.runner.infra import replaying_infra_errors
from botarena.runner.record import REGULAR, WIN_POINTS, GameRecord, SlotRecord
from botarena.runner.schedule import ScheduledGame

log = logging.getLogger(__name__)

IDLE_POLL_S = 1.0
"""How long a worker waits before asking again when no match is queued."""
HEARTBEATS_PER_LEASE = 3
"""Heartbeats sent per lease time (a late one still arrives before the lease runs out)."""
REQUEST_TIMEOUT_S = 30.0
"""How long one request to the arena may take."""

FetchBlob = Callable[[str], Awaitable[bytes]]


class ArenaRefusedError(RuntimeError):
    """The arena answered a worker's request with an error (the text is its answer)."""


def driver_limits(settings: dict[str, Any]) -> DriverLimits:
    """The match's limits from its settings (absent keys: the runner's defaults)."""
    defaults = DriverLimits()
    return DriverLimits(
        connect_timeout_s=float(settings.get("connect_timeout_s", defaults.connect_timeout_s)),
        game_timeout_s=float(settings.get("game_timeout_s", defaults.game_timeout_s)),
        exit_grace_s=float(settings.get("exit_grace_s", defaults.exit_grace_s)),
        clock=clock_of(settings.get("clock", defaults.clock)),
    )


def clock_of(value: object) -> ClockKind:
    """A match setting's clock (``wall`` or ``cpu``); anything else is refused."""
    if value not in CLOCK_KINDS:
        raise ValueError(f"the match's clock is {str(value)[:20]!r}, not one of {CLOCK_KINDS}")
    return value


async def starts_of(lease: Lease, fetch_blob: FetchBlob, folder: Path) -> dict[int, Path]:
    """The start script of each seat that plays an upload, unpacked into ``folder/seatN``."""
    starts = {}
    for index, seat in enumerate(lease.seats):
        if seat.builtin is not None:
            continue
        if seat.blob is None:
            raise ValueError(f"seat {index} has neither a built-in player nor an upload")
        starts[index] = unpack(await fetch_blob(seat.blob), folder / f"seat{index}")
    return starts


async def bots_of(lease: Lease, fetch_blob: FetchBlob, folder: Path) -> tuple[BotSpec, ...]:
    """Each seat's bot: an upload started by its ``start.sh``, or a built-in player with a
    seed from the match's seed."""
    starts = await starts_of(lease, fetch_blob, folder)
    bots = []
    for index, seat in enumerate(lease.seats):
        if seat.builtin is not None:
            spec = parse_bot(seat.builtin, lease.game, seat.label)
            seed = SeededRandom(lease.seed).derive(f"bot-{index}").seed_value
            bots.append(BotSpec(seat.label, (*spec.command, "--seed", str(seed)), seat.builtin))
        else:
            bots.append(BotSpec(seat.label, (str(starts[index]),)))
    return tuple(bots)


async def play_lease(
    lease: Lease, fetch_blob: FetchBlob, folder: Path, confinement: Confinement
) -> tuple[GameRecord, dict[str, bytes]]:
    """Play the leased match in ``folder``: a Software-Challenge game with the runner's
    driver, a Mau-Mau table with the league's table; its record and the bytes of its seat
    logs and replay."""
    if registry.resolve(lease.game).protocol is registry.MAUMAU_JSON:
        return await play_table(lease, fetch_blob, folder, confinement)
    bots = await bots_of(lease, fetch_blob, folder / "bots")
    if len(bots) != 2:
        raise ValueError(f"{lease.game}: a Software-Challenge game has two seats, not {len(bots)}")
    job = DriverJob(
        registry.resolve(lease.game).game_type,
        ScheduledGame(lease.match, 0, lease.seed, (0, 1)),
        (bots[0], bots[1]),
        driver_limits(lease.settings),
        confinement,
    )

    async def play(replay: int) -> tuple[GameRecord, dict[str, bytes]]:
        return await driver_game(job, folder / ("game" if not replay else f"game-replay{replay}"))

    return await replaying_infra_errors(play, lambda played: played[0], lambda _record: None)


def table_job(lease: Lease, starts: dict[int, Path], confinement: Confinement) -> GameJob:
    """The leased Mau-Mau table as the league's job: built-in players in-process (their seeds
    from the match's seed, as ``bots_of``), uploads started as ``start.sh --host H --port P
    --name N``, on the wall clock with the match's turn time."""
    if not MIN_TABLE <= len(lease.seats) <= MAX_TABLE:
        raise ValueError(
            f"a Mau-Mau table has {MIN_TABLE} to {MAX_TABLE} seats, not {len(lease.seats)}"
        )
    limits = driver_limits(lease.settings)
    if limits.clock != "wall":
        raise ValueError("a Mau-Mau table runs on the wall clock (its server times the turns)")
    move_timeout_s = float(lease.settings.get("move_timeout_s", MAUMAU_MOVE_TIMEOUT_S))
    seats = tuple(
        Entrant(seat.label, seat.builtin, (), seat.builtin)
        if seat.builtin is not None
        else Entrant(seat.label, str(starts[index]), (str(starts[index]),))
        for index, seat in enumerate(lease.seats)
    )
    return GameJob(
        index=lease.match,
        round=0,
        pairing=0,
        game=lease.game,
        seed=lease.seed,
        seats=seats,
        limits=JobLimits(
            limits.connect_timeout_s,
            limits.game_timeout_s,
            limits.exit_grace_s,
            limits.clock,
            move_timeout_s,
        ),
        confinement=confinement,
    )


async def play_table(
    lease: Lease, fetch_blob: FetchBlob, folder: Path, confinement: Confinement
) -> tuple[GameRecord, dict[str, bytes]]:
    """A Mau-Mau table with the league's :func:`play_maumau` (its transcript is the replay)."""
    starts = await starts_of(lease, fetch_blob, folder / "bots")
    game = folder / "game"
    game.mkdir(parents=True, exist_ok=True)
    outcome = await play_maumau(table_job(lease, starts, confinement), game)
    return outcome.record, outcome.files


def seat_cause(slot: SlotRecord) -> str:
    """A seat's cause: the server's, or ``LEFT`` for a seat the runner noted (a Mau-Mau bot
    that never took its seat, or exited with an error code)."""
    if slot.cause == REGULAR and slot.runner_note is not None:
        return ScoreCause.LEFT.value
    return slot.cause


def match_result(lease: Lease, record: GameRecord, blob_names: dict[str, str]) -> MatchResult:
    """The arena's result of a played match; ``blob_names``: the posted files' names. A
    table's ranks go with it (a Mau-Mau table ranks beyond points); a two-seat game whose
    points do not add up to one win is void."""
    points = [slot.match_points for slot in record.slots]
    labels = [seat.label for seat in lease.seats]
    ranks: list[int | None] = [None] * len(record.slots)
    if record.ranks is not None:
        ranks = list(record.ranks)
    return MatchResult(
        match=lease.match,
        seats=tuple(
            SeatResult(
                slot.match_points,
                seat_cause(slot),
                slot.reason if slot.reason is not None else slot.runner_note,
                None if slot.log is None else blob_names.get(slot.log),
                slot.peak_memory_mb,
                rank,
            )
            for slot, rank in zip(record.slots, ranks, strict=True)
        ),
        void=record.is_void() or (len(points) == 2 and sum(p or 0 for p in points) != WIN_POINTS),
        cause=record.cause,
        moves=record.moves,
        duration_s=record.duration_s,
        replay=None if record.replay is None else blob_names.get(record.replay),
        move_times_ms=list(record.move_times_ms),
        move_raw_ms=list(record.move_raw_ms),
        move_seats=[labels.index(bot) for bot in record.move_bots if bot in labels],
        move_cpu_ms=list(record.move_cpu_ms),
        clock=record.clock or "wall",
        infra_replays=record.infra_replays,
    )


class ArenaClient:
    """The worker's side of the arena's HTTP API (a bearer token with the worker role or
    the organiser's)."""

    def __init__(self, server: str, token: str, session: aiohttp.ClientSession) -> None:
        self.server = server.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}
        self.session = session

    async def _json(self, path: str, body: dict[str, Any]) -> Any:
        async with self.session.post(
            self.server + path, json=body, headers=self.headers
        ) as response:
            data = await response.json(content_type=None)
            if response.status != 200:
                raise ArenaRefusedError(f"{path}: {response.status} {data.get('error', '')}")
            return data

    async def next_match(self, worker: str) -> Lease | None:
        data = await self._json("/api/worker/next-match", {"worker": worker})
        return None if data.get("lease") is None else Lease.from_json(data["lease"])

    async def heartbeat(self, worker: str, match: int) -> bool:
        data = await self._json("/api/worker/heartbeat", {"worker": worker, "match": match})
        return bool(data.get("ok"))

    async def fail(self, worker: str, match: int, reason: str) -> None:
        await self._json(
            "/api/worker/fail", {"worker": worker, "match": match, "reason": reason[:2000]}
        )

    async def result(self, worker: str, result: MatchResult) -> bool:
        data = await self._json(
            "/api/worker/result", {"worker": worker, "result": result.to_json()}
        )
        return bool(data.get("ok"))

    async def put_blob(self, data: bytes) -> str:
        async with self.session.post(
            self.server + "/api/worker/blob", data=data, headers=self.headers
        ) as response:
            answer = await response.json(content_type=None)
            if response.status != 200:
                raise ArenaRefusedError(f"blob: {response.status} {answer.get('error', '')}")
            return str(answer["sha256"])

    async def get_blob(self, sha: str) -> bytes:
        async with self.session.get(
            f"{self.server}/api/worker/blob/{sha}", headers=self.headers
        ) as response:
            if response.status != 200:
                raise ArenaRefusedError(f"blob {sha}: {response.status}")
            return await response.read()


def worker_name(index: int = 0) -> str:
    return f"{socket.gethostname()}-{os.getpid()}-{index}"


@dataclass
class Worker:
    """One loop: lease, play, post, again, until ``stop`` is set."""

    client: ArenaClient
    name: str
    confinement: Confinement = NO_CONFINEMENT
    idle_poll_s: float = IDLE_POLL_S

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                lease = await self.client.next_match(self.name)
            except (aiohttp.ClientError, ArenaRefusedError, TimeoutError) as error:
                log.warning("worker %s: cannot reach the arena: %s", self.name, error)
                lease = None
            if lease is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), self.idle_poll_s)
                continue
            await self.play(lease)

    async def play(self, lease: Lease) -> None:
        folder = Path(tempfile.mkdtemp(prefix=f"botarena-arena-{lease.match}-"))
        beating = asyncio.create_task(self._heartbeats(lease))
        try:
            try:
                record, files = await play_lease(
                    lease, self.client.get_blob, folder, self.confinement
                )
                names = {name: await self.client.put_blob(data) for name, data in files.items()}
            except Exception as error:  # any failure costs this attempt only
                log.warning("worker %s: match %d failed: %s", self.name, lease.match, error)
                with contextlib.suppress(aiohttp.ClientError, ArenaRefusedError, TimeoutError):
                    await self.client.fail(
                        self.name, lease.match, f"{type(error).__name__}: {error}"
                    )
                return
            finally:
                beating.cancel()
            await self.client.result(self.name, match_result(lease, record, names))
        except (aiohttp.ClientError, ArenaRefusedError, TimeoutError) as error:
            log.warning("worker %s: result of match %d lost: %s", self.name, lease.match, error)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    async def _heartbeats(self, lease: Lease) -> None:
        period = lease.lease_s / HEARTBEATS_PER_LEASE
        while True:
            await asyncio.sleep(period)
            with contextlib.suppress(aiohttp.ClientError, ArenaRefusedError, TimeoutError):
                if not await self.client.heartbeat(self.name, lease.match):
                    log.warning("worker %s: lease of match %d lost", self.name, lease.match)


async def run_workers(
    server: str, token: str, count: int, stop: asyncio.Event, confinement: Confinement
) -> None:
    """``count`` worker loops against the arena at ``server`` until ``stop`` is set."""
    timeout = aiohttp.ClientTimeout(total=REQUEST_TIMEOUT_S)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        client = ArenaClient(server, token, session)
        workers = [Worker(client, worker_name(i), confinement) for i in range(count)]
        await asyncio.gather(*(worker.run(stop) for worker in workers))
