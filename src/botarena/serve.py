"""``botarena serve``: every server in one process and one event loop.

The Software-Challenge XML server (all installed SC games, port 13050 by default) and the
Mau-Mau JSON-lines server (its own port) run side by side until Ctrl-C or SIGTERM, with the
web UI watching both. This module composes :mod:`botarena.server` and :mod:`botarena.web`,
so it sits above both: the servers know nothing of the web.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from typing import TYPE_CHECKING

from botarena.core.signals import until_signal
from botarena.server.admin_password import announce, remove_password_file
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.fd_budget import install_accept_error_log, raise_open_file_limit
from botarena.server.maumau import MauMauServer, ServerOptions
from botarena.server.peer import Clock

if TYPE_CHECKING:
    from botarena.web.app import WebConfig, WebServer

log = logging.getLogger(__name__)


async def serve_all(
    sc_config: ServerConfig, maumau: ServerOptions | None, web: WebConfig | None = None
) -> None:
    """Start the SC server, (unless ``maumau`` is None) the Mau-Mau server and (unless
    ``web`` is None) the web UI watching both; serve until a signal arrives or the
    task is cancelled, then stop them all."""
    soft, _ = raise_open_file_limit()
    if soft > 0:
        log.info("open files limit %d", soft)
    install_accept_error_log(asyncio.get_running_loop())
    sc_server = ScServer(sc_config)
    try:
        await sc_server.start()
    except OSError as error:
        raise OSError(
            error.errno,
            f"Software-Challenge XML server: {error.strerror} (choose another port with --port)",
        ) from None
    maumau_server: MauMauServer | None = None
    web_server: WebServer | None = None
    sc_port = sc_server.port
    try:
        announce_password(sc_server)
        if maumau is not None:
            maumau_server = MauMauServer(maumau)
        if web is not None:
            web_server = await start_web(sc_server, web, maumau_server)
        if maumau is not None and maumau_server is not None:
            try:
                await maumau_server.start()  # logs its address, players per game and seed
            except OSError as error:
                maumau_server = None
                where = f"{maumau.host}:{maumau.port}"
                raise OSError(
                    error.errno,
                    f"the Mau-Mau server cannot listen on its port {where}: {error.strerror}"
                    " (choose another port with --maumau-port, or start without it: --no-maumau)",
                ) from None
        await until_signal(signal.SIGINT, signal.SIGTERM)
        log.info("stopping")
    finally:
        if web_server is not None:
            await web_server.stop()
        if maumau_server is not None:
            await maumau_server.stop()
        await sc_server.stop()
        if sc_config.password_generated and sc_config.password is not None:
            remove_password_file(sc_port, sc_config.password)


def announce_password(sc_server: ScServer) -> None:
    """A generated admin password: printed and written for this machine's tools."""
    config = sc_server.config
    if config.password_generated and config.password is not None:
        announce(sc_server.port, config.password)


async def start_web(
    sc_server: ScServer,
    web: WebConfig,
    maumau_server: MauMauServer | None = None,
    clock: Clock | None = None,
) -> WebServer:
    """The web UI on ``web``'s port, watching ``sc_server``'s lobby (and the games of
    ``maumau_server``); admin actions go to the SC server through the admin protocol, with
    its password. ``clock``: the web's expiry times and request budgets (default: the loop)."""
    from botarena.web.app import WebServer  # noqa: PLC0415 - aiohttp only when the UI runs
    from botarena.web.hub import LiveHub  # noqa: PLC0415
    from botarena.web.maumau_live import MauMauFeed  # noqa: PLC0415

    hub = LiveHub()
    sc_server.lobby.add_listener(hub)
    if maumau_server is not None:
        maumau_server.add_listener(MauMauFeed(hub))
    web.sc_host = "127.0.0.1" if sc_server.host in ("0.0.0.0", "::", "") else sc_server.host
    web.sc_port = sc_server.port
    default = sc_server.lobby.default_game
    if web.default_game is None and default is not None:
        web.default_game = default.game_type
    if web.admin_password is None:
        web.admin_password = sc_server.config.password
    if sc_server.config.save_replay and sc_server.config.replay_dir not in web.roots:
        web.roots.append(sc_server.config.replay_dir)
    server = WebServer(web, hub, clock)
    await server.start()
    return server


def run_all(
    sc_config: ServerConfig, maumau: ServerOptions | None, web: WebConfig | None = None
) -> None:
    """Blocking form of :func:`serve_all`; logs to stderr unless logging is configured."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    asyncio.run(serve_all(sc_config, maumau, web))
