"""Bitboard geometry of the 20×20 Blokus board.

A set of fields is one Python int. Field (x, y) is bit ``y * STRIDE + x`` with
``STRIDE = 21``: every row has one extra *guard* column (x = 20) that never belongs to the
board. Shifting a mask by ±1 or ±STRIDE±1 then moves fields to their neighbours, and a field
that would wrap around a row edge lands in the guard column, which ``BOARD_MASK`` removes.
The same guard makes "piece at position p fits on the board" a plain mask test: a normalised
piece covers every column of its bounding box, so a piece that sticks out on the right or
left always covers a guard bit.
"""

from __future__ import annotations

from collections.abc import Iterator

BOARD_SIZE = 20
STRIDE = BOARD_SIZE + 1
FIELD_COUNT = BOARD_SIZE * BOARD_SIZE

BOARD_MASK = sum(1 << (y * STRIDE + x) for y in range(BOARD_SIZE) for x in range(BOARD_SIZE))
"""Every field of the board (no guard bits)."""

CORNER_FIELDS: tuple[tuple[int, int], ...] = (
    (0, 0),
    (BOARD_SIZE - 1, 0),
    (BOARD_SIZE - 1, BOARD_SIZE - 1),
    (0, BOARD_SIZE - 1),
)
"""UPPER_LEFT, UPPER_RIGHT, LOWER_RIGHT, LOWER_LEFT (the official order)."""


def bit(x: int, y: int) -> int:
    """The mask of the single field (x, y); the caller ensures it is on the board."""
    return 1 << (y * STRIDE + x)


CORNERS_MASK = sum(bit(x, y) for x, y in CORNER_FIELDS)


def on_board(x: int, y: int) -> bool:
    return 0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE


def edge_neighbours(mask: int) -> int:
    """Fields that share an edge with a field of ``mask`` (may include ``mask`` itself)."""
    return ((mask << 1) | (mask >> 1) | (mask << STRIDE) | (mask >> STRIDE)) & BOARD_MASK


def diagonal_neighbours(mask: int) -> int:
    """Fields that share only a corner with some field of ``mask`` (may overlap ``mask``)."""
    return (
        (mask << (STRIDE + 1))
        | (mask << (STRIDE - 1))
        | (mask >> (STRIDE - 1))
        | (mask >> (STRIDE + 1))
    ) & BOARD_MASK


def fields(mask: int) -> Iterator[tuple[int, int]]:
    """The (x, y) fields of ``mask`` in row-major order."""
    while mask:
        low = mask & -mask
        y, x = divmod(low.bit_length() - 1, STRIDE)
        yield x, y
        mask ^= low


def mask_of(cells: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> int:
    """The mask of on-board ``cells``."""
    result = 0
    for x, y in cells:
        result |= bit(x, y)
    return result
