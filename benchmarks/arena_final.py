"""The arena's final phase: how long publishing its standings takes (the Bradley-Terry fit of
``ladder_ratings.final_standings`` over the full round robin, every pair twice), by field
size; the arena computes it once per published final and keeps it.

    .venv/bin/python -m benchmarks.arena_final [--sizes 10 50 100] [--seed 1]

Prints ``final_fit_ms uploads=N matches=M`` per size (synthetic results: the lower id of a
pair wins with a seeded probability that grows with the id gap).
"""

from __future__ import annotations

import argparse
import random
import time

from botarena.arena.ladder_ratings import final_round_robin, final_standings
from botarena.arena.pairing import MatchOutcome


def outcomes(size: int, rng: random.Random) -> list[MatchOutcome]:
    played = []
    for pairing in final_round_robin(list(range(1, size + 1)), (2,)):
        first, second = pairing.seats
        first_wins = rng.random() < second / (first + second)
        played.append(MatchOutcome(pairing.seats, (1, 2) if first_wins else (2, 1)))
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 50, 100])
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    for size in options.sizes:
        played = outcomes(size, rng)
        start = time.perf_counter()
        final_standings(played)
        elapsed_ms = (time.perf_counter() - start) * 1000
        print(f"final_fit_ms uploads={size} matches={len(played)}: {elapsed_ms:.1f}")


if __name__ == "__main__":
    main()
