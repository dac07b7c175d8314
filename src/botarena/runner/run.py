"""``botarena test``: many games between two bots on an embedded server, concurrently, in
seed-paired games with sides swapped, with a summary written after every game."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console

from botarena.confine import NO_CONFINEMENT, Confinement, tiers_in_use
from botarena.core import new_seed
from botarena.games import registry
from botarena.runner.bots import BotSpec, bot_labels, parse_bot
from botarena.runner.driver import DriverLimits, play_game
from botarena.runner.endtable import end_table
from botarena.runner.hosts import EmbeddedHost, RemoteHost
from botarena.runner.infra import replaying_infra_errors
from botarena.runner.launch import PerGameLauncher, PersistentLauncher
from botarena.runner.limits import MAX_STARTUP_FAILURES, default_concurrency
from botarena.runner.record import GameRecord
from botarena.runner.report import Reporter, sprt_decided, statistics, status_line
from botarena.runner.schedule import ScheduledGame, schedule
from botarena.runner.stats import Sprt
from botarena.runner.store import (
    SUMMARY_NAME,
    SUMMARY_VERSION,
    ResultsStore,
    StoreError,
    read_resume_document,
    refuse_other_settings,
)
from botarena.runner.tasks import run_together
from botarena.server import ScServer, ServerConfig
from botarena.server.admin_password import (
    PASSWORD_ENV,
    is_loopback,
    password_file,
    read_password_file,
)

DEFAULT_OUT_ROOT = Path("botarena-runs")


def parse_server_address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--server must be HOST:PORT, got {text!r}")
    return host, int(port)


def admin_password_for(host: str, port: int, given: str | None) -> str:
    """``given``, else the generated password a server on this machine wrote for ``port``."""
    if given:
        return given
    if is_loopback(host):
        found = read_password_file(port)
        if found is not None:
            return found
        where = f"no {password_file(port)} (botarena serve writes it when it generates one)"
    else:
        where = f"{host} is not this machine"
    raise ValueError(
        f"--server {host}:{port} needs its admin password: --password P or ${PASSWORD_ENV} "
        f"({where})"
    )


def default_out_dir() -> Path:
    return DEFAULT_OUT_ROOT / datetime.now().strftime("%Y%m%d-%H%M%S")


@dataclass(slots=True)
class RunConfig:
    game: str
    bot_a: str
    bot_b: str
    games: int = 100
    concurrency: int = field(default_factory=default_concurrency)
    seed: int | None = None
    out_dir: Path | None = None
    resume: bool = False
    sprt: Sprt | None = None
    no_timeout: bool = False
    soft_timeout_ms: int | None = None
    hard_timeout_ms: int | None = None
    limits: DriverLimits = field(default_factory=DriverLimits)
    server: str | None = None
    """``HOST:PORT`` of a running SC server (admin protocol); ``None``: an embedded server."""
    password: str | None = None
    """Admin password of ``server``; ``None``: the one a ``botarena serve`` on this machine
    wrote for that port (:func:`admin_password_for`)."""
    persistent: bool = False
    """Bots play many games per process (``--reservations-stdin``, see ``launch``)."""
    stop_after: int | None = None
    """Play at most this many new games, then stop as if interrupted (for resume tests)."""
    replays: str = "all"
    """Which games keep a replay (``.xml.gz``): ``all``, ``failed`` (irregular) or ``none``."""
    cluster: str | None = None
    """``tcp://HOST:PORT`` of a Dask scheduler: every game is a task on its workers, played
    through :attr:`cluster_games`."""
    cluster_games: ClusterConnect | None = None
    """Connects to :attr:`cluster` (the CLI passes the league's Dask executor,
    ``botarena.league.executors.ClusterGames.connect``: the runner does not import it)."""
    pace_ms: tuple[int, int] = (0, 0)
    """Pace of BOT_A's and BOT_B's connections (``--pace-ms-a``/``--pace-ms-b``)."""
    move_grace_ms: int | None = None
    """Override of the season's move grace (``--move-grace-ms``)."""
    confinement: Confinement = NO_CONFINEMENT
    """How the bots are confined (``--sandbox``, ``--memory-mb``, ``--max-processes``)."""


