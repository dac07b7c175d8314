"""Limits of one bot connection: queued lines and unread output (real sockets)."""

from __future__ import annotations

import asyncio

from botarena.server.maumau.connection import (
    DRAIN_THRESHOLD,
    MAX_QUEUED_LINES,
    MAX_WRITE_BUFFER,
    Connection,
)
from tests.server.maumau.helpers import Client, run


def test_flooding_bot_is_disconnected():
    assert MAX_QUEUED_LINES == 256

    async def scenario(server):
        flooder = await Client.connect(server)
        await flooder.line()
        flooder.send(b"x\n" * (MAX_QUEUED_LINES * 4))
        return await flooder.rest()

    lines = run(scenario)
    # The first line was taken as the (fallback) name, then the flood closes the connection.
    assert lines in ([b'{"setName":false,"name":"Bot 0","status":"error"}\n'], [])


def test_bot_that_never_reads_is_dropped_when_its_buffer_is_full():
    assert MAX_WRITE_BUFFER == 1 << 20

    async def scenario() -> tuple[list[bool], bool]:
        loop = asyncio.get_running_loop()
        accepted: asyncio.Future[Connection] = loop.create_future()
        server = await loop.create_server(
            lambda: Connection(0, on_connect=accepted.set_result), "127.0.0.1", 0
        )
        port = server.sockets[0].getsockname()[1]
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)  # never reads
        conn = await accepted
        chunk = b"y" * 65536
        results = []
        for _ in range(20 * MAX_WRITE_BUFFER // len(chunk)):
            conn.send(chunk)
            results.append(conn.flush())
            if not results[-1]:
                break
        writer.close()
        server.close()
        return results, conn.closed

    results, closed = asyncio.run(scenario())
    assert results[-1] is False and closed
    assert results.count(True) >= MAX_WRITE_BUFFER // 65536


def test_drain_threshold_marks_a_lagging_bot():
    assert DRAIN_THRESHOLD == 64 * 1024

    async def scenario() -> tuple[bool, bool]:
        loop = asyncio.get_running_loop()
        accepted: asyncio.Future[Connection] = loop.create_future()
        server = await loop.create_server(
            lambda: Connection(0, on_connect=accepted.set_result), "127.0.0.1", 0
        )
        port = server.sockets[0].getsockname()[1]
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)  # never reads
        conn = await accepted
        before = conn.needs_drain()
        while conn.flush() and not conn.needs_drain():
            conn.send(b"z" * 65536)
        after = conn.needs_drain()
        writer.close()
        conn.close()
        server.close()
        return before, after

    before, after = asyncio.run(scenario())
    assert before is False and after is True
