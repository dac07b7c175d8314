"""Hase und Igel 2018 engine speed: legal-move generation and random games per second.

Usage: .venv/bin/python benchmarks/hase_und_igel_engine.py [--seconds S]
Prints ``movegen_per_s: N`` (legal_moves() calls per second over positions from random
games), ``games_per_s: N`` (complete random games per second, move generation included) and
``state_xml_per_s: N`` (mementos printed per second by the server plugin's state printer).
"""

from __future__ import annotations

import argparse
import time

from botarena.core import SeededRandom
from botarena.games.hase_und_igel import GAME, HaseUndIgelState
from botarena.games.hase_und_igel.printer import state_xml

DEFAULT_SECONDS = 10.0
"""Time spent on each of the three measurements (the script stays under 50 s)."""
POSITION_SEED = 2018


def sample_positions(count: int) -> list[HaseUndIgelState]:
    rng = SeededRandom(POSITION_SEED)
    positions: list[HaseUndIgelState] = []
    while len(positions) < count:
        state = GAME.new_initial_state(rng)
        while not state.is_terminal():
            positions.append(state.clone())
            state.apply(rng.choice(state.legal_moves()))
    return positions[:count]


def measure_movegen(seconds: float) -> float:
    positions = sample_positions(2000)
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for position in positions:
            position.legal_moves()
        calls += len(positions)
    return calls / (time.perf_counter() - start)


def measure_games(seconds: float) -> float:
    rng = SeededRandom(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.new_initial_state(rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        games += 1
    return games / (time.perf_counter() - start)


def measure_state_xml(seconds: float) -> float:
    positions = sample_positions(500)
    names = ("Alice", "Bob")
    printed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for position in positions:
            state_xml(position, names, 3)
        printed += len(positions)
    return printed / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    args = parser.parse_args()
    print(f"movegen_per_s: {measure_movegen(args.seconds):.0f}")
    print(f"games_per_s: {measure_games(args.seconds):.0f}")
    print(f"state_xml_per_s: {measure_state_xml(args.seconds):.0f}")


if __name__ == "__main__":
    main()
