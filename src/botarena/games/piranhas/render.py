"""Piranhas as text for ``botarena play``: the board with coordinates, moves, the result."""

from __future__ import annotations

from botarena.games.piranhas.model import Move
from botarena.games.piranhas.rules import PiranhasState

LEGEND = "R red fish, B blue fish, O obstacle, . empty; a move is FIELD DIRECTION (A3 UP)"
SEAT_NAMES = ("red", "blue")


def column_name(x: int) -> str:
    """Columns are letters, as in the move notation (``A3`` is x = 0, y = 3)."""
    return chr(ord("A") + x)


def render_board(state: PiranhasState) -> str:
    """Rows from y = 9 (top) to 0 with their numbers, columns A–J below, then the legend."""
    columns = state.fields_by_x()
    size = len(columns)
    lines = [f"{y} " + " ".join(columns[x][y] for x in range(size)) for y in reversed(range(size))]
    lines.append("  " + " ".join(column_name(x) for x in range(size)))
    lines.append(LEGEND)
    return "\n".join(lines)


def move_text(move: Move) -> str:
    return str(move)


def score_text(state: PiranhasState) -> str:
    """The largest swarm of each colour (the official statistic)."""
    parts = [f"{SEAT_NAMES[seat]} swarm {state.scores(seat)[0]}" for seat in range(2)]
    return ", ".join(parts)
