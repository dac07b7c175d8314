"""One bot's TCP connection: a background reader that queues complete lines and notices EOF.

Reading in the background (instead of only when a move is due) is what lets the server see a
disconnect at once (spec §13.2) while keeping the original's queueing of extra lines: a line
a bot sends early stays queued and is read as its answer to a later request (§13.3).
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

READ_CHUNK = 65536
MAX_QUEUED_LINES = 256
"""Lines a bot may send ahead of its requests; more is flooding and closes the connection."""
DRAIN_THRESHOLD = 64 * 1024
"""Queued bytes above which a game waits for the bot's socket before going on."""
MAX_WRITE_BUFFER = 1 << 20
"""Bytes queued for a bot that does not read; beyond this the bot counts as gone."""


class Connection:
    """A bot's connection. ``wakeup`` is called whenever a line arrives or the bot is gone."""

    def __init__(
        self,
        conn_id: int,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        max_line_bytes: int = MAX_LINE_BYTES,
    ) -> None:
        self.conn_id = conn_id
        self.reader = reader
        self.writer = writer
        self.lines: deque[Line] = deque()
        self.eof = False
        self.closed = False
        self._splitter = LineReader(max_line_bytes)
        self._pending: list[bytes] = []
        self._waiters: list[Callable[[], None]] = []
        self._line_arrived = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        sock = writer.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            # The original's missing TCP_NODELAY cost ~40 ms per turn (spec §11, §13.2).
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._read_loop())

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` on every new line and when the connection ends."""
        self._waiters.append(callback)

    @property
    def gone(self) -> bool:
        """The bot closed its side (or errored) and every line it sent has been consumed."""
        return (self.eof or self.closed) and not self.lines

    async def _read_loop(self) -> None:
        try:
            while True:
                data = await self.reader.read(READ_CHUNK)
                if not data:
                    self._push(self._splitter.finish())
                    break
                self._push(self._splitter.feed(data))
                if len(self.lines) > MAX_QUEUED_LINES:
                    log.warning(
                        "connection %d: more than %d queued lines, closing",
                        self.conn_id,
                        MAX_QUEUED_LINES,
                    )
                    self.lines.clear()
                    break
        except (ConnectionError, OSError):
            pass
        except asyncio.CancelledError:
            raise
        finally:
            self.eof = True
            self._notify()

    def _push(self, lines: list[Line]) -> None:
        if lines:
            self.lines.extend(lines)
            self._notify()

    def _notify(self) -> None:
        self._line_arrived.set()
        for callback in self._waiters:
            callback()

    async def next_line(self, timeout: float | None) -> Line | None:
        """The next queued line; ``None`` on EOF or timeout (used for the handshake)."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while not self.lines:
            if self.eof or self.closed:
                return None
            self._line_arrived.clear()
            remaining = None if deadline is None else deadline - loop.time()
            if remaining is not None and remaining <= 0:
                return None
            try:
                await asyncio.wait_for(self._line_arrived.wait(), remaining)
            except TimeoutError:
                return None
        return self.lines.popleft()

    def send(self, data: bytes) -> bool:
        """Queue ``data`` for the bot (written by :meth:`flush`); ``False`` when the
        connection is unusable. Several messages then go out in one system call: the bytes on
        the wire are the same, but a turn costs one ``send`` per bot instead of one per line."""
        if self.closed:
            return False
        self._pending.append(data)
        return True

    def flush(self) -> bool:
        """Write every queued message; ``False`` when the connection is unusable."""
        if not self._pending:
            return not self.closed
        data = b"".join(self._pending)
        self._pending.clear()
        if self.closed or self.writer.is_closing():
            return False
        transport = self.writer.transport
        if transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            log.warning("connection %d: bot does not read, closing", self.conn_id)
            self.close()
            return False
        try:
            self.writer.write(data)
        except (ConnectionError, OSError, RuntimeError):
            self.close()
            return False
        return True

    def close(self) -> None:
        if self.closed:
            return
        self.flush()
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._notify()

    def needs_drain(self) -> bool:
        """Whether the bot lags behind enough that we should wait for the socket."""
        if self.closed or self.writer.is_closing():
            return False
        return self.writer.transport.get_write_buffer_size() > DRAIN_THRESHOLD

    async def drain(self) -> None:
        self.flush()
        if self.closed:
            return
        try:
            await self.writer.drain()
        except (ConnectionError, OSError, RuntimeError):
            self.close()
