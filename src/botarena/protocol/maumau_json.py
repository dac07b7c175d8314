"""The Free-Hack Mau-Mau JSON-lines protocol, sans I/O (spec §4-§5, §13.1).

* :class:`LineReader`: feed it the bytes a bot sent, get complete lines back (``\\n``,
  ``\\r\\n`` or a lone ``\\r`` end a line, as with Java's ``readLine``; a ``\\r\\n`` split
  across two reads is one terminator). Lines longer than :data:`MAX_LINE_BYTES` come back as
  :data:`OVERLONG` and count as malformed.
* :func:`parse_handshake` and :func:`parse_move` turn one line into a typed value.
* The ``encode_*`` functions produce the server's messages byte for byte as the original's
  json-simple does: fixed member order (Java ``HashMap`` order, see
  ``fixtures/maumau/server_message_shapes.txt``), compact separators, json-simple string
  escaping, ``\\n`` line ends, UTF-8.
"""

from __future__ import annotations

import json
import json.decoder
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from botarena.games.maumau.rules import DRAW, Draw, Play

MAX_LINE_BYTES: Final = 4096
"""Longest line accepted from a bot (without its terminator); longer lines are malformed."""
MAX_NAME_CHARS: Final = 64
"""Longest player name accepted at the handshake; longer names get the fallback name."""
LINE_END: Final = b"\n"
ENCODING: Final = "utf-8"


class _Overlong:
    """Marker for a line that exceeded :data:`MAX_LINE_BYTES` (its bytes are dropped)."""

    def __repr__(self) -> str:
        return "OVERLONG"


OVERLONG: Final = _Overlong()
Line = bytes | _Overlong


class LineReader:
    """Splits a byte stream into lines the way Java's ``BufferedReader.readLine`` does."""

    def __init__(self, max_line_bytes: int = MAX_LINE_BYTES) -> None:
        self.max_line_bytes = max_line_bytes
        self._buffer = bytearray()
        self._skip_lf = False  # the last chunk ended with "\r": a leading "\n" belongs to it
        self._discarding = False  # inside an over-long line, dropping bytes until its end

    def feed(self, data: bytes) -> list[Line]:
        lines: list[Line] = []
        start = 0
        if self._skip_lf and data:
            self._skip_lf = False
            if data[0:1] == b"\n":
                start = 1
        size = len(data)
        while start < size:
            lf = data.find(b"\n", start)
            cr = data.find(b"\r", start)
            if lf < 0 and cr < 0:
                self._append(data[start:])
                break
            end = lf if cr < 0 or (0 <= lf < cr) else cr
            self._append(data[start:end])
            lines.append(self._take())
            start = end + 1
            if data[end] == 13:  # "\r": swallow a following "\n"
                if start < size:
                    if data[start] == 10:
                        start += 1
                else:
                    self._skip_lf = True
        return lines

    def finish(self) -> list[Line]:
        """At end of stream: a pending unterminated line is returned, like ``readLine``."""
        if self._buffer or self._discarding:
            return [self._take()]
        return []

    def _append(self, chunk: bytes) -> None:
        if self._discarding:
            return
        self._buffer += chunk
        if len(self._buffer) > self.max_line_bytes:
            self._discarding = True
            self._buffer.clear()

    def _take(self) -> Line:
        if self._discarding:
            self._discarding = False
            return OVERLONG
        line = bytes(self._buffer)
        self._buffer.clear()
        return line


# ----------------------------------------------------------------------------- parsing


class MalformedJsonError(ValueError):
    """The line is not (acceptable) JSON."""


def _reject_constant(name: str) -> object:
    raise MalformedJsonError(f"{name} is not JSON")


