"""Property tests: random games, invariants, and the move generator against a brute-force oracle."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botarena.core import InvalidMove, SeededRandom
from botarena.games.hase_und_igel import (
    GAME,
    INITIAL_CARDS,
    Advance,
    Card,
    CardType,
    EatSalad,
    ExchangeCarrots,
    FallBack,
    HaseUndIgelState,
    Move,
    Player,
    generate_board,
    generate_moves,
)
from botarena.games.hase_und_igel.rules import MSG_GAME_OVER, ROUND_LIMIT_TURNS
from tests.games.hase_und_igel.oracle import brute_force_moves

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: HaseUndIgelState) -> None:
    for player in state.player_states:
        assert player.carrots >= 0
        assert player.salads >= 0
        assert 0 <= player.index <= 64
        assert len(set(player.cards)) == len(player.cards)
    red, blue = state.player_states
    assert red.index != blue.index or red.index in (0, 64)
    assert state.turn <= ROUND_LIMIT_TURNS


def random_game(seed: int, check_every_move: bool) -> HaseUndIgelState:
    rng = SeededRandom(seed)
    state = GAME.new_initial_state(rng)
    while not state.is_terminal():
        moves = state.legal_moves()
        assert moves, "a running game always has a legal move (at least Skip)"
        assert len(set(moves)) == len(moves)
        if check_every_move:
            for candidate in moves:
                state.clone().apply(candidate)  # never raises InvalidMove
        state.apply(rng.choice(moves))
        check_invariants(state)
    assert state.legal_moves() == []
    assert state.outcome() is not None
    assert state.current_seat is None
    return state


@SETTINGS
@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_random_games_end_regularly_and_keep_the_invariants(seed):
    state = random_game(seed, check_every_move=False)
    outcome = state.outcome()
    assert outcome is not None and outcome.is_regular
    assert state.violation is None


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_every_generated_move_applies_without_invalid_move(seed):
    random_game(seed, check_every_move=True)


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_generator_matches_the_brute_force_oracle_in_played_states(seed):
    rng = SeededRandom(seed)
    state = GAME.new_initial_state(rng)
    while not state.is_terminal():
        generated = state.legal_moves()
        assert {move.actions for move in generated} == brute_force_moves(state)
        state.apply(rng.choice(generated))


LAST_ACTIONS = st.sampled_from(
    [
        None,
        Advance(3),
        EatSalad(),
        FallBack(),
        ExchangeCarrots(10),
        *(Card(card, 0, 1) for card in CardType),
    ]
)


@st.composite
def players(draw: st.DrawFn) -> Player:
    hand = tuple(card for card in INITIAL_CARDS if draw(st.booleans()))
    return Player(
        index=draw(st.integers(0, 64)),
        carrots=draw(st.one_of(st.integers(0, 130), st.integers(980, 1100))),
        salads=draw(st.integers(0, 5)),
        cards=hand,
        last_non_skip_action=draw(LAST_ACTIONS),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**63 - 1), players(), players(), st.integers(0, 59))
def test_generator_matches_the_brute_force_oracle_in_constructed_states(seed, red, blue, turn):
    state = HaseUndIgelState(generate_board(SeededRandom(seed)), red, blue, turn)
    mover = state.player_states[turn % 2]
    other = state.player_states[1 - turn % 2]
    generated = generate_moves(state.board, mover, other)
    assert len({move.actions for move in generated}) == len(generated)
    assert {move.actions for move in generated} == brute_force_moves(state)


def test_an_invalid_move_ends_the_game_and_later_moves_are_refused():
    state = GAME.new_initial_state(SeededRandom(5))
    with pytest.raises(InvalidMove):
        state.apply(Move.of(Advance(11)))  # index 11 is always a hedgehog
    assert state.is_terminal()
    assert state.legal_moves() == []
    before = state.clone()
    with pytest.raises(InvalidMove) as caught:
        state.apply(Move.of(Advance(1)))
    assert caught.value.reason == MSG_GAME_OVER
    assert state == before
