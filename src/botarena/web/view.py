"""``botarena view PATH...``: the web UI on files only, without a game server.

Without ``--port`` it listens on ``DEFAULT_WEB_PORT`` (or ``$BOTARENA_VIEW_PORT``) and, when
that is taken (a ``botarena serve`` running), on a free port the system picks. It prints the
address of what it opened: a replay's viewer, a run or tournament folder's report.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import signal
from collections.abc import Callable
from pathlib import Path

from botarena.core.signals import until_signal
from botarena.web.app import WebConfig, WebServer
from botarena.web.folders import view_address

PORT_HINT = "choose another port with --port, or leave --port out to take a free one"
"""``view``'s own option when the port given with ``--port`` is taken."""
ANY_FREE_PORT = 0


async def start_view(
    paths: list[Path], host: str, port: int, *, port_given: bool, say: Callable[[str], None]
) -> WebServer:
    """The started UI on ``paths``. A taken ``port`` that was not given explicitly is replaced
    by a free one (saying so); a given one is an ``OSError`` naming ``--port``."""
    server = WebServer(WebConfig(host=host, port=port, roots=paths, port_hint=PORT_HINT))
    try:
        await server.start()
    except OSError as error:
        if port_given or error.errno != errno.EADDRINUSE:
            raise
        server.config.port = ANY_FREE_PORT
        await server.start()
        say(f"botarena view: port {port} is taken (a botarena serve?); using {server.port}")
    return server


def addresses(server: WebServer, paths: list[Path]) -> list[str]:
    """One address per served path (:func:`botarena.web.folders.view_address`)."""
    return [view_address(server.url, index, path) for index, path in enumerate(paths)]


async def serve_view(paths: list[Path], host: str, port: int, *, port_given: bool = True) -> None:
    """Serve the UI on ``paths`` until SIGINT/SIGTERM or cancellation."""

    def say(text: str) -> None:
        print(text, flush=True)

    server = await start_view(paths, host, port, port_given=port_given, say=say)
    for address in addresses(server, paths):
        say(f"botarena view: open {address}")
    try:
        await until_signal(signal.SIGINT, signal.SIGTERM)
    finally:
        await server.stop()


def run_view(paths: list[Path], host: str, port: int, *, port_given: bool = True) -> None:
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    asyncio.run(serve_view(paths, host, port, port_given=port_given))
