"""Piranhas2026Game and Piranhas2026State against the core Game/GameState protocols."""

from __future__ import annotations

from botarena.core import GameState, ScoreAggregation, SeededRandom, match_points
from botarena.games.piranhas_2026 import (
    GAME_TYPE,
    SWARM_FRAGMENT,
    WINNER_FRAGMENT,
    Move,
    Piranhas2026Game,
    Piranhas2026State,
)


def test_game_identity_and_score_definition() -> None:
    game = Piranhas2026Game()
    assert GAME_TYPE == Piranhas2026Game.game_type == "swc_2026_piranhas"
    assert game.name == "piranhas2026"
    assert (game.min_players, game.max_players) == (2, 2)
    assert game.score_fragments == (SWARM_FRAGMENT,)
    assert (SWARM_FRAGMENT.name, SWARM_FRAGMENT.aggregation) == (
        "Schwarmgröße",
        ScoreAggregation.AVERAGE,
    )
    assert (WINNER_FRAGMENT.name, WINNER_FRAGMENT.aggregation) == (
        "Siegpunkte",
        ScoreAggregation.SUM,
    )
    assert SWARM_FRAGMENT.relevant_for_ranking and WINNER_FRAGMENT.relevant_for_ranking


def test_a_game_through_the_protocol() -> None:
    state: GameState[Move] = Piranhas2026Game().new_initial_state(SeededRandom(11))
    assert isinstance(state, Piranhas2026State)
    assert state.players == 2 and state.current_seat == 0
    assert state.view(0) is state and state.view(1) is state
    assert state.returns() == (0.5, 0.5) and state.outcome() is None
    rng = SeededRandom(12)
    while not state.is_terminal():
        seat = state.current_seat
        assert seat == state.turn & 1
        state.apply(rng.choice(state.legal_moves()))
    outcome = state.outcome()
    assert outcome is not None and outcome.is_regular
    assert state.current_seat is None and state.legal_moves() == ()
    points = [match_points(outcome, seat) for seat in (0, 1)]
    assert sorted(points) in ([0, 2], [1, 1])
    assert all(len(state.scores(seat)) == 1 for seat in (0, 1))


def test_names_reach_the_state() -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(1), one_name="alpha", two_name="b")
    assert (state.one_name, state.two_name) == ("alpha", "b")
    plain = Piranhas2026Game().new_initial_state(SeededRandom(1))
    assert plain.rows() == state.rows()
