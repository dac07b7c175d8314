"""The JSON-lines framing of the Free-Hack Mau-Mau protocol, sans I/O (spec §4-§5, §13.1).

Game-independent: what a line is and how JSON is read and written on it. The messages of
Mau-Mau itself (handshake, moves, the server's messages) are in
:mod:`botarena.games.maumau.wire`.

* :class:`LineReader`: feed it the bytes of a stream, get complete lines back (``\\n``,
  ``\\r\\n`` or a lone ``\\r`` end a line, as with Java's ``readLine``; a ``\\r\\n`` split
  across two reads is one terminator). Lines longer than :data:`MAX_LINE_BYTES` come back as
  :data:`OVERLONG` and count as malformed.
* :func:`parse_json` reads one line: standard JSON, or json-simple 1.1.1's lenient grammar
  (:func:`parse_lenient`) behind a switch.
* :func:`json_simple_string` escapes a string exactly like json-simple, and
  :func:`encode_line` ends a message line (UTF-8, ``\\n``).
"""

from __future__ import annotations

import json
import json.decoder
import re
from collections.abc import Callable
from typing import Final

MAX_LINE_BYTES: Final = 4096
"""Longest line accepted (without its terminator); longer lines are malformed."""
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
    """Parse one line (without its terminator). Standard JSON; with ``lenient`` also
    json-simple's leniency (missing commas or colons, trailing commas). Python's
    ``True``/``NaN`` are errors either way."""
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


# ----------------------------------------------------------------------------- writing


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


def encode_line(text: str) -> bytes:
    """One message line: ``text`` in UTF-8 with the protocol's line end. A lone surrogate
    (only possible from a ``\\uD800`` escape in a bot's name) becomes ``?``, as Java's
    encoder does."""
    return text.encode(ENCODING, errors="replace") + LINE_END


__all__ = [
    "ENCODING",
    "LINE_END",
    "MAX_LINE_BYTES",
    "MAX_NESTING",
    "OVERLONG",
    "Line",
    "LineReader",
    "MalformedJsonError",
    "encode_line",
    "json_simple_string",
    "parse_json",
    "parse_lenient",
]
