"""The sans-I/O core of a bot: bytes from the server in, bytes for the server out.

A :class:`BotSession` owns an SC client core (:class:`~botarena.protocol.sc_client.ScClient`)
and the game codec; it calls the bot's ``calculate_move`` the moment a MoveRequest arrives
and answers with one room packet. It never touches a socket, so the blocking client, an
asyncio client and the tests share it.
"""

from __future__ import annotations

import dataclasses
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from botarena.client.codecs import GameCodec
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_client import Received, ScClient, ServerClosed, Undecodable

JoinRoom = msg.JoinRoom
"""``<joinRoom roomId/>`` (2021, Blokus): take a free unreserved slot of a prepared room; the
2019 and 2018 protocols have no way to join a given room, so their servers refuse it."""

JoinRequest = msg.Join | msg.JoinPrepared | msg.JoinRoom


class Bot(Protocol):
    """A bot: ``calculate_move`` is required; the hooks ``on_welcome``, ``on_state``,
    ``on_game_over`` and ``on_error`` are optional (see :class:`BotBase`)."""

    def calculate_move(self, state: Any) -> Any: ...


class BotBase:
    """Subclass this and override ``calculate_move`` and any hook you need."""

    def calculate_move(self, state: Any) -> Any:
        raise NotImplementedError("a bot must override calculate_move(state)")

    def on_welcome(self, color: str) -> None:
        """Our colour/team as the server names it (``red``/``blue``, ``ONE``/``TWO``)."""

    def on_state(self, state: Any) -> None:
        """Every new state (after each move, also the opponent's)."""

    def on_game_over(self, result: msg.GameResult) -> None:
        """The result: scores per player in slot order, the winner element if any."""

    def on_error(self, message: str) -> None:
        """An error the server sent us (e.g. our move was invalid), or ours."""
        _print_error(message)

    def on_move_request(self, arrived_at: float) -> None:
        """A MoveRequest was read at ``arrived_at`` (``time.monotonic()``), just before
        ``calculate_move``: the move's time limit counts from there."""


class FunctionBot(BotBase):
    """A bot made of one function ``calculate_move(state) -> move``."""

    def __init__(
        self,
        calculate_move: Callable[[Any], Any],
        on_move_request: Callable[[float], None] | None = None,
    ) -> None:
        self._calculate_move = calculate_move
        self._on_move_request = on_move_request

    def calculate_move(self, state: Any) -> Any:
        return self._calculate_move(state)

    def on_move_request(self, arrived_at: float) -> None:
        if self._on_move_request is not None:
            self._on_move_request(arrived_at)


def as_bot(bot: Bot | Callable[[Any], Any]) -> Bot:
    """A bot object from a bot, a built-in player (``choose_move``) or a plain
    ``calculate_move`` function."""
    if callable(getattr(bot, "calculate_move", None)):
        return bot  # type: ignore[return-value]
    choose_move = getattr(bot, "choose_move", None)
    if callable(choose_move):  # botarena.games.<game>.players (strong ones time the request)
        return FunctionBot(choose_move, getattr(bot, "on_move_request", None))
    if not callable(bot):
        raise TypeError(f"a bot needs calculate_move(state); got {type(bot).__name__}")
    return FunctionBot(bot)


BOT_FAULT_PREFIX = "bot error: "
"""Errors of the bot's own making (its code raised) start with this, not "server error"."""


def _print_error(message: str) -> None:
    if message.startswith(BOT_FAULT_PREFIX):
        print(message, file=sys.stderr)
    else:
        print(f"server error: {message}", file=sys.stderr)


