"""Hand-made Blokus 2027 positions for the rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from botarena.games.blokus.colors import Color
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus_2027 import BlokusState

B, Y, R, G = Color.BLUE, Color.YELLOW, Color.RED, Color.GREEN


def custom(
    board: Mapping[Color, Iterable[tuple[int, int]]],
    undeployed: Mapping[Color, Iterable[Shape]],
    turn: int,
    valid: Iterable[Color] = tuple(Color),
    start: Shape = Shape.PENTO_V,
) -> BlokusState:
    """A hand-made state: ``board`` maps colours to their fields."""
    fields = {cell: color for color, cells in board.items() for cell in cells}
    return BlokusState.from_parts(start, fields, undeployed, turn=turn, valid_colors=valid)


CORNER_CELLS: dict[Color, tuple[int, int]] = {B: (0, 0), Y: (19, 0), R: (19, 19), G: (0, 19)}
"""One field per colour, each in its own corner."""


def monos_left(turn: int = 0) -> BlokusState:
    """Every colour has placed everything but MONO and can still place it diagonally."""
    return custom(
        {color: [cell] for color, cell in CORNER_CELLS.items()},
        {color: [Shape.MONO] for color in Color},
        turn=turn,
    )
