"""A client that reads exactly one message per read, like the real 2019 C++ client.

That client reads up to ``</room>`` into a fresh buffer each time and drops whatever else
arrived in the same read. This one runs in the test's event loop (an ``asyncio.Protocol``):
every ``data_received`` is one read; it keeps the first complete message of the read and
counts the others as lost. It plays Piranhas through ``join``: the first legal move as soon
as a move request arrives.
"""

from __future__ import annotations

import asyncio
from typing import cast

from lxml import etree

from botarena.protocol.sc_errors import ProtocolError
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser
from tests.server.scclient import CLIENT_LIMITS, GAME, data_class_of, first_legal_move, move_xml

MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


class OneMessagePerRead(asyncio.Protocol):
    def __init__(self, name: str) -> None:
        self.name = name
        self.transport: asyncio.Transport | None = None
        self.reads = 0
        self.kept: list[str] = []
        self.lost: list[str] = []
        self.moves_sent = 0
        self.result: etree._Element | None = None
        self.done = asyncio.get_running_loop().create_future()
        self._room_id: str | None = None
        self._state: etree._Element | None = None

    @classmethod
    async def join(cls, port: int, name: str, display_name: str = "") -> OneMessagePerRead:
        """Connect and ``join``; with ``display_name`` the join asks for that name."""
        loop = asyncio.get_running_loop()
        _, client = await loop.create_connection(lambda: cls(name), "127.0.0.1", port)
        assert client.transport is not None
        named = f' displayName="{display_name}"' if display_name else ""
        client.transport.write(f'<protocol><join gameType="{GAME}"{named}/>'.encode())
        return client

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        self.reads += 1
        parser = ScStreamParser(CLIENT_LIMITS)  # a fresh buffer for every read
        body = data.removeprefix(b"<protocol>")
        try:
            events = parser.feed(b"<protocol>" + body)
        except ProtocolError as error:
            events = list(error.events)  # type: ignore[arg-type]
        messages = [event.element for event in events if isinstance(event, MessageReceived)]
        if not messages:
            return
        first, *dropped = messages
        self.lost += [_name(element) for element in dropped]
        self.kept.append(_name(first))
        self._handle(first)

    def _handle(self, element: etree._Element) -> None:
        if element.tag == "joined":
            self._room_id = element.get("roomId")
        elif element.tag == "left":
            self._finish()
        cls = data_class_of(element)
        if cls == "memento":
            self._state = element[0][0]
        elif cls == MOVE_REQUEST and self._state is not None and self.transport is not None:
            assert self._room_id is not None
            x, y, direction = first_legal_move(self._state)
            self.transport.write(move_xml(self._room_id, x, y, direction).encode())
            self.moves_sent += 1
        elif cls == "result":
            self.result = element[0]

    def connection_lost(self, exc: Exception | None) -> None:
        self._finish()

    def _finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


def _name(element: etree._Element) -> str:
    return data_class_of(element) or str(element.tag)