_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def parse_json(line: Line, lenient: bool = False) -> object:
    """Parse one line. Standard JSON; with ``lenient`` also json-simple's leniency (missing
    commas or colons, trailing commas). Python's ``True``/``NaN`` are errors either way."""
    if isinstance(line, _Overlong):
        raise MalformedJsonError(f"line longer than {MAX_LINE_BYTES} bytes")
    text = line.decode(ENCODING, errors="replace")
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as error:
        if lenient:
            return parse_lenient(text)
        raise MalformedJsonError(str(error)) from None
    except RecursionError:
        raise MalformedJsonError("nesting too deep") from None


_LENIENT_TOKEN = re.compile(
    r"""[ \t\n\r\f]*(?:(?P<punct>[{}\[\],:])|(?P<string>")"""
    r"""|(?P<number>-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)|(?P<word>true|false|null))"""
)
_scanstring: Callable[[str, int, bool], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
_WORDS: dict[str, object] = {"true": True, "false": False, "null": None}
MAX_NESTING: Final = 64
"""Deepest nesting of arrays/objects the lenient parser accepts."""


def parse_lenient(text: str) -> object:
    """json-simple 1.1.1's grammar: commas and colons inside objects and arrays are optional
    (they are skipped wherever they appear), keys must be strings, nothing may follow the
    value. Used only behind the ``lenient_json`` compatibility switch (spec §13.1)."""
    stack: list[list[object] | dict[str, object]] = []
    pending_key: list[str | None] = []
    result: object = None
    done = False
    pos, size = 0, len(text)
    while True:
        match = _LENIENT_TOKEN.match(text, pos)
        if match is None:
            if text[pos:].strip(" \t\n\r\f") == "" and done:
                return result
            raise MalformedJsonError(f"unexpected text at {pos}")
        pos = match.end()
        if done:
            raise MalformedJsonError("text after the value")
        value: object
        kind = match.lastgroup
        if kind == "punct":
            char = match.group("punct")
            if char in ",:":
                if not stack:
                    raise MalformedJsonError(f"unexpected {char!r}")
                continue
            if char in "{[":
                if len(stack) >= MAX_NESTING:
                    raise MalformedJsonError("nesting too deep")
                if stack and isinstance(stack[-1], dict) and pending_key[-1] is None:
                    raise MalformedJsonError("object key must be a string")
                stack.append({} if char == "{" else [])
                pending_key.append(None)
                continue
            container = stack.pop() if stack else None
            pending = pending_key.pop() if pending_key else None
            if container is None or (char == "}") != isinstance(container, dict) or pending:
                raise MalformedJsonError(f"unexpected {char!r}")
            value = container
        elif kind == "string":
            try:
                value, pos = _scanstring(text, pos, False)
            except json.JSONDecodeError as error:
                raise MalformedJsonError(str(error)) from None
        elif kind == "number":
            number = match.group("number")
            value = int(number) if number.lstrip("-").isdigit() else float(number)
        else:
            value = _WORDS[match.group("word")]
        if not stack:
            result, done = value, True
            if pos >= size:
                return result
            continue
        top = stack[-1]
        if isinstance(top, list):
            top.append(value)
        elif pending_key[-1] is None:
            if not isinstance(value, str):
                raise MalformedJsonError("object key must be a string")
            pending_key[-1] = value
        else:
            key = pending_key[-1]
            assert key is not None
            top[key] = value
            pending_key[-1] = None


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


# ----------------------------------------------------------------------------- encoding


def _escape_char(char: str) -> str:
    code = ord(char)
    special = _SHORT_ESCAPES.get(char)
    if special is not None:
        return special
    if code <= 0x1F or 0x7F <= code <= 0x9F or 0x2000 <= code <= 0x20FF:
        return f"\\u{code:04X}"
    return char


_SHORT_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "/": "\\/",
}


def _needs_escape(char: str) -> bool:
    code = ord(char)
    return (
        char in _SHORT_ESCAPES or code <= 0x1F or 0x7F <= code <= 0x9F or 0x2000 <= code <= 0x20FF
    )


