"""The web port's connections: a cap, a file-descriptor reserve, header and body timeouts.

:class:`GuardedSite` listens like aiohttp's ``TCPSite`` but wraps each connection: beyond
:data:`~botarena.web.limits.MAX_WEB_CONNECTIONS`, or while fewer than
:data:`~botarena.web.limits.WEB_FD_RESERVE` file descriptors are free (the game servers of
the same process keep those), a new connection is answered 503 and closed. A connection must
send a request's headers within :data:`~botarena.web.limits.HEADER_TIMEOUT_S` of opening (or
of its last response) or it is closed; :func:`body_timeout` (a middleware) answers 408 to a
request whose body does not arrive within :data:`~botarena.web.limits.BODY_TIMEOUT_S`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from botarena.server.fd_budget import free_fds
from botarena.web import limits

log = logging.getLogger(__name__)

REFUSED_LOG_INTERVAL_S = 1.0
"""Refused web connections are logged at most once per this time (with their count)."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ConnectionGuard:
    """Counts the web port's connections and decides whether a new one is taken."""

    def __init__(self) -> None:
        self.open: dict[asyncio.BaseTransport, _GuardedConnection] = {}
        self.refused = 0
        self._refused_logged = 0
        self._last_log: float | None = None

    def refusal(self) -> str | None:
        """Why a new connection is refused now (None: it is taken)."""
        if len(self.open) >= limits.MAX_WEB_CONNECTIONS:
            return f"too many connections (MAX_WEB_CONNECTIONS={limits.MAX_WEB_CONNECTIONS})"
        free = free_fds()
        if free is not None and free < limits.WEB_FD_RESERVE:
            return (
                f"{free} file descriptors free, kept for the game servers"
                f" (WEB_FD_RESERVE={limits.WEB_FD_RESERVE})"
            )
        return None

    def note_refused(self, reason: str) -> None:
        self.refused += 1
        now = time.monotonic()
        if self._last_log is None or now - self._last_log >= REFUSED_LOG_INTERVAL_S:
            count, self._refused_logged = self.refused - self._refused_logged, self.refused
            self._last_log = now
            log.warning("web UI refuses new connections: %s (%d refused)", reason, count)

    def request_started(self, transport: asyncio.BaseTransport | None) -> None:
        connection = self.open.get(transport) if transport is not None else None
        if connection is not None:
            connection.disarm()

    def request_ended(self, transport: asyncio.BaseTransport | None) -> None:
        connection = self.open.get(transport) if transport is not None else None
        if connection is not None:
            connection.arm()


class _GuardedConnection(asyncio.Protocol):
    """aiohttp's request handler behind the guard (every protocol call is passed on)."""

    def __init__(self, inner: Any, guard: ConnectionGuard) -> None:
        self.inner = inner
        self.guard = guard
        self.transport: asyncio.Transport | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._taken = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        reason = self.guard.refusal()
        if reason is not None:
            self.guard.note_refused(reason)
            body = reason.encode()
            transport.write(
                b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n"
                b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
            )
            transport.close()
            return
        self._taken = True
        self.guard.open[transport] = self
        self.arm()
        self.inner.connection_made(transport)

    def arm(self) -> None:
        self.disarm()
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(limits.HEADER_TIMEOUT_S, self._expire)

    def disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self) -> None:
        self._timer = None
        if self.transport is not None:
            self.transport.abort()  # no request within HEADER_TIMEOUT_S

    def data_received(self, data: bytes) -> None:
        if self._taken:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self._taken else None

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        if not self._taken:
            return
        if self.transport is not None:
            self.guard.open.pop(self.transport, None)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self._taken:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self._taken:
            self.inner.resume_writing()


class GuardedSite(web.TCPSite):
    """``TCPSite`` whose connections pass the :class:`ConnectionGuard` first."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, guard: ConnectionGuard):
        super().__init__(runner, host, port, backlog=limits.WEB_ACCEPT_BACKLOG)
        self.guard = guard

    async def start(self) -> None:
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        guard = self.guard
        self._server = await asyncio.get_running_loop().create_server(
            lambda: _GuardedConnection(server(), guard),
            self._host,
            self._port,
            backlog=self._backlog,
            reuse_address=self._reuse_address,
            reuse_port=self._reuse_port,
        )
        if self._server.sockets:
            self._bound_port = self._server.sockets[0].getsockname()[1]


def guard_middleware(guard: ConnectionGuard) -> Any:
    """The middleware that stops a connection's header timer while a request runs (restarted
    after the response) and bounds the time to receive a body."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        guard.request_started(request.transport)
        try:
            if request.body_exists:
                try:
                    await asyncio.wait_for(request.read(), limits.BODY_TIMEOUT_S)
                except TimeoutError:
                    raise web.HTTPRequestTimeout(
                        text=f"no body within BODY_TIMEOUT_S={limits.BODY_TIMEOUT_S}"
                    ) from None
            return await handler(request)
        finally:
            guard.request_ended(request.transport)

    return middleware
