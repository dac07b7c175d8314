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

Fairness: a connection's messages are handled at most ``MESSAGES_PER_TURN`` per event-loop
turn; the rest wait (with reading paused) for the next turn, so a flooding client delays the
others by a few dozen messages, not by its whole read. Each message keeps the time its bytes
were read, which is what a move is timed from.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_errors import ProtocolError
from botarena.protocol.sc_plugin import Element
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded, StreamLimits
from botarena.protocol.xstream import ScStreamWriter
from botarena.server import wire
from botarena.server.attribute_tabs import AttributeTabEscaper
from botarena.server.lobby import Lobby
from botarena.server.pacing import PacedWriter, WrittenCallback
from botarena.server.peer import TimerHandle
from botarena.server.seed_move_end_tag import MoveEndTagRepair

if TYPE_CHECKING:
    from botarena.server.config import ServerConfig

log = logging.getLogger(__name__)

MESSAGES_PER_TURN = 16
"""Messages of one connection handled per event-loop turn; the rest wait for the next turn
(with the connection not read from meanwhile), so a flooding client cannot hold up others."""
PARSE_SLICE_BYTES = 4096
"""Bytes of one connection parsed at a time (a read can hold 256 KiB of small requests)."""
ADMIN_REQUESTS = (
    msg.Prepare,
    msg.Observe,
    msg.Pause,
    msg.Step,
    msg.Cancel,
    msg.FreeReservation,
    msg.Timeout,
    msg.TestMode,
    msg.ScoreForPlayer,
)
"""Requests only an administrator may make (counted against ``max_unauthorized_requests``)."""

_WHITESPACE = b" \t\r\n"

