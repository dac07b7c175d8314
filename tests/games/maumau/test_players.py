"""Built-in Mau-Mau strategies: legal choices only, and what the heuristic prefers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.core import SeededRandom
from botarena.games.maumau import DRAW, MauMauGame, Play
from botarena.games.maumau.players import (
    STRATEGIES,
    BotView,
    heuristic_strategy,
    random_strategy,
)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    name=st.sampled_from(["random", "heuristic"]),
)
def test_strategies_only_choose_legal_moves_and_finish_games(seed, players, name):
    state = MauMauGame().new_initial_state(SeededRandom(seed), players)
    rng = SeededRandom(seed)
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        view = BotView(hand=list(state.hands[seat]), top_card=state.top_card, wish=state.wish)
        move = STRATEGIES[name](view, rng)
        if isinstance(move, Play):
            assert state.is_legal_card(move.card)
        else:
            assert not [c for c in state.hands[seat] if state.is_legal_card(c)]
        state.apply(move)


def test_heuristic_keeps_jacks_and_wishes_its_strongest_suit():
    view = BotView(hand=[16, 9, 13, 1], top_card=29, wish=-1)  # Pik B, Karo 9/10/7 on Karo A
    move = heuristic_strategy(view, SeededRandom(1))
    assert isinstance(move, Play) and move.card != 16
    jack_only = BotView(hand=[16, 2, 6, 10], top_card=29, wish=-1)
    jack = heuristic_strategy(jack_only, SeededRandom(1))
    assert jack == Play(16, 2)  # three Herz cards left


def test_random_draws_only_when_nothing_fits():
    assert random_strategy(BotView(hand=[0, 4], top_card=31, wish=-1), SeededRandom(1)) == DRAW
