"""The bitboard engine against a literal re-reading of the Kotlin rules (``reference.py``) on
random boards: legal moves, every rejected move's official mistake, move results,
firstUnion, swarms and the end of the game (including positions random play rarely reaches:
empty teams, blocked sides, crowded lines)."""

from __future__ import annotations

import random

import pytest

from botarena.core import SeededRandom, Team
from botarena.games.piranhas_2026 import Move, Piranhas2026Game, Piranhas2026State
from botarena.games.piranhas_2026.model import DIRECTIONS
from tests.games.piranhas_2026 import reference


def random_rows(rng: random.Random) -> list[str]:
    squares = [(x, y) for x in range(10) for y in range(10)]
    rng.shuffle(squares)
    grid = [["."] * 10 for _ in range(10)]
    ones, twos, squids = rng.randint(0, 16), rng.randint(0, 16), rng.randint(0, 2)
    if rng.random() < 0.3:  # crowded corner: many blocked and nearly blocked fish
        squares.sort(key=lambda s: s[0] + s[1] + rng.random() * 3)
    for index, (x, y) in enumerate(squares[: ones + twos + squids]):
        if index < ones:
            grid[y][x] = rng.choice("abc")
        elif index < ones + twos:
            grid[y][x] = rng.choice("xyz")
        else:
            grid[y][x] = "X"
    return ["".join(row) for row in grid]


def compare(state: Piranhas2026State, first_union: Team | None) -> None:
    rows = state.rows()
    board = reference.board_from_rows(rows)
    turn = state.turn
    assert set(state.generate_moves()) == reference.possible_moves(board, turn), rows
    for team in Team:
        assert state.swarm_size(team) == reference.greatest_swarm_size(board, team), rows
        assert state.is_connected(team) == reference.is_swarm_connected(board, team), rows
    for x in range(-1, 11):
        for y in range(-1, 11):
            for direction in DIRECTIONS:
                candidate = Move(x, y, direction)
                expected = reference.perform_check(board, turn, candidate)
                assert state.move_error(candidate) is expected, (rows, turn, candidate)
                if expected is None:
                    after = state.clone()
                    after.apply(candidate)
                    ref_after = reference.perform(board, candidate)
                    assert after.rows() == [
                        "".join(ref_after[(cx, cy)].char for cx in range(10)) for cy in range(10)
                    ]
                    assert after.first_union == reference.after_move_first_union(
                        ref_after, first_union
                    )
    expected_end = reference.win_condition(board, turn, first_union)
    ours = state.win_condition()
    if expected_end is None:
        assert ours is None, rows
    else:
        assert ours is not None, rows
        assert (ours.winner, ours.reason.name) == (expected_end.winner, expected_end.reason), rows


@pytest.mark.parametrize("seed", range(60))
def test_random_boards_agree_with_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5):
        first_union = rng.choice([None, None, Team.ONE, Team.TWO])
        turn = rng.choice([rng.randrange(61), 59, 60, 0, 1])
        state = Piranhas2026State.from_rows(random_rows(rng), turn, first_union=first_union)
        compare(state, first_union)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_agree_with_the_reference(seed: int) -> None:
    rng = SeededRandom(1000 + seed)
    state = Piranhas2026Game().new_initial_state(rng)
    while True:
        compare(state, state.first_union)
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
