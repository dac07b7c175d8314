"""Board geometry, weighted swarms and the start-board generator of Piranhas 2026.

The 10 x 10 geometry is the same as in Piranhas 2019, so the bitboard layout and its
precomputed tables come from :mod:`botarena.games.piranhas.board`: square ``(x, y)`` is bit
``10 * x + y``; a set of squares is a Python int. Fish weights are two bit planes over all
fish: ``w1`` holds the fish of weight 1 or 3, ``w2`` those of weight 2 or 3, so the weight of
a set of fish ``m`` is ``popcount(m & w1) + 2 * popcount(m & w2)``.

What differs from 2019 and lives here: swarms are measured by **weight**, a team without fish
is **not** connected and its largest swarm is **-1** (official ``GameRuleLogic``), and the
start board has weighted fish and two squids (official ``Board.randomFields``).
"""

from __future__ import annotations

import random

from botarena.games.piranhas.board import (
    FULL_BOARD,
    JUMP_STRIDE,
    JUMPS,
    LINES,
    SIZE,
    SQUARES,
    component,
    coordinates,
    dilate,
    on_board,
    square,
    squares_of,
)

__all__ = [
    "FULL_BOARD",
    "JUMPS",
    "JUMP_STRIDE",
    "LINES",
    "SIZE",
    "SQUARES",
    "SQUID_COUNT",
    "SQUID_MAX",
    "SQUID_MIN",
    "component",
    "coordinates",
    "dilate",
    "generate_board",
    "is_connected",
    "largest_swarm_weight",
    "on_board",
    "random_fish_size",
    "square",
    "squares_of",
    "swarm_weight",
    "swarms",
]

SQUID_COUNT = 2
SQUID_MIN = 2
SQUID_MAX = 7
"""Squids stand in the inner 6 x 6 square, x and y in 2..7 (``OBSTACLES_START/END``)."""


def swarm_weight(fish: int, w1: int, w2: int) -> int:
    """Total weight of the fish in ``fish`` (weight planes ``w1``, ``w2``)."""
    return (fish & w1).bit_count() + 2 * (fish & w2).bit_count()


def swarms(fish: int) -> list[int]:
    """The 8-connected groups of ``fish``, each a bitboard, lowest square first."""
    result = []
    remaining = fish
    while remaining:
        group = component(remaining, remaining & -remaining)
        result.append(group)
        remaining ^= group
    return result


def largest_swarm_weight(fish: int, w1: int, w2: int) -> int:
    """Weight of the heaviest 8-connected group of ``fish``; -1 without fish (official
    ``greatestSwarmSize``).

    Grows each group inside the fish not yet assigned (2019's :func:`component`) and stops
    once the rest cannot be heavier.
    """
    if not fish:
        return -1
    best = 0
    remaining = fish
    total = (fish & w1).bit_count() + 2 * (fish & w2).bit_count()
    while total > best:  # the fish not yet assigned could still form a heavier swarm
        grown = component(remaining, remaining & -remaining)
        weight = (grown & w1).bit_count() + 2 * (grown & w2).bit_count()
        best = max(best, weight)
        remaining ^= grown
        total -= weight
    return best


def is_connected(fish: int) -> bool:
    """Whether ``fish`` is non-empty and forms one 8-connected swarm (official
    ``isSwarmConnected``: a team without fish is not connected)."""
    return fish != 0 and component(fish, fish & -fish) == fish


# ---------------------------------------------------------------- start board


def random_fish_size(rng: random.Random) -> int:
    """A fish weight drawn like the official ``randomFishSize``: S:M:L = 4:3:2 of 9."""
    value = rng.randrange(9)
    return 1 if value < 4 else 2 if value < 7 else 3


def _share_a_line(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] == b[0] or a[1] == b[1] or a[0] - a[1] == b[0] - b[1] or a[0] + a[1] == b[0] + b[1]


def generate_board(rng: random.Random) -> list[str]:
    """A start board drawn exactly like the official ``Board.randomFields``, from ``rng``.

    Returns 10 row strings (string ``y`` is row y, bottom first; char ``x`` as in
    :attr:`FieldState.char`). For i = 1..8 one weight is drawn for TWO at (i, 0) and ONE at
    (0, i), then one for TWO at (i, 9) and ONE at (9, i); then squids are drawn as
    ``index = nextInt(36)`` -> ``(2 + index % 6, 2 + index // 6)`` until two share no row,
    column or diagonal. ``nextInt(n)`` is ``rng.randrange(n)``, so ``random.Random(seed)``
    reproduces the boards of the shared fixtures (``seed`` field).
    """
    fields = [["."] * SIZE for _ in range(SIZE)]  # fields[y][x]
    for index in range(1, SIZE - 1):
        size1 = random_fish_size(rng)
        fields[0][index] = "xyz"[size1 - 1]
        fields[index][0] = "abc"[size1 - 1]
        size2 = random_fish_size(rng)
        fields[SIZE - 1][index] = "xyz"[size2 - 1]
        fields[index][SIZE - 1] = "abc"[size2 - 1]
    width = SQUID_MAX - SQUID_MIN + 1
    squids: list[tuple[int, int]] = []
    while len(squids) < SQUID_COUNT:
        index = rng.randrange(width * width)
        pos = (SQUID_MIN + index % width, SQUID_MIN + index // width)
        if not any(_share_a_line(other, pos) for other in squids):
            squids.append(pos)
            fields[pos[1]][pos[0]] = "X"
    return ["".join(row) for row in fields]
