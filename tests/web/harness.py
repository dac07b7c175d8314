"""Servers for the browser tests: the SC server and the web UI in one event loop on a thread
of their own (Playwright's sync API drives the browser from the test's thread)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from botarena.serve import start_web
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.maumau import MauMauServer, ServerOptions
from botarena.web.app import WebConfig, WebServer
from botarena.web.hub import LiveHub

T = TypeVar("T")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class LoopThread:
    """An asyncio event loop running on its own thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, function: Callable[[], T]) -> T:
        future: concurrent.futures.Future[T] = concurrent.futures.Future()

        def run() -> None:
            try:
                future.set_result(function())
            except BaseException as error:
                future.set_exception(error)

        self.loop.call_soon_threadsafe(run)
        return future.result(30)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


class Servers:
    """The SC server (with replays into ``replay_dir``), the Mau-Mau server and the web UI
    watching both."""

    web: WebServer
    hub: LiveHub

    def __init__(self, replay_dir: Path, roots: list[Path] | None = None) -> None:
        self.thread = LoopThread()
        self.sc = ScServer(
            ServerConfig(port=0, save_replay=True, replay_dir=replay_dir, finished_player_grace_s=0)
        )
        self.maumau = MauMauServer(ServerOptions(port=0, seed=7))
        self.thread.run(self._start(roots or [replay_dir]))

    async def _start(self, roots: list[Path]) -> None:
        await self.sc.start()
        # wired as `botarena serve` wires it: the hub listens to the lobby, admin actions
        # go to the SC server with its password
        self.web = await start_web(self.sc, WebConfig(port=0, roots=roots), self.maumau)
        await self.maumau.start()
        assert self.web.hub is not None
        self.hub = self.web.hub
        self.hub.list_interval_s = 0.05

    @property
    def url(self) -> str:
        return self.web.url

    def bot(self, game: str, player: str, *extra: str) -> subprocess.Popen[bytes]:
        """A built-in player as a real bot process joining the SC server."""
        command = [sys.executable, "-m", "botarena", "bot", game, player]
        command += ["--port", str(self.sc.port), *extra]
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)

    def maumau_bot(self, player: str, *extra: str) -> subprocess.Popen[bytes]:
        """A built-in Mau-Mau player as a real bot process joining the Mau-Mau server."""
        command = [sys.executable, "-m", "botarena", "bot", "maumau", player]
        command += ["--port", str(self.maumau.port), *extra]
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)

    def replays_by_season(self, specs: list[Any]) -> dict[str, str]:
        """Stop the SC server (which writes the replay files) and name the first replay of
        each of ``specs`` in the first replay folder."""
        self.thread.run(self.sc.stop())
        root = self.web.roots.paths[0]
        found = {}
        for spec in specs:
            paths = sorted(root.glob(f"replay_{spec.game_type}_*"))
            assert paths, f"no replay of {spec.id}"
            found[spec.id] = paths[0].name
        return found

    def close(self) -> None:
        async def stop() -> None:
            await self.web.stop()
            await self.maumau.stop()
            await self.sc.stop()

        self.thread.run(stop())
        self.thread.close()


SCREENSHOTS_ENV = "BOTARENA_SCREENSHOTS"
"""Set to a folder (``docs``): the browser tests save their screenshots there
(``scripts/screenshots.sh``); unset, they save nothing."""


SHOT_WIDTH = 1280
SHOT_HEIGHT = 800
"""Screenshots show at most this much of the page, from its top (small PNGs for docs/)."""


def screenshot(page: Any, name: str, start: str | None = None) -> None:
    """Save the page as ``NAME.png`` when :data:`SCREENSHOTS_ENV` is set: from its top (or
    from the element ``start``), at most the window and :data:`SHOT_WIDTH` x
    :data:`SHOT_HEIGHT`, wherever the page is scrolled to."""
    folder = os.environ.get(SCREENSHOTS_ENV)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        size = page.viewport_size
        height = page.evaluate("document.documentElement.scrollHeight")
        top = 0.0
        if start is not None:
            top = max(0.0, page.locator(start).first.bounding_box()["y"] - 60)
            top += page.evaluate("window.scrollY")
        clip = {
            "x": 0,
            "y": top,
            "width": min(size["width"], SHOT_WIDTH),
            "height": min(height - top, size["height"], SHOT_HEIGHT),
        }
        page.screenshot(path=str(Path(folder) / f"{name}.png"), clip=clip, full_page=True)


def launch_browser(playwright: Any) -> Any:
    """Debian's Chromium, headless; a clear failure (never a skip) when it cannot start."""
    try:
        return playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
    except Exception as error:
        raise RuntimeError(
            f"the browser tests need Chromium at {CHROMIUM} (apt-get install -y chromium); "
            f"it could not start: {error}"
        ) from None
