"""Fast legal-placement generation on bitboards (spec §4.6), for both Blokus seasons.

For a colour with fields ``own`` on a board whose occupied fields are ``occupied``:

* a piece may not cover ``forbidden = occupied | edge_neighbours(own)``;
* it must cover a *target*: on the colour's first move a free field of the season's
  first-move mask (2021: a corner, 2027: a border field), otherwise a free diagonal
  neighbour of ``own`` (an "anchor").

For one orientation with cell offsets ``o_1..o_k`` the positions ``p`` (bit index of the
bounding box's upper-left corner) that fit are ``AND_i (free >> o_i)`` and those touching a
target are ``OR_i (targets >> o_i)``. That is a handful of big-int operations per
orientation instead of a loop over anchors and cells, and it yields each placement exactly
once because the orientation table holds only distinct (canonical) orientations. The
shifted copies of ``free`` and ``targets`` are computed once per call for every offset that
occurs in the table; the target test is done only for orientations that fit somewhere.

Measured on the 2027 fixture positions (``benchmarks/blokus2027_engine.py``, 205 legal
moves per position on average): about 30 µs per position for the bitboard work, 50 µs to
read the set bits out as keys (three big-int operations per legal placement) and 50 µs more
to turn the keys into SetMove objects (a table lookup per move). The cost is CPython
dispatch per produced move; reading the bits through ``bin()``/``str.find`` or testing
targets first was measured slower.
"""

from __future__ import annotations

from botarena.games.blokus.board import (
    BOARD_MASK,
    BOARD_SIZE,
    CORNERS_MASK,
    STRIDE,
    diagonal_neighbours,
    edge_neighbours,
)
from botarena.games.blokus.shapes import ALL_SHAPES, ORIENTATIONS, SHAPE_ORIENTATIONS

ALL_OFFSETS: tuple[int, ...] = tuple(sorted({o for orient in ORIENTATIONS for o in orient.offsets}))
_OFFSET_SLOTS = 1 + max(ALL_OFFSETS)

POSITION_SLOTS = BOARD_SIZE * STRIDE
"""Bit indices a position can have; a placement key is ``orientation.index * POSITION_SLOTS
+ position``, a small int that callers can use to index tables of ready-made moves."""

_Plan = tuple[int, tuple[int, ...]]
"""(orientation.index * POSITION_SLOTS, cell offsets)."""

_SHAPE_PLANS: tuple[tuple[_Plan, ...], ...] = tuple(
    tuple(
        (orientation.index * POSITION_SLOTS, orientation.offsets)
        for orientation in SHAPE_ORIENTATIONS[shape]
    )
    for shape in ALL_SHAPES
)
"""Per shape (by enum value): its distinct orientations as generation plans."""


def forbidden_fields(own: int, occupied: int) -> int:
    """Fields a piece of this colour may not cover (besides off-board ones)."""
    return occupied | edge_neighbours(own)


def free_fields(own: int, occupied: int) -> int:
    """Fields a piece of the colour with fields ``own`` may cover."""
    return BOARD_MASK & ~(occupied | edge_neighbours(own))


def target_fields(
    own: int, occupied: int, first_move: bool, first_move_mask: int = CORNERS_MASK
) -> int:
    """Fields of which a legal piece must cover at least one: the free fields of
    ``first_move_mask`` on the colour's first move (2021 default: the corners), otherwise the
    free diagonal neighbours of ``own`` (the anchors)."""
    return (first_move_mask if first_move else diagonal_neighbours(own)) & free_fields(
        own, occupied
    )


def shifted(mask: int) -> list[int]:
    """``mask >> offset`` for every cell offset of the orientation table (indexed by offset)."""
    table = [0] * _OFFSET_SLOTS
    for offset in ALL_OFFSETS:
        table[offset] = mask >> offset
    return table


def placement_keys(free: int, targets: int, shape_bits: int) -> list[int]:
    """Every placement of the shapes in ``shape_bits`` (bit ``shape.value``) that covers
    only ``free`` fields and at least one of ``targets``, as a key (see
    :data:`POSITION_SLOTS`); ordered by shape, orientation, then position. One key per
    distinct cell set."""
    result: list[int] = []
    if not targets:
        return result
    free_at = shifted(free)
    # A placement touches a target iff one of its cells is a target: OR of shifted targets.
    targets_at = shifted(targets)
    append = result.append
    plans = _SHAPE_PLANS
    while shape_bits:
        low = shape_bits & -shape_bits
        shape_bits ^= low
        for base, offsets in plans[low.bit_length() - 1]:
            fit = -1
            for offset in offsets:
                fit &= free_at[offset]
                if not fit:
                    break
            else:
                touch = 0
                for offset in offsets:
                    touch |= targets_at[offset]
                fit &= touch
                below = base - 1
                while fit:
                    lowest = fit & -fit
                    append(below + lowest.bit_length())
                    fit ^= lowest
    return result


def has_placement(free: int, targets: int, shape_bits: int) -> bool:
    """Whether :func:`placement_keys` would return anything (stops at the first hit)."""
    if not targets:
        return False
    free_at = shifted(free)
    targets_at = shifted(targets)
    plans = _SHAPE_PLANS
    # Small shapes (low enum values) first: they fit most often. Here the target test comes
    # first: an orientation touching no target needs no fit test.
    while shape_bits:
        low = shape_bits & -shape_bits
        shape_bits ^= low
        for _, offsets in plans[low.bit_length() - 1]:
            hits = 0
            for offset in offsets:
                hits |= targets_at[offset]
            if hits:
                for offset in offsets:
                    hits &= free_at[offset]
                    if not hits:
                        break
                else:
                    return True
    return False
