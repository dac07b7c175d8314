"""Legal-placement generation for Blokus 2027 on the guarded bitboard of the 2021 package.

Same idea as :mod:`botarena.games.blokus.movegen` (shifted masks, one big-int AND per cell of
an orientation), with the 2027 first-move target (any free **border** field, spec §2) and a
faster inner loop, because this runs for every legal-move list and every elimination test:

* per orientation the cell offsets are stored sorted so that the cell that most often fails
  (the one farthest from the upper-left corner) is tested first and the AND chain stops early;
* the "touches a target" test is done last, on the few positions that fit at all;
* set bits are read from ``bin()`` with ``str.find`` (one C call per legal placement)
  instead of three big-int operations per bit.

A placement *key* is ``orientation.index * POSITION_SLOTS + position`` where ``position`` is
the bit index of the upper-left corner of the orientation's bounding box.
"""

from __future__ import annotations

from botarena.games.blokus.board import (
    BOARD_MASK,
    BOARD_SIZE,
    STRIDE,
    bit,
    diagonal_neighbours,
    edge_neighbours,
)
from botarena.games.blokus.shapes import ALL_SHAPES, ORIENTATIONS, SHAPE_ORIENTATIONS

POSITION_SLOTS = BOARD_SIZE * STRIDE
"""Bit indices a position can have (the guarded board has ``BOARD_SIZE * STRIDE`` bits)."""

BORDER_MASK = sum(
    bit(x, y)
    for y in range(BOARD_SIZE)
    for x in range(BOARD_SIZE)
    if x in (0, BOARD_SIZE - 1) or y in (0, BOARD_SIZE - 1)
)
"""The 76 border fields: a colour's first piece must cover one of them."""

_ALL_OFFSETS: tuple[int, ...] = tuple(
    sorted({offset for orientation in ORIENTATIONS for offset in orientation.offsets})
)
_OFFSET_SLOTS = 1 + max(_ALL_OFFSETS)

_Plan = tuple[int, tuple[int, ...]]
"""(orientation.index * POSITION_SLOTS, cell offsets, largest first)."""

_SHAPE_PLANS: tuple[tuple[_Plan, ...], ...] = tuple(
    tuple(
        (orientation.index * POSITION_SLOTS, tuple(sorted(orientation.offsets, reverse=True)))
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


def _shifted(mask: int) -> list[int]:
    table = [0] * _OFFSET_SLOTS
    for offset in _ALL_OFFSETS:
        table[offset] = mask >> offset
    return table


def placement_keys(own: int, occupied: int, first_move: bool, shape_bits: int) -> list[int]:
    """Every legal placement key of the shapes in ``shape_bits`` (bit ``shape.value``),
    ordered by shape, orientation, then position. One key per distinct cell set."""
    free = free_fields(own, occupied)
    targets = (BORDER_MASK if first_move else diagonal_neighbours(own)) & free
    result: list[int] = []
    if not targets:
        return result
    free_at = _shifted(free)
    # A placement touches a target iff one of its cells is a target: OR of shifted targets.
    targets_at = _shifted(targets)
    append = result.append
    find = str.find
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
                if fit:
                    text = bin(fit)
                    top = len(text) - 1 + base
                    index = find(text, "1")
                    while index != -1:
                        append(top - index)
                        index = find(text, "1", index + 1)
    return result


def has_placement(own: int, occupied: int, first_move: bool, shape_bits: int) -> bool:
    """Whether :func:`placement_keys` would return anything (stops at the first hit)."""
    free = free_fields(own, occupied)
    targets = (BORDER_MASK if first_move else diagonal_neighbours(own)) & free
    if not targets:
        return False
    free_at = _shifted(free)
    targets_at = _shifted(targets)
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
