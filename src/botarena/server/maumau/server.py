"""The asyncio Mau-Mau contest server: many games at once, seats filled in connection order.

Each connection gets the handshake (``sendName`` → name line → ``setName``); the first
``players`` connections that finish it form a game, the next ones the next game, and so on.
Games run as independent tasks: a slow or broken bot only ever affects its own game.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from botarena.core import SeededRandom, new_seed
from botarena.games.registry import MAUMAU_JSON, only_game_of
from botarena.protocol.maumau_json import MAX_LINE_BYTES
from botarena.protocol.maumau_plugin import MauMauPlugin
from botarena.server.maumau.connection import Connection
from botarena.server.maumau.events import MauMauListener
from botarena.server.maumau.room import FinishedTable, FixApplied, GameRoom

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
"""Bind to the loopback interface unless told otherwise (the original listened on all)."""
DEFAULT_PORT = 1338
"""The original contest server's default port."""
HANDSHAKE_TIMEOUT = 10.0
"""Seconds a new connection has to send its name line."""
MOVE_TIMEOUT = 5.0
"""Seconds the seat to move has to answer its turn request; then it forfeits (is gone)."""
MAX_CONNECTIONS = 1024
"""Open bot connections the server accepts at once; more are closed immediately."""


def registered_game() -> MauMauPlugin:
    """The game of the Mau-Mau JSON-lines protocol, as the registry names it (the server
    imports no game)."""
    return only_game_of(MAUMAU_JSON).load_maumau_plugin()


