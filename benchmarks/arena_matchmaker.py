"""The ladder's pure logic at contest scale: how many pairings per second the matchmaker
hands out and how many outcomes per second the ratings replay, for 1,000 and 10,000
entrants (one per team, ratings spread like a ladder's, recent games 0..50).

    .venv/bin/python benchmarks/arena_matchmaker.py [--entrants 1000 10000] [--repeat 5]

Per entrant count and game (``sc``: two seats, pairs with sides swapped; ``maumau``: tables
of 4) it prints ``pairings_per_s_count_N``: pairings per second when each call asks for
``N`` pairings (2: one worker asking for its next match; 200: a refill of the queue), from
the best of ``--repeat`` calls. Then ``ratings_outcomes_per_s``: :func:`ratings_of` over
10,000 two-seat outcomes (a full replay of the ladder's history).
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections.abc import Callable

from botarena.arena.ladder_ratings import ratings_of
from botarena.arena.matchmaker import next_pairings
from botarena.arena.pairing import Entrant, MatchOutcome

GAMES = {"sc": (2,), "maumau": (2, 3, 4)}
COUNTS = (2, 200)
REPLAYED_OUTCOMES = 10_000


def field(size: int, seed: int = 1) -> list[Entrant]:
    rng = random.Random(seed)
    return [
        Entrant(
            submission,
            f"team{submission}",
            rng.gauss(25.0, 6.0),
            rng.uniform(1.0, 8.3),
            rng.randrange(50),
            (rng.randrange(size),),
        )
        for submission in range(size)
    ]


def best_of(repeat: int, run: Callable[[], object]) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        fastest = min(fastest, time.perf_counter() - started)
    return fastest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for size in args.entrants:
        entrants = field(size)
        for game, sizes in GAMES.items():
            for count in COUNTS:
                call = functools.partial(
                    next_pairings,
                    entrants,
                    (),
                    table_sizes=sizes,
                    rng=random.Random(7),
                    count=count,
                )
                seconds = best_of(args.repeat, call)
                print(
                    f"entrants={size} game={game} pairings_per_s_count_{count}="
                    f"{count / seconds:.0f} (call {seconds * 1000:.1f} ms)"
                )
    rng = random.Random(3)
    outcomes = [
        MatchOutcome(tuple(rng.sample(range(1_000), 2)), (1, 2)) for _ in range(REPLAYED_OUTCOMES)
    ]
    seconds = best_of(1, lambda: ratings_of(outcomes))
    print(
        f"ratings_outcomes_per_s={REPLAYED_OUTCOMES / seconds:.0f} "
        f"({REPLAYED_OUTCOMES} outcomes in {seconds:.2f} s)"
    )


if __name__ == "__main__":
    main()
