"""Plays one scheduled game on a game host: prepare the room, start both bot
processes with their reservations, watch them, and turn the server's result into a record.

The watchdog guarantees an end: a bot that exits before connecting ends the game at once, one
that never connects ends it after ``connect_timeout_s``, and a game running longer than
``game_timeout_s`` is aborted. Move timeouts are the server's (soft and hard timeout).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass
from pathlib import Path

from botarena.confine import bot_finished, peak_memory_bytes
from botarena.core import ScoreCause
from botarena.runner.bot_logs import last_log_line, startup_cause
from botarena.runner.bots import BotSpec
from botarena.runner.hosts import GameEnd, GameHandle, GameHost
from botarena.runner.launch import Launched, PerGameLauncher, PersistentLauncher
from botarena.runner.limits import WATCHDOG_POLL_S, BotLimits
from botarena.runner.meter import SeatMeter, meters_wanted
from botarena.runner.record import INFRA_ERROR, REGULAR, GameRecord, SlotRecord
from botarena.runner.schedule import ScheduledGame
from botarena.server import SlotDescriptor

REPLAY_NAME = "replay.xml.gz"
"""Each game's replay: the official XML, gzip-compressed (as the server's ``.xml.gz``)."""
MB = 1024 * 1024
ABANDON_AFTER_S = 5.0
"""Extra time after the watchdog's abort before the runner gives up on the server's answer."""


@dataclass(frozen=True, slots=True)
class DriverLimits(BotLimits):
    can_timeout: bool = True
    """False with ``--no-timeout``: the server never times out the bots' moves."""


def game_dir_name(index: int, replay: int = 0) -> str:
    """A game's folder; the ``replay``-th replay of an infra error gets its own."""
    return f"game-{index:06d}" + (f"-replay{replay}" if replay else "")


async def play_game(
    host: GameHost,
    *,
    game_type: str,
    game: ScheduledGame,
    bots: tuple[BotSpec, BotSpec],
    run_dir: Path,
    limits: DriverLimits,
    launcher: PerGameLauncher | PersistentLauncher,
    replays: str = "all",
    replay: int = 0,
) -> GameRecord:
    """Play ``game``; returns its record.

    ``replays``: ``all`` keeps every game's ``replay.xml.gz``, ``failed`` only those of
    irregular games, ``none`` writes none. ``replay``: how often this game was played
    before and ended as an infra error (its folder is then its own).
    """
    folder = run_dir / "games" / game_dir_name(game.index, replay)
    folder.mkdir(parents=True, exist_ok=True)
    seated = [bots[bot_index] for bot_index in game.seats]
    replay_path = folder / REPLAY_NAME
    handle = await host.prepare(
        game_type,
        [
            SlotDescriptor(
                bot.label, can_timeout=limits.can_timeout, reserved=True, pace_ms=bot.pace_ms
            )
            for bot in seated
        ],
        game.seed,
        None if replays == "none" else replay_path,
    )
    if len(handle.reservations) < len(seated):
        raise OSError(f"the server gave {len(handle.reservations)} reservations for 2 slots")
    notes: dict[int, str] = {}
    started = time.monotonic()
    seats: list[Launched] = []
    metered = meters_wanted(limits.clock, launcher.confinement)
    for slot, bot in enumerate(seated):
        game_log = folder / f"slot{slot}-{bot.label}.log"
        meter = SeatMeter()
        if metered:  # before the start: the seat may be asked for a move at once
            handle.attach_meter(slot, meter)
        launched = await launcher.launch(bot, handle.reservations[slot], game_log)
        meter.process = launched.process
        if launched.error is not None:
            notes[slot] = launched.error
        seats.append(launched)
    processes = [launched.process for launched in seats]
    log_paths = [launched.log_path for launched in seats]
    try:
        end = await _watch(
            handle,
            processes=processes,
            log_paths=log_paths,
            persistent=launcher.persistent,
            notes=notes,
            started=started,
            limits=limits,
        )
    finally:
        peaks = [
            None if launched.process is None else peak_memory_bytes(launched.process)
            for launched in seats
        ]
        exit_codes = [await launcher.release(launched, limits.exit_grace_s) for launched in seats]
    for slot in [slot for slot in notes if played(end, slot)]:
        del notes[slot]  # a start-up note the result contradicts (a remote game seen late)
    duration = time.monotonic() - started
    regular = end.result is not None and not notes
    if regular and end.result is not None:
        regular = all(score.cause is ScoreCause.REGULAR for score in end.result.scores)
    if replays == "failed" and regular:
        replay_path.unlink(missing_ok=True)
    return _record(
        game,
        seated=seated,
        end=end,
        notes=notes,
        exit_codes=exit_codes,
        peaks=peaks,
        log_paths=log_paths,
        replay_path=replay_path,
        run_dir=run_dir,
        duration=duration,
        launcher_persistent=launcher.persistent,
        clock=limits.clock,
    )


