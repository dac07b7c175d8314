"""One bot's TCP connection: an asyncio protocol that queues complete lines and notices EOF.

Reading all the time (instead of only when a move is due) is what lets the server see a
disconnect at once (spec §13.2) while keeping the original's queueing of extra lines: a line
a bot sends early stays queued and is read as its answer to a later request (§13.3).
A plain :class:`asyncio.Protocol` (no stream reader task per connection) keeps the cost per
message low: this is the server's hot path.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections import deque
from collections.abc import Callable

from botarena.protocol.maumau_json import MAX_LINE_BYTES, Line, LineReader

log = logging.getLogger(__name__)

MAX_QUEUED_LINES = 256
"""Lines a bot may send ahead of its requests; more is flooding and closes the connection."""
DRAIN_THRESHOLD = 64 * 1024
"""Queued bytes above which a game waits for the bot's socket before going on."""
MAX_WRITE_BUFFER = 1 << 20
"""Bytes queued for a bot that does not read; beyond this the bot counts as gone."""


class Connection(asyncio.Protocol):
    """A bot's connection. Subscribers are called whenever a line arrives or the bot is gone."""

    def __init__(
        self,
        conn_id: int,
        max_line_bytes: int = MAX_LINE_BYTES,
        on_connect: Callable[[Connection], None] | None = None,
    ) -> None:
        self.conn_id = conn_id
        self.transport: asyncio.Transport | None = None
        self.lines: deque[Line] = deque()
        self.eof = False
        self.closed = False
        self.peer = "?"
        self._splitter = LineReader(max_line_bytes)
        self._pending: list[bytes] = []
        self._subscribers: list[Callable[[], None]] = []
        self._line_waiter: asyncio.Future[None] | None = None
        self._drain_waiter: asyncio.Future[None] | None = None
        self._on_connect = on_connect
        self.transcript: list[tuple[float, str, bytes]] | None = None
        """When a list: every line in both directions as ``(time, "s2c"|"c2s", bytes)``."""

    # -- asyncio.Protocol ---------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            # The original's missing TCP_NODELAY cost ~40 ms per turn (spec §11, §13.2).
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        peer = transport.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        if self._on_connect is not None:
            self._on_connect(self)

    def data_received(self, data: bytes) -> None:
        if self.eof:
            return
        lines = self._splitter.feed(data)
        if not lines:
            return
        if self.transcript is not None:
            now = asyncio.get_running_loop().time()
            self.transcript += [(now, "c2s", line) for line in lines if isinstance(line, bytes)]
        self.lines.extend(lines)
        if len(self.lines) > MAX_QUEUED_LINES:
            log.warning(
                "connection %d: more than %d queued lines, closing", self.conn_id, MAX_QUEUED_LINES
            )
            self.lines.clear()
            self.eof = True
            self.close()
        self._notify()

    def eof_received(self) -> bool:
        self.lines.extend(self._splitter.finish())
        self.eof = True
        self._notify()
        return True  # keep our sending side open until the game closes it

    def connection_lost(self, exc: Exception | None) -> None:
        self.eof = True
        self.closed = True
        self._wake_drain()
        self._notify()

    def pause_writing(self) -> None:
        if self._drain_waiter is None or self._drain_waiter.done():
            self._drain_waiter = asyncio.get_running_loop().create_future()

    def resume_writing(self) -> None:
        self._wake_drain()

    # -- for the server -----------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` on every new line and when the connection ends."""
        self._subscribers.append(callback)

    @property
    def hung_up(self) -> bool:
        """The bot closed its side (or errored): it can send nothing more, though lines it
        sent before may still be queued."""
        return self.eof or self.closed

    @property
    def gone(self) -> bool:
        """The bot closed its side (or errored) and every line it sent has been consumed."""
        return self.hung_up and not self.lines

    def _notify(self) -> None:
        waiter = self._line_waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        for callback in self._subscribers:
            callback()

    def _wake_drain(self) -> None:
        waiter = self._drain_waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def next_line(self, timeout: float | None) -> Line | None:
        """The next queued line; ``None`` on EOF or timeout (used for the handshake)."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while not self.lines:
            if self.eof or self.closed:
                return None
            remaining = None if deadline is None else deadline - loop.time()
            if remaining is not None and remaining <= 0:
                return None
            waiter = self._line_waiter = loop.create_future()
            timer = None if remaining is None else loop.call_later(remaining, _wake, waiter)
            try:
                await waiter
            finally:
                self._line_waiter = None
                if timer is not None:
                    timer.cancel()
        return self.lines.popleft()

    def send(self, data: bytes) -> bool:
        """Queue ``data`` for the bot (written by :meth:`flush`); ``False`` when the
        connection is unusable. Several messages then go out in one system call: the bytes on
        the wire are the same, but a turn costs one ``send`` per bot instead of one per line."""
        if self.closed:
            return False
        self._pending.append(data)
        if self.transcript is not None:
            self.transcript.append((asyncio.get_running_loop().time(), "s2c", data))
        return True

    def flush(self) -> bool:
        """Write every queued message; ``False`` when the connection is unusable."""
        if not self._pending:
            return not self.closed
        data = b"".join(self._pending)
        self._pending.clear()
        transport = self.transport
        if self.closed or transport is None or transport.is_closing():
            return False
        if transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            log.warning("connection %d: bot does not read, closing", self.conn_id)
            self.close()
            return False
        try:
            transport.write(data)
        except (ConnectionError, OSError, RuntimeError):
            self.close()
            return False
        return True

    def needs_drain(self) -> bool:
        """Whether the bot lags behind enough that we should wait for the socket."""
        transport = self.transport
        if self.closed or transport is None or transport.is_closing():
            return False
        return transport.get_write_buffer_size() > DRAIN_THRESHOLD

    async def drain(self) -> None:
        self.flush()
        waiter = self._drain_waiter
        if waiter is not None and not waiter.done() and not self.closed:
            await waiter

    def close(self) -> None:
        if self.closed:
            return
        self.flush()
        self.closed = True
        if self.transport is not None:
            with contextlib.suppress(Exception):
                self.transport.close()
        self._wake_drain()
        self._notify()


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)
