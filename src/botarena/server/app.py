"""Start and stop the Software-Challenge XML server.

In-process use (tests, the transcript conformance command, the runner)::

    server = ScServer(ServerConfig(port=0), setup_provider=lambda game_type: GameSetup(seed=7))
    await server.start()
    port = server.port                 # the bound port (port 0 = ephemeral)
    room = server.lobby.prepare_room("swc_2019_piranhas", [SlotDescriptor("a"), ...],
                                     GameSetup(initial_state=state_element))
    ...
    await server.stop()

From the command line: ``botarena serve`` calls :func:`run` with a :class:`ServerConfig`
from :func:`botarena.server.config.load_config`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import itertools
import logging
import re
import signal
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

from lxml import etree

from botarena.bounded_file import TooLargeError, read_bounded
from botarena.core import GameResult
from botarena.core.signals import until_signal
from botarena.games.registry import sc_plugins
from botarena.protocol.sc_plugin import Element, GamePlugin, GameSetup
from botarena.protocol.sc_xml import DEFAULT_LIMITS, StreamLimits
from botarena.server.admin_password import announce, check_bind, remove_password_file
from botarena.server.config import ServerConfig
from botarena.server.events import FinishedGame, LobbyListener
from botarena.server.frontend import ScConnection, sweep_idle
from botarena.server.lobby import Lobby, SetupProvider
from botarena.server.peer import Clock
from botarena.server.room import Room

log = logging.getLogger(__name__)

LISTEN_BACKLOG = 1024
"""Pending connections the kernel queues; asyncio's default of 100 makes a burst of clients
(a tournament starting many games at once) wait for SYN retransmits of 1 s and more."""
_UNSAFE_NAME = re.compile(r"[^\w.-]+")


class ScServer:
    """The Software-Challenge XML server: a lobby behind an asyncio TCP listener."""

    def __init__(
        self,
        config: ServerConfig,
        plugins: Iterable[GamePlugin] | None = None,
        *,
        setup_provider: SetupProvider | None = None,
        limits: StreamLimits = DEFAULT_LIMITS,
        clock: Clock | None = None,
    ) -> None:
        """``clock``: the time rooms measure moves and set timeouts with (default: the event
        loop's); a :class:`~botarena.server.manual_clock.ManualClock` puts the server on a
        timeline its driver controls."""
        self.config = config
        self._clock = clock
        self._plugins = list(sc_plugins() if plugins is None else plugins)
        if setup_provider is None and config.load_game_file is not None:
            loaded = GameSetup(initial_state=load_state(config.load_game_file, config.turn_to_load))
            setup_provider = lambda game_type: loaded  # noqa: E731 - one fixed setup
        self._setup_provider = setup_provider
        self._limits = limits
        self._server: asyncio.Server | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._lobby: Lobby | None = None
        self.connections: dict[int, ScConnection] = {}
        self._ids = itertools.count(1)
        self._replay_files = ReplayFiles(config) if config.save_replay else None

    @property
    def lobby(self) -> Lobby:
        if self._lobby is None:
            raise RuntimeError("the server is not started")
        return self._lobby

    @property
    def port(self) -> int:
        """The bound TCP port (useful with ``port=0``)."""
        if self._server is None or not self._server.sockets:
            raise RuntimeError("the server is not started")
        return int(self._server.sockets[0].getsockname()[1])

    @property
    def host(self) -> str:
        return self.config.bind_host

    async def start(self) -> None:
        check_bind(self.config.bind_host, self.config.password)  # before anything listens
        loop = asyncio.get_running_loop()
        self._lobby = Lobby(
            self.config,
            self._plugins,
            self._clock or loop,
            setup_provider=self._setup_provider,
        )
        lobby = self._lobby
        lobby.add_listener(FinishedPlayerGrace(self.config.finished_player_grace_s))
        if self._replay_files is not None:
            lobby.add_listener(self._replay_files)
        try:
            self._server = await loop.create_server(
                lambda: ScConnection(
                    lobby, self.config, next(self._ids), self._limits, self.connections
                ),
                host=self.config.bind_host,
                port=self.config.port,
                reuse_address=True,
                backlog=LISTEN_BACKLOG,
            )
        except OSError as error:
            where = f"{self.config.bind_host}:{self.config.port}"
            raise OSError(error.errno, f"cannot listen on {where}: {error.strerror}") from None
        self._sweeper = loop.create_task(self._sweep())
        log.info(
            "Software-Challenge server on %s:%d with %s",
            self.config.bind_host,
            self.port,
            ", ".join(sorted(lobby.plugins)) or "no games",
        )

    async def stop(self) -> None:
        """Stop listening, close every connection, wait for pending replay writes."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        if self._server is not None:
            self._server.close()
            for connection in list(self.connections.values()):
                connection.close_by_server()
            await self._server.wait_closed()
            self._server = None
        if self._replay_files is not None:
            await self._replay_files.written()

    def write_replay_files(self, enabled: bool) -> None:
        """Whether finished games' replays go to ``config.replay_dir`` (on when
        ``save_replay`` is); an embedding that writes them itself (the runner, through a
        :class:`~botarena.server.events.LobbyListener`) turns this off."""
        files = self._replay_files
        if files is None:
            return
        if enabled:
            if files not in self.lobby.listeners:
                self.lobby.add_listener(files)
        else:
            self.lobby.remove_listener(files)

    async def __aenter__(self) -> ScServer:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # ----------------------------------------------------------------- housekeeping

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_interval_s)
            try:
                sweep_idle(self.connections, self.lobby, self.lobby.clock.time())
            except Exception:
                log.exception("idle sweep failed")


