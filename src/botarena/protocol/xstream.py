"""XStream-compatible pretty-printing of SC messages, byte for byte like the official server.

The official server writes every message with XStream's ``PrettyPrintWriter`` (spec §1.2,
§1.4): a newline plus two spaces per depth level *before* every start tag and before the
end tag of an element with children, nothing after a message, attributes in field order,
``<name a="v"/>`` for empty elements, text inline (``<part>2</part>``), and its own escaping:
``& < > " '`` as ``&amp; &lt; &gt; &quot; &apos;`` in text and attributes, ``\\r`` as
``&#xd;``, ``\\n``/``\\t`` raw in text but ``&#xa;``/``&#x9;`` in attributes, other control
characters as ``&#x..;``, everything else raw UTF-8 (``∅``, ``ä``).

API::

    to_xstream(element, indent_level=1) -> str   # "\\n  <joined roomId=\\"…\\"/>"
    encode(element) -> bytes                     # one top-level message, UTF-8, as on the wire
    STREAM_START = b"<protocol>"                 # the root start tag (no XML declaration)
    STREAM_END = b"\\n</protocol>"                # closes a stream that carried messages
    EMPTY_STREAM = b"<protocol/>"                # what a server that sent nothing writes on close
    ScStreamWriter                               # sans-I/O writer that reproduces the laziness

The official server buffers ``<protocol>`` until its first message, so the first bytes a
client sees are ``<protocol>\\n  <joined …/>``; closing before any message yields exactly
``<protocol/>``. ``ScStreamWriter`` reproduces both. Element attribute order is the order in
the lxml element; builders in ``sc_messages`` create them in the official order. Comments
and processing instructions inside an element are skipped; the text of an element with
children (and all tails) is ignored, as XStream never writes mixed content.
"""

from __future__ import annotations

import re
import unicodedata

from lxml import etree

__all__ = [
    "EMPTY_STREAM",
    "INDENT",
    "STREAM_END",
    "STREAM_START",
    "ScStreamWriter",
    "encode",
    "escape_attribute",
    "escape_text",
    "to_xstream",
]

INDENT = "  "
STREAM_START = b"<protocol>"
STREAM_END = b"\n</protocol>"
EMPTY_STREAM = b"<protocol/>"

# Characters that XStream never writes raw: markup characters, quotes, and every character
# that Java's Character.isISOControl() or !isDefined() rejects (C0, DEL, C1). The tab and the
# newline are written raw in text; everything else goes through the same escape function.
_NEEDS_ESCAPE_TEXT = re.compile("[&<>\"'\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f]")
_NEEDS_ESCAPE_ATTRIBUTE = re.compile("[&<>\"'\\x00-\\x1f\\x7f-\\x9f]")
_NAMED = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    return f"&#x{ord(char):x};"


def _escape_undefined(value: str) -> str:
    # Java's Character.isDefined() is false for unassigned BMP code points; XStream writes
    # them as character references. Rare, so only checked for non-ASCII strings.
    if value.isascii():
        return value
    return "".join(
        f"&#x{ord(c):x};" if ord(c) <= 0xFFFF and unicodedata.category(c) == "Cn" else c
        for c in value
    )


def escape_text(value: str) -> str:
    """Escape element text the way XStream's PrettyPrintWriter does (newline and tab raw)."""
    if _NEEDS_ESCAPE_TEXT.search(value) is not None:
        value = _NEEDS_ESCAPE_TEXT.sub(_escape_char, value)
    return _escape_undefined(value)


def escape_attribute(value: str) -> str:
    """Escape an attribute value the way XStream does (newline ``&#xa;``, tab ``&#x9;``)."""
    if _NEEDS_ESCAPE_ATTRIBUTE.search(value) is not None:
        value = _NEEDS_ESCAPE_ATTRIBUTE.sub(_escape_char, value)
    return _escape_undefined(value)


_PADS = ["\n" + INDENT * depth for depth in range(64)]


def _attributes(items: list[tuple[str, str]]) -> str:
    # One regex search over all values (joined by a space, which needs no escaping) decides
    # the common case where nothing needs escaping.
    values = items[0][1] if len(items) == 1 else " ".join([value for _, value in items])
    if _NEEDS_ESCAPE_ATTRIBUTE.search(values) is None and values.isascii():
        return "".join([f' {name}="{value}"' for name, value in items])
    return "".join([f' {name}="{escape_attribute(value)}"' for name, value in items])


