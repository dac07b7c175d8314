"""Throughput of the Software-Challenge XML server with many concurrent Piranhas games.

The server runs in its own process (one core); N concurrent games are played over loopback by
fast scripted clients in this process: each client follows the game with the rules engine,
reading only the opponent's ``lastMove`` and the obstacles out of the mementos (a regular
expression, no XML parsing), and answers every move request at once with a random legal
move. Prints::

    games: N  moves: N  wall_s: N
    games_per_s: N
    moves_per_s: N
    cpu_ms_per_move: N       server process CPU per move (user + system)
    p50_ms: N
    p99_ms: N                time from a move's arrival to the next move request's write

Usage: ``python benchmarks/server_throughput.py [--games 100] [--rounds 3] [--seed 1]
[--viewers N]`` (``--rounds``: how many batches of ``--games`` concurrent games are played;
``--viewers``: the server also runs the web UI, and N WebSocket viewers follow the room list
and each watches one running game at a time, as browsers would).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import time
from typing import Any

from botarena.core import SeededRandom
from botarena.games.piranhas import Direction, Move, PiranhasState
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig

GAME = "swc_2019_piranhas"
MOVE_REQUEST = b'class="sc.framework.plugins.protocol.MoveRequest"/>\n  </room>'
LAST_MOVE = re.compile(rb'<lastMove class="move" x="(\d)" y="(\d)" direction="(\w+)"')
TURN = re.compile(rb' turn="(\d+)"')
OBSTACLE = re.compile(rb'<field x="(\d)" y="(\d)" state="OBSTRUCTED"/>')


# ---------------------------------------------------------------------------- server process


def serve(profile: str | None = None, viewers: int = 0) -> None:
    """Run the server; print the port; on stdin EOF print the figures as JSON and exit."""
    if profile:
        import cProfile  # noqa: PLC0415 - only for --profile

        profiler = cProfile.Profile()
        profiler.enable()
        try:
            serve(viewers=viewers)
        finally:
            profiler.disable()
            profiler.dump_stats(profile)
        return

    async def main() -> None:
        server = ScServer(ServerConfig(port=0, finished_player_grace_s=0))
        await server.start()
        web_port = None
        if viewers:
            from botarena.web.app import WebConfig, WebServer  # noqa: PLC0415
            from botarena.web.hub import LiveHub  # noqa: PLC0415

            hub = LiveHub()
            server.lobby.add_listener(hub)
            web = WebServer(WebConfig(port=0), hub)
            await web.start()
            web_port = web.port
        turnarounds: list[float] = []
        server.lobby.turnaround_sink = turnarounds.append
        times = os.times()
        print(
            json.dumps(
                {
                    "port": server.port,
                    "web_port": web_port,
                    "user_s": times.user,
                    "sys_s": times.system,
                }
            ),
            flush=True,
        )
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.read)
        times = os.times()
        turnarounds.sort()
        figures = {"user_s": times.user, "sys_s": times.system, "turnarounds_s": turnarounds}
        print(json.dumps(figures), flush=True)
        if viewers:
            await web.stop()
        await server.stop()

    asyncio.run(main())


# ---------------------------------------------------------------------------- clients


class FastPlayer:
    """A client that plays random legal moves as fast as it can."""

    def __init__(self, port: int, rng: SeededRandom) -> None:
        self.port = port
        self.rng = rng
        self.moves = 0

    async def play(self) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(f'<protocol><join gameType="{GAME}"/>'.encode())
        buffer = b""
        state: PiranhasState | None = None
        room_id = b""
        while True:
            chunk = await reader.read(1 << 16)
            if not chunk:
                raise RuntimeError("server closed the connection")
            buffer += chunk
            if not room_id:
                found = re.search(rb'roomId="([^"]+)"', buffer)
                if found:
                    room_id = found.group(1)
            if b"<left " in buffer:
                break
            end = buffer.rfind(MOVE_REQUEST)
            if end < 0:
                continue
            head, buffer = buffer[: end + len(MOVE_REQUEST)], buffer[end + len(MOVE_REQUEST) :]
            if state is None:
                obstacles = [(int(x), int(y)) for x, y in OBSTACLE.findall(head)]
                state = PiranhasState.start(obstacles=obstacles)
            turns = TURN.findall(head)
            turn = int(turns[-1]) if turns else 0
            if state.turn < turn:
                x, y, direction = LAST_MOVE.findall(head)[-1]
                state.apply(Move(int(x), int(y), Direction[direction.decode()]))
            move = self.rng.choice(state.legal_moves())
            state.apply(move)
            self.moves += 1
            writer.write(
                b'<room roomId="%s"><data class="move" x="%d" y="%d" direction="%s"/></room>'
                % (room_id, move.x, move.y, move.direction.value.encode())
            )
        writer.write(b"<sc.protocol.responses.CloseConnection/></protocol>")
        await writer.drain()
        writer.close()


async def play_batch(port: int, games: int, rng: SeededRandom) -> int:
    players = [FastPlayer(port, rng.derive(f"p{i}")) for i in range(2 * games)]
    await asyncio.gather(*(p.play() for p in players))
    return sum(p.moves for p in players)


async def watch(web_port: int, index: int, counts: list[int]) -> None:
    """A browser: follows the room list and watches one running room at a time."""
    import aiohttp  # noqa: PLC0415 - only with --viewers

    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"http://127.0.0.1:{web_port}/ws", max_msg_size=0) as ws,
    ):
        await ws.send_str(json.dumps({"op": "rooms"}))
        watching: str | None = None
        rooms: dict[str, dict[str, Any]] = {}
        async for message in ws:
            for part in message.data.split("\x1e"):
                counts[index] += 1
                if not part.startswith("S\t"):  # states need no parsing here
                    watching = await follow(ws, json.loads(part), index, watching, rooms)


async def follow(
    ws: Any, data: dict[str, Any], index: int, watching: str | None, rooms: dict[str, Any]
) -> str | None:
    """One message to a viewer (``rooms``: the room list as it knows it, by id, kept up to
    date as the UI does); returns the room it watches now."""
    if data["type"] == "result" and data["room"] == watching:
        await ws.send_str(json.dumps({"op": "unwatch", "room": watching}))
        return None
    if data["type"] in ("rooms", "roomsChanged"):
        if data["type"] == "rooms":
            rooms.clear()
        rooms.update((room["id"], room) for room in data["rooms"])
        for room_id in data.get("removed", []):
            rooms.pop(room_id, None)
    if data["type"] in ("rooms", "roomsChanged") and watching is None:
        running = [room_id for room_id, room in rooms.items() if room["status"] == "running"]
        if running:
            watching = running[index % len(running)]
            await ws.send_str(json.dumps({"op": "watch", "room": watching}))
    return watching


def run_viewers(web_port: int, viewers: int) -> None:
    """The viewers' process (browsers are not the server's cost): watch until stdin EOF,
    then print how many messages they got."""

    async def main() -> None:
        counts = [0] * viewers
        tasks = [asyncio.create_task(watch(web_port, i, counts)) for i in range(viewers)]
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        print(sum(counts), flush=True)

    asyncio.run(main())


async def play_all(port: int, args: argparse.Namespace, rng: SeededRandom) -> int:
    moves = 0
    for batch in range(args.rounds):
        moves += await play_batch(port, args.games, rng.derive(f"b{batch}"))
    return moves


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, round(fraction * (len(sorted_values) - 1)))
    return sorted_values[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games per batch")
    parser.add_argument("--rounds", type=int, default=3, help="batches played one after another")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--watch", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--profile", help="write a cProfile of the server process to this file")
    parser.add_argument(
        "--viewers", type=int, default=0, help="WebSocket viewers of the web UI watching games"
    )
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.profile, args.viewers)
        return 0
    if args.watch:
        run_viewers(args.watch, args.viewers)
        return 0
    env = dict(os.environ)
    server = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--serve",
            *(["--profile", args.profile] if args.profile else []),
            "--viewers",
            str(args.viewers),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert server.stdin is not None and server.stdout is not None
    try:
        ready = json.loads(server.stdout.readline())
        rng = SeededRandom(args.seed)
        watchers = None
        if args.viewers:
            watchers = subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--watch",
                    str(ready["web_port"]),
                    "--viewers",
                    str(args.viewers),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert watchers.stdout is not None and watchers.stdin is not None
            watchers.stdout.readline()
        started = time.perf_counter()
        moves = asyncio.run(play_all(ready["port"], args, rng))
        wall = time.perf_counter() - started
        messages = 0
        if watchers is not None:
            assert watchers.stdout is not None and watchers.stdin is not None
            watchers.stdin.close()
            messages = int(watchers.stdout.readline())
            watchers.wait(timeout=30)
        server.stdin.close()
        figures = json.loads(server.stdout.readline())
    finally:
        server.wait(timeout=30)
    user = figures["user_s"] - ready["user_s"]
    system = figures["sys_s"] - ready["sys_s"]
    cpu = user + system
    turnarounds = figures["turnarounds_s"]
    games = args.games * args.rounds
    print(f"games: {games}  moves: {moves}  wall_s: {wall:.2f}  concurrent: {args.games}")
    if args.viewers:
        print(f"viewers: {args.viewers}  messages_to_viewers: {messages}")
    print(f"games_per_s: {games / wall:.1f}")
    print(f"moves_per_s: {moves / wall:.0f}")
    print(f"cpu_ms_per_move: {1000 * cpu / moves:.3f}")
    print(
        f"cpu_user_ms_per_move: {1000 * user / moves:.3f}  cpu_sys_ms_per_move: "
        f"{1000 * system / moves:.3f}"
    )
    print(f"p50_ms: {1000 * percentile(turnarounds, 0.50):.3f}")
    print(f"p99_ms: {1000 * percentile(turnarounds, 0.99):.3f}")
    print(f"mean_turnaround_ms: {1000 * statistics.fmean(turnarounds):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
