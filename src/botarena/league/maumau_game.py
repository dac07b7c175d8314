"""One Mau-Mau table of a tournament job on an embedded contest server of its own.

Seats are filled in order: the bot of seat ``i`` is started, and the next one only once it
has finished the handshake (the server seats connections in handshake order). Built-in
strategies play in-process; command bots are started as ``CMD --host H --port P --name N``
(or with ``{host}``/``{port}``/``{name}`` filled in), their output in the game's folder.

A bot that exits before it has joined, or has not joined after the connect timeout, is the
cause of the result: the game is not played, that bot scores a loss (last rank) and the
bots already seated share first place (with two seats: the other bot wins). A bot that exits
with an error code during the game is named in the record's ``cause`` too.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import time
from pathlib import Path

from botarena.client.maumau import MauMauSession, play_async
from botarena.confine import start_bot
from botarena.core import SeededRandom
from botarena.games.maumau.players import STRATEGIES
from botarena.league.entrants import maumau_argv
from botarena.league.jobs import GameJob, JobOutcome, base_record, ranks_from_points
from botarena.runner.launch import bot_environment, wait_or_kill
from botarena.runner.record import REGULAR, SlotRecord
from botarena.server.maumau import FinishedTable, MauMauServer, ServerOptions

SEAT_POLL_S = 0.01
"""How often the runner looks whether a starting bot has been seated."""


async def _builtin(label: str, strategy: str, port: int, seed: int) -> None:
    await play_async(
        "127.0.0.1", port, MauMauSession(label, STRATEGIES[strategy], SeededRandom(seed))
    )


class _Table:
    def __init__(self, job: GameJob, workdir: Path) -> None:
        self.job = job
        self.workdir = workdir
        self.folder = workdir / job.folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.done: asyncio.Future[FinishedTable] = asyncio.get_running_loop().create_future()
        self.server = MauMauServer(
            ServerOptions(
                host="127.0.0.1",
                port=0,
                players=len(job.seats),
                seed=job.seed,
                transcripts=True,
                move_timeout=job.limits.move_timeout_s,
                on_game_over=self._over,
            )
        )
        self.tasks: list[asyncio.Task[None]] = []
        self.processes: dict[int, asyncio.subprocess.Process] = {}
        self.logs: dict[int, str] = {}
        self.notes: dict[int, str] = {}

    def _over(self, record: FinishedTable) -> None:
        if not self.done.done():
            self.done.set_result(record)

    def seated(self, seat: int) -> bool:
        return self.server.games_started >= 1 or self.server.waiting_players > seat

    async def start(self, seat: int) -> None:
        entrant = self.job.seats[seat]
        port = self.server.port
        if entrant.builtin is not None:
            self.tasks.append(
                asyncio.create_task(
                    _builtin(entrant.label, entrant.builtin, port, self.job.bot_seed(seat))
                )
            )
            return
        log = f"{self.job.folder}/seat{seat}-{entrant.label}.log"
        self.logs[seat] = log
        argv = maumau_argv(entrant, "127.0.0.1", port, entrant.label)
        with (self.workdir / log).open("ab") as file:
            try:
                self.processes[seat] = await start_bot(
                    argv,
                    stdin=asyncio.subprocess.DEVNULL,
                    stdout=file,
                    stderr=file,
                    env=bot_environment(),
                    confinement=self.job.confinement,
                    log_path=self.workdir / log,
                    server=("127.0.0.1", port),
                )
            except OSError as error:
                file.write(f"botarena: cannot start {argv!r}: {error}\n".encode())
                self.notes[seat] = f"could not be started: {error}"

    async def wait_seated(self, seat: int) -> bool:
        """Whether the bot of ``seat`` joined; if not, why is in ``notes``."""
        deadline = time.monotonic() + self.job.limits.connect_timeout_s
        while not self.seated(seat):
            if seat in self.notes:
                return False
            process = self.processes.get(seat)
            if process is not None and process.returncode is not None:
                self.notes[seat] = f"exited with code {process.returncode} before connecting"
                return False
            if seat < len(self.tasks) and self.tasks[seat].done():
                self.notes[seat] = "the built-in player stopped before connecting"
                return False
            if time.monotonic() > deadline:
                limit = self.job.limits.connect_timeout_s
                self.notes[seat] = f"did not connect within {limit:g} s"
                return False
            await asyncio.sleep(SEAT_POLL_S)
        return True

    async def close(self) -> dict[int, int | None]:
        await self.server.stop()
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        codes: dict[int, int | None] = {}
        for seat, process in self.processes.items():
            codes[seat] = await wait_or_kill(process, self.job.limits.exit_grace_s)
        return codes


def _cause(job: GameJob, notes: dict[int, str], logs: dict[int, str]) -> str:
    problems = []
    for seat, note in sorted(notes.items()):
        log = f"; log: {logs[seat]}" if seat in logs else ""
        problems.append(f"bot {job.seats[seat].label} (seat {seat}): {note}{log}")
    return "; ".join(problems) if problems else REGULAR


async def play_maumau(job: GameJob, workdir: Path) -> JobOutcome:
    table = _Table(job, workdir)
    started = time.monotonic()
    record: FinishedTable | None = None
    await table.server.start()
    try:
        for seat in range(len(job.seats)):
            await table.start(seat)
            if not await table.wait_seated(seat):
                break
        else:
            with contextlib.suppress(TimeoutError):
                record = await asyncio.wait_for(table.done, job.limits.game_timeout_s)
            if record is None:
                table.notes[-1] = f"game exceeded {job.limits.game_timeout_s:g} s"
    finally:
        codes = await table.close()
    for seat, code in codes.items():
        if record is not None and code not in (0, None) and seat not in table.notes:
            table.notes[seat] = f"exited with code {code}"
    labels = [entrant.label for entrant in job.seats]
    k = len(labels)
    if record is not None:
        winner = record.outcome.winner
        points = [1] * k if winner is None else [2 if s == winner else 0 for s in range(k)]
        # ranks: the winner, then fewer cards left is better
        order = [(0 if s == winner else 1, record.cards_left[s]) for s in range(k)]
        ranks = [1 + sum(1 for other in order if other < mine) for mine in order]
        ending, turns, transcript = record.ending, record.turns, record.transcript
    else:
        failed = {seat for seat in table.notes if seat >= 0}
        ok = [s for s in range(k) if s not in failed]
        points = [0] * k
        if failed and ok:
            for s in ok:
                points[s] = 2 if len(ok) == 1 else 1
        ranks = ranks_from_points(points)
        ending, turns, transcript = "not played", 0, []
    notes = {seat: note for seat, note in table.notes.items() if seat >= 0}
    cause = _cause(job, notes, table.logs)
    if -1 in table.notes:
        cause = table.notes[-1] if cause == REGULAR else f"{table.notes[-1]}; {cause}"
    result = base_record(
        job,
        points=dict(zip(labels, points, strict=True)),
        ranks=ranks,
        winner=labels[points.index(2)] if 2 in points else None,
        void=record is None and not any(points),
        regular=cause == REGULAR,
        cause=cause,
        ending=ending,
        moves=turns,
        duration_s=round(time.monotonic() - started, 3),
        slots=[
            SlotRecord(
                bot=labels[s],
                match_points=points[s],
                exit_code=codes.get(s),
                log=table.logs.get(s),
                runner_note=notes.get(s),
            )
            for s in range(k)
        ],
    )
    files = {
        log: (workdir / log).read_bytes() if (workdir / log).exists() else b""
        for log in table.logs.values()
    }
    if transcript:
        name = f"{job.folder}/transcript.jsonl.gz"
        files[name] = gzip.compress(("\n".join(transcript) + "\n").encode(), mtime=0)
        result.replay = name
    return JobOutcome(result, files)
