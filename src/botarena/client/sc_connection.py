"""The two I/O wrappers of the SC client core (:class:`botarena.protocol.sc_client.ScClient`):
one for asyncio (the runner's remote host, the web's start-from-here and human seats) and
one blocking (the bot SDK's ``run``).

They live here, not in :mod:`botarena.protocol`, because that package is sans-I/O by rule
(nothing in it opens a socket); the SDK is the lowest layer that does I/O and every other
client (runner, web) already sits above it. Each wrapper only moves bytes: what to send and
what the events mean stays in the core and in its caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from types import TracebackType

from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_client import ClientEvent, ScClient, ServerClosed

READ_BYTES = 65536
"""Bytes asked of the transport per read."""
CONNECT_TIMEOUT_S = 10.0
"""How long to wait for the server to accept the connection."""


class AsyncScConnection:
    """An :class:`ScClient` on an asyncio stream: :meth:`send` writes at once, :meth:`events`
    yields every event until the server's stream ends."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        client: ScClient | None = None,
    ) -> None:
        self.client = client or ScClient()
        self._reader = reader
        self._writer = writer

    @classmethod
    async def open(cls, host: str, port: int, client: ScClient | None = None) -> AsyncScConnection:
        """Connect; ``OSError`` (saying where) when the server cannot be reached."""
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port), CONNECT_TIMEOUT_S
            )
        except (OSError, TimeoutError) as error:
            raise OSError(f"cannot reach the server {host}:{port}: {error}") from None
        return cls(reader, writer, client)

    def send(self, request: msg.Request) -> None:
        """Queue ``request`` in the core and write it (ignored once the connection closes)."""
        if self.client.closed:
            return
        self.client.send(request)
        self.flush()

    def flush(self) -> None:
        """Write what the core has queued."""
        data = self.client.data_to_send()
        if data and not self._writer.is_closing():
            self._writer.write(data)

    async def events(self) -> AsyncIterator[ClientEvent]:
        """Every event in stream order, up to and with :class:`ServerClosed`. A failing read
        counts as the end of the connection."""
        client = self.client
        while not client.ended:
            try:
                data = await self._reader.read(READ_BYTES)
            except OSError:
                data = b""
            if data:
                client.receive_data(data)
            else:
                client.receive_eof()
            for event in client.events_received():
                yield event
                if isinstance(event, ServerClosed):
                    return

    def abort(self) -> None:
        """Close the socket without ending our stream (the peer sees the connection drop)."""
        self._writer.close()

    async def close(self) -> None:
        """End our stream and close the connection."""
        with contextlib.suppress(Exception):
            self.client.close()
            self.flush()
            self._writer.close()
            await self._writer.wait_closed()


class BlockingScConnection:
    """An :class:`ScClient` on a blocking socket: :meth:`flush` sends what the core queued,
    :meth:`receive` blocks for the next bytes and hands them to the core."""

    def __init__(self, sock: socket.socket, client: ScClient) -> None:
        self.client = client
        self._socket = sock

    @classmethod
    def connect(
        cls, host: str, port: int, client: ScClient, *, timeout: float = CONNECT_TIMEOUT_S
    ) -> BlockingScConnection:
        """Connect (``OSError`` when impossible); then reads block without limit and every
        answer leaves at once (``TCP_NODELAY``)."""
        sock = socket.create_connection((host, port), timeout=timeout)
        sock.settimeout(None)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(sock, client)

    def flush(self) -> None:
        data = self.client.data_to_send()
        if data:
            self._socket.sendall(data)

    def receive(self, timeout: float | None = None) -> bool:
        """Block until the server sends bytes or closes (the core holds the events), at most
        ``timeout`` seconds when given: ``False`` when that time passed with nothing read."""
        if timeout is None:
            data = self._socket.recv(READ_BYTES)
        else:
            self._socket.settimeout(timeout)
            try:
                data = self._socket.recv(READ_BYTES)
            except TimeoutError:
                return False
            finally:
                self._socket.settimeout(None)
        if data:
            self.client.receive_data(data)
        else:
            self.client.receive_eof()
        return True

    def wait_closed(self, timeout: float) -> None:
        """Read until the server closes (it does after our end of stream), bounded in time;
        what comes meanwhile is dropped."""
        self._socket.settimeout(timeout)
        with contextlib.suppress(OSError):
            while self._socket.recv(READ_BYTES):
                pass

    def close(self) -> None:
        self._socket.close()

    def __enter__(self) -> BlockingScConnection:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
