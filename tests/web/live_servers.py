"""The SC server and the web UI wired as ``botarena serve`` wires them, in the test's event
loop (no browser): for the tests of who may ask the UI what (issue 23)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp

from botarena.serve import start_web
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.peer import Clock
from botarena.web import admin
from botarena.web.app import WebConfig, WebServer
from botarena.web.limits import SESSION_HEADER

PASSWORD = "a-test-password"


@dataclass
class Live:
    sc: ScServer
    web: WebServer
    http: aiohttp.ClientSession

    @property
    def base(self) -> str:
        return f"http://{self.web.config.host}:{self.web.port}"

    async def token(self, password: str | None = None) -> str:
        """A session token, as the UI's page gets it."""
        body = {} if password is None else {"password": password}
        async with self.http.post(f"{self.base}/api/session", json=body) as answer:
            assert answer.status == 200, await answer.text()
            return str((await answer.json())["token"])

    async def prepare(self, seats: list[str], token: str) -> tuple[int, Any]:
        """``POST /api/prepare`` of a new Piranhas 2019 game as the page sends it: (status,
        JSON answer or text)."""
        body = {"game": "piranhas-2019", "state": None, "seats": seats}
        headers = {SESSION_HEADER: token}
        async with self.http.post(f"{self.base}/api/prepare", json=body, headers=headers) as r:
            return r.status, (await r.json() if r.status == 200 else await r.text())


@contextlib.asynccontextmanager
async def live(web_host: str = "127.0.0.1", clock: Clock | None = None) -> AsyncIterator[Live]:
    earlier = set(admin._bot_processes)  # of another test's (closed) event loop: not ours
    sc = ScServer(ServerConfig(port=0, host="127.0.0.1", password=PASSWORD))
    await sc.start()
    web = await start_web(sc, WebConfig(host=web_host, port=0), clock=clock)
    try:
        async with aiohttp.ClientSession() as http:
            yield Live(sc, web, http)
    finally:
        await web.stop()
        await sc.stop()
        for process in list(admin._bot_processes - earlier):  # the UI's bots still waiting
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
            admin._bot_processes.discard(process)  # its loop ends with this test
