"""The obstacle generator follows the official two-step procedure exactly (spec §2.2, §2.3)."""

from __future__ import annotations

import random

import pytest

from botarena.games.piranhas.obstacles import (
    generate_obstacles,
    inner_squares,
    obstacle_violations,
    share_a_line,
)


class ScriptedRandom(random.Random):
    """A random source whose ``random()`` returns the given values in turn."""

    def __init__(self, values: list[float]) -> None:
        super().__init__(0)
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0)


def test_candidates_in_official_order() -> None:
    squares = inner_squares()
    assert len(squares) == 36
    assert squares[:3] == [(2, 2), (2, 3), (2, 4)] and squares[6] == (3, 2)
    assert all(squares[(x - 2) * 6 + (y - 2)] == (x, y) for x, y in squares)


def test_index_is_floor_of_r_times_remaining() -> None:
    # r = 0: first candidate (2,2); it removes column 2, row 2 and the diagonal x-y=0, so
    # 20 remain and the first of them is (3,4)
    assert generate_obstacles(ScriptedRandom([0.0, 0.0])) == ((2, 2), (3, 4))
    # r just below 1: the last candidate each time
    first, second = generate_obstacles(ScriptedRandom([0.999999, 0.999999]))
    assert first == (7, 7)
    assert second == (6, 5)  # last inner square sharing no line with (7,7)


# spec §2.3: how many candidates remain after each first pick (rows y=7..2, x=2..7)
REMAINING = """
20 20 20 20 20 20
20 18 18 18 18 20
20 18 16 16 18 20
20 18 16 16 18 20
20 18 18 18 18 20
20 20 20 20 20 20
"""


@pytest.mark.parametrize("first", inner_squares())
def test_remaining_candidates_match_the_spec_table(first: tuple[int, int]) -> None:
    rows = [list(map(int, line.split())) for line in REMAINING.strip().splitlines()]
    x, y = first
    expected = rows[7 - y][x - 2]
    assert sum(1 for c in inner_squares() if not share_a_line(c, first)) == expected


def test_violations_are_named() -> None:
    assert obstacle_violations([(2, 3), (5, 7)]) == []
    assert obstacle_violations([(3, 3), (3, 3)]) == ["obstacle (3,3) is listed twice"]
    # count, 2 outside, and the diagonal x-y=0 shared by all three pairs
    assert len(obstacle_violations([(0, 0), (9, 9), (4, 4)])) == 6
