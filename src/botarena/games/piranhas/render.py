"""A text board of a Piranhas 2019 state for the terminal (``botarena play``)."""

from __future__ import annotations

from botarena.games.piranhas.rules import PiranhasState


def render(state: PiranhasState) -> str:
    """Rows from y = 9 (top) to 0, ``R``/``B`` fish, ``O`` obstacles, with coordinates."""
    columns = state.fields_by_x()
    size = len(columns)
    lines = [f"{y} " + " ".join(columns[x][y] for x in range(size)) for y in reversed(range(size))]
    lines.append("  " + " ".join(str(x) for x in range(size)))
    return "\n".join(lines)
