"""A bot that misbehaves against the confinement, then plays as the runner tests' random bot.

Usage: confined_bot.py MODE --host H --port P --reservation R
MODE: hog (touches HOG_BYTES of memory), children (starts CHILDREN sleeping children, prints
how many started and their pids, then plays), limits (prints its address-space limit), loud
(prints LOUD_LINES numbered lines first), probe:PORT:PATH (tries to connect to 127.0.0.1:PORT
and to see PATH, prints what it reached). It plays as piranhas_bot.py next to it, else the
runner tests' one.
"""

from __future__ import annotations

import resource
import runpy
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

HOG_BYTES = 2 * 1024**3
CHILDREN = 300
LOUD_LINES = 300_000
NEXT_TO_IT = Path(__file__).with_name("piranhas_bot.py")
RANDOM_BOT = (
    NEXT_TO_IT
    if NEXT_TO_IT.exists()
    else Path(__file__).parents[2] / "runner" / "bots" / "piranhas_bot.py"
)


def hog() -> None:
    memory = bytearray(HOG_BYTES)
    for page in range(0, HOG_BYTES, 4096):
        memory[page] = 1


def children() -> None:
    started: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(CHILDREN):
            started.append(subprocess.Popen(["sleep", "600"]))
    except OSError as error:
        print(f"capped: {error}", flush=True)
    pids = " ".join(str(child.pid) for child in started)
    print(f"started {len(started)} children: {pids}", flush=True)


def limits() -> None:
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    print(f"address space limit: {soft}", flush=True)


def loud() -> None:
    out = sys.stdout
    for number in range(LOUD_LINES):
        out.write(f"line {number:07d} of the loud bot's output\n")
    out.flush()


def probe(port: str, path: str) -> None:
    try:
        socket.create_connection(("127.0.0.1", int(port)), timeout=5).close()
        print(f"reached port {port}", flush=True)
    except OSError as error:
        print(f"reached nothing: {error}", flush=True)
    print(f"sees {path}: {Path(path).exists()}", flush=True)


def main() -> None:
    mode, *arguments = sys.argv[1].split(":")
    modes: dict[str, Callable[..., None]] = {
        "hog": hog,
        "children": children,
        "limits": limits,
        "loud": loud,
        "probe": probe,
    }
    modes[mode](*arguments)
    sys.argv = [str(RANDOM_BOT), "random", *sys.argv[2:]]
    runpy.run_path(str(RANDOM_BOT), run_name="__main__")


if __name__ == "__main__":
    main()
