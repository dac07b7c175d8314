"""A text board of a Blokus 2021 state for the terminal (``botarena play``)."""

from __future__ import annotations

from botarena.games.blokus.board import BOARD_SIZE
from botarena.games.blokus.colors import COLOURS
from botarena.games.blokus.state import BlokusState


def render(state: BlokusState) -> str:
    """The 20×20 board with x and y coordinates and a legend of the colours, whose turn it is
    and each colour's pieces left."""
    letters = {color: color.name[0] for color in COLOURS}
    board = state.board()
    header = "    " + "".join(f"{x % 10}" for x in range(BOARD_SIZE))
    rows = [
        f"{y:>2}  "
        + "".join(letters[board[(x, y)]] if (x, y) in board else "." for x in range(BOARD_SIZE))
        for y in range(BOARD_SIZE)
    ]
    legend = "  ".join(f"{letters[color]}={color.name}" for color in COLOURS)
    turn = f"turn {state.turn}, {state.current_color.name} to move"
    return "\n".join([header, *rows, legend, turn])
