"""One Mau-Mau game between seated connections: rules events in, wire messages out.

The room asks the rules (:class:`botarena.games.maumau.MauMauState`) what happens and
translates each event into the original's messages; it reads exactly one line from the seat
to move per turn request, and notices disconnects and silence of any seat at any time.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from botarena.core import InvalidMove, Outcome, SeededRandom
from botarena.games.maumau import (
    CardDrawn,
    GameOver,
    MauMauState,
    Play,
    TurnAnnounced,
    TurnRequested,
)
from botarena.games.maumau.cards import is_card, is_jack
from botarena.games.maumau.rules import DeckScript, Event, RuleOptions
from botarena.games.maumau.wire import (
    GAME_START,
    MalformedMove,
    encode_announcement,
    encode_drawn,
    encode_request,
    encode_won,
    parse_move,
)
from botarena.server.maumau.connection import Connection
from botarena.server.maumau.events import MauMauListener, TableView

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
class GameRecord:
    """The result of one finished game."""

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
        self.game_id = game_id
        self.seats = seats
        self.names = names
        self.rng = rng
        self.rules: RuleOptions = options.rules
        self.move_timeout = options.move_timeout
        self.lenient_json = options.lenient_json
        self.script: DeckScript | None = (
            options.script_for_game(game_id) if options.script_for_game else None
        )
        self._on_fix = on_fix
        self.listeners = listeners if listeners is not None else []
        """Hear this game (the server's list: :meth:`MauMauServer.add_listener`)."""
        self._move_ms: float | None = None
        """How long the last answer took, for the next table the listeners get."""
        self._waiter: asyncio.Future[None] | None = None
        for conn in seats:
            conn.subscribe(self._wake)
        self.state: MauMauState | None = None

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

    def _notify_table(self, state: MauMauState, turn: TurnAnnounced | None) -> None:
        """The table for the listeners at a turn announcement (the seat's hand size as
        announced, before a draw-two) or, for ``turn`` ``None``, at the end."""
        sizes = [len(hand) for hand in state.hands]
        if turn is None:
            table = TableView(state.top_card, state.wish, tuple(sizes), None)
        else:
            sizes[turn.seat] = turn.cards_left
            table = TableView(turn.top_card, state.wish, tuple(sizes), turn.seat)
        move_ms, self._move_ms = self._move_ms, None
        self._notify(lambda listener: listener.game_state(self, table, move_ms))

    async def run(self) -> GameRecord:
        """Play the game to its end; listeners hear it (:mod:`botarena.server.maumau.events`)."""
        record: GameRecord | None = None
        if self.listeners:
            self._notify(lambda listener: listener.game_created(self))
        try:
            record = await self._play()
        finally:
            if self.listeners:
                self._notify(lambda listener: listener.game_finished(self, record))
        return record

    async def _play(self) -> GameRecord:
        log.info("game %d: seed %d, players %s", self.game_id, self.rng.seed_value, self.names)
        for conn in self.seats:
            conn.send(GAME_START)
        state = MauMauState(self.rng, len(self.seats), self.rules, self.script)
        self.state = state
        if self.listeners:
            self._notify(lambda listener: listener.game_started(self))
        ending = ""
        try:
            while True:
                over = self._deliver(state.drain_events())
                if over is not None:
                    ending = over.ending
                    break
                await self._flush()
                await self._next_decision(state)
        finally:
            await self._flush()
            for conn in self.seats:
                conn.close()
        outcome = state.outcome()
        assert outcome is not None
        winner = None if outcome.winner is None else self.names[outcome.winner]
        transcript = self._transcript(winner)
        log.info("game %d over (%s): winner %s", self.game_id, ending, winner)
        return GameRecord(
            game_id=self.game_id,
            seed=self.rng.seed_value,
            names=list(self.names),
            outcome=outcome,
            ending=ending,
            turns=state.turns,
            valid_plays=list(state.valid_plays),
            cards_left=[len(hand) for hand in state.hands],
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

    def _broadcast(self, state: MauMauState, data: bytes) -> None:
        for seat, conn in enumerate(self.seats):
            if state.online[seat]:
                conn.send(data)

    def _deliver(self, events: list[Event]) -> GameOver | None:
        state = self.state
        assert state is not None
        for event in events:
            if isinstance(event, TurnAnnounced):
                message = encode_announcement(
                    event.top_card, event.cards_left, self.names[event.seat], event.skipped
                )
                self._broadcast(state, message)
                if self.listeners:
                    self._notify_table(state, event)
            elif isinstance(event, TurnRequested):
                self.seats[event.seat].send(
                    encode_request(
                        event.top_card,
                        event.draw_two,
                        event.cards_left,
                        event.wish,
                        event.drawn,
                        event.hand,
                    )
                )
            elif isinstance(event, CardDrawn):
                self.seats[event.seat].send(encode_drawn(event.card, event.penalty))
            elif isinstance(event, GameOver):
                winner = event.outcome.winner
                if event.ending == "all_gone":
                    self._fix("all_gone_ends_game", "every player left: game over, no winner")
                if (
                    event.ending in ("exhaustion", "turn_cap")
                    and self.rules.exhaustion_winner == "most_plays"
                ):
                    self._fix("exhaustion_winner", f"{event.ending}: winner by most valid plays")
                name = None if winner is None else self.names[winner]
                self._broadcast(state, encode_won(name))
                if self.listeners:
                    self._notify_table(state, None)
                return event
        return None

    async def _flush(self) -> None:
        for conn in self.seats:
            conn.flush()
            if conn.needs_drain():
                await conn.drain()

    async def _next_decision(self, state: MauMauState) -> None:
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
                if state.online[other] and other_conn.gone
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
                self._apply_line(state, conn)
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

    def _apply_line(self, state: MauMauState, conn: Connection) -> None:
        line = conn.lines.popleft()
        move = parse_move(line, self.lenient_json)
        if isinstance(move, MalformedMove):
            if not self.lenient_json and not isinstance(parse_move(line, True), MalformedMove):
                self._fix("strict_json", "json-simple would accept this line: penalty", conn)
            log.debug("game %d: malformed move from %s: %s", self.game_id, conn.peer, move.reason)
            state.penalize()
            return
        if isinstance(move, Play):
            self._note_play_fixes(state, move, conn)
        try:
            state.apply(move)
        except InvalidMove as error:  # one penalty card, no second try (spec §8.2)
            log.debug("game %d: invalid move from %s: %s", self.game_id, conn.peer, error.reason)
            state.penalize()

    def _note_play_fixes(self, state: MauMauState, move: Play, conn: Connection) -> None:
        if not is_card(move.card):
            if not self.rules.out_of_range_card_is_card_one:
                self._fix("out_of_range_card", f"selectedCard {move.card}: invalid move", conn)
            return
        jack_on_plain = is_jack(move.card) and not is_jack(state.top_card)
        legal = move.card in state.hands[state.current_seat or 0] and state.is_legal_card(move.card)
        if (
            jack_on_plain
            and legal
            and move.wish is None
            and not self.rules.jack_without_wish_penalty
        ):
            self._fix("jack_without_wish", "jack without usable wishedColor: Pik", conn)
