"""Sans-I/O parser for one direction of a Software-Challenge ``<protocol>`` stream.

Each direction of an SC connection is one endless XML document whose root is
``<protocol>``; every protocol message is a direct child of the root (spec §1.2). Bytes
arrive split arbitrarily by TCP (spec §1.3). This module turns those bytes into events::

    parser = ScStreamParser()                 # or ScStreamParser(StreamLimits(...))
    for event in parser.feed(data):           # data: bytes exactly as received
        if isinstance(event, MessageReceived):
            handle(event.element)             # an lxml element, detached from the root
        elif isinstance(event, StreamEnded):
            ...                               # the peer closed its document

``feed`` raises a :class:`~botarena.protocol.sc_errors.ProtocolError` (``MalformedXmlError``,
``ForbiddenXmlError`` or ``LimitExceededError``) when the stream is bad. Messages that were complete
before the bad bytes, in the same ``feed`` call, are on the exception as ``error.events``
(the official server handles those first). After an error the parser stays failed: every
further ``feed`` raises the same error again. After ``StreamEnded`` further bytes are ignored.

The outcome does not depend on how TCP split the stream: the same bytes give the same
messages, the same end and the same error whether they arrive in one chunk or many. Refused
markup is found at its position in the stream (the bytes before it are parsed first), and a
chunk that ends in what may become refused markup or an entity reference keeps those few
bytes back until the next chunk decides. (``max_message_bytes`` is the one exception: when a
chunk ends inside a message, the count is an upper bound, see the limit's description.)

Accepted shapes (spec §1.2, real-clients-2019.md item 13): an optional XML declaration,
any root element name (``protocol`` is the documented one; ``root_tag`` tells which),
whitespace, comments and processing instructions between messages (dropped), non-whitespace
text directly in the root (dropped), compact or pretty-printed messages, single quotes,
explicit end tags. A stream that starts without a root (``<join .../>``) makes that element
the root, so its end is ``StreamEnded`` with no message, exactly like the official server.

Safety by construction: lxml's pull parser with entity resolution, DTD loading, network
access and huge trees off; DOCTYPE and ENTITY declarations, and any ``&`` that does not start
a predefined entity or a character reference, are refused before they reach the parser (also
inside comments and CDATA, where they would be harmless: no protocol message needs them);
every size is bounded by a named limit in :class:`StreamLimits` (``DEFAULT_LIMITS``),
checked while the bytes arrive, so an endless or huge message never gets buffered beyond
``max_message_bytes``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

from lxml import etree

from botarena.protocol.sc_errors import (
    ForbiddenXmlError,
    LimitExceededError,
    MalformedXmlError,
    ProtocolError,
)

__all__ = [
    "DEFAULT_LIMITS",
    "MAX_ATTRIBUTES",
    "MAX_ATTRIBUTE_VALUE_CHARS",
    "MAX_DEPTH",
    "MAX_ELEMENTS_PER_MESSAGE",
    "MAX_MESSAGE_BYTES",
    "MessageReceived",
    "ScStreamParser",
    "StreamEnded",
    "StreamEvent",
    "StreamLimits",
]

# The limits, with the reason for each value. The biggest official message we know of is a
# Blokus 2021 memento (~40 KB); a Piranhas memento is ~5.5 KB, a move ~150 bytes.
MAX_MESSAGE_BYTES = 1024 * 1024
"""Bytes of one message, counted from the end of the previous one (gap bytes included).

