"""The sans-I/O core of a bot: bytes from the server in, bytes for the server out.

A :class:`BotSession` owns the stream parser and the game codec; it calls the bot's
``calculate_move`` the moment a MoveRequest arrives and answers with one room packet. It
never touches a socket, so the blocking client, an asyncio client and the tests share it.
"""

from __future__ import annotations

import dataclasses
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from lxml import etree

from botarena.client.codecs import GameCodec
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_errors import ProtocolError
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded
from botarena.protocol.xstream import STREAM_END, STREAM_START

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


class FunctionBot(BotBase):
    """A bot made of one function ``calculate_move(state) -> move``."""

    def __init__(self, calculate_move: Callable[[Any], Any]) -> None:
        self._calculate_move = calculate_move

    def calculate_move(self, state: Any) -> Any:
        return self._calculate_move(state)


class PlayerBot(FunctionBot):
    """A built-in player (``choose_move``) as a bot; a player with ``on_move_request`` gets
    the MoveRequest's arrival time (``time.monotonic()``) before it is asked for the move."""

    def __init__(self, player: Any) -> None:
        super().__init__(player.choose_move)
        self.player = player

    def on_move_request(self, arrived: float) -> None:
        hook = getattr(self.player, "on_move_request", None)
        if hook is not None:
            hook(arrived)


def as_bot(bot: Bot | Callable[[Any], Any]) -> Bot:
    """A bot object from a bot, a built-in player (``choose_move``) or a plain
    ``calculate_move`` function."""
    if callable(getattr(bot, "calculate_move", None)):
        return bot  # type: ignore[return-value]
    choose_move = getattr(bot, "choose_move", None)
    if callable(choose_move):  # botarena.games.<game>.players
        return PlayerBot(bot)
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
    and send what it returns; stop when :attr:`finished`.
    """

    bot: Bot
    codec: GameCodec
    join: JoinRequest
    parser: ScStreamParser = field(default_factory=ScStreamParser)
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
    """``time.monotonic()`` when the last bytes came in (a MoveRequest's arrival time)."""

    def start(self) -> bytes:
        join = self.join
        if self.display_name:
            join = dataclasses.replace(join, display_name=self.display_name)
        return STREAM_START + etree.tostring(join.to_element())

    def receive(self, data: bytes) -> bytes:
        """Handle received bytes; return the bytes to send (possibly empty)."""
        if self.finished:
            return b""
        self.received_at = time.monotonic()
        try:
            events = self.parser.feed(data)
        except ProtocolError as error:
            self._fail(f"unreadable data from the server: {error}")
            return self._close()
        out = bytearray()
        for event in events:
            if isinstance(event, StreamEnded):
                self.connection_lost()
                break
            if isinstance(event, MessageReceived):
                out += self._handle(event.element)
            if self.finished:
                break
        return bytes(out)

    def connection_lost(self) -> None:
        """The server closed the connection."""
        if not self.finished and self.result is None:
            self._fail(
                "the server closed the connection before the game ended"
                + ("" if self.color else " (before we had a seat: wrong reservation or room?)")
            )
        self.finished = True

    def _handle(self, element: etree._Element) -> bytes:
        try:
            message = msg.decode_server_message(element)
        except ProtocolError as error:
            self._fail(f"unexpected message from the server: {error}")
            return self._close()
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
                return self._close()
            self._hook("on_state", self.state)
        elif isinstance(message, msg.MoveRequest):
            return self._answer(message.room_id)
        elif isinstance(message, msg.RoomError):
            text = message.message or "(no message)"
            self.errors.append(text)
            self._hook("on_error", text)
        elif isinstance(message, msg.GameResult):
            self.result = message
            self._hook("on_game_over", message)
        elif isinstance(message, msg.Left):
            return self._close()
        elif isinstance(message, msg.ErrorPacket):  # 2021+: the server refused a request
            self._fail(f"the server refused our request: {message.message or '(no message)'}")
            return self._close()
        elif isinstance(message, msg.CloseConnection):
            self.connection_lost()
        return b""

    def _answer(self, room_id: str) -> bytes:
        if self.state is None:
            self._fail("the server asked for a move before sending a state")
            return self._close()
        self._hook("on_move_request", self.received_at)
        try:
            move = self.bot.calculate_move(self.state)
        except Exception as error:
            traceback.print_exc()
            self._fail(
                f"{BOT_FAULT_PREFIX}calculate_move raised {type(error).__name__}: {error} "
                "(the bot's own code failed, not the server)"
            )
            return self._close()
        packet = msg.RoomPacket(room_id, self.codec.encode_move(move))
        return etree.tostring(packet.to_element())

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

    def _close(self) -> bytes:
        """End our stream: the server answers by closing the connection."""
        self.finished = True
        self.closed_by_us = True
        return STREAM_END
