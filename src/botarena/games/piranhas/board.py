"""Board geometry as bitboards on Python ints, with every table precomputed at import.

A square ``(x, y)`` is bit ``10 * x + y`` (column-major, the order of the XML ``<fields>``
blocks and of the fixtures' ``fields_by_x``). A set of squares is an int with those bits set.
Python ints make ``&``, ``|``, ``bit_count()`` cheap, so the hot paths (move generation,
swarm flood fill) do a few integer operations per fish instead of walking arrays.

Tables (all indexed by square ``s`` and direction index ``d`` in the official order):

* ``LINES[s]``: the four lines through ``s`` (column, rising diagonal, row, falling diagonal);
  direction ``d`` uses axis ``d & 3``.
* ``JUMPS[(s * 8 + d) * JUMP_STRIDE + n]``: for a move of distance ``n``, either ``None``
  (target off the board) or ``(target_bit, path_mask)`` where ``path_mask`` holds the squares
  strictly between origin and target.
"""

from __future__ import annotations

from botarena.games.piranhas.model import DIRECTION_VECTORS

SIZE = 10
SQUARES = SIZE * SIZE
FULL_BOARD = (1 << SQUARES) - 1
JUMP_STRIDE = SIZE + 1
"""Distances 0..10 are indexed per (square, direction); 0 never occurs for a real fish."""


def square(x: int, y: int) -> int:
    """The bit index of ``(x, y)``."""
    return SIZE * x + y


def coordinates(s: int) -> tuple[int, int]:
    """``(x, y)`` of bit index ``s``."""
    return divmod(s, SIZE)


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def mask_of(squares: object) -> int:
    """A bitboard from an iterable of ``(x, y)`` pairs."""
    result = 0
    for x, y in squares:  # type: ignore[attr-defined]
        if not on_board(x, y):
            raise ValueError(f"square ({x}, {y}) is not on the 10x10 board")
        result |= 1 << square(x, y)
    return result


def squares_of(mask: int) -> list[tuple[int, int]]:
    """The ``(x, y)`` pairs of a bitboard, in bit order (x, then y ascending)."""
    result = []
    while mask:
        low = mask & -mask
        result.append(coordinates(low.bit_length() - 1))
        mask ^= low
    return result


def _line(x: int, y: int, dx: int, dy: int) -> int:
    """Every square on the line through ``(x, y)`` along ``(dx, dy)``, both ways."""
    mask = 1 << square(x, y)
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        while on_board(cx, cy):
            mask |= 1 << square(cx, cy)
            cx, cy = cx + sign * dx, cy + sign * dy
    return mask


def _build_lines() -> tuple[tuple[int, int, int, int], ...]:
    lines = []
    for s in range(SQUARES):
        x, y = coordinates(s)
        lines.append(tuple(_line(x, y, *DIRECTION_VECTORS[axis]) for axis in range(4)))
    return tuple(lines)  # type: ignore[arg-type]


def _build_jumps() -> tuple[tuple[int, int] | None, ...]:
    jumps: list[tuple[int, int] | None] = []
    for s in range(SQUARES):
        x, y = coordinates(s)
        for dx, dy in DIRECTION_VECTORS:
            for n in range(JUMP_STRIDE):
                tx, ty = x + n * dx, y + n * dy
                if n == 0 or not on_board(tx, ty):
                    jumps.append(None)
                    continue
                path = 0
                for i in range(1, n):
                    path |= 1 << square(x + i * dx, y + i * dy)
                jumps.append((1 << square(tx, ty), path))
    return tuple(jumps)


LINES = _build_lines()
JUMPS = _build_jumps()

NOT_Y0 = sum(1 << square(x, y) for x in range(SIZE) for y in range(1, SIZE))
NOT_Y9 = sum(1 << square(x, y) for x in range(SIZE) for y in range(SIZE - 1))


def dilate(mask: int) -> int:
    """``mask`` plus its 8-neighbourhood, clipped to the board.

    Vertical neighbours are +-1 (masked so y=9 does not wrap into the next column),
    horizontal ones +-10; doing the vertical step first and then the horizontal one on the
    result covers the diagonals too.
    """
    vertical = mask | ((mask & NOT_Y9) << 1) | ((mask & NOT_Y0) >> 1)
    return (vertical | (vertical << SIZE) | (vertical >> SIZE)) & FULL_BOARD


def component(fish: int, seed: int) -> int:
    """The swarm (8-connected component of ``fish``) that contains the bits of ``seed``."""
    grown = seed
    while True:
        vertical = grown | ((grown & NOT_Y9) << 1) | ((grown & NOT_Y0) >> 1)
        nxt = (vertical | (vertical << SIZE) | (vertical >> SIZE)) & fish
        if nxt == grown:
            return grown
        grown = nxt


def largest_swarm(fish: int) -> int:
    """Size of the largest 8-connected component of ``fish`` (0 without fish).

    Grows each swarm by dilation inside the fish not yet assigned (inlined: a hot path of
    search evaluation) and stops as soon as no remaining swarm can be larger.
    """
    best = 0
    remaining = fish
    total = fish.bit_count()
    while remaining:
        grown = remaining & -remaining
        while True:
            vertical = grown | ((grown & NOT_Y9) << 1) | ((grown & NOT_Y0) >> 1)
            nxt = (vertical | (vertical << SIZE) | (vertical >> SIZE)) & remaining
            if nxt == grown:
                break
            grown = nxt
        size = grown.bit_count()
        if size > best:
            best = size
            if best * 2 >= total:  # the rest cannot hold a larger swarm
                return best
        remaining ^= grown
        total -= size
        if total <= best:
            return best
    return best


def is_connected(fish: int) -> bool:
    """Whether all ``fish`` form one swarm (no fish and one fish count as connected)."""
    if not fish:
        return True
    return component(fish, fish & -fish) == fish
