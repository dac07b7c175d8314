"""PiranhasGame and PiranhasState against the core Game/GameState protocols."""

from __future__ import annotations

import pytest

from botarena.core import GameState, ScoreAggregation, SeededRandom
from botarena.games.piranhas import (
    SWARM_FRAGMENT,
    WINNER_FRAGMENT,
    Direction,
    Move,
    PiranhasGame,
    PiranhasState,
    PlayerColor,
)


def test_game_identity_and_score_definition() -> None:
    # Game[PiranhasState] does not type-check: core's Game bounds its state type by
    # GameState[object], whose apply() takes any object (reported to the lead)
    game = PiranhasGame()
    assert game.name == "piranhas" and PiranhasGame.game_type == "swc_2019_piranhas"
    assert (game.min_players, game.max_players) == (2, 2)
    assert game.score_fragments == (SWARM_FRAGMENT,)
    assert SWARM_FRAGMENT.name.encode() == b"\xe2\x88\x85 Schwarm"  # U+2205, spec P14
    assert SWARM_FRAGMENT.aggregation is ScoreAggregation.AVERAGE
    assert (WINNER_FRAGMENT.name, WINNER_FRAGMENT.aggregation) == ("Gewinner", ScoreAggregation.SUM)


def test_initial_state_is_the_start_position_with_two_obstacles() -> None:
    state: GameState[Move] = PiranhasGame().new_initial_state(SeededRandom(3))
    assert isinstance(state, PiranhasState)
    assert state.players == 2 and state.current_seat == 0 and state.turn == 0
    assert state.obstacles.bit_count() == 2 and state.last_move is None
    assert (state.red_name, state.blue_name) == ("Unknown", "Unknown")
    assert state.fish_count(PlayerColor.RED) == state.fish_count(PlayerColor.BLUE) == 16
    assert state.view(0) is state and state.view(1) is state
    named = PiranhasGame().new_initial_state(SeededRandom(3), red_name="alpha", blue_name="beta")
    assert (named.red_name, named.blue_name) == ("alpha", "beta")
    assert named.obstacles == state.obstacles


def test_only_two_players() -> None:
    with pytest.raises(ValueError, match="two-player"):
        PiranhasGame().new_initial_state(SeededRandom(1), players=3)


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="more than one"):
        PiranhasState(1, 1, 0)
    with pytest.raises(ValueError, match=r"0\.\.99"):
        PiranhasState(1 << 100, 0, 0)
    with pytest.raises(ValueError, match="turn"):
        PiranhasState(1, 2, 0, turn=61)
    with pytest.raises(ValueError, match="not on the 10x10 board"):
        PiranhasState.from_squares([(10, 0)], [])
    with pytest.raises(ValueError, match="unknown field character"):
        PiranhasState.from_fields_by_x(["X" * 10] * 10)
    with pytest.raises(ValueError, match="10 strings"):
        PiranhasState.from_fields_by_x(["." * 10] * 9)


def test_fields_by_x_round_trip_and_field_access() -> None:
    state = PiranhasState.start([(2, 6), (7, 7)])
    assert PiranhasState.from_fields_by_x(state.fields_by_x()) == state
    assert state.fields_by_x()[0] == ".RRRRRRRR."
    assert state.field(2, 6).value == "OBSTRUCTED" and state.field(1, 0).value == "BLUE"
    assert state.field(0, 0).value == "EMPTY"
    assert str(Move(0, 4, Direction.RIGHT)) == "A4 RIGHT"
    assert str(Move(10, -1, Direction.UP)) == "(10,-1) UP"


def test_returns_and_scores_follow_the_outcome() -> None:
    state = PiranhasState.from_squares([(0, 0), (1, 1)], [(7, 7), (8, 8), (9, 9)], turn=2)
    assert state.returns() == (0.0, 1.0)
    assert state.scores(0) == (2,) and state.scores(1) == (3,)
