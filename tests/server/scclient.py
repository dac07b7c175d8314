"""A small scripted Software-Challenge client and server fixtures for the end-to-end tests.

Everything runs over real TCP on 127.0.0.1 with an ephemeral port. The client parses the
server stream with the protocol core's parser, keeps every raw byte (for byte-level checks)
and offers ``expect`` helpers that fail with the messages seen so far.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable
from typing import Any

from lxml import etree

from botarena.games.piranhas import xml as piranhas_xml
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamLimits
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig

GAME = "swc_2019_piranhas"
PASSWORD = "examplepassword"
WAIT = 5.0
"""Upper bound for anything the server should do promptly (only reached when a test fails)."""
CLIENT_LIMITS = StreamLimits(max_message_bytes=16 * 1024 * 1024)


class Eof:
    """The server closed the stream/socket."""

    def __repr__(self) -> str:
        return "EOF"


EOF = Eof()


def run(coro_fn: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
    """Run an ``async def`` test in a fresh event loop."""

    @functools.wraps(coro_fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return asyncio.run(asyncio.wait_for(coro_fn(*args, **kwargs), timeout=60))

    return wrapper


def make_config(**changes: Any) -> ServerConfig:
    """A config for tests: ephemeral port, official password, short default timeouts, and no
    move grace (the timeout tests time the clock from the request's write; the grace has
    its own tests in ``test_move_clock.py``)."""
    base = ServerConfig(port=0, password=PASSWORD, move_grace_ms=0)
    return base.replace(**changes)


@contextlib.asynccontextmanager
async def running_server(**changes: Any):
    """A server on an ephemeral port; ``clock=ManualClock()`` puts its rooms on a clock the
    test moves (timeouts checked instantly, whatever the machine's load)."""
    setup_provider = changes.pop("setup_provider", None)
    clock = changes.pop("clock", None)
    server = ScServer(make_config(**changes), setup_provider=setup_provider, clock=clock)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


class Client:
    """One TCP connection to the server."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str):
        self.reader = reader
        self.writer = writer
        self.name = name
        self.raw = bytearray()
        self.chunks: list[bytes] = []
        self.messages: list[etree._Element] = []
        self.queue: asyncio.Queue[etree._Element | Eof] = asyncio.Queue()
        self.parser = ScStreamParser(CLIENT_LIMITS)
        self.eof = False
        self._task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, port: int, name: str = "client", opening: bool = True) -> Client:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 24)
        client = cls(reader, writer, name)
        if opening:
            await client.send("<protocol>")
        return client

    async def _read(self) -> None:
        try:
            while True:
                chunk = await self.reader.read(1 << 16)
                if not chunk:
                    break
                self.raw += chunk
                self.chunks.append(chunk)
                for event in self.parser.feed(chunk):
                    if isinstance(event, MessageReceived):
                        self.messages.append(event.element)
                        self.queue.put_nowait(event.element)
        except (ConnectionError, OSError):
            pass
        self.eof = True
        self.queue.put_nowait(EOF)

    async def send(self, data: str | bytes) -> None:
        self.writer.write(data.encode() if isinstance(data, str) else data)
        with contextlib.suppress(ConnectionError):
            await self.writer.drain()

    async def next(self, timeout: float = WAIT) -> Any:
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"{self.name}: nothing within {timeout} s; got so far: {self.summary()}"
            ) from None

    async def expect(self, tag: str, data_class: str | None = None, timeout: float = WAIT):
        item = await self.next(timeout)
        if isinstance(item, Eof):
            raise AssertionError(f"{self.name}: expected <{tag}> {data_class or ''}, got EOF")
        if item.tag != tag or (data_class is not None and data_class_of(item) != data_class):
            raise AssertionError(
                f"{self.name}: expected <{tag}> {data_class or ''}, got {describe(item)}"
            )
        return item

    async def expect_room(self, data_class: str, timeout: float = WAIT) -> Any:
        element = await self.expect("room", data_class, timeout)
        return element[0]

    async def expect_eof(self, timeout: float = WAIT) -> None:
        item = await self.next(timeout)
        if not isinstance(item, Eof):
            raise AssertionError(f"{self.name}: expected EOF, got {describe(item)}")
        await asyncio.wait_for(self._task, timeout)

    async def until_eof(self, timeout: float = WAIT) -> list[Any]:
        """Everything until the server closes; fails if it does not close in time."""
        items: list[Any] = []
        while True:
            item = await self.next(timeout)
            if isinstance(item, Eof):
                await asyncio.wait_for(self._task, timeout)
                return items
            items.append(item)

    async def silent(self, seconds: float) -> None:
        """Assert that nothing arrives for ``seconds``."""
        try:
            item = await asyncio.wait_for(self.queue.get(), seconds)
        except TimeoutError:
            return
        raise AssertionError(f"{self.name}: expected silence, got {describe(item)}")

    def summary(self) -> str:
        return ", ".join(describe(m) for m in self.messages) + (" EOF" if self.eof else "")

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()
        self._task.cancel()
        with contextlib.suppress(BaseException):
            await self._task


def data_class_of(element: etree._Element) -> str | None:
    if element.tag == "room" and len(element):
        return element[0].get("class")
    return None


def describe(item: etree._Element | Eof) -> str:
    if isinstance(item, Eof):
        return "EOF"
    cls = data_class_of(item)
    return f"<{item.tag}{' ' + cls if cls else ''}>"


def move_xml(room_id: str, x: int, y: int, direction: str, extra: str = "") -> str:
    return (
        f'<room roomId="{room_id}"><data class="move" x="{x}" y="{y}" direction="{direction}"'
        f"{extra}/></room>"
    )


async def join_two(port: int, names: tuple[str, str] = ("red", "blue"), game: str = GAME):
    """Two players ``join``; returns (red, blue, room_id) after red got its move request."""
    red = await Client.connect(port, names[0])
    await red.send(f'<join gameType="{game}"/>')
    joined = await red.expect("joined")
    room_id = joined.get("roomId")
    blue = await Client.connect(port, names[1])
    await blue.send(f'<join gameType="{game}"/>')
    await blue.expect("joined")
    return red, blue, room_id


async def seat_two(port: int, codes: list[str]) -> tuple[Client, Client]:
    """Two players take the prepared slots ``codes`` (``joinPrepared``); returns (red, blue)."""
    red = await Client.connect(port, "red")
    blue = await Client.connect(port, "blue")
    await red.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
    await blue.send(f'<joinPrepared reservationCode="{codes[1]}"/>')
    return red, blue


async def admin(port: int, name: str = "admin") -> Client:
    client = await Client.connect(port, name)
    await client.send(f'<authenticate passphrase="{PASSWORD}"/>')
    return client


async def prepare(
    admin_client: Client, slots: str = "", observe: bool = True
) -> tuple[str, list[str]]:
    if not slots:
        slots = (
            '<slot displayName="alpha" canTimeout="true" shouldBePaused="false"/>'
            '<slot displayName="beta" canTimeout="true" shouldBePaused="false"/>'
        )
    await admin_client.send(f'<prepare gameType="{GAME}">{slots}</prepare>')
    prepared = await admin_client.expect("prepared")
    room_id = prepared.get("roomId")
    codes = [r.text for r in prepared.findall("reservation")]
    if observe:
        await admin_client.send(f'<observe roomId="{room_id}"/>')
        await admin_client.expect("observed")
    return room_id, codes


def first_legal_move(state: etree._Element) -> tuple[int, int, str]:
    """A legal move for the side to move in a ``<state>`` element (via the engine)."""
    engine_state = piranhas_xml.state_from_element(state)
    move = engine_state.legal_moves()[0]
    return move.x, move.y, move.direction.value


async def play_side(client: Client, room_id: str, max_messages: int = 500) -> Any:
    """Answer every move request with a legal move until ``left``; returns the result data."""
    state = None
    result = None
    for _ in range(max_messages):
        item = await client.next()
        if isinstance(item, Eof):
            raise AssertionError(f"{client.name}: unexpected EOF after {client.summary()}")
        if item.tag == "left":
            assert result is not None, f"{client.name}: left before the result"
            return result
        cls = data_class_of(item)
        if cls == "memento":
            state = item[0][0]
        elif cls == "sc.framework.plugins.protocol.MoveRequest":
            assert state is not None
            x, y, d = first_legal_move(state)
            await client.send(move_xml(room_id, x, y, d))
        elif cls == "result":
            result = item[0]
    raise AssertionError(f"{client.name}: game did not end")


async def play_to_end(red: Client, blue: Client, room_id: str):
    """Both sides play legal moves until the end; returns (red result, blue result)."""
    return await asyncio.gather(play_side(red, room_id), play_side(blue, room_id))
