"""Pacing: at least N ms between two messages to one connection.

Some real clients read exactly one message per read: the 2019 C++ client reads up to
``</room>`` into a fresh buffer each time and drops whatever else arrived in the same read.
Against a bot that answers in a millisecond it then loses a memento or a move request. With
pacing, each message to a connection is written at least ``pace_s`` after the previous one,
so such a client finds one message per read. Messages to other connections are not delayed.
The frontend only creates a :class:`PacedWriter` for a connection that is paced (``botarena
serve --pace-ms N``, for every connection or those named by ``--pace-client``; a prepared
slot's ``pace_ms``): without it, the write path reads no clock at all. The move clock of a
paced player starts when its move request is written, not when it was queued
(:meth:`PacedWriter.when_written`), so the pace is never charged to it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from botarena.server.peer import Clock, TimerHandle

WrittenCallback = Callable[[float], None]
"""Called with the clock time at which a message was handed to the transport."""


@dataclass(eq=False)
class PacedWriter:
    """Writes messages to one transport, ``pace_s`` apart, in order; then maybe closes it."""

    transport: asyncio.Transport
    clock: Clock
    pace_s: float
    on_overflow: Callable[[], None]
    max_buffered: int
    messages_written: int = field(default=0, init=False)
    """Messages handed to the transport so far (each one write)."""
    _queue: deque[bytes] = field(default_factory=deque, init=False)
    _queued_bytes: int = field(default=0, init=False)
    _close_after: bytes | None = field(default=None, init=False)
    """Set once the connection is to be closed after the queue: the bytes that end the
    stream (possibly empty)."""
    _next_write_at: float = field(default=float("-inf"), init=False)
    _timer: TimerHandle | None = field(default=None, init=False)
    _written_callbacks: deque[tuple[int, WrittenCallback]] = field(
        default_factory=deque, init=False
    )
    """Callbacks of :meth:`when_written`, each with the count of messages written after
    which it is due."""

    @property
    def idle(self) -> bool:
        return not self._queue and self._close_after is None

    def write(self, message: bytes) -> None:
        """Queue one complete message; it goes out at once if the pace allows."""
        self._queue.append(message)
        self._queued_bytes += len(message)
        if self._queued_bytes + self.transport.get_write_buffer_size() > self.max_buffered:
            self._queue.clear()
            self.on_overflow()
            return
        self._flush()

    def when_written(self, callback: WrittenCallback) -> None:
        """Call ``callback`` with the time the last queued message is written (at once when
        nothing is queued)."""
        if not self._queue:
            callback(self.clock.time())
            return
        self._written_callbacks.append((self.messages_written + len(self._queue), callback))

    def close_after_queue(self, ending: bytes) -> None:
        """Write ``ending`` right after the last queued message, then close the transport."""
        self._close_after = ending
        self._flush()

    def discard(self) -> None:
        """The connection is gone: forget the queue and the timer."""
        self._queue.clear()
        self._close_after = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._written_callbacks.clear()

    def _flush(self) -> None:
        if self._timer is not None:
            return
        transport = self.transport
        if transport.is_closing():
            self.discard()
            return
        if self._queue:
            now = self.clock.time()
            if now < self._next_write_at:
                self._timer = self.clock.call_later(self._next_write_at - now, self._on_timer)
                return
            message = self._queue.popleft()
            self._queued_bytes -= len(message)
            transport.write(message)
            self.messages_written += 1
            self._next_write_at = now + self.pace_s
            callbacks = self._written_callbacks
            while callbacks and callbacks[0][0] <= self.messages_written:
                callbacks.popleft()[1](now)
        if self._queue:
            self._timer = self.clock.call_later(self.pace_s, self._on_timer)
        elif self._close_after is not None:
            ending, self._close_after = self._close_after, None
            if ending:
                transport.write(ending)
            transport.close()

    def _on_timer(self) -> None:
        self._timer = None
        self._flush()