Bots = tuple[BotSpec, BotSpec]


class ClusterGames(Protocol):
    """The runner's games played elsewhere: each game as a task, its files written into
    ``run_dir`` when it is done, its record returned."""

    async def play_game(
        self,
        *,
        game_type: str,
        game: ScheduledGame,
        bots: Bots,
        run_dir: Path,
        limits: DriverLimits,
    ) -> GameRecord: ...

    async def close(self) -> None: ...


ClusterConnect = Callable[[str, str], Awaitable[ClusterGames]]
"""``connect(address, token)``: the token makes the run's task names unique."""


def settings_a_server_cannot_take(config: RunConfig) -> list[str]:
    """The options of ``config`` that a running server (``--server``) cannot be given: the
    admin protocol has no timeouts, no move grace and no pacing (its ``prepare`` slots carry
    only a name, ``canTimeout``, ``shouldBePaused`` and ``reserved``)."""
    if config.server is None:
        return []
    given = {
        "--soft-timeout-ms": config.soft_timeout_ms is not None,
        "--hard-timeout-ms": config.hard_timeout_ms is not None,
        "--move-grace-ms": config.move_grace_ms is not None,
        "--pace-ms-a": config.pace_ms[0] > 0,
        "--pace-ms-b": config.pace_ms[1] > 0,
        "--clock cpu": config.limits.clock == "cpu",
    }
    return [option for option, used in given.items() if used]


def refuse_for_server(options: list[str], server: str) -> str:
    """Why the run does not start (``options`` from :func:`settings_a_server_cannot_take`)."""
    return (
        f"{', '.join(options)} cannot reach the server {server}: the admin protocol has no "
        "request for timeouts, the move grace or pacing, and a server elsewhere cannot read "
        "the CPU time of the bots this command starts (--clock cpu). Set the others on that "
        "server (botarena serve --pace-ms/--pace-client/--move-grace-ms, or its "
        "server.properties), or drop --server to play on an embedded server"
    )


REPLAY_POLICIES = ("all", "failed", "none")


@dataclass(slots=True)
class RunOutcome:
    out_dir: Path
    statistics: dict[str, Any]
    games_played: int
    complete: bool
    broken_bot: str | None = None
    """Why the run stopped early because a bot kept failing to start, if it did."""
    startup_failures: int = 0
    """Games in which a bot could not start or connect (they measure nothing)."""

    @property
    def exit_code(self) -> int:
        """0 for a run whose games all measured the bots; 1 when a bot failed to start or
        connect in some game, or games were void (no result), or the run was stopped
        because a bot kept failing."""
        failed = self.broken_bot is not None or self.startup_failures > 0
        return 1 if failed or self.statistics.get("void_games", 0) else 0


class StartupWatch:
    """Counts each bot's games in a row in which it could not start or connect; after
    ``MAX_STARTUP_FAILURES`` the run stops (the bot is broken, not unlucky)."""

    def __init__(self, limit: int = MAX_STARTUP_FAILURES) -> None:
        self.limit = limit
        self.in_a_row: dict[str, int] = {}
        self.total = 0
        self.verdict: str | None = None

    def add(self, record: GameRecord) -> str | None:
        """Note one game; returns the reason to stop when a bot reached the limit."""
        for slot in record.slots:
            bot = slot.bot
            if not slot.startup_failure:
                self.in_a_row[bot] = 0
                continue
            self.total += 1
            self.in_a_row[bot] = self.in_a_row.get(bot, 0) + 1
            if self.in_a_row[bot] >= self.limit and self.verdict is None:
                self.verdict = (
                    f"stopping: bot {bot} could not start or connect in {self.limit} games in "
                    f"a row (last: {slot.runner_note or 'no note'}; log: {slot.log})"
                )
        return self.verdict


