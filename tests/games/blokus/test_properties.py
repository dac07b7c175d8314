"""Property tests: random games, the fast generator against the slow reference."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.core import SeededRandom, Team
from botarena.games.blokus import (
    BlokusGame,
    BlokusState,
    Color,
    InvalidBlokusMove,
    Rotation,
    SetMove,
    Shape,
    SkipMove,
)
from botarena.games.blokus.shapes import START_PIECES
from tests.games.blokus.reference import reference_mistake, reference_placements

SEEDS = st.integers(min_value=0, max_value=2**32)


def random_position(seed: int, plies: int, skip_rate: float = 0.05) -> BlokusState:
    rng = SeededRandom(seed)
    state = BlokusGame().new_initial_state(rng)
    for _ in range(plies):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        if isinstance(moves[-1], SkipMove) and rng.random() < skip_rate:
            state.apply(moves[-1])
        else:
            state.apply(rng.choice([m for m in moves if isinstance(m, SetMove)]))
    return state


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_random_games_run_to_a_consistent_end(seed):
    state = random_position(seed, plies=10_000, skip_rate=0.1)
    assert state.is_terminal()
    assert state.legal_moves() == [] and state.current_seat is None
    outcome = state.outcome()
    assert outcome is not None
    one, two = state.team_points(Team.ONE), state.team_points(Team.TWO)
    assert outcome.winner == (None if one == two else (0 if one > two else 1))
    for color in Color:
        placed_squares = state.own[color].bit_count()
        points = state.points(color)
        if state.undeployed_shapes(color):
            assert points == placed_squares
        else:
            assert points in (104, 109) and placed_squares == 89
    assert sum(state.own[c].bit_count() for c in Color) == state.occupied.bit_count()


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, plies=st.integers(min_value=0, max_value=70))
def test_generator_agrees_with_the_slow_reference(seed, plies):
    state = random_position(seed, plies)
    for color in Color:
        fast = state.set_moves(color)
        cell_sets = [frozenset(move.cells()) for move in fast]
        assert len(set(cell_sets)) == len(cell_sets), "duplicate placements"
        assert set(cell_sets) == reference_placements(state, color)
        for move in fast:
            assert move.canonical() == move
        assert state.has_set_move(color) == bool(fast)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, plies=st.integers(min_value=0, max_value=80))
def test_every_legal_move_applies(seed, plies):
    state = random_position(seed, plies)
    for move in state.legal_moves():
        trial = state.clone()
        trial.apply(move)
        assert trial.turn > state.turn or not trial.valid_colors
        assert trial.last_move == move
    assert state.legal_moves() == state.clone().legal_moves()


@settings(max_examples=60, deadline=None)
@given(
    seed=SEEDS,
    plies=st.integers(min_value=0, max_value=60),
    kind=st.sampled_from(list(Shape)),
    rotation=st.sampled_from(list(Rotation)),
    flipped=st.booleans(),
    x=st.integers(min_value=-4, max_value=22),
    y=st.integers(min_value=-4, max_value=22),
)
def test_validator_agrees_with_the_reference(  # noqa: PLR0917 - hypothesis arguments
    seed, plies, kind, rotation, flipped, x, y
):
    state = random_position(seed, plies)
    if state.is_terminal():
        return
    color = state.current_color
    move = SetMove(color, kind, rotation, flipped, x, y)
    expected = reference_mistake(state, color, kind, move.cells())
    try:
        state.clone().apply(move)
    except InvalidBlokusMove as error:
        assert error.mistake.name == expected
    else:
        assert expected is None


def test_the_start_piece_comes_from_the_seed():
    pieces = {BlokusGame().new_initial_state(SeededRandom(seed)).start_piece for seed in range(200)}
    assert pieces == set(START_PIECES)
    first = BlokusGame().new_initial_state(SeededRandom(7)).start_piece
    assert BlokusGame().new_initial_state(SeededRandom(7)).start_piece is first
