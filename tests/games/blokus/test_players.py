"""The built-in Blokus players: always legal, deterministic per seed, greedy beats random."""

from __future__ import annotations

import pytest

from botarena.core import Team
from botarena.core.players import NoLegalMove
from botarena.games.blokus import BlokusGame, BlokusState, SetMove, Shape
from botarena.games.blokus.players import (
    PLAYER_NAMES,
    GreedyPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    make_player,
)
from tests.games.blokus.helpers import play_game, s1


def play(one: Player, two: Player, seed: int) -> BlokusState:
    """One game; ``one`` plays team ONE. Every chosen move must be in the legal list."""
    state: BlokusState = play_game(BlokusGame(), one, two, seed)
    return state


QUICK_OPTIONS: dict[str, dict[str, int]] = {"strong": {"time_ms": 60}}
"""``strong`` thinks the move limit it is given: a short one here (legality, not strength)."""


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_players_only_choose_legal_moves(name):
    options = QUICK_OPTIONS.get(name, {})
    state = play(make_player(name, seed=1, **options), make_player(name, seed=2, **options), seed=3)
    assert state.is_terminal()
    with pytest.raises(NoLegalMove):
        make_player(name, seed=1, **options).choose_move(state)


def test_same_seed_same_game():
    first = play(RandomPlayer(5), GreedyPlayer(6), seed=7)
    second = play(RandomPlayer(5), GreedyPlayer(6), seed=7)
    assert first.render() == second.render() and first.turn == second.turn


def test_greedy_places_the_largest_piece_with_the_most_anchors():
    state = s1()
    move = GreedyPlayer(0).choose_move(state)
    assert isinstance(move, SetMove) and move.kind.size == 5 and move.kind is not Shape.PENTO_V
    assert move.kind in state.undeployed_shapes(state.current_color)


def test_greedy_beats_random_over_a_small_seeded_match():
    wins = 0
    games = 6
    for game in range(games):
        greedy, rand = GreedyPlayer(100 + game), RandomPlayer(200 + game)
        greedy_team = Team.ONE if game % 2 == 0 else Team.TWO
        one, two = (greedy, rand) if greedy_team is Team.ONE else (rand, greedy)
        outcome = play(one, two, seed=300 + game).outcome()
        assert outcome is not None
        wins += outcome.winner == int(greedy_team)
    assert wins >= 5


def test_search_beats_greedy_over_a_small_seeded_match():
    wins = 0
    games = 4
    for game in range(games):
        search, greedy = SearchPlayer(game), GreedyPlayer(500 + game)
        search_team = Team.ONE if game % 2 == 0 else Team.TWO
        one, two = (search, greedy) if search_team is Team.ONE else (greedy, search)
        outcome = play(one, two, seed=game).outcome()
        assert outcome is not None
        wins += outcome.winner == int(search_team)
    assert wins >= 3


def test_player_options():
    player = make_player("search", seed=1, candidates=3, size_weight=1.5)
    assert isinstance(player, SearchPlayer)
    assert (player.candidates, player.size_weight) == (3, 1.5)
    with pytest.raises(ValueError, match="takes no options"):
        make_player("greedy", candidates=3)
    with pytest.raises(ValueError, match="at least 1"):
        SearchPlayer(candidates=0)


def test_unknown_player_name():
    with pytest.raises(ValueError, match="unknown player"):
        make_player("minimax")
