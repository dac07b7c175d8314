"""The built-in Piranhas 2026 players: legal, seeded, and stronger in the expected order."""

from __future__ import annotations

import pytest

from botarena.core import SeededRandom
from botarena.core.players import NoLegalMove
from botarena.games.piranhas_2026 import Piranhas2026Game, Piranhas2026State, Team
from botarena.games.piranhas_2026.players import (
    PLAYER_NAMES,
    PLAYER_OPTIONS,
    Player,
    SearchPlayer,
    evaluate,
    make_player,
)
from tests.games.piranhas_2026.helpers import EMPTY_ROW as E
from tests.games.piranhas_2026.helpers import move, position


def play(one: Player, two: Player, seed: int) -> Piranhas2026State:
    state = Piranhas2026Game().new_initial_state(SeededRandom(seed))
    players = (one, two)
    while not state.is_terminal():
        choice = players[state.turn & 1].choose_move(state)
        assert choice in state.legal_moves()
        state.apply(choice)
    return state


def test_player_table() -> None:
    assert PLAYER_NAMES == ("random", "greedy", "search", "strong")
    assert PLAYER_OPTIONS["search"] == ("time_budget", "max_depth")
    with pytest.raises(ValueError, match="unknown player"):
        make_player("nope")
    with pytest.raises(ValueError):
        make_player("random", time_budget=1.0)
    with pytest.raises(ValueError):
        make_player("search", time_budget=0)


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_players_are_seeded(name: str) -> None:
    first = play(make_player(name, seed=5), make_player(name, seed=6), seed=1)
    again = play(make_player(name, seed=5), make_player(name, seed=6), seed=1)
    assert first == again and first.is_terminal()


def test_search_with_a_depth_limit_is_deterministic() -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(2))
    one = make_player("search", seed=1, time_budget=None, max_depth=2)
    two = make_player("search", seed=1, time_budget=None, max_depth=2)
    assert one.choose_move(state) == two.choose_move(state)
    assert isinstance(one, SearchPlayer) and one.last_stats is not None
    assert one.last_stats.depth == 2 and one.last_stats.nodes > 0


def test_greedy_beats_random() -> None:
    wins = 0
    for game in range(6):
        greedy, random_player = make_player("greedy", seed=game), make_player("random", seed=game)
        if game % 2:
            outcome = play(random_player, greedy, game).outcome()
            wins += outcome is not None and outcome.winner == 1
        else:
            outcome = play(greedy, random_player, game).outcome()
            wins += outcome is not None and outcome.winner == 0
    assert wins >= 5


def test_search_beats_greedy() -> None:
    wins = 0
    for game in range(2):
        search = make_player("search", seed=game, time_budget=None, max_depth=2)
        greedy = make_player("greedy", seed=game)
        if game % 2:
            outcome = play(greedy, search, game).outcome()
            wins += outcome is not None and outcome.winner == 1
        else:
            outcome = play(search, greedy, game).outcome()
            wins += outcome is not None and outcome.winner == 0
    assert wins == 2


def test_search_takes_an_immediate_win() -> None:
    # ONE (turn 0) can unite by (0,0) RIGHT -> (1,0) next to (2,1); the round goes on, but
    # TWO cannot catch up: ONE's heavier united swarm wins at turn 2.
    state = position(E, E, E, E, E, E, E, "x.......x.", "..c.......", "c.........")
    choice = make_player("search", seed=0, time_budget=None, max_depth=3).choose_move(state)
    after = state.clone()
    after.apply(choice)
    assert after.is_connected(Team.ONE)
    assert choice == move(0, 0, "RIGHT") or after.swarm_size(Team.ONE) == 6


def test_players_refuse_finished_games() -> None:
    state = position(E, E, E, E, E, E, E, E, E, "x...y.....", turn=4)  # ONE has no fish
    assert state.is_terminal()
    for name in PLAYER_NAMES:
        with pytest.raises(NoLegalMove):
            make_player(name, seed=0).choose_move(state)


def test_evaluation_is_symmetric() -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(3))
    assert evaluate(state) == 0
    state.apply(state.legal_moves()[0])
    value_for_two = evaluate(state)
    state.turn += 1
    assert evaluate(state) == -value_for_two
