"""Scripted Mau-Mau clients for the end-to-end tests (real TCP on 127.0.0.1, ephemeral port)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

from botarena.client.maumau import MauMauSession, play_async
from botarena.core import SeededRandom
from botarena.games.maumau.players import heuristic_strategy
from botarena.server.maumau import MauMauServer, ServerOptions

READ_TIMEOUT = 10.0
"""Generous guard so a broken server fails a test instead of hanging it."""


def run(coro_factory: Callable[[MauMauServer], Awaitable[Any]], **options: Any) -> Any:
    """Start a server on port 0 with ``options``, run the scenario, stop the server."""

    async def main() -> Any:
        server = MauMauServer(ServerOptions(port=0, **options))
        await server.start()
        try:
            return await asyncio.wait_for(coro_factory(server), 30)
        finally:
            await server.stop()

    return asyncio.run(main())


class Client:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.raw: list[bytes] = []

    @classmethod
    async def connect(cls, server: MauMauServer) -> Client:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        return cls(reader, writer)

    async def line(self, timeout: float = READ_TIMEOUT) -> bytes:
        data = await asyncio.wait_for(self.reader.readline(), timeout)
        self.raw.append(data)
        return data

    async def message(self) -> dict[str, Any]:
        data = await self.line()
        assert data, f"connection closed; seen so far: {self.raw}"
        value = json.loads(data)
        assert isinstance(value, dict)
        return value

    def send(self, data: bytes | dict[str, Any]) -> None:
        if isinstance(data, dict):
            data = json.dumps(data).encode() + b"\n"
        self.writer.write(data)

    async def handshake(self, name: str) -> dict[str, Any]:
        assert await self.message() == {"sendName": True, "status": "okay"}
        self.send({"status": "okay", "name": name})
        return await self.message()

    async def until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            message = await self.message()
            if predicate(message):
                return message

    async def rest(self, timeout: float = READ_TIMEOUT) -> list[bytes]:
        """Every line until the server closes the connection."""
        lines: list[bytes] = []
        while True:
            data = await self.line(timeout)
            if not data:
                return lines
            lines.append(data)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()


async def play_bot(server: MauMauServer, name: str, seed: int = 1) -> MauMauSession:
    """A well-behaved heuristic bot (the SDK's) playing one game to the end."""
    session = MauMauSession(name, heuristic_strategy, SeededRandom(seed))
    await play_async("127.0.0.1", server.port, session)
    return session


def is_request(message: dict[str, Any]) -> bool:
    return "topcard" in message


def is_won(message: dict[str, Any]) -> bool:
    return message.get("won") is True
