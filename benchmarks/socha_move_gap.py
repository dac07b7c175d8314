"""What a gap between the state and the move request is worth to a real socha 4.3.9 client.

A socha bot that thinks 1.85 s from its ``calculate_move`` call plays Piranhas 2026 on an
embedded server against a fast socha bot, without move timeouts and without move grace. Its
seat is paced by ``--gap`` ms, so its move request is written that long after its state (as
the official 26.x server does with its full GC in between); the clock starts when the request
is written. Prints the raw times of the slow bot's first moves: with ``--gap 0`` they include
what the client spends before it sees a request that came with its state, with ``--gap 243``
(the official median) only what the official server charges it.

    .venv/bin/python -m benchmarks.socha_move_gap --gap 0
    .venv/bin/python -m benchmarks.socha_move_gap --gap 243 --busy 2

Needs the socha virtualenv of the tests (built from PyPI on first use, ``tests.socha``).
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys

from tests.socha.sochaenv import BOTS, SOCHA_2026, offline_env, socha_python

from botarena.games.registry import load_plugin
from botarena.server import ScServer, ServerConfig, SlotDescriptor
from botarena.server.events import LobbyListener
from botarena.server.move_clock import MoveTime
from botarena.server.room import Room

GAME = "swc_2026_piranhas"


async def play(gap_ms: int, think_s: float, slow_moves: int) -> dict[int, list[float]]:
    config = ServerConfig(host="127.0.0.1", port=0, no_timeout=True, move_grace_ms=0)
    server = ScServer(config, [load_plugin(GAME)])
    await server.start()
    raw: dict[int, list[float]] = {0: [], 1: []}

    class Times(LobbyListener):
        def move_answered(self, room: Room, move: MoveTime) -> None:
            raw[move.slot].append(round(move.raw_ms))

    server.lobby.add_listener(Times())
    prepared = server.lobby.prepare_room(
        GAME,
        [
            SlotDescriptor("slow", True, reserved=True, pace_ms=gap_ms),
            SlotDescriptor("fast", True, reserved=True),
        ],
    )
    slow_env = {
        **offline_env(),
        "BOTARENA_SOCHA_THINK_S": str(think_s),
        "BOTARENA_SOCHA_SLOW_MOVES": str(slow_moves),
    }
    try:
        processes = [
            await asyncio.create_subprocess_exec(
                str(socha_python(SOCHA_2026)),
                str(BOTS[SOCHA_2026]),
                "--host",
                "127.0.0.1",
                "--port",
                str(server.port),
                "--reservation",
                code,
                env=env,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
            for env, code in zip((slow_env, offline_env()), prepared.reservations, strict=True)
        ]
        for process in processes:
            await process.wait()
    finally:
        await server.stop()
    return raw


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gap", type=int, default=0, help="ms between state and request")
    parser.add_argument("--think", type=float, default=1.85, help="seconds the slow bot thinks")
    parser.add_argument("--moves", type=int, default=6, help="slow moves")
    parser.add_argument("--busy", type=int, default=0, help="busy-loop processes meanwhile")
    args = parser.parse_args()
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    try:
        raw = asyncio.run(play(args.gap, args.think, args.moves))
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    print(f"gap {args.gap} ms, {args.busy} busy loops: slow bot raw ms {raw[0][: args.moves]}")
    print(
        f"{' ' * len(str(args.gap))}                         fast bot raw ms {raw[1][: args.moves]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
