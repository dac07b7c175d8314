"""Keep raw tabs inside attribute values, as the 2018 server's XML parser (kxml) does.

A conforming XML parser normalises a raw tab inside an attribute value to a space (XML 1.0
§3.3.3); the official 18.2.6 server keeps it, so a move hint written with a raw tab is echoed
as ``&#x9;`` (capture ``scripted_lenient_parsing``). For connections whose protocol profile
asks for it, :class:`AttributeTabEscaper` rewrites such tabs to the character reference
``&#9;`` before the bytes reach the parser. Raw newlines still become spaces, as in kxml.

The escaper follows the markup across chunk boundaries with two bits of state (inside a tag,
inside which quote). It does not model comments, CDATA or processing instructions, which SC
clients do not send; at worst such input makes it escape a tab the parser would then reject,
which ends only that connection.
"""

from __future__ import annotations

import re

_MARKUP = re.compile(rb"[<>\"'\t]")
_TAB_REFERENCE = b"&#9;"


class AttributeTabEscaper:
    """Stateful byte filter: raw tabs inside quoted attribute values become ``&#9;``."""

    __slots__ = ("_in_tag", "_quote")

    def __init__(self) -> None:
        self._in_tag = False
        self._quote: int | None = None

    def feed(self, data: bytes, escape: bool) -> bytes:
        """Advance over ``data``; return it with attribute tabs escaped when ``escape``."""
        pieces: list[bytes] = []
        start = 0
        for found in _MARKUP.finditer(data):
            char = data[found.start()]
            if char == 0x09:  # tab
                if escape and self._quote is not None:
                    pieces.append(data[start : found.start()])
                    pieces.append(_TAB_REFERENCE)
                    start = found.end()
            elif self._quote is not None:
                if char == self._quote:
                    self._quote = None
            elif char == 0x3C:  # <
                self._in_tag = True
            elif char == 0x3E:  # >
                self._in_tag = False
            elif self._in_tag:  # a quote opening an attribute value
                self._quote = char
        if not pieces:
            return data
        pieces.append(data[start:])
        return b"".join(pieces)
