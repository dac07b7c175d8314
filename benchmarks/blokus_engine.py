"""Blokus 2021 engine speed: legal-move generation and random full games.

    .venv/bin/python benchmarks/blokus_engine.py [--seconds S]

Prints ``movegen_per_s: N`` (positions of shared/fixtures/blokus-2021/positions.jsonl whose
complete legal SetMove list is generated per second, SetMove objects included),
``moves_per_s: N`` (legal moves produced per second in that run), ``games_per_s: N``
(uniformly random games, SkipMoves included, played from the empty board to the end per
second) and ``plies_per_s: N``. Each measurement runs for about ``--seconds`` (default 12),
so the whole script takes well under 50 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from botarena.conformance.blokus import read_records, state_from_position
from botarena.core import SeededRandom
from botarena.games.blokus import BlokusGame, BlokusState

POSITIONS = Path(__file__).resolve().parents[2] / "shared/fixtures/blokus-2021/positions.jsonl"


def load_positions(path: Path) -> list[BlokusState]:
    return [
        state_from_position(record)
        for _, record in read_records(path)
        if record["valid_colors"]  # a final position without colours has nothing to generate
    ]


def bench_movegen(states: list[BlokusState], seconds: float) -> tuple[float, float]:
    positions = moves = 0
    start = time.perf_counter()
    while True:
        for state in states:
            moves += len(state.set_moves())
        positions += len(states)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return positions / elapsed, moves / elapsed


def bench_games(seconds: float) -> tuple[float, float]:
    game = BlokusGame()
    rng = SeededRandom(2021)
    games = plies = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state(rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
            plies += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, plies / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--positions", type=Path, default=POSITIONS)
    args = parser.parse_args(argv)
    states = load_positions(args.positions)
    movegen, moves = bench_movegen(states, args.seconds)
    print(f"movegen_per_s: {movegen:.0f}")
    print(f"moves_per_s: {moves:.0f}")
    games, plies = bench_games(args.seconds)
    print(f"games_per_s: {games:.1f}")
    print(f"plies_per_s: {plies:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
