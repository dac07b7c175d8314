"""Fast legal-placement generation on bitboards (spec §4.6).

For a colour with fields ``own`` on a board whose occupied fields are ``occupied``:

* a piece may not cover ``forbidden = occupied | edge_neighbours(own)``;
* it must cover a *target*: a free board corner on the colour's first move, otherwise a free
  diagonal neighbour of ``own`` (an "anchor").

For one orientation with cell offsets ``o_1..o_k`` the positions ``p`` (bit index of the
bounding box's upper-left corner) that fit are ``AND_i (free >> o_i)`` and those touching a
target are ``OR_i (targets >> o_i)``. That is a handful of big-int operations per
orientation instead of a loop over anchors and cells, and it yields each placement exactly
once because the orientation table holds only distinct (canonical) orientations. The
shifted copies of ``free`` and ``targets`` are computed once per call for every offset that
occurs in the table.
"""

from __future__ import annotations

from collections.abc import Iterable

from botarena.games.blokus.board import (
    BOARD_MASK,
    BOARD_SIZE,
    CORNERS_MASK,
    STRIDE,
    diagonal_neighbours,
    edge_neighbours,
)
from botarena.games.blokus.shapes import ORIENTATIONS, SHAPE_ORIENTATIONS, Orientation, Shape

ALL_OFFSETS: tuple[int, ...] = tuple(sorted({o for orient in ORIENTATIONS for o in orient.offsets}))
_OFFSET_SLOTS = 1 + max(ALL_OFFSETS)

Placement = tuple[Orientation, int]
"""An orientation and the bit index of its position (upper-left corner of the bounding box)."""

POSITION_SLOTS = BOARD_SIZE * STRIDE
"""Bit indices a position can have; a placement key is ``orientation.index * POSITION_SLOTS
+ position``, a small int that callers can use to index tables of ready-made moves."""


def forbidden_fields(own: int, occupied: int) -> int:
    """Fields a piece of this colour may not cover (besides off-board ones)."""
    return occupied | edge_neighbours(own)


def target_fields(own: int, occupied: int, first_move: bool) -> int:
    """Fields of which a legal piece must cover at least one."""
    free = BOARD_MASK & ~forbidden_fields(own, occupied)
    return (CORNERS_MASK if first_move else diagonal_neighbours(own)) & free


def shifted(mask: int) -> list[int]:
    """``mask >> offset`` for every cell offset of the orientation table (indexed by offset)."""
    table = [0] * _OFFSET_SLOTS
    for offset in ALL_OFFSETS:
        table[offset] = mask >> offset
    return table


def _positions(orientation: Orientation, free_at: list[int], targets_at: list[int]) -> int:
    offsets = orientation.offsets
    touch = 0
    for offset in offsets:
        touch |= targets_at[offset]
    if not touch:
        return 0
    for offset in offsets:
        touch &= free_at[offset]
        if not touch:
            return 0
    return touch


def legal_placement_keys(
    own: int, occupied: int, first_move: bool, shapes: Iterable[Shape]
) -> list[int]:
    """Every legal placement of ``shapes`` as a key (see :data:`POSITION_SLOTS`), ordered by
    shape, orientation, then position."""
    free = BOARD_MASK & ~forbidden_fields(own, occupied)
    targets = (CORNERS_MASK if first_move else diagonal_neighbours(own)) & free
    result: list[int] = []
    if not targets:
        return result
    free_at = shifted(free)
    targets_at = shifted(targets)
    append = result.append
    for shape in shapes:
        for orientation in SHAPE_ORIENTATIONS[shape]:
            positions = _positions(orientation, free_at, targets_at)
            if positions:
                base = orientation.index * POSITION_SLOTS - 1
                while positions:
                    low = positions & -positions
                    append(base + low.bit_length())
                    positions ^= low
    return result


def legal_placements(
    own: int, occupied: int, first_move: bool, shapes: Iterable[Shape]
) -> list[Placement]:
    """Every legal placement of ``shapes`` (ordered by shape, orientation, then position)."""
    return [
        (ORIENTATIONS[key // POSITION_SLOTS], key % POSITION_SLOTS)
        for key in legal_placement_keys(own, occupied, first_move, shapes)
    ]


def has_legal_placement(own: int, occupied: int, first_move: bool, shapes: Iterable[Shape]) -> bool:
    """Whether :func:`legal_placements` would return anything (stops at the first hit)."""
    free = BOARD_MASK & ~forbidden_fields(own, occupied)
    targets = (CORNERS_MASK if first_move else diagonal_neighbours(own)) & free
    if not targets:
        return False
    free_at = shifted(free)
    targets_at = shifted(targets)
    # Shapes come in enum order, small ones first: they fit most often, so the search
    # usually stops after a few orientations.
    return any(
        _positions(orientation, free_at, targets_at)
        for shape in shapes
        for orientation in SHAPE_ORIENTATIONS[shape]
    )