def _write(element: etree._Element, depth: int, out: list[str]) -> None:
    tag = element.tag
    pad = _PADS[depth] if depth < 64 else "\n" + INDENT * depth
    items = element.items()
    head = f"{pad}<{tag}{_attributes(items)}" if items else f"{pad}<{tag}"  # type: ignore[arg-type]
    if len(element):
        mark = len(out)
        out.append(head + ">")
        for child in element:
            if isinstance(child.tag, str):  # skip comments and processing instructions
                _write(child, depth + 1, out)
        if len(out) > mark + 1:
            out.append(f"{pad}</{tag}>")
            return
        del out[mark:]  # only comments inside: written like an element without children
    text = element.text
    if text is not None:
        out.append(f"{head}>{escape_text(text)}</{tag}>")
    else:
        out.append(head + "/>")


def to_xstream(element: etree._Element, indent_level: int = 1) -> str:
    """Pretty-print ``element`` at ``indent_level`` (1 = a top-level message).

    The result starts with ``"\\n" + "  " * indent_level`` and ends with the final ``>``.
    """
    out: list[str] = []
    _write(element, indent_level, out)
    return "".join(out)


def encode(element: etree._Element) -> bytes:
    """One top-level message as the official server writes it: ``\\n  <…>…``, UTF-8."""
    return to_xstream(element, 1).encode("utf-8")


class ScStreamWriter:
    """Sans-I/O writer of one server→client stream, lazy like the official server.

    ``message(element)`` returns the bytes to send for one message (the first one carries
    ``<protocol>``); ``close()`` returns the closing bytes (``\\n</protocol>``, or
    ``<protocol/>`` when nothing was sent) and may be called once.
    """

    __slots__ = ("_closed", "_started")

    def __init__(self) -> None:
        self._started = False
        self._closed = False

    @property
    def started(self) -> bool:
        return self._started

    @property
    def closed(self) -> bool:
        return self._closed

    def message(self, element: etree._Element) -> bytes:
        return self.message_bytes(encode(element))

    def message_bytes(self, encoded: bytes) -> bytes:
        """Like ``message`` for a message already encoded with ``encode`` (broadcasts)."""
        if self._closed:
            raise RuntimeError("the stream is already closed")
        if self._started:
            return encoded
        self._started = True
        return STREAM_START + encoded

    def close(self) -> bytes:
        if self._closed:
            raise RuntimeError("the stream is already closed")
        self._closed = True
        return STREAM_END if self._started else EMPTY_STREAM


# -- reading numbers as XStream does ------------------------------------------------------

_DIGITS = {
    8: frozenset("01234567"),
    10: frozenset("0123456789"),
    16: frozenset("0123456789abcdefABCDEF"),
}
_INT_MIN, _UINT_MAX = -(2**31), 2**32 - 1
_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1


def parse_xstream_int(text: str) -> int:
    """An ``int`` attribute as XStream reads it: ``Long.decode``, then a cast to Java int.

    Optional sign, then ``0x``/``0X``/``#`` for hex or a leading ``0`` for octal. Values
    above ``2**31 - 1`` up to ``0xFFFFFFFF`` wrap around to negative numbers, as the Java
    cast does; everything ``Long.decode`` rejects raises ``ValueError`` (only ASCII digits
    are accepted here, Java also takes other Unicode digits).
    """
    index = 1 if text[:1] in ("+", "-") else 0
    negative = text[:1] == "-"
    if text.startswith(("0x", "0X"), index):
        radix, index = 16, index + 2
    elif text.startswith("#", index):
        radix, index = 16, index + 1
    elif text.startswith("0", index) and len(text) > index + 1:
        radix, index = 8, index + 1
    else:
        radix = 10
    digits = text[index:]
    if not digits or not set(digits) <= _DIGITS[radix]:
        raise ValueError(f"not an integer: {text!r}")
    value = -int(digits, radix) if negative else int(digits, radix)
    if not _LONG_MIN <= value <= _LONG_MAX or not _INT_MIN <= value <= _UINT_MAX:
        raise ValueError(f"integer out of range: {text!r}")
    return value - 2**32 if value > 2**31 - 1 else value


def xstream_int_attribute(element: etree._Element, name: str) -> int:
    """An ``int`` attribute of a client's move as the official servers read it: missing is
    the Java/Kotlin default 0, else :func:`parse_xstream_int`; ``ValueError`` (message
    ``name='text' is not an integer``) when it is no int."""
    text = element.get(name)
    if text is None:
        return 0
    try:
        return parse_xstream_int(text)
    except ValueError as error:
        raise ValueError(f"{name}={text!r} is not an integer") from error