def played(end: GameEnd, slot: int) -> bool:
    """Whether the result shows that ``slot`` was seated and played: any cause but ``LEFT``
    (an empty seat) or ``UNKNOWN``. Through the admin protocol the runner sees a game start
    only by its first memento, which a busy server may send after the connect timeout."""
    if end.result is None or slot >= len(end.result.scores):
        return False
    return end.result.scores[slot].cause not in (ScoreCause.LEFT, ScoreCause.UNKNOWN)


async def _watch(
    handle: GameHandle,
    *,
    processes: list[asyncio.subprocess.Process | None],
    log_paths: list[Path],
    persistent: bool,
    notes: dict[int, str],
    started: float,
    limits: DriverLimits,
) -> GameEnd:
    aborted = False
    while True:
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(asyncio.shield(handle.finished), WATCHDOG_POLL_S)
        elapsed = time.monotonic() - started
        if not handle.started():
            for slot, process in enumerate(processes):
                if handle.seated(slot):
                    continue
                if process is None:
                    notes.setdefault(slot, "could not be started")
                elif process.returncode is not None:
                    await bot_finished(process)  # a confined bot's log is written through
                    notes[slot] = startup_cause(
                        f"exited with code {process.returncode} before connecting",
                        log_paths[slot],
                        persistent=persistent,
                    )
                elif elapsed > limits.connect_timeout_s:
                    notes[slot] = startup_cause(
                        f"did not connect within {limits.connect_timeout_s:g} s",
                        log_paths[slot],
                        persistent=persistent,
                    )
            empty = [slot for slot in range(len(processes)) if not handle.seated(slot)]
            # Wait for the other bot to arrive (or to fail too): only the failed slots lose.
            if notes and all(slot in notes for slot in empty):
                handle.force_start()  # ends the room: every empty slot scores LEFT
        elif elapsed > limits.game_timeout_s and not aborted:
            handle.abort(f"watchdog: game exceeded {limits.game_timeout_s:g} s")
            aborted = True
        if elapsed > limits.game_timeout_s + limits.connect_timeout_s + ABANDON_AFTER_S:
            return GameEnd(None, 0, [], "watchdog: the server never ended the game")


def _record(
    game: ScheduledGame,
    *,
    seated: list[BotSpec],
    end: GameEnd,
    notes: dict[int, str],
    exit_codes: list[int | None],
    peaks: list[int | None],
    log_paths: list[Path],
    replay_path: Path,
    run_dir: Path,
    duration: float,
    launcher_persistent: bool,
    clock: str,
) -> GameRecord:
    infra = end.infra_error_slot is not None
    result = None if infra else end.result  # the machine was at fault: no result counts
    slots = []
    problems = []
    for slot, bot in enumerate(seated):
        score = result.scores[slot] if result is not None else None
        cause = score.cause.value if score is not None else ScoreCause.UNKNOWN.value
        if infra and end.result is not None:
            score = None
            cause = INFRA_ERROR if slot == end.infra_error_slot else REGULAR
            reason: str | None = end.result.scores[slot].reason
        else:
            reason = score.reason if score is not None else (end.note or "no result")
        entry = SlotRecord(
            bot=bot.label,
            cause=cause,
            reason=reason,
            match_points=score.match_points if score is not None else None,
            scores=list(score.parts) if score is not None else [],
            exit_code=exit_codes[slot],
            log=str(log_paths[slot].relative_to(run_dir)),
            persistent_process=launcher_persistent,
            peak_memory_mb=None if (peak := peaks[slot]) is None else round(peak / MB, 1),
        )
        if slot in notes:  # notes are made only before the game starts
            entry.runner_note = notes[slot]
            entry.startup_failure = True
        if cause != ScoreCause.REGULAR.value:
            entry.log_line = last_log_line(log_paths[slot])
        slots.append(entry)
        if cause != ScoreCause.REGULAR.value:
            detail = f"; {notes[slot]}" if slot in notes else ""
            problems.append(
                f"bot {bot.label} (slot {slot}): {cause}: {entry.reason}{detail}; "
                f"log: {log_paths[slot]}"
            )
    bot_scores = {}
    for slot, bot in enumerate(seated):
        bot_scores[bot.label] = None if result is None else result.share_of(slot)
    winner = None if result is None or result.winner is None else seated[result.winner].label
    return GameRecord(
        index=game.index,
        pair=game.pair,
        seed=game.seed,
        slots=slots,
        winner=winner,
        bot_scores=bot_scores,
        cause=REGULAR if not problems else "; ".join(problems),
        regular=not problems,
        moves=end.moves,
        move_times_ms=[round(ms, 3) for ms in end.move_times_ms],
        move_raw_ms=[round(ms, 3) for ms in end.move_raw_ms],
        near_misses=list(end.near_misses),
        move_bots=[seated[slot].label for slot in end.move_slots if slot < len(seated)],
        move_cpu_ms=[None if ms is None else round(ms, 3) for ms in end.move_cpu_ms],
        clock=clock,
        infra_error=infra,
        duration_s=round(duration, 3),
        replay=str(replay_path.relative_to(run_dir)) if replay_path.exists() else None,
    )
