"""Playing strength of a Piranhas season's ``strong`` player against ``search`` and ``greedy``
(Blokus: ``benchmarks/blokus_strength.py``).

Usage (from the repository root)::

    .venv/bin/python benchmarks/strength.py --game piranhas-2019 [--games 40]
        [--time-ms 2000] [--search-time-ms MS] [--opponents search,greedy]
        [--concurrency 1] [--seed S] [--out DIR]

Each match is ``botarena test`` with both players as real bot processes (``botarena bot GAME
NAME``) on the embedded server with the game's move timeouts: paired games (same seed, sides
swapped), Elo of ``strong`` with its 95 % interval from the runner's pentanomial statistics.
``strong`` gets ``--time-ms`` (the move limit it budgets for, default the official 2 s);
``search`` gets ``--search-time-ms`` (default: the search budget ``strong`` uses, so both think
about as long). Prints one line per match and, last, ``strength_<opponent>: ELO [LOW, HIGH]``
lines. The real measurement (40 games at 2 s) takes hours; short limits give rough figures.
Exit code 1 if a match could not be played (e.g. a bot failed to start).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botarena.games.registry import resolve
from botarena.native.strong import DEFAULT_TIME_MS, engine_note, search_budget_ms

OPPONENTS = ("search", "greedy")
DEFAULT_GAMES = 40


@dataclass(frozen=True)
class Match:
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    elo: float | None
    low: float | None
    high: float | None
    irregular: int
    """Games that did not end regularly (timeouts, crashes, invalid moves)."""
    strong_max_ms: float
    strong_avg_ms: float


def botarena_command() -> str:
    """The ``botarena`` script of this interpreter's environment."""
    return str(Path(sys.executable).with_name("botarena"))


def bot_spec(game: str, name: str, args: list[str]) -> str:
    return " ".join([botarena_command(), "bot", game, name, *args])


def read_match(opponent: str, summary: dict[str, Any]) -> Match:
    stats = summary["statistics"]
    low, high = stats["elo_ci95"]
    strong = summary["settings"]["bots"][0]["label"]
    times = [
        ms
        for game in summary["games"]
        for ms, bot in zip(game["move_times_ms"], game["move_bots"], strict=False)
        if bot == strong
    ]
    return Match(
        opponent,
        stats["games"],
        stats["wins"],
        stats["draws"],
        stats["losses"],
        stats["elo"],
        low,
        high,
        stats["irregular_games"] + stats["void_games"],
        max(times, default=0.0),
        sum(times) / len(times) if times else 0.0,
    )


def play(args: argparse.Namespace, opponent: str) -> Match | None:
    game = args.game
    strong = bot_spec(game, "strong", ["--time-ms", f"{args.time_ms:g}"])
    if opponent == "search":
        seconds = (args.search_time_ms or search_budget_ms(args.time_ms)) / 1000
        other = bot_spec(game, "search", ["--time-budget", f"{seconds:g}"])
    else:
        other = bot_spec(game, opponent, [])
    out = args.out / f"strong-vs-{opponent}"
    command = [
        botarena_command(),
        "test",
        "--game",
        game,
        "-n",
        str(args.games),
        "--concurrency",
        str(args.concurrency),
        "--seed",
        str(args.seed),
        "--out",
        str(out),
        strong,
        other,
    ]
    print(f"# {' '.join(command)}", flush=True)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    summary_path = out / "summary.json"
    if not summary_path.exists():
        print(f"# match against {opponent} failed: {done.stderr.strip()[-400:]}", file=sys.stderr)
        return None
    return read_match(opponent, json.loads(summary_path.read_text(encoding="utf-8")))


def elo_text(match: Match) -> str:
    if match.elo is None:
        return "n/a (no wins or no losses: unbounded)"
    if match.low is None or match.high is None:
        return f"{match.elo:+.0f}"
    return f"{match.elo:+.0f} [{match.low:+.0f}, {match.high:+.0f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--game", required=True, help="season id, e.g. piranhas-2019")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="per opponent (even)")
    parser.add_argument("--time-ms", type=float, default=DEFAULT_TIME_MS)
    parser.add_argument("--search-time-ms", type=float, default=None)
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("botarena-runs/strength"))
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even (pairs with sides swapped) and at least 2")
    try:
        season = resolve(args.game)
    except ValueError as error:
        parser.error(str(error))
    if season.name != "piranhas":  # Blokus search takes no time budget: its own script
        parser.error(
            f"{season.id}: this script measures the Piranhas seasons; for Blokus run "
            "benchmarks/blokus_strength.py"
        )
    args.game = season.id
    opponents = [name.strip() for name in args.opponents.split(",") if name.strip()]
    print(f"# {args.game}: strong --time-ms {args.time_ms:g}; {engine_note()}")
    matches = [play(args, opponent) for opponent in opponents]
    print("opponent  games   W   D   L  Elo [95% CI]                irregular  strong avg/max ms")
    for match in matches:
        if match is not None:
            print(
                f"{match.opponent:<9} {match.games:>5} {match.wins:>3} {match.draws:>3} "
                f"{match.losses:>3}  {elo_text(match):<26} {match.irregular:>9}  "
                f"{match.strong_avg_ms:.0f}/{match.strong_max_ms:.0f}"
            )
    for match in matches:
        if match is not None:
            print(f"strength_{match.opponent}: {elo_text(match)}")
    return 0 if all(match is not None for match in matches) else 1


if __name__ == "__main__":
    sys.exit(main())
