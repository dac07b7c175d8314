"""Mau-Mau's messages on the wire (spec §4-§5, §13): the codec of both sides, no I/O.

The lines themselves (framing, JSON reading, json-simple escaping) are
:mod:`botarena.protocol.maumau_json`; this module knows what the lines mean.

Server side (what the Mau-Mau server uses):

* :func:`parse_handshake` and :func:`parse_move` turn one line a bot sent into a value;
* the ``encode_*`` functions produce the server's messages byte for byte as the original's
  json-simple does: fixed member order (Java ``HashMap`` order, see
  ``fixtures/maumau/server_message_shapes.txt``), compact separators, json-simple string
  escaping, ``\\n`` line ends, UTF-8.

Bot side (what :mod:`botarena.client.maumau` and the example bot use):

* the server's messages as typed values (:data:`ServerMessage`), :func:`encode` and
  :func:`decode_server_message`;
* :func:`encode_name` and :func:`encode_move`, the lines a bot sends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from botarena.games.maumau.cards import NO_WISH
from botarena.games.maumau.rules import DRAW, Draw, Move, Play
from botarena.protocol.maumau_json import (
    Line,
    MalformedJsonError,
    encode_line,
    json_simple_string,
    parse_json,
)

MAX_NAME_CHARS: Final = 64
"""Longest player name accepted at the handshake; longer names get the fallback name."""


# ----------------------------------------------------------------------------- bot lines, read


@dataclass(frozen=True, slots=True)
class Handshake:
    """The bot's name line: ``name`` is ``None`` when the fallback name must be used;
    ``problem`` then says why."""

    name: str | None
    problem: str = ""


def parse_handshake(line: Line, lenient: bool = False) -> Handshake:
    """Accept ``{"status":"okay","name":"X"}`` with a non-empty string name of at most
    :data:`MAX_NAME_CHARS` characters; anything else means the fallback name (spec §13.2)."""
    try:
        value = parse_json(line, lenient)
    except MalformedJsonError as error:
        return Handshake(None, f"not JSON: {error}")
    if not isinstance(value, dict):
        return Handshake(None, "not a JSON object")
    status = value.get("status")
    if status != "okay":
        return Handshake(None, f"status is {status!r}, not 'okay'")
    name = value.get("name")
    if not isinstance(name, str) or not name.strip():
        return Handshake(None, "name is not a non-empty string")
    if len(name) > MAX_NAME_CHARS:
        return Handshake(None, f"name longer than {MAX_NAME_CHARS} characters")
    return Handshake(name)


@dataclass(frozen=True, slots=True)
class MalformedMove:
    """A move line the server cannot use (penalty card); ``reason`` is for logs."""

    reason: str


ParsedMove = Play | Draw | MalformedMove


def _json_int(value: object) -> int | None:
    return value if type(value) is int else None


def parse_move(line: Line, lenient: bool = False) -> ParsedMove:
    """One move line: ``status`` ``"skip"`` draws, any other string plays ``selectedCard``
    (a JSON integer; range is checked by the rules). ``wishedColor`` is kept as sent when it
    is an integer, else ``None``. Unknown members are ignored."""
    try:
        value = parse_json(line, lenient)
    except MalformedJsonError as error:
        return MalformedMove(f"not JSON: {error}")
    if not isinstance(value, dict):
        return MalformedMove("not a JSON object")
    status = value.get("status")
    if not isinstance(status, str):
        return MalformedMove("status missing or not a string")
    if status == "skip":
        return DRAW
    card = _json_int(value.get("selectedCard"))
    if card is None:
        return MalformedMove("selectedCard missing or not an integer")
    return Play(card, _json_int(value.get("wishedColor")))


# ----------------------------------------------------------------------------- server lines


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _ints(values: Sequence[int]) -> str:
    return "[" + ",".join(str(value) for value in values) + "]"


SEND_NAME: Final = b'{"sendName":true,"status":"okay"}\n'
GAME_START: Final = b'{"gameStart":true,"status":"okay"}\n'


def encode_set_name(name: str | None, accepted: bool) -> bytes:
    """The handshake reply: the confirmed name, or the fallback ``Bot <seat>`` with
    ``setName:false`` and ``status:error``. (``None`` only reproduces the original's
    ``"name":null``; botarena never sends it.)"""
    status = "okay" if accepted else "error"
    text = "null" if name is None else json_simple_string(name)
    return encode_line(f'{{"setName":{_bool(accepted)},"name":{text},"status":"{status}"}}')


def encode_announcement(top_card: int, cards_left: int, turn_of: str, skipped: bool) -> bytes:
    """The turn announcement broadcast (note ``topCard`` with a capital C)."""
    return encode_line(
        f'{{"topCard":{top_card},"cardsLeft":{cards_left},"turnOf":{json_simple_string(turn_of)},'
        f'"status":"okay","skipped":{_bool(skipped)}}}'
    )


def encode_request(  # noqa: PLR0917 - mirrors the message's members
    top_card: int,
    draw_two: bool | None,
    cards_left: int,
    wish: int,
    drawn: Sequence[int] = (),
    hand: Sequence[int] | None = None,
) -> bytes:
    """The turn request to the seat to move (``topcard`` lower-case). ``draw_two`` ``None``
    omits the member (a failed draw-two); ``drawedCards`` only with ``draw_two`` True."""
    parts = [f'{{"topcard":{top_card}']
    if draw_two is not None:
        parts.append(f',"drawTwoCards":{_bool(draw_two)}')
    parts.append(f',"cardsLeft":{cards_left},"wishedColor":{wish}')
    if draw_two:
        parts.append(f',"drawedCards":{_ints(drawn)}')
    parts.append(',"status":"okay","skipped":false')
    if hand is not None:
        parts.append(f',"hand":{_ints(hand)}')
    parts.append("}")
    return encode_line("".join(parts))


def encode_drawn(card: int, penalty: bool) -> bytes:
    """Reply to a draw (``status`` okay) or to a rejected move (``status`` error)."""
    return encode_line(f'{{"drawedCards":{card},"status":"{"error" if penalty else "okay"}"}}')


def encode_won(winner: str | None) -> bytes:
    """The game-over broadcast; without a winner the member is left out (json-simple's
    shape for the no-winner case in ``server_message_shapes.txt``)."""
    if winner is None:
        return b'{"won":true,"status":"okay"}\n'
    return encode_line(
        f'{{"won":true,"nameOfWinner":{json_simple_string(winner)},"status":"okay"}}'
    )


# ----------------------------------------------------------------------------- typed messages
# The server's messages as values, for bots and tools that read the server's side of the
# protocol (the server itself calls the encode_* functions directly: they are its hot path).


@dataclass(frozen=True, slots=True)
class SendName:
    """``{"sendName":true,...}``: the server asks for the bot's name."""


