"""Blokus as text for ``botarena play``: the 20×20 board with coordinates and a colour
legend, moves in a short notation, the teams' points."""

from __future__ import annotations

from botarena.core import Team
from botarena.games.blokus.board import BOARD_SIZE
from botarena.games.blokus.colors import COLOURS, TEAM_COLOURS, Color
from botarena.games.blokus.moves import Move, SetMove
from botarena.games.blokus.state import BlokusState

EMPTY = "."
LEGEND = (
    "B blue + R red = team ONE, Y yellow + G green = team TWO, . empty; "
    "a move is COLOUR SHAPE at (x,y) [rotation] [flipped]"
)


def letter(color: Color) -> str:
    return color.name[0]


def render_board(state: BlokusState) -> str:
    """Rows y = 0 (top) to 19, numbered; column numbers above (tens, then ones)."""
    board = state.board()
    tens = "   " + " ".join(str(x // 10) if x >= 10 else " " for x in range(BOARD_SIZE))
    ones = "   " + " ".join(str(x % 10) for x in range(BOARD_SIZE))
    rows = [
        f"{y:>2} "
        + " ".join(letter(board[(x, y)]) if (x, y) in board else EMPTY for x in range(BOARD_SIZE))
        for y in range(BOARD_SIZE)
    ]
    return "\n".join([tens, ones, *rows, LEGEND])


def move_text(move: Move) -> str:
    """``BLUE PENTO_L at (3,4) RIGHT flipped``; ``YELLOW skips``."""
    colour = "?" if move.color is None else move.color.name
    if not isinstance(move, SetMove):
        return f"{colour} skips"
    text = f"{colour} {move.kind.name} at ({move.x},{move.y})"
    if move.rotation.name != "NONE":
        text += f" {move.rotation.name}"
    if move.flipped:
        text += " flipped"
    return text


def score_text(state: BlokusState) -> str:
    """Each team's points and its colours' points."""
    parts = []
    for team in (Team.ONE, Team.TWO):
        colours = ", ".join(f"{c.name.lower()} {state.points(c)}" for c in TEAM_COLOURS[team])
        parts.append(f"team {team.name}: {state.team_points(team)} points ({colours})")
    return "; ".join(parts)


__all__ = ["COLOURS", "move_text", "render_board", "score_text"]