Exact when chunks end between messages; otherwise an upper bound (see ``ScStreamParser``)."""
MAX_DEPTH = 32
"""Nesting depth inside one message; the message element itself is depth 1 (Piranhas uses 6)."""
MAX_ATTRIBUTES = 64
"""Attributes on one element (the official messages use at most 6)."""
MAX_ATTRIBUTE_VALUE_CHARS = 64 * 1024
"""Characters in one attribute value (display names, reasons, debug hints)."""
MAX_ELEMENTS_PER_MESSAGE = 20_000
"""Elements in one message, the message element included (a Blokus state has ~1,000)."""


@dataclass(frozen=True, slots=True)
class StreamLimits:
    """Every bound the stream parser enforces; see the module constants for the reasons."""

    max_message_bytes: int = MAX_MESSAGE_BYTES
    max_depth: int = MAX_DEPTH
    max_attributes: int = MAX_ATTRIBUTES
    max_attribute_value_chars: int = MAX_ATTRIBUTE_VALUE_CHARS
    max_elements_per_message: int = MAX_ELEMENTS_PER_MESSAGE

    def __post_init__(self) -> None:
        for name in self.__dataclass_fields__:
            if getattr(self, name) < 1:
                raise ValueError(f"StreamLimits.{name} must be at least 1")

    def exceeded(self, limit: str, actual: int, what: str) -> LimitExceededError:
        """The error for ``actual`` beyond the bound named ``limit`` (a field name)."""
        return LimitExceededError(limit, getattr(self, limit), actual, what)


DEFAULT_LIMITS = StreamLimits()


@dataclass(frozen=True, slots=True)
class MessageReceived:
    """One complete top-level message (a direct child of the root), detached from the root."""

    element: etree._Element


@dataclass(frozen=True, slots=True)
class StreamEnded:
    """The peer closed its root element (``</protocol>``); nothing more will be parsed."""


StreamEvent = MessageReceived | StreamEnded

# Markup that only occurs in a DTD. We never process DTDs (entity bombs, external entities),
# so their mere presence is an error, reported before the bytes reach libxml2.
_FORBIDDEN_MARKUP = (b"<!DOCTYPE", b"<!ENTITY")

# libxml2 neither reports an undeclared entity reference (``&foo;``) nor a ``&`` without its
# ``;`` at once: it stops silently and complains only when more bytes come, so the message
# would hang. Only the predefined entities and character references are valid without a
# DTD, so every other ``&`` is refused here, as soon as its bytes cannot become one.
_VALID_REFERENCE = re.compile(rb"&(?:amp|lt|gt|quot|apos|#[0-9]{1,8}|#x[0-9a-fA-F]{1,8});")
# What a valid reference looks like before its last byte has arrived.
_REFERENCE_PREFIX = re.compile(
    rb"&(?:a|am|amp|ap|apo|apos|l|lt|g|gt|q|qu|quo|quot|#[0-9]{0,8}|#x[0-9a-fA-F]{0,8})?"
)


class ScStreamParser:
    """Incremental parser for one direction of an SC stream; see the module docstring."""

    __slots__ = (
        "_depth",
        "_element_count",
        "_ended",
        "_error",
        "_held",
        "_limits",
        "_parser",
        "_pending_bytes",
        "_root",
    )

    def __init__(self, limits: StreamLimits = DEFAULT_LIMITS) -> None:
        self._limits = limits
        self._parser = etree.XMLPullParser(
            events=("start", "end"),
            resolve_entities=False,
            no_network=True,
            load_dtd=False,
            dtd_validation=False,
            huge_tree=False,
            remove_comments=True,
            remove_pis=True,
        )
        self._root: etree._Element | None = None
        self._depth = 0  # 0 = outside the root, 1 = inside the root, 2 = inside a message, ...
        self._element_count = 0  # elements of the message being parsed
        # Bytes of the message being parsed, gap before it included. Exact when every chunk
        # ends between messages (clients write whole messages); when a chunk completes one
        # message and starts the next, the next one is charged for all bytes after the
        # chunk's first '>' (an upper bound: never less than the truth).
        self._pending_bytes = 0
        # Bytes at the end of the previous chunk that may still become refused markup
        # ('<!DOC') or that start an entity reference not complete yet ('&am'): they reach
        # libxml2 only once the next chunk has decided what they are.
        self._held = b""
        self._ended = False
        self._error: ProtocolError | None = None

    @property
    def limits(self) -> StreamLimits:
        return self._limits

    @property
    def root_tag(self) -> str | None:
        """The root element's name once its start tag was parsed (normally ``protocol``)."""
        return None if self._root is None else str(self._root.tag)

    @property
    def ended(self) -> bool:
        return self._ended

    @property
    def failed(self) -> ProtocolError | None:
        """The error that stopped this parser, or ``None``."""
        return self._error

    def feed(self, data: bytes) -> list[StreamEvent]:
        """Parse ``data`` (any split of the stream) and return the events it completed."""
        if self._error is not None:
            raise self._error
        if self._ended or not data:
            return []
        window = self._held + data
        cut, refusal = _scan(window)
        self._held = window[cut:] if refusal is None else b""
        events: list[StreamEvent] = []
        try:
            self._feed_bounded(window[:cut], events)
            if refusal is not None and not self._ended:
                raise refusal
        except ProtocolError as error:
            self._fail(error, events)
        return events

    # -- internals -----------------------------------------------------------------------

    def _fail(self, error: ProtocolError, events: list[StreamEvent]) -> None:
        error.events = tuple(events)
        self._error = error
        self._root = None  # let the partial tree go
        self._held = b""
        raise error

    def _feed_bounded(self, data: bytes, events: list[StreamEvent]) -> None:
        """Feed ``data`` in slices so that no message can grow beyond ``max_message_bytes``."""
        limit = self._limits.max_message_bytes
        view = memoryview(data)
        pos = 0
        if not data:
            return
        while pos < len(data) and not self._ended:
            allowance = limit - self._pending_bytes
            if allowance <= 0:
                raise self._limits.exceeded(
                    "max_message_bytes",
                    self._pending_bytes + 1,
                    "message too large (bytes since the previous message)",
                )
            piece = bytes(view[pos : pos + allowance])
            pos += len(piece)
            try:
                self._parser.feed(piece)
            except etree.XMLSyntaxError as error:
                # Messages completed before the bad bytes are still queued: report them.
                self._drain(events)
                if self._ended:
                    return  # bytes after the end of the document are ignored, as documented
                raise MalformedXmlError(f"malformed XML: {error}") from None
            if self._drain(events):
                # A message (or the root start tag) ended inside this piece, at one of its
                # '>' bytes. Between messages (depth 1) that was the last '>' unless the gap
                # holds comments or a raw '>' in text, which are dropped anyway; with a message
                # in progress, count everything after the first '>' (an upper bound).
                if self._depth == 1:
                    self._pending_bytes = len(piece) - (piece.rfind(b">") + 1)
                else:
                    self._pending_bytes = len(piece) - (piece.find(b">") + 1)
            else:
                self._pending_bytes += len(piece)

    def _drain(self, events: list[StreamEvent]) -> bool:
        """Turn the parser's events into stream events; True if a boundary was crossed."""
        boundary = False
        limits = self._limits
        for action, item in self._parser.read_events():
            element = cast(etree._Element, item)
            if action == "start":
                self._depth += 1
                if self._depth == 1:
                    self._root = element
                    boundary = True
                    continue
                self._element_count += 1
                if self._element_count > limits.max_elements_per_message:
                    raise limits.exceeded(
                        "max_elements_per_message",
                        self._element_count,
                        "too many elements in one message",
                    )
                if self._depth - 1 > limits.max_depth:
                    raise limits.exceeded("max_depth", self._depth - 1, "message nested too deep")
                attributes = element.attrib
                if len(attributes) > limits.max_attributes:
                    raise limits.exceeded(
                        "max_attributes", len(attributes), f"too many attributes on <{element.tag}>"
                    )
                for name, value in attributes.items():
                    if len(value) > limits.max_attribute_value_chars:
                        raise limits.exceeded(
                            "max_attribute_value_chars",
                            len(value),
                            f"attribute {name!r} of <{element.tag}> too long",
                        )
            else:
                self._depth -= 1
                if self._depth == 1:
                    root = self._root
                    assert root is not None
                    root.remove(element)
                    element.tail = None
                    root.text = None  # drop text between messages, keep memory flat
                    self._element_count = 0
                    boundary = True
                    events.append(MessageReceived(element))
                elif self._depth == 0:
                    self._ended = True
                    self._root = None
                    events.append(StreamEnded())
                    return boundary
        return boundary


