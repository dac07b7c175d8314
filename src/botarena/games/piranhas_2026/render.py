"""A readable text board of a Piranhas 2026 position, for terminals, logs and test failures.

Example (``render(state)`` after ONE's C5 UP captured a fish of TWO on C9)::

    Piranhas 2026 · turn 9 (round 4) · TWO to move · last move C5 UP
            A   B   C   D   E   F   G   H   I   J
       9    .   . [1M] 2L  2M  2S  2S  2M   .   .   9
       8   1S   .   .   .   .   .   .  1L   .   .   8
       …
       5   1S   .  (.)  .   .   .   .   .   .  1S   5
       4    .   .   .   .   .   .   .  XX   .  1M   4
       …
            A   B   C   D   E   F   G   H   I   J
    1S/1M/1L = ONE, 2S/2M/2L = TWO (weight 1/2/3), XX = squid; (.) from, [..] to
    ONE: 16 fish, weight 30, largest swarm 11
    TWO: 15 fish, weight 29, largest swarm 9

Columns are letters ``A``..``J`` for x = 0..9 (as in the short move notation ``A5 RIGHT``),
rows are y = 9 (top) down to 0; the wire uses the same x and y as numbers.
"""

from __future__ import annotations

from botarena.core import Team
from botarena.games.piranhas_2026.board import SIZE
from botarena.games.piranhas_2026.model import FieldState, Move
from botarena.games.piranhas_2026.rules import Piranhas2026State

__all__ = ["cell_text", "move_text", "render", "render_board", "score_text"]

_CELL = {
    FieldState.ONE_S: "1S",
    FieldState.ONE_M: "1M",
    FieldState.ONE_L: "1L",
    FieldState.TWO_S: "2S",
    FieldState.TWO_M: "2M",
    FieldState.TWO_L: "2L",
    FieldState.SQUID: "XX",
    FieldState.EMPTY: ".",
}
LEGEND = "1S/1M/1L = ONE, 2S/2M/2L = TWO (weight 1/2/3), XX = squid; (.) from, [..] to"


def cell_text(field: FieldState) -> str:
    """Two characters or fewer for one field: ``1M``, ``2S``, ``XX`` or ``.``."""
    return _CELL[field]


def _header(state: Piranhas2026State) -> str:
    parts = [f"Piranhas 2026 · turn {state.turn} (round {state.round})"]
    condition = state.win_condition()
    if condition is None:
        parts.append(f"{state.current_team.name} to move")
    else:
        parts.append(f"game over: {state.reason_text(condition)}")
    if state.last_move is not None:
        parts.append(f"last move {state.last_move}")
    if state.first_union is not None:
        parts.append(f"first union {state.first_union.name}")
    return " · ".join(parts)


def render(state: Piranhas2026State) -> str:
    """The board with coordinates, whose turn it is, the last move and each team's swarms."""
    start = target = None
    if state.last_move is not None:
        start = (state.last_move.x, state.last_move.y)
        target = _last_target(state)
    columns = ("      " + "".join(f"{chr(ord('A') + x):>3} " for x in range(SIZE))).rstrip()
    lines = [_header(state), columns]
    for y in range(SIZE - 1, -1, -1):
        cells = []
        for x in range(SIZE):
            text = cell_text(state.field(x, y))
            if (x, y) == target:
                cells.append(f"[{text}]".rjust(4))
            elif (x, y) == start:
                cells.append(f"({text})".rjust(4))
            else:
                cells.append(f"{text:>3} ")
        lines.append(f"  {y:>2}  " + "".join(cells).rstrip().ljust(4 * SIZE) + f"  {y}")
    lines.append(columns)
    lines.append(LEGEND)
    for team in Team:
        lines.append(
            f"{team.name}: {state.fish_count(team)} fish, weight {state.fish_weight(team)}, "
            f"largest swarm {state.swarm_size(team)}"
            + (", united" if state.is_connected(team) else "")
        )
    return "\n".join(lines)


def _last_target(state: Piranhas2026State) -> tuple[int, int] | None:
    """Where the last move landed, if the board tells it unambiguously."""
    move = state.last_move
    if move is None or state.turn == 0:
        return None
    mover = Team.ONE if (state.turn - 1) % 2 == 0 else Team.TWO
    dx, dy = move.direction.vector
    # The distance was the number of fish on the line before the move; afterwards the line
    # through the start holds the same fish minus the mover, and minus a captured fish if the
    # target lies on it (it always does): so the distance is the fish on the line now, or
    # one more after a capture.
    line_fish = sum(
        1
        for i in range(-SIZE, SIZE + 1)
        if 0 <= move.x + i * dx < SIZE
        and 0 <= move.y + i * dy < SIZE
        and state.field(move.x + i * dx, move.y + i * dy).team is not None
    )
    found = [
        (x, y)
        for x, y in (
            (move.x + distance * dx, move.y + distance * dy)
            for distance in (line_fish, line_fish + 1)
        )
        if 0 <= x < SIZE and 0 <= y < SIZE and state.field(x, y).team is mover
    ]
    return found[0] if len(found) == 1 else None  # two candidates: ambiguous, mark none


render_board = render
"""The registry's name for the text board (``botarena play``)."""


def move_text(move: Move) -> str:
    """The short notation: start square and direction (``A5 RIGHT``)."""
    return str(move)


def score_text(state: Piranhas2026State) -> str:
    """Each team's fish and largest swarm (the official score parts)."""
    return "; ".join(
        f"{team.name}: {state.fish_count(team)} fish, largest swarm {state.swarm_size(team)}"
        for team in Team
    )
