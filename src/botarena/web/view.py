"""``botarena view PATH...``: the web UI on files only, without a game server."""

from __future__ import annotations

import asyncio
import logging
import signal
from pathlib import Path

from botarena.core.signals import until_signal
from botarena.web.app import WebConfig, WebServer


async def serve_view(paths: list[Path], host: str, port: int) -> None:
    """Serve the UI on ``paths`` until SIGINT/SIGTERM or cancellation."""
    server = WebServer(WebConfig(host=host, port=port, roots=paths))
    await server.start()
    print(f"botarena view: open {server.url}", flush=True)
    try:
        await until_signal(signal.SIGINT, signal.SIGTERM)
    finally:
        await server.stop()


def run_view(paths: list[Path], host: str, port: int) -> None:
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    asyncio.run(serve_view(paths, host, port))
