"""Where the runner's games are played: the embedded server (in-process) or a running SC
server reached through the admin protocol (``--server HOST:PORT``: authenticate, prepare,
observe, step, cancel — the official TestClient's conversation).

Both give the driver a :class:`GameHandle`: the reservations, whether the game started, a way
to force the start (empty slots lose with LEFT) or abort it, and a future with its end.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from lxml import etree

from botarena.core import ScoreCause
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded
from botarena.server import GameSetup, ScServer, SlotDescriptor, wire
from botarena.server.registry import installed_plugins
from botarena.server.results import GameResult, SlotScore
from botarena.server.room import Room, RoomPhase

ADMIN_REPLY_TIMEOUT_S = 10.0
"""How long the remote server may take to answer ``prepare``."""
READ_CHUNK = 65536


def reserves_by_attribute(game_type: str) -> bool:
    """Whether the season's ``prepare`` reserves a slot only with ``slot@reserved="true"``
    (2021+; the plugin's protocol profile says so) and takes the state inside
    ``<loadGameInfo>``."""
    plugin = next((p for p in installed_plugins() if p.game_type == game_type), None)
    return plugin is not None and plugin.profile.slot_reserved_attribute


@dataclass(slots=True)
class GameEnd:
    result: GameResult | None
    moves: int
    move_times_ms: list[float]
    note: str | None = None
    """Why there is no result (e.g. the watchdog cancelled a remote game)."""


class GameHandle(Protocol):
    reservations: tuple[str, ...]
    finished: asyncio.Future[GameEnd]

    def started(self) -> bool: ...
    def seated(self, slot: int) -> bool: ...
    def force_start(self) -> None: ...
    def abort(self, why: str) -> None: ...


class GameHost(Protocol):
    host: str
    port: int

    async def prepare(
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path
    ) -> GameHandle: ...

    async def close(self) -> None: ...


# ----------------------------------------------------------------------------- embedded


@dataclass(slots=True)
class EmbeddedGame:
    room: Room
    reservations: tuple[str, ...]
    finished: asyncio.Future[GameEnd]

    def started(self) -> bool:
        return self.room.phase is not RoomPhase.CREATED

    def seated(self, slot: int) -> bool:
        return self.room.slots[slot].client is not None

    def force_start(self) -> None:
        self.room.step(forced=True)

    def abort(self, why: str) -> None:
        self.room.abort(why)


class EmbeddedHost:
    """The in-process server; one lobby listener resolves each room's future and writes its
    replay where the runner wants it."""

    def __init__(self, server: ScServer) -> None:
        self.server = server
        self.host = server.host
        self.port = server.port
        self._waiting: dict[str, tuple[asyncio.Future[GameEnd], Path]] = {}
        server.lobby.replay_sink = None  # replays are written per game below
        server.lobby.room_listeners.append(self._finished)

    async def prepare(
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path
    ) -> EmbeddedGame:
        prepared = self.server.lobby.prepare_room(game_type, slots, GameSetup(seed=seed))
        future: asyncio.Future[GameEnd] = asyncio.get_running_loop().create_future()
        self._waiting[prepared.room_id] = (future, replay_path)
        room = self.server.lobby.rooms[prepared.room_id]
        return EmbeddedGame(room, prepared.reservations, future)

    def _finished(self, room: Room, result: GameResult | None) -> None:
        entry = self._waiting.pop(room.room_id, None)
        if entry is None:
            return
        future, replay_path = entry
        if room.replay:
            replay_path.write_bytes(wire.REPLAY_START + b"".join(room.replay) + wire.REPLAY_END)
        times = list(room.stats.move_times_ms)
        if not future.done():
            future.set_result(GameEnd(result, len(times), times))

    async def close(self) -> None:
        return None


# ----------------------------------------------------------------------------- remote


def initial_state_element(game_type: str, seed: int) -> etree._Element:
    """The seed's initial state as ``<loadGameInfo>``: the admin protocol has no seed, so the
    runner fixes each game's board itself (same seed → same board, on any server)."""
    plugin = next(p for p in installed_plugins() if p.game_type == game_type)
    match = plugin.new_match(["a", "b"], GameSetup(seed=seed))
    state = match.state_element()
    if reserves_by_attribute(game_type):  # 2021+: the state inside loadGameInfo
        wrapper = etree.Element("loadGameInfo")
        wrapper.append(state)
        return wrapper
    state.tag = "loadGameInfo"  # 2018/2019: the state itself, aliased (XStream's shape)
    state.set("class", "state")
    return state


def result_from_message(message: msg.GameResult) -> GameResult:
    scores = []
    for score in message.scores:
        try:
            cause = ScoreCause(score.cause)
        except ValueError:
            cause = ScoreCause.UNKNOWN
        parts: list[int | float | str] = []
        for part in score.parts:
            try:
                parts.append(int(part))
            except ValueError:
                parts.append(part)
        scores.append(SlotScore(cause, score.reason, tuple(parts)))
    winner = next((i for i, s in enumerate(scores) if s.match_points == 2), None)
    return GameResult(tuple(scores), winner)


@dataclass(slots=True)
class RemoteGame:
    admin: RemoteHost
    room_id: str
    reservations: tuple[str, ...]
    finished: asyncio.Future[GameEnd]
    replay_path: Path
    packets: list[bytes] = field(default_factory=list)
    mementos: int = 0
    note: str | None = None

    def started(self) -> bool:
        return self.mementos > 0

    def seated(self, slot: int) -> bool:
        return self.started()  # the admin protocol does not tell who has joined

    def force_start(self) -> None:
        self.admin.send(msg.Step(self.room_id, True).to_element())

    def abort(self, why: str) -> None:
        self.note = why
        self.admin.send(msg.Cancel(self.room_id).to_element())

    def on_message(self, element: etree._Element, decoded: msg.ServerMessage) -> None:
        if isinstance(decoded, msg.Memento):
            self.mementos += 1
        if not isinstance(decoded, msg.Left):
            self.packets.append(etree.tostring(element) + b"\n")
        if isinstance(decoded, msg.GameResult):
            self._end(result_from_message(decoded))
        elif isinstance(decoded, msg.Left):
            self._end(None)

    def _end(self, result: GameResult | None) -> None:
        if self.finished.done():
            return
        self.replay_path.write_bytes(wire.REPLAY_START + b"".join(self.packets) + wire.REPLAY_END)
        note = None if result is not None else (self.note or "the server cancelled the game")
        self.finished.set_result(GameEnd(result, max(0, self.mementos - 1), [], note))


class RemoteHost:
    """One admin connection to a running server, shared by all concurrent games."""

    def __init__(self, host: str, port: int, password: str) -> None:
        self.host, self.port, self.password = host, port, password
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._prepared: deque[asyncio.Future[msg.Prepared]] = deque()
        self._games: dict[str, RemoteGame] = {}
        self._lock = asyncio.Lock()
        self._pump: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        try:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        except OSError as error:
            raise OSError(f"cannot reach the server {self.host}:{self.port}: {error}") from None
        self._writer.write(b"<protocol>")
        self.send(msg.Authenticate(self.password).to_element())
        self._pump = asyncio.create_task(self._read())

    def send(self, element: etree._Element) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(etree.tostring(element))

    async def prepare(
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path
    ) -> RemoteGame:
        request = msg.Prepare(
            game_type,
            tuple(
                msg.SlotDescriptor(s.display_name, s.can_timeout, s.should_be_paused) for s in slots
            ),
            initial_state_element(game_type, seed),
        )
        loop = asyncio.get_running_loop()
        async with self._lock:  # answers come in request order
            future: asyncio.Future[msg.Prepared] = loop.create_future()
            self._prepared.append(future)
            element = request.to_element()
            if reserves_by_attribute(game_type):  # 2021+: unreserved slots get no code
                for slot in element.iter("slot"):
                    slot.set("reserved", "true")
            self.send(element)
            try:
                prepared = await asyncio.wait_for(future, ADMIN_REPLY_TIMEOUT_S)
            except TimeoutError:
                raise OSError(
                    f"the server {self.host}:{self.port} did not answer prepare (wrong "
                    "password or unknown game type?)"
                ) from None
            game = RemoteGame(
                self, prepared.room_id, prepared.reservations, loop.create_future(), replay_path
            )
            self._games[prepared.room_id] = game
            self.send(msg.Observe(prepared.room_id).to_element())
        return game

    async def _read(self) -> None:
        assert self._reader is not None
        parser = ScStreamParser()
        try:
            while data := await self._reader.read(READ_CHUNK):
                for event in parser.feed(data):
                    if isinstance(event, StreamEnded):
                        return
                    if isinstance(event, MessageReceived):
                        self._dispatch(event.element)
        except Exception as error:  # a broken server connection ends every game
            self._fail(f"admin connection failed: {error}")
            return
        finally:
            self._fail(f"the server {self.host}:{self.port} closed the admin connection")

    def _dispatch(self, element: etree._Element) -> None:
        try:
            decoded = msg.decode_server_message(element)
        except Exception:
            return  # a message this runner does not need
        if isinstance(decoded, msg.Prepared):
            if self._prepared:
                self._prepared.popleft().set_result(decoded)
            return
        room_id = getattr(decoded, "room_id", None)
        game = self._games.get(room_id) if isinstance(room_id, str) else None
        if game is not None:
            game.on_message(element, decoded)
            if game.finished.done():
                self._games.pop(game.room_id, None)

    def _fail(self, why: str) -> None:
        for future in self._prepared:
            if not future.done():
                future.set_exception(OSError(why))
        for game in list(self._games.values()):
            game.note = game.note or why
            game._end(None)
        self._games.clear()

    async def close(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.write(b"</protocol>")
                self._writer.close()
                await self._writer.wait_closed()
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._pump
