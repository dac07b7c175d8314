"""The Free-Hack Mau-Mau contest server (JSON lines over TCP), asyncio.

In-process use::

    server = MauMauServer(ServerOptions(port=0, players=2))
    await server.start(); port = server.port; ...; await server.stop()

From the command line: ``botarena serve --maumau-port PORT --maumau-players N`` calls
:func:`serve_maumau` (or the blocking :func:`run_maumau_server`).
"""

from botarena.server.maumau.events import MauMauListener, TableView
from botarena.server.maumau.room import FinishedTable, FixApplied, GameRoom
from botarena.server.maumau.server import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    HANDSHAKE_TIMEOUT,
    MAX_CONNECTIONS,
    MOVE_TIMEOUT,
    MauMauServer,
    ServerOptions,
    run_maumau_server,
    serve_maumau,
    unique_name,
)

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "HANDSHAKE_TIMEOUT",
    "MAX_CONNECTIONS",
    "MOVE_TIMEOUT",
    "FinishedTable",
    "FixApplied",
    "GameRoom",
    "MauMauListener",
    "MauMauServer",
    "ServerOptions",
    "TableView",
    "run_maumau_server",
    "serve_maumau",
    "unique_name",
]
