"""``botarena view PATH...``: the web UI on files only, without a game server."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from pathlib import Path

from botarena.web.app import WebConfig, WebServer


async def serve_view(paths: list[Path], host: str, port: int) -> None:
    """Serve the UI on ``paths`` until SIGINT/SIGTERM or cancellation."""
    server = WebServer(WebConfig(host=host, port=port, roots=paths))
    await server.start()
    print(f"botarena view: open {server.url}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()


def run_view(paths: list[Path], host: str, port: int) -> None:
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    asyncio.run(serve_view(paths, host, port))
