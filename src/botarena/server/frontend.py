"""The asyncio TCP frontend: bytes in, requests to the lobby, messages out.

One :class:`ScConnection` (an ``asyncio.Protocol``, not streams: no task per connection and
no extra copies) per client. Incoming bytes go through the sans-I/O
:class:`~botarena.protocol.sc_xml.ScStreamParser`; each complete message is decoded and
handled at once, before the next one (spec §1.3). Outgoing messages are written one
``transport.write`` each (so a move request never shares a write with the state before it)
with ``TCP_NODELAY`` set.

Flow control: when a client stops reading and the transport's buffer passes its high-water
mark, the connection stops reading from that client too (it cannot flood us with requests
whose answers it does not take); past ``max_outbound_buffer`` bytes the client is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_errors import ProtocolError
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded, StreamLimits
from botarena.protocol.xstream import ScStreamWriter
from botarena.server import wire
from botarena.server.attribute_tabs import AttributeTabEscaper
from botarena.server.lobby import Lobby, SlotDescriptor
from botarena.server.plugin import Element, GameSetup
from botarena.server.seed_move_end_tag import MoveEndTagRepair

if TYPE_CHECKING:
    from botarena.server.config import ServerConfig

log = logging.getLogger(__name__)

JOIN_ROOM_TAG = "joinRoom"
"""2021 ``<joinRoom roomId/>``: take a free unreserved slot of a prepared room."""

_WHITESPACE = b" \t\r\n"


class ScConnection(asyncio.Protocol):
    """One client of the Software-Challenge XML server."""

    def __init__(
        self,
        lobby: Lobby,
        config: ServerConfig,
        peer_id: int,
        limits: StreamLimits,
        registry: dict[int, ScConnection],
    ) -> None:
        self.lobby = lobby
        self.config = config
        self.peer_id = peer_id
        self.is_admin = False
        self._attribute_tabs = AttributeTabEscaper()
        self._move_end_tag = MoveEndTagRepair()
        self.current_request: Element | None = None
        """The request element being dispatched (echoed in 2021 ``errorpacket`` replies)."""
        self._registry = registry
        self._parser = ScStreamParser(limits)
        self._writer = ScStreamWriter()
        self._transport: asyncio.Transport | None = None
        self._closed = False
        self._reading_paused = False
        loop = asyncio.get_running_loop()
        self._time: Callable[[], float] = loop.time
        self.connected_at = loop.time()
        self.messages_received = 0
        self.partial_since: float | None = None
        """When the client started a message it has not finished (slowloris detection)."""
        self.grace_deadline: float | None = None
        """When a finished player's connection is closed unless it joins again."""

    # ----------------------------------------------------------------- Peer

    @property
    def closed(self) -> bool:
        return self._closed

    def send(self, message: bytes) -> None:
        if self._closed or self._transport is None:
            return
        self._transport.write(self._writer.message_bytes(message))
        if self._transport.get_write_buffer_size() > self.config.max_outbound_buffer:
            log.warning("connection %d does not read its messages; dropping it", self.peer_id)
            self._closed = True
            self._transport.abort()

    def close(self, close_element: bytes | None = None, *, end_document: bool = True) -> None:
        if self._closed or self._transport is None:
            return
        for message in self.lobby.farewell(self):  # 2026+: <left/> before every close
            self.send(message)
        if close_element is not None:
            self._transport.write(self._writer.message_bytes(close_element))
        if end_document:
            self._transport.write(self._writer.close())
        self._closed = True
        self._transport.close()

    # ----------------------------------------------------------------- asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):  # not a TCP socket (socketpairs in tests)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if len(self._registry) >= self.config.max_connections:
            log.warning("connection limit %d reached; refusing", self.config.max_connections)
            self._closed = True
            self._transport.abort()
            return
        self._registry[self.peer_id] = self

    def data_received(self, data: bytes) -> None:
        if self._closed:
            return
        received_at = self._time()
        profile = self.lobby.profile_for(self)
        data = self._move_end_tag.feed(data, profile.accept_seed_move_end_tag)
        data = self._attribute_tabs.feed(data, profile.keep_raw_tabs_in_attributes)
        try:
            events = self._parser.feed(data)
        except ProtocolError as error:
            for event in getattr(error, "events", ()):
                if self._closed:
                    return
                self._handle(event, received_at)
            log.info("connection %d: protocol error: %s", self.peer_id, error)
            self._drop()
            return
        for event in events:
            if self._closed:
                return
            self._handle(event, received_at)
        self._track_partial(data, bool(events), received_at)

    def close_by_server(self) -> None:
        """The server ends this connection on its own (idle, shutdown, a failed request).
        2026+ connections get ``<left/>`` for their rooms and the close element first, never a
        bare close; older profiles just end the document."""
        profile = self.lobby.profile_for(self)
        if profile.left_before_close:
            self.close(wire.close_element(profile))
        else:
            self.close()

    def eof_received(self) -> bool | None:
        self._drop(client_gone=True)
        return False

    def _drop(self, *, client_gone: bool = False) -> None:
        """Close because of the client's end of stream (``client_gone``: nothing is written
        on a 2026+ connection) or unreadable input (profile decides whether ``</protocol>`` is
        written first; 2026+ sends ``left`` and the close element)."""
        profile = self.lobby.profile_for(self)
        if profile.left_before_close:
            if client_gone:
                self._closed = True
                if self._transport is not None:
                    self._transport.close()
                return
            self.close_by_server()
            return
        self.close(end_document=profile.end_document_on_drop)

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self._registry.pop(self.peer_id, None)
        try:
            self.lobby.peer_lost(self)
        except Exception:
            log.exception("connection %d: cleaning up after it failed", self.peer_id)

    def pause_writing(self) -> None:
        if self._transport is not None and not self._reading_paused:
            self._reading_paused = True
            self._transport.pause_reading()

    def resume_writing(self) -> None:
        if self._transport is not None and self._reading_paused and not self._closed:
            self._reading_paused = False
            self._transport.resume_reading()

    # ----------------------------------------------------------------- requests

    def _track_partial(self, data: bytes, completed: bool, now: float) -> None:
        """Remember since when the client has been in the middle of a message."""
        tail = data[data.rfind(b">") + 1 :] if completed else data
        if tail.strip(_WHITESPACE):
            if self.partial_since is None or completed:
                self.partial_since = now
        elif completed:
            self.partial_since = None

    def _handle(self, event: MessageReceived | StreamEnded, received_at: float) -> None:
        if isinstance(event, StreamEnded):
            self._drop(client_gone=True)
            return
        self.messages_received += 1
        if event.element.tag == JOIN_ROOM_TAG:  # 2021; not in the request decoder yet
            self.grace_deadline = None
            self.current_request = event.element
            try:
                self.lobby.join_room(self, event.element.get("roomId"))
            finally:
                self.current_request = None
            return
        try:
            request = msg.decode_request(event.element)
        except ProtocolError as error:
            log.info("connection %d: %s", self.peer_id, error)
            self._drop()
            return
        self.current_request = event.element
        try:
            self.dispatch(request, received_at)
        except Exception:  # a bug must cost this connection at most, never the server
            log.exception("connection %d: request %s failed", self.peer_id, type(request).__name__)
            self.close_by_server()
        finally:
            self.current_request = None

    def dispatch(self, request: msg.Request, received_at: float) -> None:
        lobby = self.lobby
        if isinstance(request, msg.RoomPacket):
            lobby.room_message(self, request.room_id, request.data, received_at)
        elif isinstance(request, msg.Join):
            self.grace_deadline = None
            lobby.join(self, request.game_type)
        elif isinstance(request, msg.JoinPrepared):
            self.grace_deadline = None
            lobby.join_prepared(self, request.reservation_code)
        elif isinstance(request, msg.Authenticate):
            passphrase = request.passphrase if request.passphrase is not None else request.password
            lobby.authenticate(self, passphrase)
        elif isinstance(request, msg.Prepare):
            # 2021 pauses the whole room with ``prepare@pause="true"`` instead of per-slot
            # ``shouldBePaused`` (spec §9); the decoded request does not carry it yet.
            room_paused = (
                self.current_request is not None
                and (self.current_request.get("pause") or "").lower() == "true"
            )
            raw_slots = [] if self.current_request is None else self.current_request.findall("slot")
            reserved = [_reserved_attribute(raw) for raw in raw_slots]
            reserved += [None] * (len(request.slots) - len(reserved))
            slots = [
                SlotDescriptor(
                    slot.display_name or msg.UNKNOWN_DISPLAY_NAME,
                    slot.can_timeout,
                    slot.should_be_paused or room_paused,
                    reserved[index],
                )
                for index, slot in enumerate(request.slots)
            ]
            setup = None
            if request.load_game_info is not None:
                setup = GameSetup(initial_state=request.load_game_info)
            lobby.prepare(self, request.game_type, slots, setup)
        elif isinstance(request, msg.Observe):
            lobby.observe(self, request.room_id)
        elif isinstance(request, msg.Pause):
            lobby.pause(self, request.room_id, request.pause)
        elif isinstance(request, msg.Step):
            lobby.step(self, request.room_id, request.forced)
        elif isinstance(request, msg.Cancel):
            lobby.cancel(self, request.room_id)
        elif isinstance(request, msg.FreeReservation):
            lobby.free_reservation(self, request.reservation)
        elif isinstance(request, msg.Timeout):
            lobby.set_timeout(self, request.room_id, request.slot, request.activate)
        elif isinstance(request, msg.TestMode):
            lobby.set_test_mode(self, request.test_mode)
        elif isinstance(request, msg.ScoreForPlayer):
            lobby.score_for_player(self, request.display_name)
        elif isinstance(request, msg.CloseConnection):
            lobby.close_requested(self)


