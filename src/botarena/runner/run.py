"""``botarena test``: many games between two bots on an embedded server, concurrently, in
seed-paired games with sides swapped, with a summary written after every game."""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console

from botarena.core import new_seed
from botarena.runner.bots import GAME_TYPES, BotSpec, bot_labels, parse_bot
from botarena.runner.driver import DriverLimits, play_game
from botarena.runner.hosts import EmbeddedHost, RemoteHost
from botarena.runner.launch import PerGameLauncher, PersistentLauncher
from botarena.runner.report import Reporter, sprt_decided, statistics, status_line
from botarena.runner.schedule import schedule
from botarena.runner.stats import Sprt
from botarena.runner.store import ResultsStore, StoreError
from botarena.server import ScServer, ServerConfig
from botarena.server.config import DEFAULT_PASSWORD

DEFAULT_OUT_ROOT = Path("botarena-runs")
DEFAULT_ADMIN_PASSWORD = DEFAULT_PASSWORD


def parse_server_address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--server must be HOST:PORT, got {text!r}")
    return host, int(port)


def default_concurrency() -> int:
    return max(1, os.cpu_count() or 1)


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
    password: str = DEFAULT_ADMIN_PASSWORD
    persistent: bool = False
    """Bots play many games per process (``--reservations-stdin``, see ``launch``)."""
    stop_after: int | None = None
    """Play at most this many new games, then stop as if interrupted (for resume tests)."""
    cluster: str | None = None
    """``tcp://HOST:PORT`` of a Dask scheduler: every game is a task on its workers
    (``botarena.league.executors.ClusterGames``)."""


@dataclass(slots=True)
class RunOutcome:
    out_dir: Path
    statistics: dict[str, Any]
    games_played: int
    complete: bool


def _settings(config: RunConfig, bots: tuple[BotSpec, BotSpec], seed: int) -> dict[str, Any]:
    return {
        "game": config.game,
        "game_type": GAME_TYPES[config.game],
        "bots": [
            {"label": bot.label, "spec": text, "command": list(bot.command)}
            for bot, text in zip(bots, (config.bot_a, config.bot_b), strict=True)
        ],
        "games": config.games,
        "seed": seed,
        "no_timeout": config.no_timeout,
        "persistent": config.persistent,
        "server": config.server or "embedded",
    }


def prepare_store(config: RunConfig) -> tuple[ResultsStore, tuple[BotSpec, BotSpec]]:
    if config.game not in GAME_TYPES:
        raise ValueError(f"unknown game {config.game!r}; choose one of {', '.join(GAME_TYPES)}")
    labels = bot_labels(config.bot_a, config.bot_b)
    bots = (
        parse_bot(config.bot_a, config.game, labels[0]),
        parse_bot(config.bot_b, config.game, labels[1]),
    )
    out_dir = config.out_dir or default_out_dir()
    if config.resume:
        store = ResultsStore.resume(out_dir)
        previous = store.settings
        mine = _settings(config, bots, int(previous["seed"]))
        for key in ("game", "bots"):
            if previous.get(key) != mine.get(key):
                raise StoreError(
                    f"cannot resume {out_dir}: it was run with {key} = {previous.get(key)!r}, "
                    f"now {mine.get(key)!r}"
                )
        if config.seed is not None and config.seed != previous["seed"]:
            raise StoreError(f"cannot resume {out_dir} with another seed ({previous['seed']})")
        store.settings["games"] = max(config.games, len(store.games))
        return store, bots
    if (out_dir / "summary.json").exists():
        raise StoreError(f"{out_dir} already holds a run; use --resume or another --out")
    seed = config.seed if config.seed is not None else new_seed()
    return ResultsStore(out_dir, _settings(config, bots, seed)), bots


async def run_test(config: RunConfig, console: Console | None = None) -> RunOutcome:
    store, bots = prepare_store(config)
    labels = (bots[0].label, bots[1].label)
    planned = int(store.settings["games"])
    todo = [g for g in schedule(planned, int(store.settings["seed"])) if g.index not in store.games]
    if config.stop_after is not None:
        todo = todo[: config.stop_after]
    server_config = ServerConfig(
        port=0,
        host="127.0.0.1",
        password=None,
        save_replay=True,
        no_timeout=config.no_timeout,
        soft_timeout_ms=config.soft_timeout_ms,
        hard_timeout_ms=config.hard_timeout_ms,
        finished_player_grace_s=2.0,
    )
    limits = config.limits
    if config.no_timeout:
        limits = DriverLimits(
            limits.connect_timeout_s, limits.game_timeout_s, limits.exit_grace_s, False
        )
    server: ScServer | None = None
    host: EmbeddedHost | RemoteHost
    cluster = None
    if config.cluster is not None:
        if config.server is not None or config.persistent:
            raise ValueError(
                "--cluster plays on the workers' own servers: drop --server/--persistent"
            )
        from botarena.league.executors import ClusterGames  # noqa: PLC0415 - only with --cluster

        cluster = await ClusterGames.connect(config.cluster, f"{new_seed():x}")
    if config.server is None:
        server = ScServer(server_config)
        await server.start()
        host = EmbeddedHost(server)
    else:
        address, port = parse_server_address(config.server)
        host = RemoteHost(address, port, config.password)
        await host.connect()
    launcher: PerGameLauncher | PersistentLauncher = (
        PersistentLauncher(host.host, host.port, store.out_dir)
        if config.persistent
        else PerGameLauncher(host.host, host.port)
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
    semaphore = asyncio.Semaphore(max(1, config.concurrency))

    async def one(game_index: int) -> None:
        nonlocal block, played
        game = todo[game_index]
        async with semaphore:
            if stop.is_set():
                return
            if cluster is not None:
                record = await cluster.play_game(
                    game_type=store.settings["game_type"],
                    game=game,
                    bots=bots,
                    run_dir=store.out_dir,
                    limits=limits,
                )
            else:
                record = await play_game(
                    host,
                    game_type=store.settings["game_type"],
                    game=game,
                    bots=bots,
                    run_dir=store.out_dir,
                    limits=limits,
                    launcher=launcher,
                )
        store.games[game.index] = record
        block = statistics(store.games, labels, config.sprt)
        store.add(record, block)
        played += 1
        reporter.game_finished(record, block)
        if sprt_decided(block):
            stop.set()

    try:
        with reporter:
            tasks = [asyncio.create_task(one(i)) for i in range(len(todo))]
            try:
                await asyncio.gather(*tasks)
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
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
    if sprt_decided(block):
        reporter.message(f"SPRT decided: {block['sprt']['decision']} (stopped early)")
    reporter.message(f"summary: {store.path}")
    return RunOutcome(store.out_dir, block, played, complete)
