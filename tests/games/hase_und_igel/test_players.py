"""Built-in players: legal moves always, seeded, and greedy beats random."""

from __future__ import annotations

import pytest

from botarena.core import InvalidMove, SeededRandom
from botarena.core.players import NoLegalMove
from botarena.games.hase_und_igel import GAME, Advance, HaseUndIgelState, Move
from botarena.games.hase_und_igel.players import (
    PLAYER_NAMES,
    GreedyPlayer,
    RandomPlayer,
    SearchPlayer,
    carrot_budget,
    evaluate,
    make_player,
)
from tests.games.hase_und_igel.helpers import move, player, state

MATCH_GAMES = 10
FAST = {"random": {}, "greedy": {}, "search": {"max_depth": 2, "time_budget": 30.0}}
"""Options that keep the tests quick; the search is bounded by depth, not by the clock, so
its moves do not depend on the machine's speed."""


def fast_player(name: str, seed: int):
    return make_player(name, seed, **FAST[name])


def play_game(red, blue, seed: int) -> tuple[HaseUndIgelState, list[Move]]:
    game = GAME.new_initial_state(SeededRandom(seed))
    players = (red, blue)
    history = []
    while not game.is_terminal():
        chosen = players[game.turn & 1].choose_move(game)
        assert chosen in game.legal_moves()
        game.apply(chosen)
        history.append(chosen)
    return game, history


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_players_always_choose_legal_moves(name):
    for seed in range(3):
        game, _ = play_game(fast_player(name, seed), make_player("random", seed + 50), seed)
        outcome = game.outcome()
        assert outcome is not None and outcome.is_regular


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_players_are_reproducible_from_their_seed(name):
    first = play_game(fast_player(name, 7), fast_player(name, 8), 3)[1]
    again = play_game(fast_player(name, 7), fast_player(name, 8), 3)[1]
    assert first == again


def test_greedy_beats_random_in_a_seeded_match():
    greedy_wins = 0
    for seed in range(MATCH_GAMES):
        greedy, rand = GreedyPlayer(seed), RandomPlayer(seed + 100)
        greedy_seat = seed % 2  # alternate colours
        red, blue = (greedy, rand) if greedy_seat == 0 else (rand, greedy)
        game, _ = play_game(red, blue, seed)
        outcome = game.outcome()
        assert outcome is not None
        greedy_wins += outcome.winner == greedy_seat
    assert greedy_wins >= MATCH_GAMES - 1


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_a_winning_goal_move_is_taken(name):
    # BLUE to move at turn 11 can enter the goal (61 -> 64, cost 6, 0 left) and win at once
    game = state(red=player(30, 40, 0), blue=player(61, 6, 0), turn=11)
    assert fast_player(name, 1).choose_move(game) == move("adv 3")


def test_search_of_depth_one_plays_a_best_greedy_move():
    for seed in range(3):
        game = GAME.new_initial_state(SeededRandom(seed))
        for _ in range(6):
            seat = game.turn & 1
            values = {}
            for candidate in game.legal_moves():
                child = game.clone()
                child.apply(candidate)
                values[candidate] = evaluate(child, seat)
            chosen = SearchPlayer(seed, max_depth=1, time_budget=30.0).choose_move(game)
            assert values[chosen] == max(values.values())
            game.apply(chosen)


def test_search_beats_greedy_in_a_seeded_match():
    search_wins = 0
    games = 4
    for seed in range(games):
        search = SearchPlayer(seed, time_budget=30.0, max_depth=3)
        greedy = GreedyPlayer(seed + 100)
        red, blue = (search, greedy) if seed % 2 == 0 else (greedy, search)
        game, _ = play_game(red, blue, seed)
        outcome = game.outcome()
        assert outcome is not None
        search_wins += outcome.winner == seed % 2
    assert search_wins >= games - 1


def test_search_reports_its_depth():
    player_ = SearchPlayer(3, max_depth=3, time_budget=30.0)
    player_.choose_move(GAME.new_initial_state(SeededRandom(3)))
    assert player_.depth_reached == 3
    assert player_.nodes > 0


def test_greedy_eats_when_it_must():
    game = state(red=player(10, 13, 5, last=Advance(10)), blue=player(1))
    assert GreedyPlayer(1).choose_move(game) == move("eat")


def test_no_move_for_a_finished_game():
    game = state()
    with pytest.raises(InvalidMove):
        game.apply(move("adv 11"))
    for name in PLAYER_NAMES:
        with pytest.raises(NoLegalMove, match="game is over"):
            fast_player(name, 1).choose_move(game)


def test_unknown_player_name_and_options():
    with pytest.raises(ValueError, match="unknown player 'minimax'"):
        make_player("minimax")
    with pytest.raises(ValueError, match="takes no options"):
        make_player("greedy", 1, max_depth=2)
    with pytest.raises(ValueError, match="unknown search player options: depth"):
        make_player("search", 1, depth=2)
    with pytest.raises(ValueError, match="time_budget must be positive"):
        SearchPlayer(1, time_budget=0)


def test_carrot_budget():
    assert carrot_budget(64, 10) == 0
    assert carrot_budget(63, 10) == 1 + 5  # one field, plus half the goal allowance
    assert carrot_budget(60, 2) == 2 * 3 + 5  # two moves of 2 fields
    assert carrot_budget(0, 30) > carrot_budget(32, 15)