@dataclass(frozen=True, slots=True)
class SetName:
    name: str | None
    accepted: bool


@dataclass(frozen=True, slots=True)
class GameStart:
    pass


@dataclass(frozen=True, slots=True)
class TurnAnnouncement:
    top_card: int
    cards_left: int
    turn_of: str
    skipped: bool


@dataclass(frozen=True, slots=True)
class TurnRequest:
    top_card: int
    draw_two: bool | None
    cards_left: int
    wish: int
    drawn: tuple[int, ...] = ()
    hand: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class DrawReply:
    card: int
    penalty: bool


@dataclass(frozen=True, slots=True)
class GameWon:
    winner: str | None


ServerMessage = (
    SendName | SetName | GameStart | TurnAnnouncement | TurnRequest | DrawReply | GameWon
)


def encode(message: ServerMessage) -> bytes:
    """The exact bytes the original sends for ``message``."""
    if isinstance(message, SendName):
        return SEND_NAME
    if isinstance(message, SetName):
        return encode_set_name(message.name, message.accepted)
    if isinstance(message, GameStart):
        return GAME_START
    if isinstance(message, TurnAnnouncement):
        return encode_announcement(
            message.top_card, message.cards_left, message.turn_of, message.skipped
        )
    if isinstance(message, TurnRequest):
        return encode_request(
            message.top_card,
            message.draw_two,
            message.cards_left,
            message.wish,
            message.drawn,
            message.hand,
        )
    if isinstance(message, DrawReply):
        return encode_drawn(message.card, message.penalty)
    return encode_won(message.winner)


class UnknownMessageError(ValueError):
    """A server line that is none of the protocol's messages (not JSON, or no known shape)."""


