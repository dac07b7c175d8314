"""Human play: a seat of a prepared room held by the web server for a person in a browser.

:class:`HumanSeat` is an ordinary SC client (``joinPrepared`` over TCP, like any bot): it
keeps the last state it was sent, and on each move request computes the legal moves with
our engine (:mod:`botarena.web.move_offers`) and offers them to the browser with where each
acts on the board; the browser answers with the index of the chosen move. The seat has no
time limit unless the person sets one (``time_limit_s``): then a move not chosen in time
ends the seat's connection, and the server ends the game as for any player that left. The
turn message also says the seat's side (``side``, in the season's words) and the seconds
left for the offered move (``timeLeft``, which the page counts down), and for Blokus the
pieces' orientations its tray turns.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from lxml import etree

from botarena.client.sc_connection import AsyncScConnection
from botarena.games.registry import GameSpec
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_client import Received, parse_room_data
from botarena.server.peer import Clock, TimerHandle
from botarena.web.hub import Viewer
from botarena.web.limits import HUMAN_SEAT_EXPIRY_S
from botarena.web.move_offers import Offer, move_offers, read_state
from botarena.web.result_words import side_label

log = logging.getLogger(__name__)

MAX_HUMAN_SEATS = 32
"""Human seats the web server holds at once; more are refused."""
MAX_TIME_LIMIT_S = 24 * 3600.0
"""The longest time per move a person may set."""


def time_limit_error(seconds: object) -> str | None:
    """Why ``seconds`` is not a time per move (None: no limit, or a positive number)."""
    if seconds is None:
        return None
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 < seconds <= MAX_TIME_LIMIT_S
    ):
        return f"time per move must be null or seconds in (0, {MAX_TIME_LIMIT_S:g}]"
    return None


class HumanSeat:
    """One seat played from the browser."""

    def __init__(
        self,
        spec: GameSpec,
        host: str,
        port: int,
        code: str,
        *,
        time_limit_s: float | None = None,
        clock: Clock | None = None,
        owner: str = "",
        seat: int | None = None,
        on_expire: Callable[[str, str], None] | None = None,
    ) -> None:
        self.spec = spec
        self.host, self.port, self.code = host, port, code
        self.token = secrets.token_urlsafe(16)
        """What the browser names the seat by (only who created it knows it)."""
        self.room_id: str | None = None
        self.state_xml: str | None = None
        self.moves: list[str] = []
        self.offers: list[Offer] = []
        self.over = False
        self.time_limit_s = time_limit_s
        """Seconds per move for the person; None: no limit."""
        self.timed_out = False
        self.owner = owner
        """The page session that prepared the seat (its budget counts it)."""
        self.taken = False
        """A browser has taken the seat (``{"op": "seat"}``)."""
        self.expired = False
        """Nobody took the seat within :data:`HUMAN_SEAT_EXPIRY_S`, or its browsers left for
        that long: it left its game."""
        self.seat = seat
        """The seat's number in its room (0: first); None: not known."""
        self.side = "" if seat is None else side_label(spec.id, seat)
        """What the person plays (``red``, ``ONE (BLUE, RED)``)."""
        self._requested_at: float | None = None
        """When the move request of the offered moves arrived (the seat's clock)."""
        self.on_expire = on_expire
        """Told the seat's room id when the seat expires (before it leaves the game)."""
        self._clock = clock
        self._expiry: TimerHandle | None = None
        self._deadline: TimerHandle | None = None
        self.viewers: set[Viewer] = set()
        self._connection: AsyncScConnection | None = None
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())
        self._expiry = self._timers().call_later(HUMAN_SEAT_EXPIRY_S, self._expire)

    def _expire(self) -> None:
        """Nobody took the seat in time, or every browser that had it left and none came
        back in time: it leaves its game and says so."""
        self._expiry = None
        if self.over or (self.taken and self.viewers):
            return
        why = (
            f"its browser left and none came back within {HUMAN_SEAT_EXPIRY_S:g} s"
            if self.taken
            else f"nobody took it within {HUMAN_SEAT_EXPIRY_S:g} s"
        )
        log.info("human seat of room %s abandoned: %s", self.room_id, why)
        self.expired = True
        if self.on_expire is not None and self.room_id is not None:
            self.on_expire(self.room_id, f"{why} (HUMAN_SEAT_EXPIRY_S)")
        self._withdraw_offer()
        if self._connection is not None:
            self._connection.abort()
        self.close()
        self._publish()

    def turn_message(self) -> str:
        pieces = self.spec.piece_orientations
        return json.dumps(
            {
                "type": "turn",
                "seat": self.token,
                "room": self.room_id,
                "seatIndex": self.seat,
                "side": self.side,
                "state": self.state_xml if self.moves else None,
                "moves": self.moves,
                "offers": self.offers,
                "pieces": pieces() if pieces is not None and self.moves else None,
                "over": self.over,
                "timeLimit": self.time_limit_s,
                "timeLeft": self.time_left(),
                "timedOut": self.timed_out,
                "expired": self.expired,
            }
        )

    def subscribe(self, viewer: Viewer) -> None:
        self.taken = True
        if self._expiry is not None:
            self._expiry.cancel()
            self._expiry = None
        if viewer not in self.viewers:
            self.viewers.add(viewer)
            viewer.extra_snapshots.append(self.turn_message)
        viewer.push(self.turn_message())

    def unsubscribe(self, viewer: Viewer) -> None:
        """A browser that had the seat left; when it was the last, the seat expires unless
        one comes back within :data:`HUMAN_SEAT_EXPIRY_S`."""
        self.viewers.discard(viewer)
        if not self.viewers and not self.over and self._expiry is None:
            self._expiry = self._timers().call_later(HUMAN_SEAT_EXPIRY_S, self._expire)

    def _publish(self) -> None:
        text = self.turn_message()
        for viewer in list(self.viewers):
            if viewer.closed:
                self.viewers.discard(viewer)
            else:
                viewer.push(text)

    def play(self, index: object) -> str | None:
        """Send the move number ``index`` of the offered ones; an error text if impossible."""
        if not self.moves:
            return "it is not your turn"
        if (
            not isinstance(index, int)
            or isinstance(index, bool)
            or not 0 <= index < len(self.moves)
        ):
            return f"move must be a number from 0 to {len(self.moves) - 1}"
        move = self.moves[index]
        self._withdraw_offer()
        if self._connection is not None and self.room_id is not None:
            self._connection.send(msg.RoomPacket(self.room_id, parse_room_data(move)))
        self._publish()
        return None

    async def _run(self) -> None:
        try:
            self._connection = await AsyncScConnection.open(self.host, self.port)
            self._connection.send(msg.JoinPrepared(self.code))
            async for event in self._connection.events():
                if isinstance(event, Received):
                    self._on_message(event.message)
        except (OSError, ValueError) as error:
            log.info("human seat %s: %s", self.room_id, error)
        finally:
            self.over = True
            self._withdraw_offer()
            self._publish()
            if self._connection is not None:
                with contextlib.suppress(Exception):
                    self._connection.abort()

    def _on_message(self, message: msg.ServerMessage) -> None:
        room_id = getattr(message, "room_id", None)
        if isinstance(room_id, str):
            self.room_id = room_id
        if isinstance(message, msg.Memento):
            self.state_xml = etree.tostring(message.state, encoding="unicode")
        elif isinstance(message, msg.MoveRequest) and self.state_xml is not None:
            state = read_state(self.spec, self.state_xml)
            self.moves, self.offers = move_offers(self.spec, state)
            self._start_deadline()
            self._publish()
        elif isinstance(message, msg.GameResult):
            self.over = True
            self._publish()

    def legal_moves(self, state_xml: str) -> list[str]:
        """The legal moves of the state, from our engine, as the ``<data>`` to send."""
        return move_offers(self.spec, read_state(self.spec, state_xml))[0]

    def _timers(self) -> Any:
        """The clock of the seat's timers (the event loop unless a test gives one)."""
        return self._clock or asyncio.get_running_loop()

    def time_left(self) -> float | None:
        """Seconds left for the offered move (None: no limit, or no move offered); the
        browser counts down from this, the deadline here is what counts."""
        if self.time_limit_s is None or not self.moves or self._requested_at is None:
            return None
        elapsed: float = self._timers().time() - self._requested_at
        return max(0.0, self.time_limit_s - elapsed)

    def _start_deadline(self) -> None:
        if self.time_limit_s is None:
            return
        clock: Any = self._timers()
        self._requested_at = clock.time()
        self._deadline = clock.call_later(self.time_limit_s, self._time_up)

    def _withdraw_offer(self) -> None:
        self.moves, self.offers = [], []
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _time_up(self) -> None:
        """The person did not choose in time: the seat leaves the game."""
        self._deadline = None
        if not self.moves:
            return
        self.timed_out = True
        self._withdraw_offer()
        if self._connection is not None:
            self._connection.abort()
        self._publish()

    def close(self) -> None:
        if self._expiry is not None:
            self._expiry.cancel()
            self._expiry = None
        if self.task is not None:
            self.task.cancel()
