"""Self-play tuning of the Piranhas evaluation weights of ``strong`` (2019: swarm share,
coordinate spread, fish count; 2026: heaviest swarm, material, spread): SPSA over the
logarithms of the weights, at a fixed node budget per move, then a paired match of the tuned
weights against the built-in ones.

Usage (from the repository root)::

    .venv/bin/python benchmarks/tune_piranhas.py [--season 2019|2026] [--iterations 60]
        [--nodes 3000] [--match-pairs 100] [--seed 1]

Games run inside the core (``PiranhasSearcher(weights=...)`` or ``weights_2026=...``, one
searcher per side and game,
``max_nodes`` per move: no clock, so a seed gives the same run on any machine). Every game
starts from the seed's obstacles and :data:`OPENING_PLIES` random plies; a pair plays it twice
with sides swapped. Each SPSA iteration plays one pair of theta + c·delta against theta - c·delta.

Prints ``# iteration K: swarm, spread, fish`` lines, then ``tuned: S, P, F``,
``match: W-D-L, Elo E [LOW, HIGH]`` (tuned against built-in, pentanomial 95 % interval) and
``adopt: yes`` only when the interval's lower bound is above 0 (else ``adopt: no``). Adopting
means changing ``WEIGHTS_2019`` or ``WEIGHTS_2026`` in ``native/engine/src/piranhas/eval.rs``
by hand.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from botarena.core import SeededRandom
from botarena.games.piranhas import PiranhasGame
from botarena.games.piranhas_2026 import Piranhas2026Game
from botarena.native import REASON, core
from botarena.native.piranhas import position_2019, position_2026
from botarena.runner.stats import Pentanomial, elo_estimate

Weights = tuple[int, int, int]
OPENING_PLIES = 2
"""Random plies before the searchers take over (different games from one obstacle set)."""
PERTURBATION = 0.2
"""SPSA's c: each weight is tried at e^(±0.2) (about ±20 %) of the current one."""
STEP = 0.1
"""SPSA's a: the step on the logarithms per point of pair score difference."""
STEP_DECAY = 0.602
"""SPSA's standard step decay exponent."""
MAX_WEIGHT = 100_000
"""The core's largest weight (``eval::MAX_WEIGHT``)."""


@dataclass(frozen=True)
class Season:
    """How the tuner plays one Piranhas season inside the core."""

    year: int
    start: Callable[[int], Any]
    """The core position of a seed's start."""
    keyword: str
    """The searcher's keyword for this season's weights."""
    search: Callable[[Any, Any, int], Any]
    """``search(searcher, position, nodes)``: the searcher's result tuple."""


SEASONS = {
    2019: Season(
        2019,
        lambda seed: position_2019(PiranhasGame().new_initial_state(SeededRandom(seed))),
        "weights",
        lambda searcher, position, nodes: searcher.search_2019(position, max_nodes=nodes),
    ),
    2026: Season(
        2026,
        lambda seed: position_2026(Piranhas2026Game().new_initial_state(SeededRandom(seed))),
        "weights_2026",
        lambda searcher, position, nodes: searcher.search_2026(position, max_nodes=nodes),
    ),
}


def play(season: Season, red: Weights, blue: Weights, seed: int, nodes: int) -> float:
    """The first seat's score (1, 0.5, 0) in a game from ``seed``'s start, each side
    searching ``nodes`` nodes per move with its weights."""
    assert core is not None
    position = season.start(seed)
    rng = random.Random(seed)
    for _ in range(OPENING_PLIES):
        position.apply(rng.choice(position.moves()))
    searchers = [
        core.PiranhasSearcher(16, **{season.keyword: red}),
        core.PiranhasSearcher(16, **{season.keyword: blue}),
    ]
    while (end := position.end()) is None:
        result = season.search(searchers[position.turn & 1], position, nodes)
        position.apply(result[0])
    winner = end[0]
    return 0.5 if winner is None else 1.0 - winner


def play_pair(
    season: Season, one: Weights, two: Weights, seed: int, nodes: int
) -> tuple[float, float]:
    """``one``'s scores in the two games of a pair (``one`` first seat, then second)."""
    return play(season, one, two, seed, nodes), 1.0 - play(season, two, one, seed, nodes)


def weights_of(theta: Sequence[float]) -> Weights:
    w = [min(MAX_WEIGHT, max(1, round(math.exp(value)))) for value in theta]
    return w[0], w[1], w[2]


def spsa(season: Season, start: Weights, iterations: int, nodes: int, seed: int) -> Weights:
    rng = random.Random(seed)
    theta = [math.log(value) for value in start]
    for k in range(iterations):
        delta = [rng.choice((-1, 1)) for _ in theta]
        plus = weights_of([t + PERTURBATION * d for t, d in zip(theta, delta, strict=True)])
        minus = weights_of([t - PERTURBATION * d for t, d in zip(theta, delta, strict=True)])
        scores = play_pair(season, plus, minus, rng.getrandbits(32), nodes)
        difference = 2 * sum(scores) - 2  # plus's points minus minus's, in -2..2
        step = STEP / (k + 1) ** STEP_DECAY
        theta = [
            t + step * difference / (2 * PERTURBATION) * d
            for t, d in zip(theta, delta, strict=True)
        ]
        print(f"# iteration {k}: {', '.join(map(str, weights_of(theta)))}", flush=True)
    return weights_of(theta)


def match(
    season: Season, tuned: Weights, base: Weights, pairs: int, *, nodes: int, seed: int
) -> list[str]:
    rng = random.Random(seed ^ 0x5EED)
    results = [play_pair(season, tuned, base, rng.getrandbits(32), nodes) for _ in range(pairs)]
    games = [score for pair in results for score in pair]
    estimate = elo_estimate(Pentanomial.from_game_pairs(results))
    wins, draws = games.count(1.0), games.count(0.5)
    adopt = estimate.ci_low > 0
    return [
        f"match: {wins}-{draws}-{len(games) - wins - draws}, Elo {estimate.elo:+.0f} "
        f"[{estimate.ci_low:+.0f}, {estimate.ci_high:+.0f}]",
        f"adopt: {'yes' if adopt else 'no'}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--season", type=int, choices=sorted(SEASONS), default=2019)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--nodes", type=int, default=3000, help="search nodes per move")
    parser.add_argument("--match-pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.iterations < 0 or args.nodes < 1 or args.match_pairs < 1:
        parser.error("--iterations must be >= 0, --nodes and --match-pairs >= 1")
    if core is None:
        print(f"the native core is not available: {REASON}", file=sys.stderr)
        return 2
    season = SEASONS[args.season]
    base: Weights = getattr(core.PiranhasSearcher(10), season.keyword)
    print(
        f"# start: {', '.join(map(str, base))}; Piranhas {season.year}, {args.nodes} nodes "
        f"per move, seed {args.seed}"
    )
    tuned = spsa(season, base, args.iterations, args.nodes, args.seed)
    print(f"tuned: {', '.join(map(str, tuned))}")
    for line in match(season, tuned, base, args.match_pairs, nodes=args.nodes, seed=args.seed):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
