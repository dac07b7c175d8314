"""Issue 23 findings 1 and 2, measured against a running ``botarena serve`` (SC server and
web UI in a child process, loopback only, every loop bounded).

    .venv/bin/python benchmarks/web_surface.py [--flood-s 10] [--prepares 1000]

Prints one line per figure: a foreign page's ``text/plain`` prepares (status codes, rooms and
bot processes they started), loopback prepares of open rooms (how many rooms were made), 33
human-seat prepares, and a WebSocket flood of valid ``rooms``/``watch``/``unwatch`` requests
from 10 clients while two games of real bots run (requests sent, ``/api/info`` latency, the
games' results). Works against older trees too (no ``/api/session`` there: no token sent).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from collections import Counter
from typing import Any

import aiohttp

PASSWORD = "a-benchmark-password"
EVIL = "http://evil.example"


async def serve() -> None:
    from botarena.serve import start_web  # noqa: PLC0415
    from botarena.server.app import ScServer  # noqa: PLC0415
    from botarena.server.config import ServerConfig  # noqa: PLC0415
    from botarena.web.app import WebConfig  # noqa: PLC0415

    sc = ScServer(ServerConfig(port=0, host="127.0.0.1", password=PASSWORD))
    await sc.start()
    web = await start_web(sc, WebConfig(port=0))
    print(sc.port, web.port, flush=True)
    await asyncio.Event().wait()


def child_pids(pid: int) -> list[int]:
    command = ["ps", "--ppid", str(pid), "-o", "pid="]
    out = subprocess.run(command, check=False, capture_output=True, text=True)
    return [int(word) for word in out.stdout.split()]


class Client:
    def __init__(self, http: aiohttp.ClientSession, base: str) -> None:
        self.http, self.base = http, base
        self.token: str | None = None

    async def new_token(self) -> None:
        async with self.http.post(f"{self.base}/api/session", json={}) as answer:
            self.token = (await answer.json())["token"] if answer.status == 200 else None

    async def prepare(self, seats: list[str], headers: dict[str, str] | None = None) -> int:
        body = json.dumps({"game": "piranhas-2019", "state": None, "seats": seats})
        sent = {"Content-Type": "application/json"}
        if self.token:
            sent["X-Botarena-Session"] = self.token
        sent.update(headers or {})
        async with self.http.post(f"{self.base}/api/prepare", data=body, headers=sent) as r:
            await r.read()
            return r.status

    async def rooms(self) -> list[dict[str, Any]]:
        async with self.http.ws_connect(f"{self.base}/ws") as ws:
            await ws.send_str(json.dumps({"op": "rooms"}))
            message = await ws.receive()
            return list(json.loads(message.data.split("\x1e")[0])["rooms"])


async def flood(base: str, room: str, until: float, sent: list[int], dropped: list[int]) -> None:
    """One flooding client until ``until``; its requests sent go to ``sent``, and 1 to
    ``dropped`` if the server closed its connection (it did not read what it was sent)."""
    requests = [json.dumps(r) for r in ({"op": "rooms"}, {"op": "watch", "room": room})]
    requests.append(json.dumps({"op": "unwatch", "room": room}))
    index = 0
    async with aiohttp.ClientSession() as http, http.ws_connect(f"{base}/ws") as ws:
        reader = asyncio.create_task(_drain(ws))
        try:
            while time.monotonic() < until:
                await ws.send_str(requests[index % 3])
                index += 1
                if index % 64 == 0:
                    await asyncio.sleep(0)
        except (ConnectionError, aiohttp.ClientError):
            dropped.append(1)
        sent.append(index)
        reader.cancel()


async def _drain(ws: aiohttp.ClientWebSocketResponse) -> None:
    async for _ in ws:
        pass


async def measure(server: subprocess.Popen[str], web_port: int, args: argparse.Namespace) -> None:
    base = f"http://127.0.0.1:{web_port}"
    async with aiohttp.ClientSession() as http:
        page = Client(http, base)
        # 0. DNS rebinding (a foreign Host) and a foreign page's WebSocket
        rebinding = {"Host": f"evil.example:{web_port}"}
        codes = []
        for path in ("/api/files", "/api/info"):
            async with http.get(base + path, headers=rebinding) as answer:
                codes.append(f"{path} {answer.status}")
        try:
            async with http.ws_connect(f"{base}/ws", origin=EVIL) as ws:
                await ws.send_str(json.dumps({"op": "rooms"}))
                await ws.receive()
                codes.append("/ws from evil.example: connected, room list sent")
        except aiohttp.WSServerHandshakeError as error:
            codes.append(f"/ws from evil.example: {error.status}")
        print(f"foreign Host: {', '.join(codes)}")
        # 1. a foreign page: Origin evil.example, text/plain, built-in bots
        evil = {"Origin": EVIL, "Content-Type": "text/plain"}
        statuses = Counter([await page.prepare(["random", "random"], evil) for _ in range(30)])
        peak = len(child_pids(server.pid))
        print(f"foreign text/plain prepares x30: {dict(statuses)}, bot processes {peak}")
        await asyncio.sleep(3)
        # 2. loopback prepares of open rooms (nobody joins)
        await page.new_token()
        before = len(await page.rooms())
        statuses = Counter([await page.prepare(["open", "open"]) for _ in range(args.prepares)])
        made = len(await page.rooms()) - before
        print(f"loopback open prepares x{args.prepares}: {dict(statuses)}, rooms made {made}")
        # 3. human seats
        await page.new_token()
        statuses = Counter([await page.prepare(["human", "open"]) for _ in range(33)])
        print(f"human-seat prepares x33: {dict(statuses)}")
        # 4. WebSocket flood while two games of real bots run
        await page.new_token()
        for _ in range(2):
            await page.prepare(["random", "random"])
        room = next(r["id"] for r in await page.rooms() if r["status"] != "finished")
        sent: list[int] = []
        dropped: list[int] = []
        end = time.monotonic() + args.flood_s
        floods = [asyncio.create_task(flood(base, room, end, sent, dropped)) for _ in range(10)]
        latencies = []
        while time.monotonic() < end:
            start = time.monotonic()
            async with http.get(f"{base}/api/info") as answer:
                await answer.read()
            latencies.append(time.monotonic() - start)
            await asyncio.sleep(0.2)
        await asyncio.gather(*floods)
        results = [r["result"] for r in await page.rooms() if r["game"] == "piranhas-2019"]
        timeouts = sum("SOFT_TIMEOUT" in (r or "") or "HARD_TIMEOUT" in (r or "") for r in results)
        print(
            f"ws flood 10 clients {args.flood_s:g} s: {sum(sent)} requests sent; /api/info "
            f"p50 {statistics.median(latencies):.3f} s max {max(latencies):.3f} s "
            f"({len(latencies)} samples); flooders dropped {len(dropped)}; finished bot games "
            f"with timeouts: {timeouts}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--flood-s", type=float, default=10.0)
    parser.add_argument("--prepares", type=int, default=1000)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve())
        return
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve"], stdout=subprocess.PIPE, text=True, env=os.environ
    )
    try:
        assert server.stdout is not None
        _, web_port = map(int, server.stdout.readline().split())
        asyncio.run(measure(server, web_port, args))
    finally:
        bots = child_pids(server.pid)  # the bots the UI started, by their ids
        server.kill()
        server.wait()
        for pid in bots:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    main()
