"""A readable text picture of a Blokus 2027 state (for logs, replays and debugging).

Example (shortened)::

    Blokus 2027: turn 5, round 2, YELLOW to move (team TWO), start piece PENTO_V
                  1111111111
        01234567890123456789
      0 BBB.................
      ...
    B = BLUE (ONE)  Y = YELLOW (TWO)  R = RED (ONE)  G = GREEN (TWO)  . = empty
    BLUE    20 left, 5 points: MONO DOMINO ...
    last move: BLUE PENTO_V at (0,0)
    points: team ONE 5, team TWO 5
"""

from __future__ import annotations

from botarena.core import Team
from botarena.games.blokus.board import BOARD_SIZE
from botarena.games.blokus.colors import COLOURS, Color
from botarena.games.blokus.render import move_text
from botarena.games.blokus_2027.rules import BlokusState

EMPTY = "."
LETTERS: dict[Color, str] = {color: color.name[0] for color in COLOURS}
"""One letter per colour: B, Y, R, G."""


def board_rows(state: BlokusState) -> list[str]:
    """The board as ``BOARD_SIZE`` strings of ``B``/``Y``/``R``/``G``/``.``, row y = 0 first."""
    grid = [[EMPTY] * BOARD_SIZE for _ in range(BOARD_SIZE)]
    for (x, y), color in state.board().items():
        grid[y][x] = LETTERS[color]
    return ["".join(row) for row in grid]


def _header(state: BlokusState) -> str:
    head = f"Blokus 2027: turn {state.turn}, round {state.round}, "
    if state.is_terminal():
        head += "game over"
    else:
        head += f"{state.current_color.name} to move (team {state.current_team.name})"
    return head + f", start piece {state.start_piece.name}"


def _coordinates() -> list[str]:
    tens = "".join(str(x // 10) if x >= 10 else " " for x in range(BOARD_SIZE))
    units = "".join(str(x % 10) for x in range(BOARD_SIZE))
    return [f"    {tens}", f"    {units}"]


def _pieces(state: BlokusState, color: Color) -> str:
    shapes = state.undeployed_shapes(color)
    status = "" if color in state.valid_colors else " (out)"
    names = " ".join(shape.name for shape in shapes) or "-"
    points = state.points(color)
    return f"{color.name:<7}{status} {len(shapes):2} left, {points} points: {names}"


def _result(state: BlokusState) -> str:
    scores = ", ".join(f"team {team.name} {state.team_points(team)}" for team in Team)
    condition = state.win_condition()
    if condition is None:
        return f"points: {scores}"
    winner, reason = condition
    verdict = "draw" if winner is None else f"team {winner.name} wins"
    return f"final points: {scores}; {verdict} ({reason.name})"


def render(state: BlokusState) -> str:
    """Header, board with coordinates, legend, pieces left per colour, last move, points."""
    lines = [_header(state), *_coordinates()]
    lines += [f"{y:3} {row}" for y, row in enumerate(board_rows(state))]
    legend = "  ".join(f"{LETTERS[c]} = {c.name} ({c.team.name})" for c in COLOURS)
    lines.append(f"{legend}  {EMPTY} = empty")
    lines += [_pieces(state, color) for color in COLOURS]
    last = "-" if state.last_move is None else move_text(state.last_move)
    lines.append(f"last move: {last}")
    lines.append(_result(state))
    return "\n".join(lines)


render_board = render
"""The registry's name for the text board (``botarena play``)."""


def score_text(state: BlokusState) -> str:
    """Each team's points."""
    return ", ".join(f"team {team.name} {state.team_points(team)}" for team in Team)


__all__ = ["LETTERS", "board_rows", "move_text", "render", "render_board", "score_text"]
