"""The obstacles ("Kraken"): the official seedable placement and the placement constraints.

The official generator (spec §2.2) picks the first obstacle uniformly from the 36 inner
squares and the second uniformly from the inner squares that share no column, row or
diagonal with it; the resulting pair distribution is not uniform, and we keep it that way.
"""

from __future__ import annotations

import random

OBSTACLE_COUNT = 2
INNER_MIN = 2
INNER_MAX = 7

Square = tuple[int, int]


def inner_squares() -> list[Square]:
    """The 36 candidate squares in the official order: x outer loop, y inner loop."""
    return [
        (x, y) for x in range(INNER_MIN, INNER_MAX + 1) for y in range(INNER_MIN, INNER_MAX + 1)
    ]


def share_a_line(a: Square, b: Square) -> bool:
    """Same column, row, rising diagonal (x-y) or falling diagonal (x+y)."""
    return a[0] == b[0] or a[1] == b[1] or a[0] - a[1] == b[0] - b[1] or a[0] + a[1] == b[0] + b[1]


def generate_obstacles(rng: random.Random) -> tuple[Square, ...]:
    """Two obstacles drawn exactly like the official board constructor, from ``rng``."""
    candidates = inner_squares()
    chosen: list[Square] = []
    for _ in range(OBSTACLE_COUNT):
        pick = candidates[int(rng.random() * len(candidates))]
        chosen.append(pick)
        candidates = [c for c in candidates if not share_a_line(c, pick)]
    return tuple(chosen)


def obstacle_violations(obstacles: list[Square] | tuple[Square, ...]) -> list[str]:
    """Why a set of obstacles breaks the placement constraints (empty list when valid)."""
    problems: list[str] = []
    if len(obstacles) != OBSTACLE_COUNT:
        problems.append(f"expected {OBSTACLE_COUNT} obstacles, found {len(obstacles)}")
    for x, y in obstacles:
        if not (INNER_MIN <= x <= INNER_MAX and INNER_MIN <= y <= INNER_MAX):
            problems.append(
                f"obstacle ({x},{y}) is outside the inner area {INNER_MIN}..{INNER_MAX}"
            )
    for i, a in enumerate(obstacles):
        for b in obstacles[i + 1 :]:
            if a == b:
                problems.append(f"obstacle ({a[0]},{a[1]}) is listed twice")
            elif share_a_line(a, b):
                problems.append(
                    f"obstacles ({a[0]},{a[1]}) and ({b[0]},{b[1]}) share a column, row or diagonal"
                )
    return problems
