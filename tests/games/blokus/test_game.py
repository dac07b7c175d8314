"""BlokusGame and BlokusState implement the core Game/GameState protocols."""

from __future__ import annotations

import pytest

from botarena.core import GameState, ScoreAggregation, SeededRandom
from botarena.games.blokus import BlokusGame, Move, SkipMove


def test_blokus_implements_the_core_protocols():
    # Game[BlokusState] does not type-check: core's Game bounds its state type by
    # GameState[object], whose apply() takes any object (a core-model limitation).
    game = BlokusGame()
    state: GameState[Move] = game.new_initial_state(SeededRandom(1))  # mypy checks this
    assert (game.name, game.min_players, game.max_players) == ("blokus", 2, 2)
    assert [f.aggregation for f in game.score_fragments] == [ScoreAggregation.AVERAGE]
    assert state.players == 2 and state.current_seat == 0
    assert state.view(0) is state and state.returns() == (0.5, 0.5)
    assert not any(isinstance(move, SkipMove) for move in state.legal_moves())
    copy = state.clone()
    copy.apply(copy.legal_moves()[0])
    assert state.current_seat == 0 and copy.current_seat == 1


def test_blokus_needs_two_players():
    with pytest.raises(ValueError, match="exactly 2 players"):
        BlokusGame().new_initial_state(SeededRandom(1), players=4)
