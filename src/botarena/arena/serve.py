"""``botarena arena serve``: the arena's site and API, its ladder, and ``--workers N``
embedded worker loops in the same event loop (they talk to the site over HTTP like any
other worker, so only the site writes the database)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from botarena.arena import accounts
from botarena.arena.app import ArenaSite
from botarena.arena.service import GAME_TIMEOUT_S, LEASE_S, QUEUE_TARGET, Arena
from botarena.arena.worker import run_workers
from botarena.confine import NO_CONFINEMENT, Confinement
from botarena.move_clock_limits import ClockKind

EMBEDDED_WORKER_NAME = "embedded"


@dataclass(frozen=True, slots=True)
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 13090
    workers: int = 1
    lease_s: float = LEASE_S
    queue: int = QUEUE_TARGET
    game_timeout_s: float = GAME_TIMEOUT_S
    confinement: Confinement = NO_CONFINEMENT
    clock: ClockKind = "cpu"
    """What each move of a match is charged (stored in the match's settings)."""


async def serve(folder: Path, options: ServeOptions, echo: Callable[[str], None]) -> None:
    """Run until SIGINT or SIGTERM."""
    loop = asyncio.get_running_loop()
    arena = Arena(
        folder,
        lease_s=options.lease_s,
        queue_target=options.queue,
        game_timeout_s=options.game_timeout_s,
        move_clock=options.clock,
    )
    site = ArenaSite(arena, loop)
    runner = web.AppRunner(site.app, access_log=None)
    await runner.setup()
    tcp = web.TCPSite(runner, options.host, options.port)
    await tcp.start()
    port = runner.addresses[0][1] if runner.addresses else options.port
    url = f"http://{options.host}:{port}"
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    arena.fill_queue()
    tasks = []
    if options.workers > 0:
        token = accounts.new_token()
        arena.store.add_token(
            accounts.token_hash(token), "worker", None, EMBEDDED_WORKER_NAME, time.time()
        )
        tasks.append(
            asyncio.create_task(run_workers(url, token, options.workers, stop, options.confinement))
        )
    echo(f"arena on {url} (workers: {options.workers})")
    try:
        await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await runner.cleanup()
        arena.close()
