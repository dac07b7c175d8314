"""Blokus 2021 engine speed: legal-move generation and random full games.

    .venv/bin/python benchmarks/blokus_engine.py [--seconds S]

Prints ``movegen_per_s: N`` (positions of tests/fixtures/blokus-2021/positions.jsonl.gz whose
complete legal SetMove list is generated per second, SetMove objects included),
``moves_per_s: N`` (legal moves produced per second in that run), ``games_per_s: N``
(uniformly random games, SkipMoves included, played from the empty board to the end per
second) and ``plies_per_s: N``; then the native core's ``native_movegen_per_s``,
``native_moves_per_s``, ``native_movegen_ratio_cpu`` (native / Python movegen by CPU time)
and ``native_search_nodes_per_s`` (see
:mod:`botarena.native.blokus_speed`; a note on stderr instead when the core is not built).
Each measurement runs for about ``--seconds`` (default 12), so the whole script takes well
under a minute.

``--compare`` also prints ``movegen_anchor_loop_per_s``: the textbook alternative (for every
anchor, orientation and cell of the orientation, test the shifted piece mask against the
forbidden fields, de-duplicate with a set) on the same positions, for comparison with the
shifted-mask generator the engine uses.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from botarena.conformance.blokus import state_from_position
from botarena.conformance.jsonl_fixtures import read_records
from botarena.core import SeededRandom
from botarena.games.blokus import BlokusGame, BlokusState
from botarena.games.blokus.board import BOARD_MASK
from botarena.games.blokus.movegen import POSITION_SLOTS, forbidden_fields, target_fields
from botarena.games.blokus.shapes import SHAPE_ORIENTATIONS
from botarena.native.blokus_speed import native_figures, python_movegen

POSITIONS = Path(__file__).resolve().parents[1] / "tests/fixtures/blokus-2021/positions.jsonl.gz"


def load_positions(path: Path) -> list[BlokusState]:
    return [
        state_from_position(record)
        for _, record in read_records(path)
        if record["valid_colors"]  # a final position without colours has nothing to generate
    ]


def anchor_loop_keys(state: BlokusState) -> set[int]:
    """The alternative generator: anchors x orientations x cells, de-duplicated by a set."""
    color = state.current_color
    first = state.is_first_move(color)
    shapes = (state.start_piece,) if first else state.undeployed_shapes(color)
    own = state.own[color]
    blocked = forbidden_fields(own, state.occupied) | ~BOARD_MASK
    targets = target_fields(own, state.occupied, first)
    anchors = []
    while targets:
        low = targets & -targets
        anchors.append(low.bit_length() - 1)
        targets ^= low
    keys: set[int] = set()
    for shape in shapes:
        for orientation in SHAPE_ORIENTATIONS[shape]:
            mask = orientation.mask
            for anchor in anchors:
                for offset in orientation.offsets:
                    position = anchor - offset
                    if position >= 0 and not (mask << position) & blocked:
                        keys.add(orientation.index * POSITION_SLOTS + position)
    return keys


def bench_anchor_loop(states: list[BlokusState], seconds: float) -> float:
    positions = 0
    start = time.perf_counter()
    while True:
        for state in states:
            anchor_loop_keys(state)
        positions += len(states)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return positions / elapsed


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
    parser.add_argument("--compare", action="store_true", help="also time the anchor loop")
    args = parser.parse_args(argv)
    try:
        states = load_positions(args.positions)
    except (OSError, EOFError, ValueError, KeyError) as error:
        print(f"cannot read positions {args.positions}: {error!r}", file=sys.stderr)
        return 2
    movegen, moves = python_movegen(states, args.seconds)
    print(f"movegen_per_s: {movegen:.0f}")
    print(f"moves_per_s: {moves:.0f}")
    if args.compare:
        print(f"movegen_anchor_loop_per_s: {bench_anchor_loop(states, args.seconds):.0f}")
    games, plies = bench_games(args.seconds)
    print(f"games_per_s: {games:.1f}")
    print(f"plies_per_s: {plies:.0f}")
    figures, missing = native_figures(states, args.seconds)
    for key, value in figures.items():
        print(f"{key}: {value:.0f}")
    if missing:
        print(f"no native figures: {missing}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