def _settings(config: RunConfig, bots: tuple[BotSpec, BotSpec], seed: int) -> dict[str, Any]:
    return {
        "game": config.game,
        "game_type": registry.resolve(config.game).game_type,
        "bots": [
            {"label": bot.label, "spec": text, "command": list(bot.command)}
            for bot, text in zip(bots, (config.bot_a, config.bot_b), strict=True)
        ],
        "games": config.games,
        "seed": seed,
        "no_timeout": config.no_timeout,
        "persistent": config.persistent,
        "server": config.server or "embedded",
        "replays": config.replays,
        "pace_ms": {bot.label: bot.pace_ms for bot in bots if bot.pace_ms},
        "move_grace_ms": config.move_grace_ms,
        "clock": config.limits.clock,
    }


def saved_run_settings(out_dir: Path) -> dict[str, Any]:
    """The settings of the run in ``out_dir`` that ``--resume`` continues (game, bots as given,
    games, seed), or ``StoreError`` saying why there is none."""
    summary = read_resume_document(
        out_dir / SUMMARY_NAME, SUMMARY_VERSION, "run summary", StoreError
    )
    settings: dict[str, Any] = summary["settings"]
    return settings


def prepare_store(config: RunConfig) -> tuple[ResultsStore, tuple[BotSpec, BotSpec]]:
    registry.resolve(config.game)  # raises ValueError naming the known games
    labels = bot_labels(config.bot_a, config.bot_b)
    bots = (
        replace(parse_bot(config.bot_a, config.game, labels[0]), pace_ms=config.pace_ms[0]),
        replace(parse_bot(config.bot_b, config.game, labels[1]), pace_ms=config.pace_ms[1]),
    )
    out_dir = config.out_dir or default_out_dir()
    if config.resume:
        store = ResultsStore.resume(out_dir)
        previous = store.settings
        refuse_other_settings(
            out_dir,
            {
                "game": registry.resolve(previous["game"]).id,
                "bots": [bot["spec"] for bot in previous["bots"]],
                "games": previous["games"],
                "seed": previous["seed"],
                "clock": previous.get("clock", "wall"),  # runs before --clock: wall
            },
            {
                "game": registry.resolve(config.game).id,
                "bots": [config.bot_a, config.bot_b],
                "games": config.games,
                "seed": config.seed,
                "clock": config.limits.clock,
            },
            StoreError,
        )
        return store, bots
    if (out_dir / "summary.json").exists():
        raise StoreError(f"{out_dir} already holds a run; use --resume or another --out")
    seed = config.seed if config.seed is not None else new_seed()
    return ResultsStore(out_dir, _settings(config, bots, seed)), bots


