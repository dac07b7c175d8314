"""The built-in Blokus 2027 players: always legal, deterministic per seed, greedy beats random,
search beats greedy."""

from __future__ import annotations

import pytest

from botarena.core import Team
from botarena.core.players import NoLegalMove
from botarena.games.blokus_2027 import BlokusGame, BlokusState, SetMove, Shape
from botarena.games.blokus_2027.players import (
    PLAYER_NAMES,
    PLAYER_OPTIONS,
    GreedyPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    make_player,
)
from botarena.games.blokus_2027.render import board_rows
from tests.games.blokus.helpers import play_game


def play(one: Player, two: Player, seed: int) -> BlokusState:
    """One game; ``one`` plays team ONE. Every chosen move must be in the legal list."""
    state: BlokusState = play_game(BlokusGame(), one, two, seed)
    return state


def match(strong: str, weak: str, games: int) -> int:
    """Games won by ``strong``, alternating the teams."""
    wins = 0
    for game in range(games):
        first, second = make_player(strong, seed=100 + game), make_player(weak, seed=200 + game)
        team = Team.ONE if game % 2 == 0 else Team.TWO
        one, two = (first, second) if team is Team.ONE else (second, first)
        outcome = play(one, two, seed=300 + game).outcome()
        assert outcome is not None
        wins += outcome.winner == int(team)
    return wins


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
    first = play(RandomPlayer(5), SearchPlayer(6, candidates=3), seed=7)
    second = play(RandomPlayer(5), SearchPlayer(6, candidates=3), seed=7)
    assert board_rows(first) == board_rows(second) and first.turn == second.turn
    third = play(RandomPlayer(8), SearchPlayer(6, candidates=3), seed=7)
    assert board_rows(first) != board_rows(third)


def test_greedy_places_the_largest_piece():
    state = BlokusState(Shape.PENTO_X)
    for _ in range(4):  # every colour places its start piece
        state.apply(state.set_moves()[0])
    move = GreedyPlayer(0).choose_move(state)
    assert isinstance(move, SetMove) and move.kind.size == 5 and move.kind is not Shape.PENTO_X


def test_greedy_beats_random():
    assert match("greedy", "random", 6) >= 5  # 20 of 20 in a longer run


def test_search_beats_greedy():
    assert match("search", "greedy", 4) >= 3  # 10 of 10 in a longer run


def test_player_options():
    assert PLAYER_OPTIONS["search"] == ("candidates", "size_weight")
    player = make_player("search", seed=1, candidates=3, size_weight=1.5)
    assert isinstance(player, SearchPlayer)
    assert (player.candidates, player.size_weight) == (3, 1.5)
    with pytest.raises(ValueError, match="takes no options"):
        make_player("greedy", candidates=3)
    with pytest.raises(ValueError, match="at least 1"):
        SearchPlayer(candidates=0)
    with pytest.raises(ValueError, match="unknown player"):
        make_player("minimax")
