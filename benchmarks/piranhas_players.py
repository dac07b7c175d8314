"""Measure the Piranhas search player: nodes per second, depth, and strength against greedy.

Usage::

    .venv/bin/python -m benchmarks.piranhas_players [--positions 8] [--node-budget 1.5]
        [--games 20] [--budget 0.2] [--jobs 1] [--seed 1]

Part 1 searches ``--positions`` positions (reached by seeded random play) with the default
budget and prints the total nodes per second (``search_nodes_per_s: N``), the mean depth, and
how far the searches overran their budget. Part 2 plays ``--games`` games (pairs with the same
seed and sides swapped) of search (``--budget`` seconds per move) against greedy, in ``--jobs``
processes, and prints W/D/L, the pair counts, the Elo difference with its 95 % interval
(trinomial and pentanomial), LOS, and the largest time a search move took.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from botarena.core import SeededRandom
from botarena.core.search import DEFAULT_TIME_BUDGET
from botarena.games.piranhas import PiranhasGame, PiranhasState
from botarena.games.piranhas.players import GreedyPlayer, Player, SearchPlayer
from botarena.runner.stats import (
    WDL,
    Pentanomial,
    elo_estimate,
    normalized_elo_estimate,
)


def sample_positions(count: int, seed: int) -> list[PiranhasState]:
    """Running positions after 4..30 random plies from seeded starts."""
    rng = SeededRandom(seed)
    positions: list[PiranhasState] = []
    while len(positions) < count:
        state = PiranhasGame().new_initial_state(SeededRandom(rng.randrange(2**32)))
        for _ in range(rng.randrange(4, 31)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            positions.append(state)
    return positions


def measure_nodes(positions: int, budget: float, seed: int) -> None:
    player = SearchPlayer(time_budget=budget, seed=seed)
    depths, overruns = [], []
    for state in sample_positions(positions, seed):
        player.choose_move(state)
        stats = player.last_stats
        assert stats is not None
        depths.append(stats.depth)
        overruns.append(stats.seconds - budget)
    print(f"positions: {positions}, budget per move: {budget} s")
    print(f"nodes: {player.total_nodes}, seconds: {player.total_seconds:.2f}")
    print(f"depth: mean {statistics.mean(depths):.2f}, min {min(depths)}, max {max(depths)}")
    print(
        f"overrun_ms: mean {statistics.mean(overruns) * 1000:.1f}, max {max(overruns) * 1000:.1f}"
    )
    print(f"search_nodes_per_s: {player.total_nodes / player.total_seconds:.0f}")


@dataclass(frozen=True)
class GameResult:
    seed: int
    search_seat: int
    search_score: float
    """1 win, 0.5 draw, 0 loss for the search player."""
    turns: int
    reason: str
    max_move_seconds: float
    mean_depth: float


def play_game(seed: int, search_seat: int, budget: float) -> GameResult:
    search = SearchPlayer(time_budget=budget, seed=seed)
    greedy = GreedyPlayer(seed)
    players: list[Player] = [greedy, greedy]
    players[search_seat] = search
    state = PiranhasGame().new_initial_state(SeededRandom(seed))
    longest = 0.0
    depths: list[int] = []
    while not state.is_terminal():
        player = players[state.turn & 1]
        started = time.perf_counter()
        move = player.choose_move(state)
        if player is search:
            longest = max(longest, time.perf_counter() - started)
            assert search.last_stats is not None
            depths.append(search.last_stats.depth)
        state.apply(move)
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(
        seed=seed,
        search_seat=search_seat,
        search_score=outcome.returns(2)[search_seat],
        turns=state.turn,
        reason=outcome.reason.splitlines()[-1],
        max_move_seconds=longest,
        mean_depth=statistics.mean(depths) if depths else 0.0,
    )


def _play_pair(seed: int, budget: float) -> tuple[GameResult, GameResult]:
    return play_game(seed, 0, budget), play_game(seed, 1, budget)


def play_match(games: int, budget: float, jobs: int, seed: int) -> None:
    pairs = max(1, games // 2)
    seeds = [SeededRandom(seed).derive(f"pair {i}").seed_value for i in range(pairs)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_play_pair, seeds, [budget] * pairs))
    wall = time.perf_counter() - started
    flat = [game for pair in results for game in pair]
    wdl = WDL.from_scores(game.search_score for game in flat)
    penta = Pentanomial.from_game_pairs((a.search_score, b.search_score) for a, b in results)
    trinomial = elo_estimate(wdl)
    pentanomial = elo_estimate(penta)
    normalized = normalized_elo_estimate(penta)
    reasons: dict[str, int] = {}
    for game in flat:
        reasons[game.reason] = reasons.get(game.reason, 0) + 1
    print(f"match: search ({budget} s/move) vs greedy, {len(flat)} games in {pairs} pairs")
    print(f"W/D/L: {wdl.wins}/{wdl.draws}/{wdl.losses}, score {trinomial.score:.3f}")
    print(f"win_rate: {wdl.wins / wdl.games:.3f}")
    print(f"Ptnml(0-2): {list(penta.counts)}")
    print(
        f"Elo (games): {trinomial.elo:.1f} [{trinomial.ci_low:.1f}, {trinomial.ci_high:.1f}], "
        f"LOS {trinomial.los * 100:.2f} %"
    )
    print(
        f"Elo (pairs): {pentanomial.elo:.1f} [{pentanomial.ci_low:.1f}, "
        f"{pentanomial.ci_high:.1f}], nElo {normalized.elo:.1f} ± {normalized.margin:.1f}"
    )
    print(f"end reasons: {reasons}")
    print(f"search mean depth: {statistics.mean(g.mean_depth for g in flat):.2f}")
    print(f"search longest move: {max(g.max_move_seconds for g in flat):.3f} s")
    print(f"match_wall_s: {wall:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8, help="positions for nodes/s")
    parser.add_argument(
        "--node-budget", type=float, default=DEFAULT_TIME_BUDGET, help="seconds per position"
    )
    parser.add_argument("--games", type=int, default=20, help="games (rounded to pairs)")
    parser.add_argument("--budget", type=float, default=0.2, help="search seconds per move")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if min(args.positions, args.games, args.jobs) < 1 or min(args.budget, args.node_budget) <= 0:
        parser.error("counts must be at least 1 and budgets positive")
    measure_nodes(args.positions, args.node_budget, args.seed)
    play_match(args.games, args.budget, args.jobs, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
