"""Measure socha 5.1.0's Rust rules core on Blokus 2027 (run by blokus2027_engine.py).

Runs inside the virtualenv that holds ``socha==5.1.0`` (not a botarena dependency), so it
imports only the standard library and ``socha``:

    python blokus2027_socha_measure.py POSITIONS.jsonl.gz SECONDS SEED

Prints one JSON object: ``positions``, ``movegen_per_s`` and ``moves_per_s`` for
``GameRuleLogic.get_all_possible_moves`` (the full legal set, not the filtered
``possible_moves``) on the non-final positions of the file, and ``games_per_s`` /
``plies_per_s`` for uniformly random games (SetMoves plus the SkipMove when allowed) from the
empty board, each move applied as the official server does (``perform_move`` then
``remove_invalid_colors``).
"""

from __future__ import annotations

import gzip
import json
import random
import sys
import time
from typing import Any

try:
    from socha import _socha as core  # type: ignore[import-not-found]
except ImportError:  # run outside socha's virtualenv: main() says what it needs
    core = None

USAGE = (
    "usage: python blokus2027_socha_measure.py POSITIONS.jsonl.gz SECONDS SEED, in a virtualenv"
    " with socha==5.1.0 (benchmarks/blokus2027_engine.py builds one and runs this script)"
)

COLOURS = ("BLUE", "YELLOW", "RED", "GREEN")
LETTERS = {name[0]: name for name in COLOURS}
PENTOMINOES = tuple(
    f"PENTO_{letter}" for letter in ("L", "T", "V", "S", "Z", "I", "P", "W", "U", "R", "X", "Y")
)
ALL_SHAPES = 21


def shape(name: str) -> Any:
    """``PENTO_L`` -> ``PieceShape.PentoL``."""
    return getattr(core.PieceShape, name.replace("_", " ").title().replace(" ", ""))


def core_state(record: dict[str, Any]) -> Any:
    """The core's state for one ``blokus2027-position/1`` record."""
    board_map = core.Board.random_fields()  # all EMPTY
    for y, row in enumerate(record["board"]):
        for x, char in enumerate(row):
            if char != ".":
                color = getattr(core.Color, LETTERS[char])
                board_map[y][x] = core.Field(core.Coordinate(x, y), color)
    shapes = {name: [shape(s) for s in record["shapes"][name]] for name in COLOURS}
    return core.GameState(
        turn=record["turn"],
        board=core.Board(map=board_map),
        start_piece=shape(record["start_piece"]),
        last_move_mono={},
        blue_shapes=shapes["BLUE"],
        yellow_shapes=shapes["YELLOW"],
        red_shapes=shapes["RED"],
        green_shapes=shapes["GREEN"],
        valid_colors=[getattr(core.Color, name) for name in record["valid_colors"]],
    )


def load(path: str) -> list[Any]:
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        records = [json.loads(line) for line in stream if line.strip()]
    return [core_state(r) for r in records if "moves" in r]


def bench_movegen(states: list[Any], seconds: float) -> tuple[float, float]:
    generate = core.GameRuleLogic.get_all_possible_moves
    positions = moves = 0
    start = time.perf_counter()
    while True:
        for state in states:
            moves += len(generate(state))
            positions += 1
            if positions % 16 == 0 and time.perf_counter() - start >= seconds:
                elapsed = time.perf_counter() - start
                return positions / elapsed, moves / elapsed


def bench_games(seconds: float, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    logic = core.GameRuleLogic
    games = plies = 0
    start = time.perf_counter()
    while True:
        state = core.GameState(start_piece=shape(rng.choice(PENTOMINOES)))
        while not state.is_over():
            color = state.current_color()
            pieces = logic.get_all_possible_moves(state)
            can_skip = len(state.undeployed_piece_shapes(color)) < ALL_SHAPES
            choice = rng.randrange(len(pieces) + can_skip)
            move = core.Move.set_move(pieces[choice]) if choice < len(pieces) else None
            logic.perform_move(state, move or core.Move.skip_move(color))
            logic.remove_invalid_colors(state)
            plies += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, plies / elapsed


def main(argv: list[str]) -> int:
    if core is None or len(argv) != 3:
        print(
            USAGE if core is not None else f"socha is not installed here; {USAGE}", file=sys.stderr
        )
        return 2
    path, seconds, seed = argv[0], float(argv[1]), int(argv[2])
    states = load(path)
    movegen, moves = bench_movegen(states, seconds)
    games, plies = bench_games(seconds, seed)
    result = {
        "positions": len(states),
        "movegen_per_s": movegen,
        "moves_per_s": moves,
        "games_per_s": games,
        "plies_per_s": plies,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