def _typed(value: dict[str, object], member: str, kind: type) -> object:
    if member not in value:
        raise UnknownMessageError(f"member {member!r} missing in {value!r}")
    item = value[member]
    if type(item) is not kind:  # not isinstance: a JSON true is no integer here
        raise UnknownMessageError(f"member {member!r} is not a {kind.__name__}: {item!r}")
    return item


def _int(value: dict[str, object], member: str) -> int:
    item = _typed(value, member, int)
    assert isinstance(item, int)
    return item


def _flag(value: dict[str, object], member: str) -> bool:
    return _typed(value, member, bool) is True


def _text(value: dict[str, object], member: str) -> str:
    item = _typed(value, member, str)
    assert isinstance(item, str)
    return item


def _optional_text(value: dict[str, object], member: str) -> str | None:
    return None if value.get(member) is None else _text(value, member)


def _ints_of(value: dict[str, object], member: str) -> tuple[int, ...]:
    items = _typed(value, member, list)
    assert isinstance(items, list)
    if not all(type(item) is int for item in items):
        raise UnknownMessageError(f"member {member!r} is not a list of integers: {items!r}")
    return tuple(items)


def _request(value: dict[str, object]) -> TurnRequest:
    draw_two = _flag(value, "drawTwoCards") if "drawTwoCards" in value else None
    return TurnRequest(
        _int(value, "topcard"),
        draw_two,
        _int(value, "cardsLeft"),
        _int(value, "wishedColor"),
        _ints_of(value, "drawedCards") if draw_two else (),
        _ints_of(value, "hand") if "hand" in value else None,
    )


def decode_server_message(line: Line) -> ServerMessage:
    """A server line (terminator optional) as a typed message, its members' types checked.
    Raises :class:`UnknownMessageError` saying why for anything else."""
    try:
        value = parse_json(line.rstrip(b"\r\n") if isinstance(line, bytes) else line)
    except MalformedJsonError as error:
        raise UnknownMessageError(f"not JSON: {error}") from None
    if not isinstance(value, dict):
        raise UnknownMessageError(f"server messages are JSON objects, not {value!r}")
    if "sendName" in value:
        return SendName()
    if "setName" in value:
        return SetName(_optional_text(value, "name"), _flag(value, "setName"))
    if "gameStart" in value:
        return GameStart()
    if "topCard" in value:
        return TurnAnnouncement(
            _int(value, "topCard"),
            _int(value, "cardsLeft"),
            _text(value, "turnOf"),
            _flag(value, "skipped"),
        )
    if "topcard" in value:
        return _request(value)
    if "drawedCards" in value:
        return DrawReply(_int(value, "drawedCards"), _text(value, "status") == "error")
    if "won" in value:
        return GameWon(_optional_text(value, "nameOfWinner"))
    raise UnknownMessageError(f"unknown message {value!r}")


# ----------------------------------------------------------------------------- bot lines, written


def encode_name(name: str) -> bytes:
    """The bot's handshake line, ``{"status":"okay","name":NAME}`` (spec §5.1)."""
    return encode_line(f'{{"status":"okay","name":{json_simple_string(name)}}}')


def encode_move(move: Move) -> bytes:
    """The bot's answer to a turn request, in the documented format (spec §5.5):
    ``{"status":"turn","selectedCard":C,"wishedColor":W,"skipped":false}`` (``W`` is -1
    without a wish), or ``"status":"skip"`` to draw."""
    if isinstance(move, Play):
        status, card, wish = "turn", move.card, NO_WISH if move.wish is None else move.wish
    else:
        status, card, wish = "skip", -1, NO_WISH
    return encode_line(
        f'{{"status":"{status}","selectedCard":{card},"wishedColor":{wish},"skipped":false}}'
    )


__all__ = [
    "GAME_START",
    "MAX_NAME_CHARS",
    "SEND_NAME",
    "DrawReply",
    "GameStart",
    "GameWon",
    "Handshake",
    "MalformedMove",
    "ParsedMove",
    "SendName",
    "ServerMessage",
    "SetName",
    "TurnAnnouncement",
    "TurnRequest",
    "UnknownMessageError",
    "decode_server_message",
    "encode",
    "encode_announcement",
    "encode_drawn",
    "encode_move",
    "encode_name",
    "encode_request",
    "encode_set_name",
    "encode_won",
    "parse_handshake",
    "parse_move",
]