@dataclass
class ServerOptions:
    """Everything configurable about a Mau-Mau server."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    players: int = 2
    handshake_timeout: float | None = HANDSHAKE_TIMEOUT
    move_timeout: float | None = MOVE_TIMEOUT
    game: MauMauPlugin = field(default_factory=registered_game)
    """The game played (default: the registry's Mau-Mau)."""
    rules: object = None
    """The game's rule options (``None``: the game's defaults, :meth:`default_rules`)."""
    lenient_json: bool = False
    """Accept json-simple's sloppy JSON (missing commas/colons, trailing commas). Off by
    default: no known bot needs it and standard JSON is safer (spec §13.1)."""
    unique_names: bool = True
    """Rename a duplicate name within a game to ``name (2)`` (spec §13.2)."""
    seed: int | None = None
    """Base seed; game ``k`` shuffles with ``SeededRandom(seed).derive("game-k")``."""
    max_line_bytes: int = MAX_LINE_BYTES
    max_connections: int = MAX_CONNECTIONS
    script_for_game: Callable[[int], object | None] | None = None
    """Forced deals (conformance replays): game id -> deck script."""
    on_game_over: Callable[[FinishedTable], None] | None = None
    on_fix: Callable[[FixApplied], None] | None = None
    transcripts: bool = False
    """Keep every game's lines (``FinishedTable.transcript``, fixture format) for replays."""

    def __post_init__(self) -> None:
        least, most = self.game.min_players, self.game.max_players
        if not least <= self.players <= most:
            raise ValueError(f"players must be {least}..{most}, got {self.players}")
        if self.rules is None:
            self.rules = self.game.default_rules()


def unique_name(name: str, taken: list[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``... if another seat already has it."""
    if name not in taken:
        return name
    for number in itertools.count(2):
        candidate = f"{name} ({number})"
        if candidate not in taken:
            return candidate
    raise AssertionError("unreachable")


class MauMauServer:
    """Start with :meth:`start` (``port=0`` picks a free port, see :attr:`port`), stop with
    :meth:`stop`. Finished games are in :attr:`records`."""

    def __init__(self, options: ServerOptions | None = None) -> None:
        self.options = options or ServerOptions()
        self.records: list[FinishedTable] = []
        self.fixes: list[FixApplied] = []
        self._server: asyncio.Server | None = None
        self._conn_ids = itertools.count()
        self._game_ids = itertools.count()
        self._open_seats: list[Connection] = []
        self._open_names: list[str] = []
        self._connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[object]] = set()
        self._base_seed = self.options.seed if self.options.seed is not None else new_seed()
        self.games_started = 0
        self.listeners: list[MauMauListener] = []
        """Hear every game: :meth:`add_listener` / :meth:`remove_listener`."""

    def add_listener(self, listener: MauMauListener) -> None:
        """Hear every game from now on (see :mod:`botarena.server.maumau.events`)."""
        self.listeners.append(listener)

    def remove_listener(self, listener: MauMauListener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    @property
    def port(self) -> int:
        if self._server is None or not self._server.sockets:
            raise RuntimeError("server is not running")
        port: int = self._server.sockets[0].getsockname()[1]
        return port

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            self._new_connection, self.options.host, self.options.port, reuse_address=True
        )
        log.info(
            "Mau-Mau server on %s:%d, %d players per game, base seed %d",
            self.options.host,
            self.port,
            self.options.players,
            self._base_seed,
        )

    def _new_connection(self) -> Connection:
        conn = Connection(next(self._conn_ids), self.options.max_line_bytes, self._on_connect)
        if self.options.transcripts:
            conn.transcript = []
        return conn

    @property
    def waiting_players(self) -> int:
        """Players seated in the next game, which has not started yet."""
        return len(self._open_seats)

    async def serve_forever(self) -> None:
        if self._server is None:
            await self.start()
        assert self._server is not None
        await self._server.serve_forever()

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for conn in list(self._connections):
            conn.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)
            self._server = None

    async def __aenter__(self) -> MauMauServer:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    def _record_fix(self, fix: FixApplied) -> None:
        self.fixes.append(fix)
        if self.options.on_fix is not None:
            self.options.on_fix(fix)

    def _spawn(self, coro: object) -> asyncio.Task[object]:
        task: asyncio.Task[object] = asyncio.get_running_loop().create_task(coro)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _on_connect(self, conn: Connection) -> None:
        if len(self._connections) >= self.options.max_connections:
            log.warning("refusing %s: %d connections open", conn.peer, len(self._connections))
            conn.close()
            return
        self._connections.add(conn)
        conn.subscribe(lambda: self._forget_if_closed(conn))
        self._spawn(self._welcome(conn))

    async def _welcome(self, conn: Connection) -> None:
        try:
            await self._handshake(conn)
        except asyncio.CancelledError:
            conn.close()
            raise
        except Exception:  # never let one connection's trouble reach the others
            log.exception("connection %d: handshake failed", conn.conn_id)
            conn.close()

    def _forget_if_closed(self, conn: Connection) -> None:
        if conn.closed:
            self._connections.discard(conn)
        if conn.hung_up:
            self._free_open_seat(conn)

    def _free_open_seat(self, conn: Connection) -> None:
        """A bot that left after its handshake but before its game started gives its seat
        back: no walkover for the next bot, no shift in the pairing of the others. Left means
        hung up, even with lines still queued: a game starts only with bots that can answer
        every request."""
        for index, seated in enumerate(self._open_seats):
            if seated is conn:
                del self._open_seats[index]
                del self._open_names[index]
                log.info("connection %d left before its game started; seat freed", conn.conn_id)
                detail = "left before its game started; seat freed (no walkover)"
                self._record_fix(FixApplied("ghost_seat_freed", detail, None, conn.conn_id))
                conn.close()
                self._connections.discard(conn)
                return

    async def _handshake(self, conn: Connection) -> None:
        game = self.options.game
        conn.send(game.send_name)
        conn.flush()
        line = await conn.next_line(self.options.handshake_timeout)
        if line is None:
            reason = "closed" if conn.eof else "timed out"
            log.info("connection %d %s before sending a name", conn.conn_id, reason)
            if not conn.eof:
                self._record_fix(FixApplied("handshake_timeout", reason, None, conn.conn_id))
            conn.close()
            return
        # From here to the seating there is no await: seat numbers follow handshake order.
        seat = len(self._open_seats)
        given, problem = game.read_name(line, self.options.lenient_json)
        if given is None:
            name = f"Bot {seat}"
            if not problem.startswith("not JSON"):
                self._record_fix(FixApplied("handshake_fallback", problem, None, conn.conn_id))
        else:
            name = given
            if self.options.unique_names:
                name = unique_name(name, self._open_names)
                if name != given:
                    self._record_fix(
                        FixApplied("unique_names", f"renamed to {name!r}", None, conn.conn_id)
                    )
        conn.send(game.name_reply(name, given is not None))
        conn.flush()
        self._open_seats.append(conn)
        self._open_names.append(name)
        if conn.hung_up:
            # Its close came before the handshake took the name (the name line ended by the
            # end of the stream, or more lines queued behind it): no later event would tell.
            self._free_open_seat(conn)
            return
        if len(self._open_seats) == self.options.players:
            seats, names = self._open_seats, self._open_names
            self._open_seats, self._open_names = [], []
            self._spawn(self._run_game(seats, names))

    async def _run_game(self, seats: list[Connection], names: list[str]) -> None:
        game_id = next(self._game_ids)
        self.games_started += 1
        rng = SeededRandom(self._base_seed).derive(f"game-{game_id}")
        room = GameRoom(
            game_id,
            seats,
            names,
            rng,
            self.options,
            on_fix=self._record_fix,
            listeners=self.listeners,
        )
        try:
            record = await room.run()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %d crashed", game_id)
            return
        finally:
            for conn in seats:
                self._connections.discard(conn)
        self.records.append(record)
        if self.options.on_game_over is not None:
            self.options.on_game_over(record)


async def serve_maumau(
    port: int = DEFAULT_PORT,
    players: int = 2,
    host: str = DEFAULT_HOST,
    *,
    options: ServerOptions | None = None,
    ready: Callable[[MauMauServer], None] | None = None,
) -> None:
    """Run a Mau-Mau server until cancelled (what ``botarena serve --maumau-port`` calls)."""
    if options is None:
        options = ServerOptions(host=host, port=port, players=players)
    server = MauMauServer(options)
    await server.start()
    if ready is not None:
        ready(server)
    try:
        await server.serve_forever()
    finally:
        await server.stop()


def run_maumau_server(port: int = DEFAULT_PORT, players: int = 2, host: str = DEFAULT_HOST) -> None:
    """Blocking entry point for the CLI: serve until Ctrl-C."""
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_maumau(port, players, host))
