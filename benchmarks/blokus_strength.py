"""Blokus ``strong`` against another built-in player, through ``botarena test``.

    .venv/bin/python benchmarks/blokus_strength.py --game blokus-2021 --games 40 \
        --time-ms 2000 [--opponent search] [--concurrency 1]

Paired games with sides swapped (``botarena test`` plays seed pairs), the move time limit
``--time-ms`` given to the server (soft timeout) and to ``strong`` (``--time-ms``); the
opponent plays as it does (``search`` and ``greedy`` take no time budget). Prints wins,
draws, losses, the score, Elo with its 95 % interval (the runner's pentanomial estimate;
``None`` when one side won every pair), the number of games lost on time, and each bot's
mean and largest move time. The real measurement (40 games at 2000 ms) takes hours on a
shared machine; short limits give a quick, weaker indication.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from statistics import mean
from tempfile import mkdtemp
from typing import Any


def strong_command(game: str, time_ms: int) -> str:
    return f"{sys.executable} -m botarena bot {game} strong --time-ms {time_ms}"


def run(args: argparse.Namespace) -> dict[str, Any]:
    out = Path(args.out or mkdtemp(prefix="blokus-strength-"))
    command = [
        sys.executable, "-m", "botarena", "test",
        "--game", args.game, "-n", str(args.games), "--seed", str(args.seed),
        "--concurrency", str(args.concurrency), "--soft-timeout-ms", str(args.time_ms),
        "--out", str(out),
        strong_command(args.game, args.time_ms), args.opponent,
    ]  # fmt: skip
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL)
    summary: dict[str, Any] = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return summary


def report(summary: dict[str, Any]) -> dict[str, Any]:
    """The figures of a ``botarena test`` summary (strong is the first bot)."""
    stats = summary["statistics"]
    times: dict[str, list[float]] = {}
    for game in summary["games"]:
        for bot, ms in zip(game.get("move_bots", []), game.get("move_times_ms", []), strict=False):
            times.setdefault(bot, []).append(ms)
    timeouts = sum(
        1 for game in summary["games"] for slot in game["slots"] if slot["cause"] != "REGULAR"
    )
    return {
        "games": stats["games"],
        "wins": stats["wins"],
        "draws": stats["draws"],
        "losses": stats["losses"],
        "score": stats["score"],
        "elo": stats["elo"],
        "elo_ci95": stats["elo_ci95"],
        "irregular_slots": timeouts,
        "move_ms": {bot: [round(mean(v), 1), round(max(v), 1)] for bot, v in times.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="blokus-2021")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--time-ms", type=int, default=2000)
    parser.add_argument("--opponent", default="search")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--out", default=None, help="run folder [default: a temporary one]")
    args = parser.parse_args(argv)
    print(json.dumps(report(run(args)), sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
