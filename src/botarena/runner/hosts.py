"""Where the runner's games are played: the embedded server (in-process) or a running SC
server reached through the admin protocol (``--server HOST:PORT``: authenticate, prepare,
observe, step, cancel — the official TestClient's conversation).

Both give the driver a :class:`GameHandle`: the reservations, whether the game started, a way
to force the start (empty slots lose with LEFT) or abort it, and a future with its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import time
from collections import deque
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Protocol

from lxml import etree

from botarena.core import GameResult, ScoreCause, SlotScore
from botarena.games.registry import load_plugin
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded
from botarena.server import (
    FinishedGame,
    GameControl,
    GameSetup,
    LobbyListener,
    ScServer,
    SlotDescriptor,
    wire,
)

ADMIN_REPLY_TIMEOUT_S = 10.0
"""How long the remote server may take to answer ``prepare``."""
READ_CHUNK = 65536
REPLAY_GZIP_LEVEL = 6
"""zlib level of ``.xml.gz`` replays: about 20× smaller than the XML, fast to write."""


@dataclass(slots=True)
class GameEnd:
    result: GameResult | None
    moves: int
    move_times_ms: list[float]
    note: str | None = None
    """Why there is no result (e.g. the watchdog cancelled a remote game)."""
    move_slots: list[int] = field(default_factory=list)
    """The slot that made each move of ``move_times_ms`` (empty when unknown)."""
    move_raw_ms: list[float] = field(default_factory=list)
    """Each move's raw time (request written to answer read) beside the charged
    ``move_times_ms``; empty when the host cannot tell (``--server``)."""
    near_misses: list[int] = field(default_factory=list)
    """Indices of the moves charged within the soft limit that exceeded it raw."""


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
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path | None
    ) -> GameHandle: ...

    async def close(self) -> None: ...


def write_replay(path: Path | None, packets: list[bytes]) -> None:
    """The official replay document (``<protocol>`` + packets), gzip-compressed when the
    name ends in ``.gz`` (as the official server writes ``.xml.gz``); ``None``: no file."""
    if path is None:
        return
    write_replay_document(path, wire.REPLAY_START + b"".join(packets) + wire.REPLAY_END)


def write_replay_document(path: Path, document: bytes) -> None:
    """``document`` into ``path``, gzip-compressed when the name ends in ``.gz``."""
    if path.suffix == ".gz":
        # mtime 0: the same game gives the same bytes
        path.write_bytes(gzip.compress(document, compresslevel=REPLAY_GZIP_LEVEL, mtime=0))
    else:
        path.write_bytes(document)


# ----------------------------------------------------------------------------- embedded


@dataclass(slots=True)
class EmbeddedGame:
    control: GameControl
    reservations: tuple[str, ...]
    finished: asyncio.Future[GameEnd]

    def started(self) -> bool:
        return self.control.started()

    def seated(self, slot: int) -> bool:
        return self.control.seated(slot)

    def force_start(self) -> None:
        self.control.force_start()

    def abort(self, why: str) -> None:
        self.control.abort(why)


class EmbeddedHost(LobbyListener):
    """The in-process server; as a lobby listener it resolves each game's future and writes
    its replay where the runner wants it (the server's own replay files are off)."""

    def __init__(self, server: ScServer) -> None:
        self.server = server
        self.host = server.host
        self.port = server.port
        self._waiting: dict[str, tuple[asyncio.Future[GameEnd], Path | None]] = {}
        server.write_replay_files(False)  # replays are written per game below
        server.lobby.add_listener(self)

    async def prepare(
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path | None
    ) -> EmbeddedGame:
        prepared = self.server.lobby.prepare_room(game_type, slots, GameSetup(seed=seed))
        future: asyncio.Future[GameEnd] = asyncio.get_running_loop().create_future()
        self._waiting[prepared.room_id] = (future, replay_path)
        control = self.server.lobby.game(prepared.room_id)
        return EmbeddedGame(control, prepared.reservations, future)

    def game_finished(self, game: FinishedGame) -> None:
        entry = self._waiting.pop(game.room_id, None)
        if entry is None:
            return
        future, replay_path = entry
        if game.replay_packets and replay_path is not None:
            write_replay_document(replay_path, game.replay_document())
        moves = game.moves
        if not future.done():
            future.set_result(
                GameEnd(
                    game.result,
                    len(moves),
                    [move.charged_ms for move in moves],
                    move_slots=[move.slot for move in moves],
                    move_raw_ms=[move.raw_ms for move in moves],
                    near_misses=[index for index, move in enumerate(moves) if move.near_miss],
                )
            )

    async def close(self) -> None:
        return None


# ----------------------------------------------------------------------------- remote


def initial_state_element(game_type: str, seed: int) -> etree._Element:
    """The seed's initial state as ``<loadGameInfo>``: the admin protocol has no seed, so the
    runner fixes each game's board itself (same seed → same board, on any server)."""
    plugin = load_plugin(game_type)
    match = plugin.new_match(["a", "b"], GameSetup(seed=seed))
    state = match.state_element()
    if plugin.profile.slot_reserved_attribute:  # 2021+: the state inside loadGameInfo
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
    return GameResult.from_scores(scores)


def seat_to_move(game_type: str, state: etree._Element) -> int | None:
    """The seat whose move a memento's state awaits, read with the SDK's codec of the game
    (``None`` for a game the SDK does not know or a state it cannot read)."""
    from botarena.client.codecs import codec_for  # noqa: PLC0415 - the SDK, only for --server

    try:
        seat = codec_for(game_type).parse_state(state).current_seat
    except Exception:  # an unknown game or an unreadable state: no attribution
        return None
    return seat if isinstance(seat, int) else None


def moves_from_mementos(
    times: list[float], seats: list[int | None]
) -> tuple[list[float], list[int]]:
    """Move times (ms) as the gaps between consecutive mementos seen by an observer (they
    include the server's and the network's share), and who moved (empty when any seat is
    unknown)."""
    move_times = [round((later - earlier) * 1000.0, 3) for earlier, later in pairwise(times)]
    movers = seats[: len(move_times)]
    slots = [seat for seat in movers if seat is not None]
    return move_times, slots if len(slots) == len(move_times) else []


@dataclass(slots=True)
class RemoteGame:
    admin: RemoteHost
    room_id: str
    reservations: tuple[str, ...]
    finished: asyncio.Future[GameEnd]
    replay_path: Path | None
    game_type: str = ""
    packets: list[bytes] = field(default_factory=list)
    mementos: int = 0
    note: str | None = None
    memento_times: list[float] = field(default_factory=list)
    """When each memento arrived (monotonic seconds): a move's time is the gap to the next."""
    memento_seats: list[int | None] = field(default_factory=list)
    """The seat to move in each memento's state (``None`` when it cannot be read)."""

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
            self.memento_times.append(time.monotonic())
            self.memento_seats.append(seat_to_move(self.game_type, decoded.state))
        if not isinstance(decoded, msg.Left):
            self.packets.append(etree.tostring(element) + b"\n")
        if isinstance(decoded, msg.GameResult):
            self._end(result_from_message(decoded))
        elif isinstance(decoded, msg.Left):
            self._end(None)

    def _end(self, result: GameResult | None) -> None:
        if self.finished.done():
            return
        write_replay(self.replay_path, self.packets)
        note = None if result is not None else (self.note or "the server cancelled the game")
        times, slots = moves_from_mementos(self.memento_times, self.memento_seats)
        self.finished.set_result(
            GameEnd(result, max(0, self.mementos - 1), times, note, move_slots=slots)
        )


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
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path | None
    ) -> RemoteGame:
        # 2021+: every slot reserved (an unreserved one gets no code)
        reserved = True if load_plugin(game_type).profile.slot_reserved_attribute else None
        request = msg.Prepare(
            game_type,
            tuple(
                msg.SlotDescriptor(s.display_name, s.can_timeout, s.should_be_paused, reserved)
                for s in slots
            ),
            initial_state_element(game_type, seed),
        )
        loop = asyncio.get_running_loop()
        async with self._lock:  # answers come in request order
            future: asyncio.Future[msg.Prepared] = loop.create_future()
            self._prepared.append(future)
            self.send(request.to_element())
            try:
                prepared = await asyncio.wait_for(future, ADMIN_REPLY_TIMEOUT_S)
            except TimeoutError:
                raise OSError(
                    f"the server {self.host}:{self.port} did not answer prepare (wrong "
                    "password or unknown game type?)"
                ) from None
            game = RemoteGame(
                self,
                prepared.room_id,
                prepared.reservations,
                loop.create_future(),
                replay_path,
                game_type,
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
            why = f"the server {self.host}:{self.port} closed the admin connection"
            if self._prepared:
                why += (
                    " while a prepare was pending (it refused the request: wrong password, "
                    "unknown game type or an initial state it cannot read; see its log)"
                )
            self._fail(why)

    def _dispatch(self, element: etree._Element) -> None:
        try:
            decoded = msg.decode_server_message(element)
        except Exception:
            return  # a message this runner does not need
        if isinstance(decoded, msg.ErrorPacket):  # 2021+: the server says why it refused
            why = f"the server refused a request: {decoded.message or '(no message)'}"
            if self._prepared:
                self._prepared.popleft().set_exception(OSError(why))
            return
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
