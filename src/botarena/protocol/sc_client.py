"""The sans-I/O core of every Software-Challenge client: bytes in, typed events out; typed
requests in, bytes out (the shape of websockets' sans-I/O protocol objects).

::

    client = ScClient()
    client.send(Join("swc_2026_piranhas"))    # queues "<protocol><join …/>"
    transport.write(client.data_to_send())
    client.receive_data(chunk)                # any split of the server's stream
    for event in client.events_received():    # Received | Undecodable | ServerClosed
        ...
    client.receive_eof()                      # the connection ended
    client.close()                            # queues our "</protocol>"

It never touches a socket: the bot SDK (:class:`botarena.client.session.BotSession`), the
runner's remote host, the web's start-from-here and the human seat all drive one through
:mod:`botarena.client.sc_connection` (one asyncio and one blocking wrapper), and the tests
drive it with bytes. Nobody else reads the server's stream.

The admin requests differ between server generations; :func:`authenticate`, :func:`prepare`
and :func:`start_position` write what the season's official server reads (its
:class:`~botarena.protocol.sc_profiles.ProtocolProfile`): ``passphrase`` (2018/2019) or
``password`` (2020+), ``slot@reserved`` (2021+), and a ``loadGameInfo`` only when a start
position is asked for, in the shape of the generation.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from lxml import etree

from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_errors import ProtocolError
from botarena.protocol.sc_plugin import LOAD_GAME_INFO_TAG
from botarena.protocol.sc_profiles import ProtocolProfile
from botarena.protocol.sc_xml import (
    DEFAULT_LIMITS,
    MessageReceived,
    ScStreamParser,
    StreamEnded,
    StreamLimits,
)
from botarena.protocol.xstream import ScStreamWriter

__all__ = [
    "ClientEvent",
    "Received",
    "ScClient",
    "ServerClosed",
    "Undecodable",
    "authenticate",
    "parse_room_data",
    "prepare",
    "start_position",
]

Element = etree._Element


@dataclass(frozen=True, slots=True)
class Received:
    """One server message, decoded."""

    message: msg.ServerMessage
    _element: Element = field(repr=False, compare=False)

    def xml(self) -> bytes:
        """The message as XML bytes (a replay keeps them as they came)."""
        return etree.tostring(self._element)


@dataclass(frozen=True, slots=True)
class ServerClosed:
    """Nothing more comes from the server: it ended its document, the connection ended
    (``eof``), or its bytes stopped being a readable stream (``error``)."""

    eof: bool = False
    error: ProtocolError | None = None


@dataclass(frozen=True, slots=True)
class Undecodable:
    """A well-formed message the typed codec does not know or cannot read (the ``error``
    names its tag); the stream goes on."""

    error: ProtocolError


ClientEvent = Received | Undecodable | ServerClosed


class ScClient:
    """One client connection to an SC server, without I/O; see the module docstring."""

    __slots__ = ("_ended", "_events", "_outgoing", "_parser", "_writer")

    def __init__(self, limits: StreamLimits = DEFAULT_LIMITS) -> None:
        self._parser = ScStreamParser(limits)
        self._writer = ScStreamWriter()  # the lazy ``<protocol>``, written compact
        self._outgoing = bytearray()
        self._events: list[ClientEvent] = []
        self._ended = False

    @property
    def closed(self) -> bool:
        """We ended our stream (:meth:`close`)."""
        return self._writer.closed

    @property
    def ended(self) -> bool:
        """Nothing more comes from the server (a :class:`ServerClosed` was received)."""
        return self._ended

    # -- outgoing ----------------------------------------------------------------------------

    def send(self, request: msg.Request) -> None:
        """Queue ``request`` (the first one opens our ``<protocol>``)."""
        self._outgoing += self._writer.message_bytes(etree.tostring(request.to_element()))

    def close(self) -> None:
        """Queue the end of our stream (the server answers by closing); idempotent."""
        if not self._writer.closed:
            self._outgoing += self._writer.close()

    def data_to_send(self) -> bytes:
        """The bytes queued since the last call (possibly empty)."""
        data = bytes(self._outgoing)
        self._outgoing.clear()
        return data

    # -- incoming ----------------------------------------------------------------------------

    def receive_data(self, data: bytes) -> None:
        """Parse ``data`` (bytes exactly as received); the events wait in
        :meth:`events_received`."""
        if self._ended:
            return
        try:
            stream_events = self._parser.feed(data)
        except ProtocolError as error:
            self._take(error.events)
            self._end(ServerClosed(error=error))
            return
        self._take(stream_events)

    def receive_eof(self) -> None:
        """The connection ended."""
        self._end(ServerClosed(eof=True))

    def events_received(self) -> list[ClientEvent]:
        """The events since the last call, in stream order."""
        events, self._events = self._events, []
        return events

    def _take(self, stream_events: Iterable[object]) -> None:
        """The parser's events (``ProtocolError.events`` is untyped) as client events."""
        for event in stream_events:
            if self._ended:
                return
            if isinstance(event, MessageReceived):
                self._events.append(_decode(event.element))
            elif isinstance(event, StreamEnded):
                self._end(ServerClosed())

    def _end(self, event: ServerClosed) -> None:
        if not self._ended:
            self._ended = True
            self._events.append(event)


def _decode(element: Element) -> Received | Undecodable:
    try:
        return Received(msg.decode_server_message(element), element)
    except ProtocolError as error:
        return Undecodable(error)


# -- requests as each server generation reads them ---------------------------------------------


def authenticate(password: str, profile: ProtocolProfile) -> msg.Authenticate:
    """``<authenticate>`` with the password in the attribute the generation reads."""
    if profile.authenticate_attribute == "password":
        return msg.Authenticate(None, password)
    return msg.Authenticate(password)


def start_position(state: Element, profile: ProtocolProfile) -> Element:
    """The ``<loadGameInfo>`` of ``state`` (a copy): 2018/2019 the state itself, aliased
    (``class="state"``, the official shape); 2021+ the state inside (botarena's servers)."""
    copied = copy.deepcopy(state)
    copied.tail = None
    if profile.official_start_position:
        copied.tag = LOAD_GAME_INFO_TAG
        copied.set("class", "state")
        return copied
    wrapper = etree.Element(LOAD_GAME_INFO_TAG)
    wrapper.append(copied)
    return wrapper


def prepare(
    game_type: str,
    slots: Iterable[msg.SlotDescriptor],
    profile: ProtocolProfile,
    *,
    start: Element | None = None,
) -> msg.Prepare:
    """``<prepare>`` for the generation: every slot gets a reservation code (2021+ say so
    with ``reserved="true"``); a ``loadGameInfo`` only when ``start`` (a state) is given.
    2021+ official servers drop an admin whose ``prepare`` has one (see
    ``ProtocolProfile.official_start_position``)."""
    reserved = True if profile.slot_reserved_attribute else None
    return msg.Prepare(
        game_type,
        tuple(dataclasses.replace(slot, reserved=reserved) for slot in slots),
        None if start is None else start_position(start, profile),
    )


def parse_room_data(data: str | bytes) -> Element:
    """A ``<data …>`` payload given as XML text (a move the client made earlier), read
    without entities or network; ``ValueError`` when it is not one."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        element = etree.fromstring(raw, parser)
    except etree.XMLSyntaxError as error:
        raise ValueError(f"not a <data> element: {error}") from None
    if element.tag != "data" or element.get("class") is None:
        raise ValueError(f"not a <data class=…> element: <{element.tag}>")
    return element
