"""A bot that misbehaves against the confinement, then plays as the runner tests' random bot.

Usage: confined_bot.py MODE --host H --port P --reservation R
MODE: hog (touches HOG_BYTES of memory), children (starts CHILDREN sleeping children, prints
how many started and their pids, then plays), limits (prints its address-space limit), loud
(prints LOUD_LINES numbered lines first).
"""

from __future__ import annotations

import resource
import runpy
import subprocess
import sys
from pathlib import Path

HOG_BYTES = 2 * 1024**3
CHILDREN = 300
LOUD_LINES = 300_000
RANDOM_BOT = Path(__file__).parents[2] / "runner" / "bots" / "piranhas_bot.py"


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


def main() -> None:
    mode = sys.argv[1]
    {"hog": hog, "children": children, "limits": limits, "loud": loud}[mode]()
    sys.argv = [str(RANDOM_BOT), "random", *sys.argv[2:]]
    runpy.run_path(str(RANDOM_BOT), run_name="__main__")


if __name__ == "__main__":
    main()
