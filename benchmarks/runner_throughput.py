"""Throughput of ``botarena test``: N games random vs random, bots as separate processes.

Two modes of launching the bots:

* ``per-game``: two processes per game (like the official TestClient);
* ``persistent``: one process per bot and lane, fed reservations on stdin (``--persistent``).

Run from the repository root::

    .venv/bin/python benchmarks/runner_throughput.py                # 1,000 games, both modes
    .venv/bin/python benchmarks/runner_throughput.py -n 100 --mode per-game
    .venv/bin/python benchmarks/runner_throughput.py \
        --bot "python tests/runner/bots/piranhas_bot.py random"

Output: one line per mode, then ``games: N`` and ``wall_s: S`` for the default mode (the
last one run: ``persistent`` unless only ``per-game`` is asked for). Each run is the real
command line (``python -m botarena test``) in a subprocess; games are checked to have ended
regularly, otherwise the figure is not printed as a result.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_mode(bot: str, games: int, concurrency: int, persistent: bool, seed: int) -> float:
    with tempfile.TemporaryDirectory(prefix="botarena-bench-") as folder:
        out = Path(folder) / "run"
        command = [
            sys.executable,
            "-m",
            "botarena",
            "test",
            "--game",
            "piranhas",
            "-n",
            str(games),
            "--concurrency",
            str(concurrency),
            "--seed",
            str(seed),
            "--out",
            str(out),
            bot,
            bot,
        ]
        if persistent:
            command.insert(4, "--persistent")
        started = time.perf_counter()
        finished = subprocess.run(command, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - started
        if finished.returncode != 0:
            sys.exit(f"the run failed:\n{finished.stdout}\n{finished.stderr}")
        summary = json.loads((out / "summary.json").read_text())
    records = summary["games"]
    irregular = sum(1 for record in records if not record["regular"])
    if len(records) != games or irregular:
        first = next((r["cause"] for r in records if not r["regular"]), "")
        sys.exit(f"only {len(records) - irregular} of {games} games ended regularly: {first}")
    return wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--mode", choices=("both", "per-game", "persistent"), default="both")
    parser.add_argument("--bot", default="random", help="bot for both sides [random]")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    modes = ["per-game", "persistent"] if args.mode == "both" else [args.mode]
    wall = 0.0
    for mode in modes:
        wall = run_mode(args.bot, args.games, args.concurrency, mode == "persistent", args.seed)
        print(
            f"{mode}: {args.games} games in {wall:.1f} s wall, "
            f"{args.games / wall:.1f} games/s, concurrency {args.concurrency}"
        )
    print(f"games: {args.games}")
    print(f"wall_s: {wall:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
