"""Legal-placement generation for Blokus 2027 on the guarded bitboard of the 2021 package.

Same technique as :mod:`botarena.games.blokus.movegen` (shifted masks: one big-int AND per
cell of an orientation gives every position where it fits, an OR of shifted targets every
position where it touches a target), with the 2027 first-move target (any free **border**
field, spec §2), shapes passed as the state's 21-bit set, and the target test done only for
orientations that fit somewhere. On the same later-move positions it is as fast as the 2021
generator (within 5 %; the order of the AND chain made no measurable difference).

Measured on the fixture positions (``benchmarks/blokus2027_engine.py``, 205 legal moves per
position on average): about 30 µs per position for the bitboard work, 50 µs to read the
set bits out as keys (three big-int operations per legal placement) and 50 µs more in
:mod:`.rules` to turn the keys into SetMove objects (a table lookup per move). The cost is
CPython dispatch per produced move; reading the bits through ``bin()``/``str.find`` or
testing targets first was measured slower.

A placement *key* is ``orientation.index * POSITION_SLOTS + position`` where ``position`` is
the bit index of the upper-left corner of the orientation's bounding box.
"""

from __future__ import annotations

from botarena.games.blokus.board import (
    BOARD_MASK,
    BOARD_SIZE,
    bit,
    diagonal_neighbours,
    edge_neighbours,
)
from botarena.games.blokus.movegen import POSITION_SLOTS, shifted
from botarena.games.blokus.shapes import ALL_SHAPES, SHAPE_ORIENTATIONS

BORDER_MASK = sum(
    bit(x, y)
    for y in range(BOARD_SIZE)
    for x in range(BOARD_SIZE)
    if x in (0, BOARD_SIZE - 1) or y in (0, BOARD_SIZE - 1)
)
"""The 76 border fields: a colour's first piece must cover one of them."""


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


def free_fields(own: int, occupied: int) -> int:
    """Fields a piece of the colour with fields ``own`` may cover."""
    return BOARD_MASK & ~(occupied | edge_neighbours(own))


def target_fields(own: int, occupied: int, first_move: bool) -> int:
    """Fields of which a legal piece must cover at least one (free border fields on the
    first move, otherwise free diagonal neighbours of ``own``: the anchors)."""
    free = free_fields(own, occupied)
    return (BORDER_MASK if first_move else diagonal_neighbours(own)) & free


def placement_keys(own: int, occupied: int, first_move: bool, shape_bits: int) -> list[int]:
    """Every legal placement key of the shapes in ``shape_bits`` (bit ``shape.value``),
    ordered by shape, orientation, then position. One key per distinct cell set."""
    free = free_fields(own, occupied)
    targets = (BORDER_MASK if first_move else diagonal_neighbours(own)) & free
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


def has_placement(own: int, occupied: int, first_move: bool, shape_bits: int) -> bool:
    """Whether :func:`placement_keys` would return anything (stops at the first hit)."""
    free = free_fields(own, occupied)
    targets = (BORDER_MASK if first_move else diagonal_neighbours(own)) & free
    if not targets:
        return False
    free_at = shifted(free)
    targets_at = shifted(targets)
    plans = _SHAPE_PLANS
    # Small shapes (low enum values) first: they fit most often.
    while shape_bits:
        low = shape_bits & -shape_bits
        shape_bits ^= low
        for _, offsets in plans[low.bit_length() - 1]:
            fit = -1
            for offset in offsets:
                fit &= free_at[offset]
                if not fit:
                    break
            else:
                touch = 0
                for offset in offsets:
                    touch |= targets_at[offset]
                if fit & touch:
                    return True
    return False
