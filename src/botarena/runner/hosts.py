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

from botarena.client.sc_connection import AsyncScConnection
from botarena.core import GameResult, ScoreCause, SlotScore
from botarena.games.registry import load_plugin
from botarena.protocol import sc_client
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_client import Received, ServerClosed
from botarena.server import (
    FinishedGame,
    GameControl,
    GameSetup,
    LobbyListener,
    ScServer,
    SlotDescriptor,
    wire,
)
from botarena.server.move_clock import CpuMeter

ADMIN_REPLY_TIMEOUT_S = 10.0
"""How long the remote server may take to answer ``prepare``."""
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
    move_cpu_ms: list[float | None] = field(default_factory=list)
    """Each move's CPU time (its bot's process tree) where a meter read it, else ``None``;
    empty when no move was metered."""
    infra_error_slot: int | None = None
    """The seat the machine stalled under the CPU clock: the game is an infra error."""


class GameHandle(Protocol):
    reservations: tuple[str, ...]
    finished: asyncio.Future[GameEnd]

    def started(self) -> bool: ...
    def seated(self, slot: int) -> bool: ...
    def force_start(self) -> None: ...
    def abort(self, why: str) -> None: ...
    def attach_meter(self, slot: int, meter: CpuMeter) -> None: ...


class GameHost(Protocol):
    host: str
    port: int

    async def prepare(
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path | None
    ) -> GameHandle: ...

    async def close(self) -> None: ...


def write_replay(path: Path | None, game_type: str, packets: list[bytes]) -> None:
    """The official replay document (``<protocol>`` + packets, the season named in a comment),
    gzip-compressed when the name ends in ``.gz`` (as the official server writes ``.xml.gz``);
    ``None``: no file."""
    if path is None:
        return
    write_replay_document(path, wire.replay_document(game_type, packets))


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

    def attach_meter(self, slot: int, meter: CpuMeter) -> None:
        self.control.attach_meter(slot, meter)

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
                    move_cpu_ms=[move.cpu_ms for move in moves]
                    if any(move.cpu_s is not None for move in moves)
                    else [],
                    infra_error_slot=game.infra_error_slot,
                )
            )

    async def close(self) -> None:
        return None


# ----------------------------------------------------------------------------- remote


def initial_state(game_type: str, seed: int) -> etree._Element:
    """The seed's initial state: the admin protocol has no seed, so where the server reads a
    start position the runner fixes each game's board itself (same seed, same board)."""
    match = load_plugin(game_type).new_match(["a", "b"], GameSetup(seed=seed))
    return match.state_element()


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

    def attach_meter(self, slot: int, meter: CpuMeter) -> None:
        """Not read: a remote server charges wall time (``--clock cpu`` is refused)."""

    def force_start(self) -> None:
        if not self.finished.done():  # a step for an ended room would be refused
            self.admin.send(msg.Step(self.room_id, True))

    def abort(self, why: str) -> None:
        self.note = self.note or why
        if not self.finished.done():
            self.admin.send(msg.Cancel(self.room_id))

    def on_message(self, event: Received) -> None:
        message = event.message
        if isinstance(message, msg.Memento):
            self.mementos += 1
            self.memento_times.append(time.monotonic())
            self.memento_seats.append(seat_to_move(self.game_type, message.state))
        if not isinstance(message, msg.Left):
            self.packets.append(event.xml() + b"\n")
        if isinstance(message, msg.GameResult):
            self._end(result_from_message(message))
        elif isinstance(message, msg.Left):
            self._end(None)

    def _end(self, result: GameResult | None) -> None:
        if self.finished.done():
            return
        write_replay(self.replay_path, self.game_type, self.packets)
        note = None if result is not None else (self.note or "the server cancelled the game")
        times, slots = moves_from_mementos(self.memento_times, self.memento_seats)
        self.finished.set_result(
            GameEnd(result, max(0, self.mementos - 1), times, note, move_slots=slots)
        )


ROOM_REQUESTS = frozenset({"step", "cancel", "observe", "pause"})
"""Admin requests about one room: the server refuses them when that room has ended."""


def room_of_refused_request(packet: msg.ErrorPacket) -> str | None:
    """The room of the request an errorpacket refuses (the echo of 2021+ servers), when it
    was a request about one room (``ROOM_REQUESTS``); ``None`` otherwise."""
    original = packet.original_request
    if original is None or original.get("class") not in ROOM_REQUESTS:
        return None
    return original.get("roomId")


class RemoteHost:
    """One admin connection to a running server, shared by all concurrent games. It
    authenticates on the first ``prepare``, in the spelling of that game's server generation
    (``passphrase`` before 2020, ``password`` since), and asks for the seed's start position
    only where that generation's official server reads one (2018/2019); a 2021+ server draws
    the board itself."""

    def __init__(self, host: str, port: int, password: str) -> None:
        self.host, self.port, self.password = host, port, password
        self._connection: AsyncScConnection | None = None
        self._authenticated = False
        self._prepared: deque[asyncio.Future[msg.Prepared]] = deque()
        self._games: dict[str, RemoteGame] = {}
        self._lock = asyncio.Lock()
        self._pump: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        self._connection = await AsyncScConnection.open(self.host, self.port)
        self._pump = asyncio.create_task(self._read())

    def send(self, request: msg.Request) -> None:
        if self._connection is not None:
            self._connection.send(request)

    async def prepare(
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path | None
    ) -> RemoteGame:
        profile = load_plugin(game_type).profile
        request = sc_client.prepare(
            game_type,
            (msg.SlotDescriptor(s.display_name, s.can_timeout, s.should_be_paused) for s in slots),
            profile,
            start=initial_state(game_type, seed) if profile.official_start_position else None,
        )
        loop = asyncio.get_running_loop()
        async with self._lock:  # answers come in request order
            if not self._authenticated:
                self._authenticated = True
                self.send(sc_client.authenticate(self.password, profile))
            future: asyncio.Future[msg.Prepared] = loop.create_future()
            self._prepared.append(future)
            self.send(request)
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
            self.send(msg.Observe(prepared.room_id))
        return game

    async def _read(self) -> None:
        assert self._connection is not None
        why = f"the server {self.host}:{self.port} closed the admin connection"
        try:
            async for event in self._connection.events():
                if isinstance(event, Received):
                    self._dispatch(event)
                elif isinstance(event, ServerClosed) and event.error is not None:
                    why = f"admin connection failed: {event.error}"
        finally:
            if self._prepared:
                why += (
                    " while a prepare was pending (it refused the request: wrong password, "
                    "unknown game type or an initial state it cannot read; see its log)"
                )
            self._fail(why)

    def _dispatch(self, event: Received) -> None:
        message = event.message
        if isinstance(message, msg.ErrorPacket):  # 2021+: the server says why it refused
            why = f"the server refused a request: {message.message or '(no message)'}"
            refused_room = room_of_refused_request(message)
            if refused_room is not None:  # about one room: the end of that room at most
                game = self._games.pop(refused_room, None)
                if game is not None:
                    game.note = game.note or why
                    game._end(None)
            elif self._prepared:
                self._prepared.popleft().set_exception(OSError(why))
            return
        if isinstance(message, msg.Prepared):
            if self._prepared:
                self._prepared.popleft().set_result(message)
            return
        room_id = getattr(message, "room_id", None)
        game = self._games.get(room_id) if isinstance(room_id, str) else None
        if game is not None:
            game.on_message(event)
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
        if self._connection is not None:
            await self._connection.close()
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._pump