LINGER_S = 2.0
"""After dropping a client for unreadable input, how long its connection stays half-closed
(our end of stream sent, its input read and thrown away) before the socket is closed."""
LINGER_MAX_BYTES = 1 << 20
"""How much input of a dropped client is thrown away while lingering; past it, the socket is
closed at once."""


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
        self.address: str | None = None
        """The peer's IP address (failed ``authenticate`` attempts are counted per address)."""
        self._attribute_tabs = AttributeTabEscaper()
        self._move_end_tag = MoveEndTagRepair()
        self.current_request: Element | None = None
        """The request element being dispatched (echoed in 2021 ``errorpacket`` replies)."""
        self._registry = registry
        self._parser = ScStreamParser(limits)
        self._writer = ScStreamWriter()
        self._transport: asyncio.Transport | None = None
        self._paced: PacedWriter | None = None
        """Writes messages a pace apart (:meth:`pace`); ``None``: written at once."""
        self._closed = False
        self._reading_paused = False
        """Not reading because the client does not read its messages (flow control)."""
        self._backlog_paused = False
        """Not reading because messages already read wait to be handled."""
        self._unparsed: deque[tuple[bytes, float]] = deque()
        """Bytes read but not parsed yet, with the time they were read."""
        self._backlog: deque[tuple[MessageReceived | StreamEnded | ProtocolError, float]] = deque()
        """Parsed messages not handled yet, with the time their bytes were read (a move is
        timed from then: the time the server spends on others is not charged to it)."""
        self._work_scheduled = False
        self.unauthorized_requests = 0
        """Requests only an administrator may make that this (non-admin) connection sent."""
        self._time: Callable[[], float] = lobby.clock.time
        self.connected_at = self._time()
        self.messages_received = 0
        self.last_progress_at = self.connected_at
        """When the connection last was in a game or an administrator (see the idle sweep)."""
        self.partial_since: float | None = None
        """When the client started a message it has not finished (slowloris detection)."""
        self.grace_deadline: float | None = None
        """When a finished player's connection is closed unless it joins again."""
        self._linger_timer: TimerHandle | None = None
        """Set while the connection lingers half-closed after a drop (see :meth:`_linger`)."""
        self._linger_bytes_left = 0
        self._left_lobby = False

    # ----------------------------------------------------------------- Peer

    @property
    def closed(self) -> bool:
        return self._closed

    def _lost(self) -> bool:
        """Closed by us, or the transport gave up (a failed send or read; asyncio reports
        ``connection_lost`` a moment later). Writing then only makes asyncio log
        ``socket.send() raised exception``."""
        transport = self._transport
        if self._closed or transport is None:
            return True
        if transport.is_closing():
            self._closed = True
            return True
        return False

    def send(self, message: bytes) -> None:
        if self._lost():
            return
        assert self._transport is not None
        if self._paced is not None:
            self._paced.write(self._writer.message_bytes(message))
            return
        self._transport.write(self._writer.message_bytes(message))
        if self._transport.get_write_buffer_size() > self.config.max_outbound_buffer:
            self._overflow()

    def when_written(self, callback: WrittenCallback) -> None:
        """Call ``callback`` with the time everything sent so far has been written: at once
        unless the connection is paced (the room starts a move clock from it)."""
        if self._paced is None or self._lost():
            callback(self._time())
            return
        self._paced.when_written(callback)

    def pace(self, pace_ms: int) -> None:
        """From now on write messages at least ``pace_ms`` apart (a no-op when already
        paced or ``pace_ms`` is 0)."""
        if self._paced is not None or pace_ms <= 0 or self._transport is None:
            return
        self._paced = PacedWriter(
            self._transport,
            self.lobby.clock,
            pace_ms / 1000.0,
            self._overflow,
            self.config.max_outbound_buffer,
        )

    def _overflow(self) -> None:
        log.warning("connection %d does not read its messages; dropping it", self.peer_id)
        self._closed = True
        if self._transport is not None:
            self._transport.abort()

    def close(
        self, close_element: bytes | None = None, *, end_document: bool = True, linger: bool = False
    ) -> None:
        if self._lost():
            return
        assert self._transport is not None
        if self._paced is not None:
            if close_element is not None:
                self._paced.write(self._writer.message_bytes(close_element))
            self._closed = True
            self._paced.close_after_queue(self._writer.close() if end_document else b"")
            return
        for message in self.lobby.farewell(self):  # 2026+: <left/> before every close
            self.send(message)
        if close_element is not None:
            self._transport.write(self._writer.message_bytes(close_element))
        if end_document:
            self._transport.write(self._writer.close())
        self._closed = True
        if linger and self._transport.can_write_eof():
            self._linger()
        else:
            self._transport.close()

    def _linger(self) -> None:
        """Half-close and keep reading for a moment. Closing a socket with unread input makes
        the kernel answer with a reset, and a client still sending (e.g. an oversized message)
        would lose our last words to it."""
        transport = self._transport
        assert transport is not None
        transport.write_eof()
        self._linger_bytes_left = LINGER_MAX_BYTES
        self._linger_timer = self.lobby.clock.call_later(LINGER_S, transport.close)
        asyncio.get_running_loop().call_soon(self._leave_lobby)  # its rooms go on without it
        self._backlog_paused = self._reading_paused = False
        transport.resume_reading()

    def _discard_lingering(self, data: bytes) -> None:
        self._linger_bytes_left -= len(data)
        if self._linger_bytes_left < 0 and self._transport is not None:
            self._transport.close()

    # ----------------------------------------------------------------- asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)
        peername = transport.get_extra_info("peername")
        if isinstance(peername, tuple) and peername:
            self.address = str(peername[0])
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
        # --pace-ms for every connection, or --pace-client ADDRESS (names: when seated)
        if not self.config.pace_clients or self.address in self.config.pace_clients:
            self.pace(self.config.pace_ms)

    def data_received(self, data: bytes) -> None:
        if self._closed:
            if self._linger_timer is not None:
                self._discard_lingering(data)
            return
        received_at = self._time()
        profile = self.lobby.profile_for(self)
        data = self._move_end_tag.feed(data, profile.accept_seed_move_end_tag)
        data = self._attribute_tabs.feed(data, profile.keep_raw_tabs_in_attributes)
        self._unparsed.append((data, received_at))
        self._work()

    def _work(self) -> None:
        """Handle at most ``MESSAGES_PER_TURN`` messages (parsing at most ``PARSE_SLICE_BYTES``
        at a time), then let the event loop serve the other connections. While a backlog is
        left, this connection is not read from: what one client sends cannot hold up the
        others, and its backlog never grows beyond one read."""
        self._work_scheduled = False
        budget = MESSAGES_PER_TURN
        while budget > 0 and not self._closed:
            if self._backlog:
                event, received_at = self._backlog.popleft()
                if isinstance(event, ProtocolError):
                    log.info("connection %d: protocol error: %s", self.peer_id, event)
                    self._drop()
                    break
                self._handle(event, received_at)
                budget -= 1
            elif self._unparsed:
                self._parse_slice()
            else:
                break
        if self._closed:
            self._backlog.clear()
            self._unparsed.clear()
            return
        busy = bool(self._backlog or self._unparsed)
        if busy and not self._work_scheduled:
            self._work_scheduled = True
            asyncio.get_running_loop().call_soon(self._work)
        self._set_backlog_pause(busy)

    def _parse_slice(self) -> None:
        data, received_at = self._unparsed[0]
        piece = data[:PARSE_SLICE_BYTES]
        if len(piece) < len(data):
            self._unparsed[0] = (data[PARSE_SLICE_BYTES:], received_at)
        else:
            self._unparsed.popleft()
        try:
            events = self._parser.feed(piece)
        except ProtocolError as error:
            self._unparsed.clear()
            completed = cast(tuple[MessageReceived | StreamEnded, ...], error.events)
            self._backlog.extend((event, received_at) for event in completed)
            self._backlog.append((error, received_at))
            return
        self._backlog.extend((event, received_at) for event in events)
        self._track_partial(piece, bool(events), received_at)

    def _set_backlog_pause(self, paused: bool) -> None:
        transport = self._transport
        if transport is None or paused == self._backlog_paused:
            return
        self._backlog_paused = paused
        if paused and not self._reading_paused:
            transport.pause_reading()
        elif not paused and not self._reading_paused:
            transport.resume_reading()

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
        if self._linger_timer is not None and self._transport is not None:
            self._transport.close()  # the dropped client has stopped sending
            return False
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
        self.close(end_document=profile.end_document_on_drop, linger=not client_gone)

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        if self._linger_timer is not None:
            self._linger_timer.cancel()
        if self._paced is not None:
            self._paced.discard()
        self._registry.pop(self.peer_id, None)
        self._leave_lobby()

    def _leave_lobby(self) -> None:
        if self._left_lobby:
            return
        self._left_lobby = True
        try:
            self.lobby.peer_lost(self)
        except Exception:
            log.exception("connection %d: cleaning up after it failed", self.peer_id)

    def pause_writing(self) -> None:
        if self._transport is not None and not self._reading_paused:
            self._reading_paused = True
            if not self._backlog_paused:
                self._transport.pause_reading()

    def resume_writing(self) -> None:
        if self._transport is not None and self._reading_paused and not self._closed:
            self._reading_paused = False
            if not self._backlog_paused:
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
        in_game_before = self.is_admin or self.lobby.is_seated(self)
        try:
            self._handle_message(event, received_at)
        finally:
            if in_game_before or self.is_admin or self.lobby.is_seated(self):
                self.last_progress_at = received_at

    def _handle_message(self, event: MessageReceived, received_at: float) -> None:
        try:
            request = msg.decode_request(event.element)
        except ProtocolError as error:
            log.info("connection %d: %s", self.peer_id, error)
            self._drop()
            return
        if not self.is_admin and isinstance(request, ADMIN_REQUESTS):
            self.unauthorized_requests += 1
            if self.unauthorized_requests > self.config.max_unauthorized_requests:
                log.info(
                    "connection %d: more than %d requests it may not make; closing it",
                    self.peer_id,
                    self.config.max_unauthorized_requests,
                )
                self.close(wire.close_element(self.lobby.profile_for(self)))
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
            lobby.join(self, request.game_type, request.display_name)
        elif isinstance(request, msg.JoinPrepared):
            self.grace_deadline = None
            lobby.join_prepared(self, request.reservation_code, request.display_name)
        elif isinstance(request, msg.Authenticate):
            passphrase = request.passphrase if request.passphrase is not None else request.password
            lobby.authenticate(self, passphrase)
        elif isinstance(request, msg.JoinRoom):
            self.grace_deadline = None
            lobby.join_room(self, request.room_id, request.display_name)
        elif isinstance(request, msg.Prepare):
            lobby.prepare(self, request)
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


def sweep_idle(connections: dict[int, ScConnection], lobby: Lobby, now: float) -> int:
    """Close connections that never said anything, dribble a message, linger after a game,
    or stay outside any game without progress (``no_progress_timeout_s``).

    Returns the number of connections closed. Runs about once a second.
    """
    closed = 0
    for connection in list(connections.values()):
        if connection.closed:
            continue
        config = connection.config
        reason = None
        in_game = connection.is_admin or lobby.is_seated(connection)
        if in_game:
            connection.last_progress_at = now
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
        elif not in_game and now - connection.last_progress_at > config.no_progress_timeout_s:
            reason = "no progress (joined room, authentication, move) within the timeout"
        if reason is not None:
            log.info("connection %d closed: %s", connection.peer_id, reason)
            connection.close_by_server()
            closed += 1
    return closed
