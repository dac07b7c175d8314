"""A real SC server on an ephemeral 127.0.0.1 port, in its own thread and event loop."""

from __future__ import annotations

import asyncio
import threading

import pytest

from botarena.server import ScServer, ServerConfig, SlotDescriptor


class ServerThread:
    def __init__(self) -> None:
        self.config = ServerConfig(port=0, host="127.0.0.1")
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = ScServer(self.config)
        self.loop.run_until_complete(self.server.start())
        self.port = self.server.port
        self.ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.server.stop())

    def prepare(self, game_type: str, names=("one", "two")):
        """A prepared room (in-process lobby API, run on the server's loop): its reservations."""

        async def prepare():
            return self.server.lobby.prepare_room(
                game_type, [SlotDescriptor(name, reserved=True) for name in names]
            )

        return asyncio.run_coroutine_threadsafe(prepare(), self.loop).result(10)

    def __enter__(self) -> ServerThread:
        self.thread.start()
        assert self.ready.wait(10), "server did not start"
        return self

    def __exit__(self, *exc) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def sc_server():
    with ServerThread() as server:
        yield server
