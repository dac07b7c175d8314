"""The client core's asyncio wrapper over real TCP: a server that is not there is a clear
error, and a server's end of stream ends the events."""

from __future__ import annotations

import asyncio
import socket

import pytest

from botarena.client.sc_connection import AsyncScConnection
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_client import ClientEvent, Received, ServerClosed
from botarena.protocol.xstream import STREAM_END, STREAM_START, encode


def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_server_is_an_error_naming_it() -> None:
    port = unused_port()
    with pytest.raises(OSError, match=f"cannot reach the server 127.0.0.1:{port}"):
        asyncio.run(AsyncScConnection.open("127.0.0.1", port))


def test_events_end_with_the_servers_end_of_stream_and_requests_arrive_as_sent() -> None:
    async def scenario() -> tuple[bytes, list[ClientEvent]]:
        received = bytearray()

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            received.extend(await reader.readuntil(b"/>"))
            writer.write(STREAM_START + encode(msg.joined("r1")) + STREAM_END)
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        connection = await AsyncScConnection.open("127.0.0.1", port)
        connection.send(msg.Join("swc_2026_piranhas"))
        events = [event async for event in connection.events()]
        await connection.close()
        server.close()
        return bytes(received), events

    sent, events = asyncio.run(scenario())
    assert sent == STREAM_START + b'<join gameType="swc_2026_piranhas"/>'
    found = [event.message if isinstance(event, Received) else event for event in events]
    assert found == [msg.Joined("r1"), ServerClosed()]
