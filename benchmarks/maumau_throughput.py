"""Mau-Mau server throughput: complete games per minute with fast bots, many games at once.

The server runs in its own process (as in production); the bots run as asyncio clients in
this process, each pair playing one game after another over real TCP on 127.0.0.1. The
original jar managed 85 games/min (222 with quick-ack bots); the goal is at least 100x.

    .venv/bin/python benchmarks/maumau_throughput.py --seconds 20 --concurrency 32

The last line is ``games_per_min: N``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import subprocess
import sys
import time

from botarena.client.maumau import MauMauSession
from botarena.core import SeededRandom
from botarena.games.maumau import DRAW, Move, Play
from botarena.games.maumau.players import BotView
from botarena.server.maumau import MauMauServer, ServerOptions


def first_fitting(view: BotView, rng: SeededRandom) -> Move:
    """The first card that fits (wishing suit 0), else a draw."""
    cards = view.legal_cards()
    return Play(cards[0], 0) if cards else DRAW


class FastBot(asyncio.Protocol):
    """A lean bot: the SDK's session (:mod:`botarena.client.maumau`) with the simplest
    strategy, on a plain protocol (no stream reader) so that the bots' own cost stays small
    next to the server's."""

    def __init__(self, name: str, done: asyncio.Future[bool]) -> None:
        self.session = MauMauSession(name, first_fitting, SeededRandom(0))
        self.done = done
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        assert self.transport is not None
        reply = self.session.feed(data)
        if reply:
            self.transport.write(reply)
        if self.session.over:
            self.transport.close()
            if not self.done.done():
                self.done.set_result(True)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(False)


async def fast_bot(port: int, name: str) -> bool:
    """Play one game; True when it ended with a ``won`` message."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[bool] = loop.create_future()
    await loop.create_connection(lambda: FastBot(name, done), "127.0.0.1", port)
    return await done


async def pair_loop(port: int, index: int, deadline: float, counts: list[int]) -> None:
    while time.perf_counter() < deadline:
        first = asyncio.create_task(fast_bot(port, f"A{index}"))
        await asyncio.sleep(0)  # A connects first
        second = asyncio.create_task(fast_bot(port, f"B{index}"))
        done = await asyncio.gather(first, second)
        if all(done):
            counts[0] += 1


async def measure(port: int, seconds: float, concurrency: int) -> tuple[int, float]:
    counts = [0]
    start = time.perf_counter()
    deadline = start + seconds
    await asyncio.gather(*(pair_loop(port, i, deadline, counts) for i in range(concurrency)))
    return counts[0], time.perf_counter() - start


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve() -> None:
    """Child process: run a server on a free port and print the port."""
    logging.disable(logging.CRITICAL)

    async def main() -> None:
        server = MauMauServer(ServerOptions(port=0, players=2))
        await server.start()
        print(server.port, flush=True)
        await server.serve_forever()

    asyncio.run(main())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--concurrency", type=int, default=32, help="games running at once")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve()
        return 0
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline())
        server_cpu_before = process_cpu_seconds(child.pid)
        client_cpu_before = time.process_time()
        games, elapsed = asyncio.run(measure(port, args.seconds, args.concurrency))
        server_cpu = process_cpu_seconds(child.pid) - server_cpu_before
        client_cpu = time.process_time() - client_cpu_before
    finally:
        child.terminate()
        child.wait(10)
    per_min = games / elapsed * 60
    print(f"games: {games} in {elapsed:.1f} s with {args.concurrency} concurrent games")
    if games:
        print(
            f"server CPU: {server_cpu:.2f} s ({server_cpu / games * 1000:.2f} ms/game, "
            f"{60 / (server_cpu / games):.0f} games/min per core); bots CPU: {client_cpu:.2f} s"
        )
    print("original jar: 85 games/min (222 with quick-ack bots)")
    print(f"speed-up vs 85/min: {per_min / 85:.0f}x")
    print(f"games_per_min: {per_min:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
