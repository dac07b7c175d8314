"""The ``strong`` Blokus player (native MCTS) of both seasons: legal moves, its time budget
from the MoveRequest's arrival, its options, and the Python fallback without the core."""

from __future__ import annotations

import pytest

from botarena import native
from botarena.games import registry
from botarena.games.blokus import BlokusState, Shape, strong
from botarena.games.blokus import players as players_2021
from botarena.games.blokus.strong import StrongPlayer, safety_margin
from botarena.games.blokus_2027 import BlokusState as State2027
from botarena.games.blokus_2027 import players as players_2027


class ManualClock:
    def __init__(self, now: float = 50.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_the_safety_margin_keeps_15_percent_and_150_ms_but_lets_short_limits_think():
    assert safety_margin(2.0) == pytest.approx(0.3)
    assert safety_margin(0.5) == pytest.approx(0.15)
    assert safety_margin(0.1) == pytest.approx(0.05)


def test_the_budget_counts_from_the_move_requests_arrival():
    clock = ManualClock(50.0)
    player = StrongPlayer(seed=1, time_ms=2000, clock=clock)
    assert player.think_until() == pytest.approx(51.7)
    player.on_move_request(49.0)
    assert player.think_until() == pytest.approx(50.7)


def test_a_late_request_still_gets_one_simulation_and_a_legal_move():
    clock = ManualClock(50.0)
    player = StrongPlayer(seed=1, time_ms=100, clock=clock)
    player.on_move_request(10.0)  # long past: no time left
    state = BlokusState(Shape.PENTO_V)
    move = player.choose_move(state)
    assert move in state.legal_moves()
    assert player.last_report is not None and player.last_report[0] >= 1


@pytest.mark.parametrize(
    ("make_player", "state"),
    [
        (players_2021.make_player, BlokusState(Shape.PENTO_L)),
        (players_2027.make_player, State2027(Shape.PENTO_X)),
    ],
)
def test_strong_plays_legal_moves_in_both_seasons(make_player, state):
    player = make_player("strong", seed=3, time_ms=20)
    assert player.name == "strong"
    for _ in range(10):
        move = player.choose_move(state)
        assert move in state.legal_moves()
        state.apply(move)


def test_the_search_reuses_its_tree_when_the_position_follows():
    player = StrongPlayer(seed=5, time_ms=60)
    state = BlokusState(Shape.PENTO_L)
    state.apply(player.choose_move(state))
    state.apply(player.choose_move(state))
    assert player.last_report is not None
    assert player.last_report[1] > 0


def test_strong_is_listed_with_its_option_and_checks_it():
    assert players_2021.PLAYER_OPTIONS["strong"] == ("time_ms",)
    assert players_2027.PLAYER_OPTIONS["strong"] == ("time_ms",)
    with pytest.raises(ValueError, match="time_ms"):
        players_2021.make_player("strong", seed=1, time_ms=0)
    with pytest.raises(ValueError, match="unknown strong player options"):
        players_2021.make_player("strong", seed=1, depth=3)


def test_without_the_core_it_says_so_and_plays_the_python_search(monkeypatch, capsys):
    monkeypatch.setattr(native, "core", None)
    monkeypatch.setattr(native, "REASON", "disabled for the test")
    player = strong.StrongPlayer(seed=2, time_ms=100)
    assert player.engine == "python"
    assert "disabled for the test" in capsys.readouterr().err
    state = BlokusState(Shape.PENTO_L)
    assert player.choose_move(state) in state.legal_moves()


def test_the_game_table_lists_strong_for_both_seasons():
    for game, players in (("blokus-2021", players_2021), ("blokus-2027", players_2027)):
        assert registry.resolve(game).player_names == players.PLAYER_NAMES
        assert "strong" in players.PLAYER_NAMES