async def run_test(config: RunConfig, console: Console | None = None) -> RunOutcome:
    refused = settings_a_server_cannot_take(config)
    if refused and config.server is not None:
        raise ValueError(refuse_for_server(refused, config.server))
    store, bots = prepare_store(config)
    labels = (bots[0].label, bots[1].label)
    planned = int(store.settings["games"])
    todo = [g for g in schedule(planned, int(store.settings["seed"])) if g.index not in store.games]
    if config.stop_after is not None:
        todo = todo[: config.stop_after]
    if config.replays not in REPLAY_POLICIES:
        raise ValueError(f"replays must be one of {', '.join(REPLAY_POLICIES)}")
    server_config = ServerConfig(
        port=0,
        host="127.0.0.1",
        password=None,
        save_replay=True,  # the rooms keep their packets; the runner writes the files
        replay_dir=store.out_dir / "games",  # never ./replays, even if a sink were set
        no_timeout=config.no_timeout,
        soft_timeout_ms=config.soft_timeout_ms,
        hard_timeout_ms=config.hard_timeout_ms,
        move_grace_ms=config.move_grace_ms,
        finished_player_grace_s=2.0,
        clock=config.limits.clock,
    )
    limits = config.limits
    if config.no_timeout:
        limits = replace(limits, can_timeout=False)
    server: ScServer | None = None
    host: EmbeddedHost | RemoteHost
    cluster = None
    if config.cluster is not None:
        if config.server is not None or config.persistent:
            raise ValueError(
                "--cluster plays on the workers' own servers: drop --server/--persistent"
            )
        if config.confinement.mode != "off":
            raise ValueError(
                "--cluster: the workers do not take --sandbox yet; drop it or play locally"
            )
        if config.cluster_games is None:
            raise ValueError("--cluster: this botarena has no way to play games on a cluster")
        cluster = await config.cluster_games(config.cluster, f"{new_seed():x}")
    if config.server is None:
        server = ScServer(server_config)
        await server.start()
        host = EmbeddedHost(server)
    else:
        address, port = parse_server_address(config.server)
        host = RemoteHost(address, port, admin_password_for(address, port, config.password))
        await host.connect()
    launcher: PerGameLauncher | PersistentLauncher = (
        PersistentLauncher(host.host, host.port, store.out_dir, config.confinement)
        if config.persistent
        else PerGameLauncher(host.host, host.port, config.confinement)
    )
    block = statistics(store.games, labels, config.sprt)
    store.save(block)
    played = 0
    stop = asyncio.Event()
    reporter = Reporter(planned, labels, console)
    reporter.message(
        f"botarena test: {store.settings['game']} {labels[0]} vs {labels[1]}, "
        f"{planned} games, seed {store.settings['seed']}, output {store.out_dir}"
    )
    if config.confinement.mode != "off":
        reporter.message(f"sandbox: {tiers_in_use(config.confinement)}")
    semaphore = asyncio.Semaphore(max(1, config.concurrency))
    watch = StartupWatch()

    def spoiled(record: GameRecord) -> None:
        reporter.message(f"game {record.index}: {record.cause}; playing it again (same seed)")

    async def one(game_index: int) -> None:
        nonlocal block, played
        game = todo[game_index]
        async with semaphore:
            if stop.is_set():
                return

            async def attempt(replay: int) -> GameRecord:
                if cluster is not None:  # a worker's folder is its own: no replay folder
                    return await cluster.play_game(
                        game_type=store.settings["game_type"],
                        game=game,
                        bots=bots,
                        run_dir=store.out_dir,
                        limits=limits,
                    )
                return await play_game(
                    host,
                    game_type=store.settings["game_type"],
                    game=game,
                    bots=bots,
                    run_dir=store.out_dir,
                    limits=limits,
                    launcher=launcher,
                    replays=config.replays,
                    replay=replay,
                )

            record = await replaying_infra_errors(attempt, lambda same: same, spoiled)
        store.games[game.index] = record
        block = statistics(store.games, labels, config.sprt)
        store.add(record, block)
        played += 1
        reporter.game_finished(record, block)
        if sprt_decided(block):
            stop.set()
        if watch.add(record) is not None:
            stop.set()

    try:
        with reporter:
            await run_together(one(i) for i in range(len(todo)))
    finally:
        store.save(block)
        await launcher.close()
        await host.close()
        if cluster is not None:
            await cluster.close()
        if server is not None:
            await server.stop()
    complete = len(store.games) >= planned or sprt_decided(block)
    reporter.message(status_line(block, planned, labels))
    for line in end_table(store.games, labels):
        reporter.message(line)
    if sprt_decided(block):
        reporter.message(f"SPRT decided: {block['sprt']['decision']} (stopped early)")
    if watch.verdict is not None:
        reporter.message(watch.verdict)
        complete = True  # resuming would only repeat the failure
    reporter.message(f"summary: {store.path}")
    return RunOutcome(store.out_dir, block, played, complete, watch.verdict, watch.total)