def _scan(window: bytes) -> tuple[int, ProtocolError | None]:
    """Where the bytes libxml2 may see end, and the refusal found there (if any).

    Returns ``(cut, refusal)``: ``window[:cut]`` is safe to parse; with a refusal, the
    refused construct starts at ``cut``; without one, ``window[cut:]`` is held back (a
    possible start of refused markup or an incomplete entity reference at the very end).
    """
    first = len(window)
    refusal: ProtocolError | None = None
    for markup in _FORBIDDEN_MARKUP:
        position = window.find(markup, 0, first + len(markup) - 1)
        if 0 <= position < first:
            first = position
            name = markup[2:].decode()
            refusal = ForbiddenXmlError(
                f"{name} declarations are not allowed in the protocol stream"
            )
    hold = len(window)
    start = window.find(b"&", 0, first)
    while start >= 0:
        if _VALID_REFERENCE.match(window, start) is None:
            if _REFERENCE_PREFIX.fullmatch(window, start) is not None:
                hold = start  # the window ends in a reference the next chunk may complete
                break
            # Shown up to the first byte that cannot continue a reference (the same bytes
            # however the stream was split).
            end = start + 2
            while _REFERENCE_PREFIX.fullmatch(window, start, end) is not None:
                end += 1
            reference = window[start:end]
            return start, MalformedXmlError(
                f"malformed XML: {reference!r}... is not a predefined entity or a"
                " character reference (a bare '&' must be written '&amp;')"
            )
        start = window.find(b"&", start + 1, first)
    if refusal is not None:
        return first, refusal
    # A proper prefix of refused markup at the very end ('<', '<!', '<!DOC', ...).
    for markup in _FORBIDDEN_MARKUP:
        for length in range(len(markup) - 1, 0, -1):
            if window.endswith(markup[:length]):
                hold = min(hold, len(window) - length)
                break
    return hold, None