class FinishedPlayerGrace(LobbyListener):
    """The players of a finished room get ``grace_s`` seconds to leave or join again before
    the idle sweep closes them (``finished_player_grace_s``; 0: no deadline)."""

    def __init__(self, grace_s: float) -> None:
        self.grace_s = grace_s

    def room_finished(self, room: Room, result: GameResult | None, result_xml: str | None) -> None:
        if self.grace_s <= 0:
            return
        deadline = asyncio.get_running_loop().time() + self.grace_s
        for slot in room.slots:
            client = slot.client
            if isinstance(client, ScConnection) and not client.closed:
                client.grace_deadline = deadline


class ReplayFiles(LobbyListener):
    """Writes each finished game's replay into ``config.replay_dir`` (off the event loop, in
    a thread of its own: no other work in the process, e.g. the web UI reading files, can
    hold a replay back)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self._pending: set[asyncio.Future[Path]] = set()
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="botarena-replay-writer")

    def game_finished(self, game: FinishedGame) -> None:
        if not game.replay_packets:
            return
        future = asyncio.get_running_loop().run_in_executor(
            self._writer,
            write_replay_file,
            self.config.replay_dir,
            replay_file_name(game),
            game.replay_document(),
            self.config.replay_gzip,
        )
        self._pending.add(future)
        future.add_done_callback(self._pending.discard)

    async def written(self) -> None:
        """Wait for the replays still being written."""
        if self._pending:
            await asyncio.gather(*self._pending, return_exceptions=True)


MAX_LOAD_FILE_BYTES = 64 * 1024 * 1024
"""Largest (uncompressed) replay ``load_game_file`` reads."""


def load_state(path: Path, turn: int = 0) -> Element:
    """The ``<state>`` with ``turn`` (first such; ``0``: the first state) of a replay file.

    Reads ``.xml`` and ``.xml.gz`` replays (and files of bare states) with a parser that
    resolves no entities and loads nothing from the network. Raises ``ValueError`` with a
    clear message when the file cannot be used.
    """
    try:
        raw = read_bounded(path, MAX_LOAD_FILE_BYTES)  # size checked while decompressing
    except TooLargeError:
        raise ValueError(f"game file {path} is larger than {MAX_LOAD_FILE_BYTES} bytes") from None
    except (OSError, ValueError) as error:
        raise ValueError(f"cannot read game file {path}: {error}") from None
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        root = etree.fromstring(raw, parser)
    except etree.XMLSyntaxError as error:
        raise ValueError(f"game file {path} is not XML: {error}") from None
    states = [root] if root.tag == "state" else list(root.iter("state"))
    for state in states:
        if turn == 0 or state.get("turn") == str(turn):
            return state
    raise ValueError(f"game file {path} has no state with turn {turn}")


def replay_file_name(game: FinishedGame, now: datetime | None = None) -> str:
    """``replay_<gameType>_<name1>_<name2>_<yyyy.MM.dd_HH_mm_ss>`` (2018/2019 naming)."""
    stamp = (now or datetime.now()).strftime("%Y.%m.%d_%H_%M_%S")
    names = [_UNSAFE_NAME.sub("_", name.replace(" ", "_")) for name in game.display_names]
    return "_".join(["replay", game.game_type, *names, stamp])


def write_replay_file(directory: Path, stem: str, data: bytes, compress: bool) -> Path:
    """Write a replay without overwriting an existing one (a counter is added if needed)."""
    directory.mkdir(parents=True, exist_ok=True)
    suffix = ".xml.gz" if compress else ".xml"
    for attempt in itertools.count(1):
        path = directory / (stem + (f"_{attempt}" if attempt > 1 else "") + suffix)
        try:
            with path.open("xb") as file:
                file.write(gzip.compress(data) if compress else data)
            return path
        except FileExistsError:
            continue
    raise AssertionError("unreachable")


async def serve(config: ServerConfig, plugins: Iterable[GamePlugin] | None = None) -> None:
    """Run the server until cancelled or until SIGINT/SIGTERM."""
    server = ScServer(config, plugins)
    await server.start()
    generated = config.password if config.password_generated else None
    port = server.port
    try:
        if generated is not None:
            announce(port, generated)
        await until_signal(signal.SIGINT, signal.SIGTERM)
    finally:
        await server.stop()
        if generated is not None:
            remove_password_file(port, generated)


def run(config: ServerConfig, plugins: Iterable[GamePlugin] | None = None) -> None:
    """Blocking entry point for ``botarena serve``: serve until Ctrl-C / SIGTERM.

    Build ``config`` with :func:`botarena.server.config.config_from_options`. Logs to stderr
    at INFO level unless the caller configured logging already.
    """
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    asyncio.run(serve(config, plugins))
