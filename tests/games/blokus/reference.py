"""A deliberately slow, obviously-correct reference of the Blokus placement rules (spec §4.2).

Plain sets and loops, no bitboards: the tests compare the fast engine against it.
"""

from __future__ import annotations

from botarena.games.blokus import BlokusState, Color, Shape
from botarena.games.blokus.shapes import PAIR_ORDER, transform

CORNERS = {(0, 0), (19, 0), (19, 19), (0, 19)}


def reference_mistake(state: BlokusState, color: Color, kind: Shape, cells, board=None):
    """The mistake name for placing ``cells`` of ``kind`` for ``color`` (None when legal).

    ``board`` (from ``state.board()``) may be passed in to save recomputing it.
    """
    board = state.board() if board is None else board
    first = state.is_first_move(color)
    if first and kind is not state.start_piece:
        return "WRONG_SHAPE"
    if not first and kind not in state.undeployed_shapes(color):
        return "DUPLICATE_SHAPE"
    for x, y in sorted(cells, key=lambda c: (c[1], c[0])):
        if not (0 <= x < 20 and 0 <= y < 20):
            return "OUT_OF_BOUNDS"
        if (x, y) in board:
            return "OBSTRUCTED"
        if any(board.get(n) is color for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))):
            return "TOUCHES_SAME_COLOR"
    if first:
        return None if CORNERS & set(cells) else "NOT_IN_CORNER"
    diagonal = any(
        board.get((x + dx, y + dy)) is color for x, y in cells for dx in (-1, 1) for dy in (-1, 1)
    )
    return None if diagonal else "NO_SHARED_CORNER"


def reference_placements(state: BlokusState, color: Color) -> set[frozenset[tuple[int, int]]]:
    """Every legal cell set of ``color``: every shape, all 8 pairs, every position.

    The same rules as :func:`reference_mistake`, with the per-board sets computed once.
    """
    first = state.is_first_move(color)
    shapes = (state.start_piece,) if first else state.undeployed_shapes(color)
    board = state.board()
    own = {cell for cell, owner in board.items() if owner is color}
    touching = {(x + dx, y + dy) for x, y in own for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))}
    corners = {(x + dx, y + dy) for x, y in own for dx in (-1, 1) for dy in (-1, 1)}
    blocked = set(board) | touching
    needed = CORNERS if first else corners
    result = set()
    for kind in shapes:
        shapes_cells = {transform(kind, rotation, flipped) for rotation, flipped in PAIR_ORDER}
        for normalised in shapes_cells:
            width = 1 + max(x for x, _ in normalised)
            height = 1 + max(y for _, y in normalised)
            for py in range(21 - height):
                for px in range(21 - width):
                    cells = frozenset((px + x, py + y) for x, y in normalised)
                    if not cells & blocked and cells & needed:
                        result.add(cells)
    return result
