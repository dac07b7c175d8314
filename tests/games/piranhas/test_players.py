"""Tests of the built-in Piranhas players (random, greedy, search)."""

from __future__ import annotations

import itertools

import pytest

from botarena.core import SeededRandom
from botarena.core import search as core_search
from botarena.core.players import NoLegalMove
from botarena.core.search import WIN_SCORE
from botarena.games.piranhas import Move, PiranhasGame, PiranhasState
from botarena.games.piranhas.players import (
    PLAYER_NAMES,
    GreedyPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    evaluate,
    leaf_terminal_value,
    make_player,
    swarm_value,
    terminal_value,
)
from tests.games.piranhas.notation import move, position


def random_positions(count: int, seed: int) -> list[PiranhasState]:
    """Running positions reached by random play from seeded starts (0..40 plies in)."""
    rng = SeededRandom(seed)
    positions: list[PiranhasState] = []
    while len(positions) < count:
        state = PiranhasGame().new_initial_state(SeededRandom(rng.randrange(2**32)))
        for _ in range(rng.randrange(41)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            positions.append(state)
    return positions


def play(red: Player, blue: Player, seed: int) -> PiranhasState:
    """One whole game; every move goes through the validating ``apply``."""
    state = PiranhasGame().new_initial_state(SeededRandom(seed))
    players = (red, blue)
    while not state.is_terminal():
        state.apply(players[state.turn & 1].choose_move(state))
    return state


def all_players(seed: int) -> list[Player]:
    return [RandomPlayer(seed), GreedyPlayer(seed), SearchPlayer(None, max_depth=2, seed=seed)]


# --------------------------------------------------------------------------- legality


@pytest.mark.parametrize("index", range(3))
def test_every_player_returns_a_legal_move(index):
    for state in random_positions(12, seed=index):
        for player in all_players(seed=index):
            before = state.position_key()
            chosen = player.choose_move(state)
            assert chosen in state.legal_moves(), (player.name, state)
            assert state.position_key() == before  # the player did not change the state


def test_players_refuse_a_finished_game():
    finished = play(GreedyPlayer(1), RandomPlayer(1), seed=1)
    assert finished.is_terminal()
    for player in all_players(seed=1):
        with pytest.raises(NoLegalMove, match="game is over"):
            player.choose_move(finished)


def test_seeded_players_repeat_their_choices():
    positions = random_positions(5, seed=7)
    for make in (RandomPlayer, GreedyPlayer):
        first, second = make(42), make(42)
        assert [first.choose_move(s) for s in positions] == [
            second.choose_move(s) for s in positions
        ]
    randoms = [RandomPlayer(seed).choose_move(positions[0]) for seed in range(20)]
    assert len(set(randoms)) > 1  # different seeds, different choices


# --------------------------------------------------------------------------- search


def winning_position() -> PiranhasState:
    # Blue to move at turn 9; the round ends after its move. Red's four fish are apart.
    # H2 UP_LEFT travels 2 (H2 and E5 on that diagonal) to F4, uniting E4 E5 F5 F4.
    return position(red="A1 A8 J1 J8", blue="E4 E5 F5 H2", turn=9)


def test_constructed_position_has_a_winning_move_among_others():
    state = winning_position()
    winners = set()
    for candidate in state.legal_moves():
        child = state.clone()
        child.apply(candidate)
        outcome = child.outcome()
        if outcome is not None and outcome.winner == 1:
            winners.add(candidate)
    assert move("H2", "UP_LEFT") in winners
    assert len(winners) < len(state.legal_moves())


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_search_finds_the_immediate_win(depth):
    state = winning_position()
    player = SearchPlayer(time_budget=None, max_depth=depth, seed=depth)
    chosen = player.choose_move(state)
    child = state.clone()
    child.apply(chosen)
    outcome = child.outcome()
    assert outcome is not None and outcome.winner == 1
    assert player.last_stats is not None
    assert player.last_stats.score == WIN_SCORE - 1  # a win one ply away
    assert player.last_stats.move == chosen


def wins_at_once(state: PiranhasState) -> bool:
    """Whether the colour to move has a move that ends the game in its favour."""
    mover = state.turn & 1
    for candidate in state.legal_moves():
        child = state.clone()
        child.apply(candidate)
        outcome = child.outcome()
        if outcome is not None and outcome.winner == mover:
            return True
    return False


def test_search_prevents_an_immediate_loss():
    # Red to move at turn 8; blue threatens to unite its swarm next turn (H2 UP_LEFT).
    # Found by a seeded scan: of red's 28 moves only one keeps blue from winning at once.
    state = position(red="A7 C1 D0 F8 J4", blue="E4 E5 F5 H2", turn=8)
    losing: list[Move] = []
    safe: list[Move] = []
    for candidate in state.legal_moves():
        child = state.clone()
        child.apply(candidate)
        (losing if wins_at_once(child) else safe).append(candidate)
    assert (len(losing), len(safe)) == (27, 1)
    chosen = SearchPlayer(time_budget=None, max_depth=2, seed=3).choose_move(state)
    assert chosen in safe


def test_search_reports_depth_and_nodes():
    state = PiranhasGame().new_initial_state(SeededRandom(5))
    player = SearchPlayer(time_budget=None, max_depth=3, seed=5)
    player.choose_move(state)
    stats = player.last_stats
    assert stats is not None
    assert stats.depth == 3
    assert stats.nodes > len(state.legal_moves())
    assert stats.seconds > 0 and stats.nodes_per_second > 0
    assert player.total_nodes == stats.nodes
    player.choose_move(state)
    assert player.total_nodes > stats.nodes


def test_search_stops_when_the_budget_runs_out():
    # A fake clock that advances 1 ms per reading: the search must give up after about
    # 50 readings (the budget) and still return a legal move, without a wall-clock assertion.
    ticks = itertools.count()
    player = SearchPlayer(time_budget=0.05, seed=1, clock=lambda: next(ticks) / 1000)
    state = random_positions(1, seed=3)[0]
    chosen = player.choose_move(state)
    assert chosen in state.legal_moves()
    stats = player.last_stats
    assert stats is not None
    assert 1 <= stats.depth < 10
    assert stats.seconds == pytest.approx(0.05, abs=0.0025)


def test_search_with_an_exhausted_budget_still_moves():
    ticks = itertools.count()
    player = SearchPlayer(time_budget=0.001, seed=2, clock=lambda: float(next(ticks)))
    state = random_positions(1, seed=4)[0]
    assert player.choose_move(state) in state.legal_moves()
    # The clock is read every CLOCK_CHECK_INTERVAL nodes, so at most the first, smallest
    # iteration completes.
    assert player.last_stats is not None and player.last_stats.depth <= 1


def test_transposition_table_stays_within_its_limit(monkeypatch):
    monkeypatch.setattr(core_search, "TT_MAX_ENTRIES", 10)
    player = SearchPlayer(time_budget=None, max_depth=3, seed=4)
    state = random_positions(1, seed=5)[0]
    assert player.choose_move(state) in state.legal_moves()
    assert len(player._table) == 10
    assert player.last_stats is not None and player.last_stats.depth == 3


def test_leaf_end_check_sees_a_united_swarm():
    state = winning_position()
    state.apply(move("H2", "UP_LEFT"))  # blue unites; red (to move) has lost
    assert leaf_terminal_value(state, ply=3) == -(WIN_SCORE - 3)
    assert terminal_value(state, ply=3) == -(WIN_SCORE - 3)
    running = winning_position()
    assert leaf_terminal_value(running) is None and terminal_value(running) is None


def test_search_beats_random():
    results = []
    for seed in (11, 12):
        results.append(play(SearchPlayer(None, 2, seed=seed), RandomPlayer(seed), seed).outcome())
        results.append(play(RandomPlayer(seed), SearchPlayer(None, 2, seed=seed), seed).outcome())
    winners = [outcome.winner for outcome in results if outcome is not None]
    assert winners == [0, 1, 0, 1]


def test_greedy_beats_random():
    winners = []
    for seed in (21, 22, 23):
        winners.append(play(GreedyPlayer(seed), RandomPlayer(seed), seed).outcome().winner)  # type: ignore[union-attr]
        winners.append(play(RandomPlayer(seed), GreedyPlayer(seed), seed).outcome().winner)  # type: ignore[union-attr]
    assert winners == [0, 1] * 3


# --------------------------------------------------------------------------- evaluation


def test_swarm_value_prefers_compact_swarms():
    compact = position(red="D4 D5 E4 E5", blue="A0").red
    line = position(red="A1 C1 E1 G1", blue="A0").red
    assert swarm_value(compact) > swarm_value(line)
    assert swarm_value(0) < swarm_value(line)


def test_evaluate_is_from_the_side_to_move():
    red_to_move = position(red="D4 D5 E4 E5", blue="A1 C1 E9 G1", turn=2)
    blue_to_move = position(red="D4 D5 E4 E5", blue="A1 C1 E9 G1", turn=3)
    assert evaluate(red_to_move) > 0
    assert evaluate(blue_to_move) == pytest.approx(-evaluate(red_to_move))


# --------------------------------------------------------------------------- construction


def test_make_player_by_name():
    assert PLAYER_NAMES == ("random", "greedy", "search", "strong")
    assert isinstance(make_player("random", seed=1), RandomPlayer)
    assert isinstance(make_player("greedy", seed=1), GreedyPlayer)
    search = make_player("search", seed=1, time_budget=0.5, max_depth=3)
    assert isinstance(search, SearchPlayer)
    assert (search.time_budget, search.max_depth) == (0.5, 3)
    assert [make_player(name).name for name in PLAYER_NAMES] == list(PLAYER_NAMES)
    with pytest.raises(ValueError, match="unknown player 'minimax'"):
        make_player("minimax")
    with pytest.raises(ValueError, match="takes no options"):
        make_player("random", time_budget=1.0)


def test_search_rejects_bad_limits():
    with pytest.raises(ValueError, match="time_budget"):
        SearchPlayer(time_budget=0)
    with pytest.raises(ValueError, match="max_depth"):
        SearchPlayer(max_depth=0)
    with pytest.raises(ValueError, match="max_depth"):
        SearchPlayer(max_depth=65)
