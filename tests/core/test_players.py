from __future__ import annotations

import pytest

from botarena.core import SeededRandom
from botarena.core.outcome import Outcome
from botarena.core.players import (
    NoLegalMove,
    PlayerTable,
    RandomPlayer,
    check_player_options,
    choose_best,
)
from botarena.core.search import WIN_SCORE, end_value
from botarena.games.piranhas import Move, PiranhasState

OPTIONS = {"random": (), "search": ("time_budget",)}


def test_choose_best_takes_the_highest_value() -> None:
    assert choose_best([3, 1, 4, 1, 5], lambda m: -abs(m - 4), SeededRandom(1)) == 4


def test_choose_best_breaks_ties_with_the_seeded_generator() -> None:
    picks = {choose_best(range(10), lambda _: 0.0, SeededRandom(seed)) for seed in range(50)}
    assert len(picks) > 1  # ties are not always resolved the same way
    again = [choose_best(range(10), lambda _: 0.0, SeededRandom(seed)) for seed in range(50)]
    assert again == [choose_best(range(10), lambda _: 0.0, SeededRandom(s)) for s in range(50)]


def test_choose_best_of_nothing_is_a_clear_error() -> None:
    with pytest.raises(NoLegalMove, match="no move to choose from"):
        choose_best([], float, SeededRandom(1))


def test_random_player_on_a_finished_game_raises_no_legal_move() -> None:
    start = PiranhasState.start()
    finished = PiranhasState(start.red, start.blue, start.obstacles, turn=60)  # round limit
    with pytest.raises(NoLegalMove, match="game is over"):
        RandomPlayer[Move](seed=1).choose_move(finished)


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("minimax", {}, "unknown player 'minimax'; choose one of random, search"),
        ("random", {"depth": 3}, "the random player takes no options, got depth"),
        ("search", {"depth": 3}, "unknown search player options: depth"),
    ],
)
def test_bad_player_names_and_options_are_clear_errors(
    name: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        check_player_options(name, options, OPTIONS)


def test_accepted_options_pass() -> None:
    check_player_options("search", {"time_budget": 1.0}, OPTIONS)


class _Echo:
    def __init__(self, seed: int | None = None, time_budget: float = 1.0) -> None:
        self.seed, self.time_budget = seed, time_budget


def test_player_table_makes_players_by_name_with_checked_options() -> None:
    table = PlayerTable[object](OPTIONS, random=RandomPlayer, search=_Echo)
    assert table.names == ("random", "search")
    assert table.options == {"random": (), "search": ("time_budget",)}
    made = table.make_player("search", seed=7, time_budget=0.5)
    assert isinstance(made, _Echo) and (made.seed, made.time_budget) == (7, 0.5)
    with pytest.raises(ValueError, match="unknown search player options: depth"):
        table.make_player("search", depth=3)


def test_player_table_refuses_players_without_options() -> None:
    with pytest.raises(ValueError, match="differ"):
        PlayerTable[object](OPTIONS, random=RandomPlayer)


@pytest.mark.parametrize(
    ("winner", "side", "value"),
    [(0, 0, WIN_SCORE - 2), (1, 0, -(WIN_SCORE - 2)), (None, 1, 0.0)],
)
def test_end_value_is_a_win_loss_or_draw_at_a_distance(
    winner: int | None, side: int, value: float
) -> None:
    assert end_value(Outcome(winner), side, 2) == value


def test_end_value_of_a_running_game_is_none() -> None:
    assert end_value(None, 0, 3) is None
