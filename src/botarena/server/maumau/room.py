"""One Mau-Mau game between seated connections: the game's messages out, the seats' lines in.

The room asks its table (a :class:`botarena.protocol.maumau_plugin.MauMauTable` of the
server's game) what to send; it reads exactly one line from the seat to move per turn
request, and notices disconnects and silence of any seat at any time.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from botarena.core import Outcome, SeededRandom
from botarena.protocol.maumau_plugin import MauMauTable, Step, TableSetup, TableView
from botarena.server.maumau.connection import Connection
from botarena.server.maumau.events import MauMauListener

if TYPE_CHECKING:
    from botarena.server.maumau.server import ServerOptions

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FixApplied:
    """A place where botarena deliberately behaved differently from the original server
    (spec §13.2); the conformance command reports differences after one as expected."""

    fix: str
    detail: str
    game: int | None = None
    conn_id: int | None = None


@dataclass
class FinishedTable:
    """What one finished Mau-Mau table ended with, as the server saw it (the tournament turns
    it into a :class:`botarena.runner.record.GameRecord`)."""

    game_id: int
    seed: int
    names: list[str]
    outcome: Outcome
    ending: str
    turns: int
    valid_plays: list[int]
    cards_left: list[int]
    winner_name: str | None = None
    transcript: list[str] = field(default_factory=list)


class GameRoom:
    """Plays one game over the given connections (seat = index)."""

    def __init__(
        self,
        game_id: int,
        seats: list[Connection],
        names: list[str],
        rng: SeededRandom,
        options: ServerOptions,
        *,
        on_fix: Callable[[FixApplied], None] | None = None,
        listeners: list[MauMauListener] | None = None,
    ) -> None:
        self.options = options
        """The server's options: the game, its rules and deals, JSON leniency."""
        self.game_id, self.seats, self.names, self.rng = game_id, seats, names, rng
        self.move_timeout = options.move_timeout
        self._on_fix = on_fix
        self.listeners = listeners if listeners is not None else []
        """Hear this game (the server's list: :meth:`MauMauServer.add_listener`)."""
        self._move_ms: float | None = None
        """How long the last answer took, for the next table the listeners get."""
        self._waiter: asyncio.Future[None] | None = None
        for conn in seats:
            conn.subscribe(self._wake)
        self.table: MauMauTable | None = None

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def _fix(self, fix: str, detail: str, conn: Connection | None = None) -> None:
        log.info("game %d: %s (%s)", self.game_id, fix, detail)
        if self._on_fix is not None:
            self._on_fix(FixApplied(fix, detail, self.game_id, conn.conn_id if conn else None))

    def _notify(self, call: Callable[[MauMauListener], None]) -> None:
        """Run ``call`` for each listener; a failing listener is logged, never fatal."""
        for listener in list(self.listeners):
            try:
                call(listener)
            except Exception:
                log.exception("game %d: listener failed", self.game_id)

    async def run(self) -> FinishedTable:
        """Play the game to its end; listeners hear it (:mod:`botarena.server.maumau.events`)."""
        record: FinishedTable | None = None
        if self.listeners:
            self._notify(lambda listener: listener.game_created(self))
        try:
            record = await self._play()
        finally:
            if self.listeners:
                self._notify(lambda listener: listener.game_finished(self, record))
        return record

    async def _play(self) -> FinishedTable:
        log.info("game %d: seed %d, players %s", self.game_id, self.rng.seed_value, self.names)
        options = self.options
        game = options.game
        for conn in self.seats:
            conn.send(game.game_start)
        script = options.script_for_game(self.game_id) if options.script_for_game else None
        setup = TableSetup(options.rules, script, options.lenient_json, self._seat_fix)
        table = game.new_table(self.rng, list(self.names), setup)
        self.table = table
        if self.listeners:
            self._notify(lambda listener: listener.game_started(self))
        ending = ""
        try:
            while True:
                over = self._deliver(table.step())
                if over is not None:
                    ending = over
                    break
                await self._flush()
                await self._next_decision(table)
        finally:
            await self._flush()
            for conn in self.seats:
                conn.close()
        result = table.result()
        outcome = result.outcome
        winner = None if outcome.winner is None else self.names[outcome.winner]
        transcript = self._transcript(winner)
        log.info("game %d over (%s): winner %s", self.game_id, ending, winner)
        return FinishedTable(
            game_id=self.game_id,
            seed=self.rng.seed_value,
            names=list(self.names),
            outcome=outcome,
            ending=ending,
            turns=result.turns,
            valid_plays=result.valid_plays,
            cards_left=result.cards_left,
            winner_name=winner,
            transcript=transcript,
        )

    def _transcript(self, winner: str | None) -> list[str]:
        """The game in the fixture format (``fixtures/maumau/README.md``), one JSON per line."""
        if any(conn.transcript is None for conn in self.seats):
            return []
        meta = {
            "type": "meta",
            "scenario": f"game-{self.game_id}",
            "description": "botarena Mau-Mau game",
            "seed": self.rng.seed_value,
            "players": list(self.names),
            "game_players": len(self.seats),
            "result": {"winner_announced": winner},
        }
        records: list[tuple[float, int, str, bytes]] = []
        for seat, conn in enumerate(self.seats):
            assert conn.transcript is not None
            records += [(t, seat, direction, data) for t, direction, data in conn.transcript]
        records.sort(key=lambda record: record[0])
        start = records[0][0] if records else 0.0
        lines = [json.dumps(meta, ensure_ascii=False)]
        for seat in range(len(self.seats)):
            lines.append(json.dumps({"type": "open", "t": 0.0, "conn": seat}))
        for t, seat, direction, data in records:
            text = data.decode("utf-8", errors="replace")
            if direction == "c2s":
                text += "\n"
            item = {"type": "line", "t": round(t - start, 6), "conn": seat, "dir": direction}
            item["text"] = text
            lines.append(json.dumps(item, ensure_ascii=False))
        return lines

    def _notify_table(self, table: TableView) -> None:
        """A table for the listeners (a turn announcement or the end)."""
        move_ms, self._move_ms = self._move_ms, None
        self._notify(lambda listener: listener.game_state(self, table, move_ms))

    def _seat_fix(self, fix: str, detail: str, seat: int | None) -> None:
        self._fix(fix, detail, None if seat is None else self.seats[seat])

    def _deliver(self, step: Step) -> str | None:
        """Send what the table's step says; its ending once the game is over."""
        table = self.table
        assert table is not None
        for send in step.sends:
            if send.seat is not None:
                self.seats[send.seat].send(send.data)
                continue
            for seat, conn in enumerate(self.seats):
                if table.is_online(seat):
                    conn.send(send.data)
        if self.listeners:
            for view in step.tables:
                self._notify_table(view)
        return step.ending

    async def _flush(self) -> None:
        for conn in self.seats:
            conn.flush()
            if conn.needs_drain():
                await conn.drain()

    async def _next_decision(self, state: MauMauTable) -> None:
        """Wait for the seat to move to answer, handling departures of any seat meanwhile."""
        seat = state.current_seat
        assert seat is not None
        conn = self.seats[seat]
        loop = asyncio.get_running_loop()
        asked_at = loop.time()
        deadline = None if self.move_timeout is None else asked_at + self.move_timeout
        while True:
            gone = [
                other
                for other, other_conn in enumerate(self.seats)
                if state.is_online(other) and other_conn.gone
            ]
            if gone:
                for other in gone:
                    self._fix(
                        "disconnect_on_read",
                        f"seat {other} closed its connection: offline at once, no penalty",
                        self.seats[other],
                    )
                state.leave(*gone)
                if seat in gone:
                    return
            if state.is_terminal():
                return
            if conn.lines:
                state.answer(conn.lines.popleft())
                if self.listeners:
                    self._move_ms = (loop.time() - asked_at) * 1000
                return
            remaining = None if deadline is None else deadline - loop.time()
            if remaining is not None and remaining <= 0:
                self._fix("move_timeout", f"seat {seat} did not answer in time: forfeit", conn)
                conn.close()
                state.leave(seat)
                return
            # One future per wait, woken by any seat's connection or by the timer: cheaper
            # than asyncio.wait_for, which wraps the wait in a new task every turn.
            waiter = self._waiter = loop.create_future()
            timer = None if remaining is None else loop.call_later(remaining, self._wake)
            try:
                await waiter
            finally:
                self._waiter = None
                if timer is not None:
                    timer.cancel()