def json_simple_string(text: str) -> str:
    """``text`` as a JSON string literal escaped exactly like json-simple 1.1.1."""
    if not any(_needs_escape(char) for char in text):
        return f'"{text}"'
    return '"' + "".join(_escape_char(char) for char in text) + '"'


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _ints(values: Sequence[int]) -> str:
    return "[" + ",".join(str(value) for value in values) + "]"


def _line(text: str) -> bytes:
    # A lone surrogate (only possible from a \\uD800 escape in a bot's name) becomes "?",
    # as Java's encoder does.
    return text.encode(ENCODING, errors="replace") + LINE_END


SEND_NAME: Final = b'{"sendName":true,"status":"okay"}\n'
GAME_START: Final = b'{"gameStart":true,"status":"okay"}\n'


def encode_set_name(name: str | None, accepted: bool) -> bytes:
    """The handshake reply: the confirmed name, or the fallback ``Bot <seat>`` with
    ``setName:false`` and ``status:error``. (``None`` only reproduces the original's
    ``"name":null``; botarena never sends it.)"""
    status = "okay" if accepted else "error"
    text = "null" if name is None else json_simple_string(name)
    return _line(f'{{"setName":{_bool(accepted)},"name":{text},"status":"{status}"}}')


def encode_announcement(top_card: int, cards_left: int, turn_of: str, skipped: bool) -> bytes:
    """The turn announcement broadcast (note ``topCard`` with a capital C)."""
    return _line(
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
    return _line("".join(parts))


def encode_drawn(card: int, penalty: bool) -> bytes:
    """Reply to a draw (``status`` okay) or to a rejected move (``status`` error)."""
    return _line(f'{{"drawedCards":{card},"status":"{"error" if penalty else "okay"}"}}')


def encode_won(winner: str | None) -> bytes:
    """The game-over broadcast; without a winner the member is left out (json-simple's
    shape for the no-winner case in ``server_message_shapes.txt``)."""
    if winner is None:
        return b'{"won":true,"status":"okay"}\n'
    return _line(f'{{"won":true,"nameOfWinner":{json_simple_string(winner)},"status":"okay"}}')


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
    """A server line that is none of the protocol's messages."""


def _ints_of(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(item) is int for item in value):
        raise UnknownMessageError(f"expected a list of integers, got {value!r}")
    return tuple(value)


def decode_server_message(line: bytes) -> ServerMessage:
    """A server line (terminator optional) as a typed message (for bots and tools)."""
    value = parse_json(line.rstrip(b"\r\n"))
    if not isinstance(value, dict):
        raise UnknownMessageError("server messages are JSON objects")
    try:
        if "sendName" in value:
            return SendName()
        if "setName" in value:
            return SetName(value["name"], value["setName"] is True)
        if "gameStart" in value:
            return GameStart()
        if "topCard" in value:
            return TurnAnnouncement(
                value["topCard"], value["cardsLeft"], value["turnOf"], value["skipped"]
            )
        if "topcard" in value:
            draw_two = value.get("drawTwoCards")
            return TurnRequest(
                value["topcard"],
                draw_two,
                value["cardsLeft"],
                value["wishedColor"],
                _ints_of(value["drawedCards"]) if draw_two else (),
                _ints_of(value["hand"]) if "hand" in value else None,
            )
        if "drawedCards" in value:
            return DrawReply(value["drawedCards"], value["status"] == "error")
        if "won" in value:
            return GameWon(value.get("nameOfWinner"))
    except KeyError as error:
        raise UnknownMessageError(f"member {error} missing") from None
    raise UnknownMessageError(f"unknown message {value!r}")


__all__ = [
    "GAME_START",
    "MAX_LINE_BYTES",
    "MAX_NAME_CHARS",
    "OVERLONG",
    "SEND_NAME",
    "DrawReply",
    "GameStart",
    "GameWon",
    "Handshake",
    "Line",
    "LineReader",
    "MalformedJsonError",
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
    "encode_request",
    "encode_set_name",
    "encode_won",
    "json_simple_string",
    "parse_handshake",
    "parse_json",
    "parse_lenient",
    "parse_move",
]