@dataclass
class BotSession:
    """One connection of one bot to an SC server, without I/O.

    Call :meth:`start` for the opening bytes, feed every received chunk to :meth:`receive`
    and send what it returns; stop when :attr:`finished`. (A wrapper that feeds
    :attr:`client` itself calls :meth:`begin` and :meth:`handle_events` instead.)
    """

    bot: Bot
    codec: GameCodec
    join: JoinRequest
    client: ScClient = field(default_factory=ScClient)
    state: Any = None
    color: str | None = None
    room_id: str | None = None
    result: msg.GameResult | None = None
    errors: list[str] = field(default_factory=list)
    finished: bool = False
    closed_by_us: bool = False
    display_name: str | None = None
    """Sent as the botarena extension attribute ``displayName`` of the join request."""
    received_at: float = 0.0
    """``time.monotonic()`` when the last data arrived (a MoveRequest's time counts from it)."""

    def start(self) -> bytes:
        """The opening bytes: our ``<protocol>`` and the join request."""
        self.begin()
        return self.client.data_to_send()

    def begin(self) -> None:
        """Queue the join request in :attr:`client`."""
        join = self.join
        if self.display_name:
            join = dataclasses.replace(join, display_name=self.display_name)
        self.client.send(join)

    def receive(self, data: bytes) -> bytes:
        """Handle received bytes; return the bytes to send (possibly empty)."""
        if self.finished:
            return b""
        self.client.receive_data(data)
        self.handle_events()
        return self.client.data_to_send()

    def handle_events(self) -> None:
        """Act on every event :attr:`client` has received; answers wait in :attr:`client`."""
        self.received_at = time.monotonic()
        for event in self.client.events_received():
            if self.finished:
                break
            if isinstance(event, Received):
                self._handle(event.message)
            elif isinstance(event, Undecodable):
                self._fail(f"unexpected message from the server: {event.error}")
                self._close()
            elif isinstance(event, ServerClosed) and event.error is not None:
                self._fail(f"unreadable data from the server: {event.error}")
                self._close()
            elif isinstance(event, ServerClosed):
                self.connection_lost()

    def connection_lost(self) -> None:
        """The server closed the connection."""
        if not self.finished and self.result is None:
            self._fail(
                "the server closed the connection before the game ended"
                + ("" if self.color else " (before we had a seat: wrong reservation or room?)")
            )
        self.finished = True

    def _handle(self, message: msg.ServerMessage) -> None:
        if isinstance(message, msg.Joined):
            self.room_id = message.room_id
        elif isinstance(message, msg.WelcomeMessage):
            self.room_id = message.room_id
            self.color = message.color
            self._hook("on_welcome", message.color)
        elif isinstance(message, msg.Memento):
            try:
                self.state = self.codec.parse_state(message.state)
            except ValueError as error:  # e.g. a room of another season than the bot's
                self._fail(
                    f"{BOT_FAULT_PREFIX}cannot read the state as {self.codec.game_type}: {error} "
                    "(does the bot play the game of this room?)"
                )
                self._close()
                return
            self._hook("on_state", self.state)
        elif isinstance(message, msg.MoveRequest):
            self._answer(message.room_id)
        elif isinstance(message, msg.RoomError):
            text = message.message or "(no message)"
            self.errors.append(text)
            self._hook("on_error", text)
        elif isinstance(message, msg.GameResult):
            self.result = message
            self._hook("on_game_over", message)
        elif isinstance(message, msg.Left):
            self._close()
        elif isinstance(message, msg.ErrorPacket):  # 2021+: the server refused a request
            self._fail(f"the server refused our request: {message.message or '(no message)'}")
            self._close()
        elif isinstance(message, msg.CloseConnection):
            self.connection_lost()

    def _answer(self, room_id: str) -> None:
        if self.state is None:
            self._fail("the server asked for a move before sending a state")
            self._close()
            return
        try:
            self._hook("on_move_request", self.received_at)
            move = self.bot.calculate_move(self.state)
        except Exception as error:
            traceback.print_exc()
            self._fail(
                f"{BOT_FAULT_PREFIX}calculate_move raised {type(error).__name__}: {error} "
                "(the bot's own code failed, not the server)"
            )
            self._close()
            return
        self.client.send(msg.RoomPacket(room_id, self.codec.encode_move(move)))

    def _fail(self, text: str) -> None:
        self.errors.append(text)
        self._hook("on_error", text)

    def _hook(self, name: str, *args: Any) -> None:
        """Call the bot's hook ``name`` if it has one (``on_error`` defaults to stderr)."""
        hook = getattr(self.bot, name, None)
        if hook is not None:
            hook(*args)
        elif name == "on_error":
            _print_error(*args)

    def _close(self) -> None:
        """End our stream: the server answers by closing the connection."""
        self.finished = True
        self.closed_by_us = True
        self.client.close()
