"""Set-ups of the spec's rule test cases (spec §8)."""

from __future__ import annotations

import re
from typing import Any

from botarena.core import SeededRandom, Team
from botarena.games.blokus import BlokusState, Color, Rotation, SetMove, Shape
from botarena.games.blokus.shapes import ALL_SHAPES

B, Y, R, G = Color.BLUE, Color.YELLOW, Color.RED, Color.GREEN
ALL_BUT_MONO = [shape for shape in ALL_SHAPES if shape is not Shape.MONO]


def setm(  # noqa: PLR0917 - mirrors the spec's "COLOUR KIND ROT/flip (x,y)" notation
    color: Color | None,
    kind: Shape,
    rotation: str = "NONE",
    flipped: bool = False,
    x: int = 0,
    y: int = 0,
) -> SetMove:
    """``COLOUR KIND ROT/flip (x,y)`` as in the spec's notation."""
    return SetMove(color, kind, Rotation[rotation], flipped, x, y)


V = Shape.PENTO_V

S1_MOVES = (
    setm(B, V, "NONE", False, 0, 0),
    setm(Y, V, "RIGHT", False, 17, 0),
    setm(R, V, "MIRROR", False, 17, 17),
    setm(G, V, "LEFT", False, 0, 17),
)


def s0() -> BlokusState:
    """A fresh game with start piece PENTO_V."""
    return BlokusState(V)


def s1(moves: int = 4) -> BlokusState:
    """S0 followed by the first ``moves`` of the four round-1 placements."""
    state = s0()
    for move in S1_MOVES[:moves]:
        state.apply(move)
    return state


def custom(board: Any, undeployed: Any, turn: int, valid: Any = tuple(Color)) -> BlokusState:
    """A hand-made state: ``board`` maps colours to lists of fields."""
    fields = {cell: color for color, cells in board.items() for cell in cells}
    return BlokusState.from_parts(V, fields, undeployed, turn=turn, valid_colors=valid)


def cells_of(move: SetMove) -> set[tuple[int, int]]:
    return set(move.cells())


def play_game(game: Any, one: Any, two: Any, seed: int) -> Any:
    """One game of ``game`` (either season's ``BlokusGame``); ``one`` plays team ONE. Every
    chosen move must be in the legal list."""
    state = game.new_initial_state(SeededRandom(seed))
    players = {Team.ONE: one, Team.TWO: two}
    while not state.is_terminal():
        move = players[state.current_team].choose_move(state)
        assert move in state.legal_moves()
        state.apply(move)
    return state


ENGINE_FIGURES = [
    "movegen_per_s",
    "moves_per_s",
    "games_per_s",
    "plies_per_s",
    "native_movegen_per_s",
    "native_moves_per_s",
    "native_movegen_ratio_cpu",
    "native_search_nodes_per_s",
]
"""What both Blokus engine benchmarks print, in order."""


def assert_engine_figures(lines: list[str]) -> None:
    """``lines`` are exactly the engine benchmark's figures, each a positive number."""
    figures = [re.fullmatch(r"(\w+): ([\d.]+)", line) for line in lines]
    assert [m.group(1) if m else None for m in figures] == ENGINE_FIGURES
    assert all(m and float(m.group(2)) > 0 for m in figures)