def _reserved_attribute(slot: Element) -> bool | None:
    """2021 ``slot@reserved`` (absent: ``None``)."""
    value = slot.get("reserved")
    return None if value is None else value.lower() == "true"  # Boolean.valueOf


def sweep_idle(connections: dict[int, ScConnection], lobby: Lobby, now: float) -> int:
    """Close connections that never said anything, dribble a message, or linger after a game.

    Returns the number of connections closed. Runs about once a second.
    """
    closed = 0
    for connection in list(connections.values()):
        if connection.closed:
            continue
        config = connection.config
        reason = None
        if (
            connection.messages_received == 0
            and now - connection.connected_at > config.first_message_timeout_s
        ):
            reason = "no message within the first-message timeout"
        elif (
            connection.partial_since is not None
            and now - connection.partial_since > config.partial_message_timeout_s
        ):
            reason = "a message stayed incomplete past the partial-message timeout"
        elif (
            connection.grace_deadline is not None
            and now > connection.grace_deadline
            and not connection.is_admin
            and not lobby.is_seated(connection)
        ):
            reason = "finished player did not leave"
            connection.grace_deadline = None
        if reason is not None:
            log.info("connection %d closed: %s", connection.peer_id, reason)
            connection.close_by_server()
            closed += 1
    return closed
