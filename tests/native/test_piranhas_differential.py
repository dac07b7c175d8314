"""Differential property test: random Piranhas games played in the Python engine and in the
native core at once; at every ply the legal moves (in order), the position, the end of game
and the scores must agree. Bounded (a few dozen games per season) to run in seconds."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botarena.core import SeededRandom, Team
from botarena.games.piranhas.board import FULL_BOARD
from botarena.games.piranhas.rules import PiranhasGame, PiranhasState
from botarena.games.piranhas_2026.rules import Piranhas2026Game, Piranhas2026State
from botarena.native.piranhas import (
    move_code,
    moves_2019,
    moves_2026,
    outcome_2019,
    position_2019,
    position_2026,
    win_condition_2026,
)

GAMES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""Examples per property: each is a whole game of up to 60 plies in both engines."""

choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=60)
"""Which legal move to play at each ply (index modulo the number of moves)."""


def same_2019(state: PiranhasState, position: Any) -> None:
    native = position
    assert (native.red, native.blue, native.obstacles, native.turn) == (
        state.red,
        state.blue,
        state.obstacles,
        state.turn,
    )
    assert moves_2019(native) == state.generate_moves()
    names = (state.red_name, state.blue_name)
    assert outcome_2019(native.end(), *names) == state.outcome()
    assert outcome_2019(native.official_end()) == state.official_outcome()
    for seat in (0, 1):
        assert native.swarm(seat) == state.scores(seat)[0]


def play_2019(state: PiranhasState, picks: list[int]) -> None:
    position = position_2019(state)
    same_2019(state, position)
    for pick in picks:
        if state.is_terminal():
            break
        moves = state.legal_moves()
        move = moves[pick % len(moves)]
        state.apply(move)
        position.apply(move_code(move))
        same_2019(state, position)


@GAMES
@given(seed=st.integers(min_value=0, max_value=2**32), picks=choices)
def test_random_2019_games_agree(seed: int, picks: list[int]) -> None:
    play_2019(PiranhasGame().new_initial_state(SeededRandom(seed)), picks)


@st.composite
def boards_2019(draw: st.DrawFn) -> PiranhasState:
    """Any legal-looking position: disjoint random fish and obstacles, any turn."""
    squares = draw(st.permutations(range(100)))
    red_count = draw(st.integers(min_value=0, max_value=16))
    blue_count = draw(st.integers(min_value=0, max_value=16))
    obstacle_count = draw(st.integers(min_value=0, max_value=2))

    def mask(part: list[int]) -> int:
        return sum(1 << s for s in part)

    red = mask(squares[:red_count])
    blue = mask(squares[red_count : red_count + blue_count])
    obstacles = mask(squares[red_count + blue_count : red_count + blue_count + obstacle_count])
    assert not (red | blue | obstacles) & ~FULL_BOARD
    return PiranhasState(red, blue, obstacles, draw(st.integers(min_value=0, max_value=60)))


@GAMES
@given(state=boards_2019(), picks=choices)
def test_random_2019_positions_agree(state: PiranhasState, picks: list[int]) -> None:
    play_2019(state, picks)


def same_2026(state: Piranhas2026State, native: Any) -> None:
    union = None if state.first_union is None else int(state.first_union)
    assert (
        native.one,
        native.two,
        native.squids,
        native.w1,
        native.w2,
        native.turn,
        native.first_union,
    ) == (state.one, state.two, state.squids, state.w1, state.w2, state.turn, union)
    assert moves_2026(native) == state.generate_moves()
    assert win_condition_2026(native.end()) == state.win_condition()
    for team in Team:
        assert native.swarm(int(team)) == state.scores(int(team))[0]


def play_2026(state: Piranhas2026State, picks: list[int]) -> None:
    position = position_2026(state)
    same_2026(state, position)
    for pick in picks:
        if state.is_over():
            break
        moves = state.legal_moves()
        move = moves[pick % len(moves)]
        state.apply(move)
        position.apply(move_code(move))
        same_2026(state, position)


@GAMES
@given(seed=st.integers(min_value=0, max_value=2**32), picks=choices)
def test_random_2026_games_agree(seed: int, picks: list[int]) -> None:
    play_2026(Piranhas2026Game().new_initial_state(SeededRandom(seed)), picks)


@st.composite
def boards_2026(draw: st.DrawFn) -> Piranhas2026State:
    squares = draw(st.permutations(range(100)))
    one_count = draw(st.integers(min_value=0, max_value=16))
    two_count = draw(st.integers(min_value=0, max_value=16))
    fish = squares[: one_count + two_count]
    weights = draw(st.lists(st.integers(1, 3), min_size=len(fish), max_size=len(fish)))
    one = sum(1 << s for s in fish[:one_count])
    two = sum(1 << s for s in fish[one_count:])
    w1 = sum(1 << s for s, w in zip(fish, weights, strict=True) if w & 1)
    w2 = sum(1 << s for s, w in zip(fish, weights, strict=True) if w & 2)
    squids = sum(1 << s for s in squares[len(fish) : len(fish) + 2])
    union = draw(st.sampled_from([None, Team.ONE, Team.TWO]))
    turn = draw(st.integers(min_value=0, max_value=60))
    return Piranhas2026State(one, two, squids, w1, w2, turn=turn, first_union=union)


@GAMES
@given(state=boards_2026(), picks=choices)
def test_random_2026_positions_agree(state: Piranhas2026State, picks: list[int]) -> None:
    play_2026(state, picks)
