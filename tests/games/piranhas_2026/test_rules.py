"""Piranhas 2026 rule cases: start board, distances, the official validation order and texts,
firstUnion, the end of the game (including what random games never reach: BLOCKED, a team
without fish, FIRST_UNION ties) and scores."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from botarena.conformance.fixture_io import open_text
from botarena.core import InvalidMove, Outcome, SeededRandom, Team, match_points
from botarena.games.piranhas_2026 import (
    FieldState,
    Mistake,
    Piranhas2026Game,
    Piranhas2026State,
    PiranhasInvalidMove,
    WinCondition,
    WinReason,
)
from botarena.games.piranhas_2026.board import generate_board
from tests.conftest import fixture_file
from tests.games.piranhas_2026.helpers import EMPTY_ROW as E
from tests.games.piranhas_2026.helpers import move, position

# ---------------------------------------------------------------- start board


def test_generator_reproduces_every_fixture_start_board(fixtures_dir: Path) -> None:
    with open_text(fixture_file(fixtures_dir / "piranhas-2026", "games.jsonl")) as lines:
        games = [json.loads(line) for line in lines]
    assert len(games) == 240
    for game in games:
        assert generate_board(random.Random(game["seed"])) == game["initial_board"], game["game"]


def test_new_initial_state_draws_the_board_from_the_rng(fixtures_dir: Path) -> None:
    with open_text(fixture_file(fixtures_dir / "piranhas-2026", "games.jsonl")) as lines:
        first = json.loads(next(lines))
    state = Piranhas2026Game().new_initial_state(SeededRandom(first["seed"]))
    assert state.rows() == first["initial_board"]
    assert state.turn == 0 and state.last_move is None and state.first_union is None
    assert state.current_seat == 0 and state.current_team is Team.ONE


@pytest.mark.parametrize("seed", range(50))
def test_start_boards_follow_the_official_layout(seed: int) -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(seed))
    for i in range(1, 9):
        # the same size for TWO at (i, 0) and ONE at (0, i), and for (i, 9) / (9, i)
        assert state.field(i, 0).team is Team.TWO and state.field(0, i).team is Team.ONE
        assert state.field(i, 0).size == state.field(0, i).size
        assert state.field(i, 9).size == state.field(9, i).size
        assert state.field(9, i).team is Team.ONE and state.field(i, 9).team is Team.TWO
    for corner in ((0, 0), (0, 9), (9, 0), (9, 9)):
        assert state.field(*corner) is FieldState.EMPTY
    assert state.fish_count(Team.ONE) == state.fish_count(Team.TWO) == 16
    assert state.fish_weight(Team.ONE) == state.fish_weight(Team.TWO)
    squids = [(x, y) for x in range(10) for y in range(10) if state.field(x, y) is FieldState.SQUID]
    assert len(squids) == 2
    (ax, ay), (bx, by) = squids
    assert all(2 <= c <= 7 for c in (ax, ay, bx, by))
    assert ax != bx and ay != by and ax - ay != bx - by and ax + ay != bx + by


def test_fish_sizes_are_drawn_4_3_2() -> None:
    rng = SeededRandom(7)
    counts = {1: 0, 2: 0, 3: 0}
    for _ in range(200):
        for row in generate_board(rng):
            for char in row:
                if char in "abc":
                    counts["abc".index(char) + 1] += 1
    total = sum(counts.values())
    assert abs(counts[1] / total - 4 / 9) < 0.03
    assert abs(counts[2] / total - 3 / 9) < 0.03
    assert abs(counts[3] / total - 2 / 9) < 0.03


def test_game_rejects_other_player_counts() -> None:
    with pytest.raises(ValueError):
        Piranhas2026Game().new_initial_state(SeededRandom(1), players=3)


# ---------------------------------------------------------------- moves


def test_distance_counts_fish_of_both_teams_on_the_whole_line_but_not_squids() -> None:
    state = position(
        E,
        E,
        E,
        "..x.......",
        E,
        "..X.......",
        "..a.......",
        E,
        "..b.......",
        E,
    )
    # column x=2: ONE at y=1 and y=3, TWO at y=6, squid at y=4 -> 3 fish
    assert state.move_distance(2, 3, move(2, 3, "UP").direction) == 3
    assert state.move_target(move(2, 3, "UP")) == (2, 6)
    # the squid is jumped, and the TWO fish at the target is captured
    state.apply(move(2, 3, "UP"))
    assert state.field(2, 6) is FieldState.ONE_S
    assert state.field(2, 3) is FieldState.EMPTY
    assert state.field(2, 4) is FieldState.SQUID
    assert state.fish_count(Team.TWO) == 0


def test_own_fish_may_be_jumped_opponents_not() -> None:
    state = position(E, E, E, E, E, E, E, "a.........", "a.........", "a.x.......")
    # column 0 holds 3 fish: (0, 0) UP jumps its own two fish and lands on (0, 3)
    assert state.move_error(move(0, 0, "UP")) is None
    assert state.move_target(move(0, 0, "UP")) == (0, 3)
    # row 0 holds 2 fish: (0, 0) RIGHT lands on (2, 0), a TWO fish: a capture
    assert state.move_error(move(0, 0, "RIGHT")) is None
    # TWO's (2, 0) LEFT would jump nothing and land on (0, 0): a capture too
    state.turn = 1
    assert state.move_error(move(2, 0, "LEFT")) is None


@pytest.mark.parametrize(
    ("mover", "victim"),
    [("c", "z"), ("a", "z"), ("b", "x"), ("a", "y"), ("c", ".")],
)
def test_weights_travel_with_the_fish_and_captures_remove_weight(mover: str, victim: str) -> None:
    state = position(E, E, E, E, E, E, E, E, ".......y..", f"{mover}.{victim}.......")
    weight_one, weight_two = state.fish_weight(Team.ONE), state.fish_weight(Team.TWO)
    moving = state.field(0, 0)
    captured = state.field(2, 0)
    state.apply(move(0, 0, "RIGHT"))  # distance = fish on row 0 (1 or 2)
    target = (1, 0) if victim == "." else (2, 0)
    assert state.field(*target) is moving
    assert state.field(0, 0) is FieldState.EMPTY
    assert state.fish_weight(Team.ONE) == weight_one
    assert state.fish_weight(Team.TWO) == weight_two - captured.size
    # the weight planes hold exactly the fish
    assert state.w1 | state.w2 == state.one | state.two


def test_generated_moves_match_apply_and_sorting() -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(3))
    moves = state.legal_moves()
    assert list(moves) == sorted(moves, key=lambda m: (m.x, m.y, m.direction.index))
    for candidate in moves:
        assert state.move_error(candidate) is None
        a, b = state.clone(), state.clone()
        a.apply(candidate)
        b.apply_unchecked(candidate)
        assert a == b


# ---------------------------------------------------------------- validation order and texts

VALIDATION = position(
    E,
    E,
    E,
    "...X......",
    E,
    "...a..a..x",
    E,
    "a.x.a.....",
    E,
    ".a.a......",
)
"""ONE to move. Row 2: ONE (0,2), TWO (2,2), ONE (4,2); row 4: ONE (3,4), (6,4), TWO (9,4);
squid (3,6); row 0: ONE (1,0), (3,0)."""


@pytest.mark.parametrize(
    ("start", "direction", "mistake"),
    [
        ((5, 5), "UP", Mistake.WRONG_START),  # empty
        ((3, 6), "UP", Mistake.WRONG_START),  # squid
        ((3, 2), "UP", Mistake.WRONG_START),  # opponent fish
        ((-1, 4), "UP", Mistake.WRONG_START),  # off the board
        ((10, 0), "LEFT", Mistake.WRONG_START),
        ((0, 2), "RIGHT", Mistake.JUMP_OVER_OPPONENT),  # 3 fish on row 2: passes (2, 2)
        ((1, 0), "DOWN", Mistake.DESTINATION_OUT_OF_BOUNDS),  # distance 1: (1, -1)
        ((3, 4), "UP", Mistake.DESTINATION_BLOCKED),  # column 3: 2 fish -> squid (3, 6)
        ((3, 4), "RIGHT", Mistake.DESTINATION_BLOCKED_BY_SELF),  # row 4: 3 fish -> (6, 4)
        ((1, 0), "RIGHT", Mistake.DESTINATION_BLOCKED_BY_SELF),  # row 0: 2 fish -> (3, 0)
    ],
)
def test_the_first_failing_official_check_is_reported(
    start: tuple[int, int], direction: str, mistake: Mistake
) -> None:
    state = VALIDATION.clone()
    candidate = move(*start, direction)
    expected_error = state.move_error(candidate)
    assert expected_error is mistake, state
    before = state.clone()
    with pytest.raises(PiranhasInvalidMove) as raised:
        state.apply(candidate)
    assert raised.value.mistake is mistake
    assert raised.value.reason == mistake.message
    assert isinstance(raised.value, InvalidMove) and raised.value.move == candidate
    assert state == before  # unchanged on error


def test_the_path_is_walked_in_order_off_board_before_a_later_opponent() -> None:
    # ONE at (8,8); its diagonal (falling, x+y=16) also holds (7,9) TWO; its column x=8
    # holds 4 fish: (8,8) UP passes (8,9) and then leaves the board.
    state = position(
        ".......xy.",
        "........a.",
        E,
        E,
        E,
        E,
        E,
        "........a.",
        E,
        "........a.",
    )
    assert state.move_distance(8, 8, move(8, 8, "UP").direction) == 4
    assert state.move_error(move(8, 8, "UP")) is Mistake.JUMP_OVER_OPPONENT  # (8, 9) first
    # (8, 0) UP: distance 4, passes (8,1), own (8,2), (8,3) -> lands on (8, 4)
    assert state.move_error(move(8, 0, "UP")) is None
    # (8, 0) DOWN: the first step leaves the board
    assert state.move_error(move(8, 0, "DOWN")) is Mistake.DESTINATION_OUT_OF_BOUNDS
    # (8, 2) DOWN_LEFT: diagonal x-y=6 holds (8,2) only: distance 1 -> (7, 1)
    assert state.move_error(move(8, 2, "DOWN_LEFT")) is None


def test_an_opponent_on_the_path_comes_before_a_target_off_the_board() -> None:
    # The Rust core checks the target first (it would say "out of bounds" for (1,9) LEFT);
    # the Kotlin server walks the path first. Row 9: TWO (0,9), ONE (1,9), ONE (8,9).
    state = position("xa......a.", E, E, E, E, E, E, E, E, ".........a")
    assert state.move_error(move(1, 9, "LEFT")) is Mistake.JUMP_OVER_OPPONENT
    # (8, 9) RIGHT: distance 3, (9, 9) is passed, the second step leaves the board
    assert state.move_error(move(8, 9, "RIGHT")) is Mistake.DESTINATION_OUT_OF_BOUNDS


def test_error_texts_are_the_official_ones() -> None:
    texts = {mistake.name: mistake.message for mistake in Mistake}
    assert texts == {
        "WRONG_START": "Das Startfeld ist kein Piranha des eigenen Teams",
        "JUMP_OVER_OPPONENT": "Gegnerische Piranhas können nicht übersprungen werden",
        "START_EMPTY": "Das Startfeld des Zuges ist leer",
        "DESTINATION_BLOCKED": "Zielfeld ist besetzt",
        "DESTINATION_BLOCKED_BY_SELF": "Kann nicht auf ein Feld des eigenen Teams ziehen",
        "DESTINATION_OUT_OF_BOUNDS": "Das Zielfeld liegt außerhalb des Spielfelds",
        "INVALID_FORMAT": "Der Zug konnte nicht erkannt werden",
    }


def test_exception_and_violation_texts_as_in_the_error_capture() -> None:
    # capture error_seed4.txt: beta (TWO) sends (3, 9) DOWN while it is ONE's turn
    state = Piranhas2026Game().new_initial_state(SeededRandom(4))
    with pytest.raises(PiranhasInvalidMove) as raised:
        state.apply(move(3, 9, "DOWN"))
    error = raised.value
    assert error.exception_text == (
        "InvalidMoveException(mistake=WRONG_START, move=Schwimme von [3|9] in Richtung DOWN)"
    )
    assert error.violation_text == (
        "Das Startfeld ist kein Piranha des eigenen Teams bei 'Schwimme von [3|9] in Richtung DOWN'"
    )
    # shared MoveMistake values print their message in the exception text
    with pytest.raises(PiranhasInvalidMove) as raised:
        state.apply(move(0, 1, "LEFT"))
    assert raised.value.exception_text == (
        "InvalidMoveException(mistake=Das Zielfeld liegt außerhalb des Spielfelds, "
        "move=Schwimme von [0|1] in Richtung LEFT)"
    )


# ---------------------------------------------------------------- firstUnion


def test_first_union_is_the_team_whose_fish_connect_not_the_mover() -> None:
    # ONE (0,2) L captures TWO's lone fish at (2,2): TWO becomes connected by ONE's move.
    state = position(
        E,
        E,
        E,
        ".....x....",
        ".....y....",
        E,
        E,
        "c.x.......",
        E,
        "........a.",
    )
    state.apply(move(0, 2, "RIGHT"))
    assert state.first_union is Team.TWO
    assert state.is_connected(Team.TWO) and not state.is_connected(Team.ONE)
    assert not state.is_terminal()  # odd turn: the round is not over
    # TWO keeps its swarm together: (5, 6) S swims RIGHT to (6, 6), next to (5, 5)
    state.apply(move(5, 6, "RIGHT"))
    # largest swarms: ONE 3 (the L fish), TWO 2 + 1 = 3: equal -> firstUnion decides
    assert state.swarm_size(Team.ONE) == state.swarm_size(Team.TWO) == 3
    assert state.win_condition() == WinCondition(Team.TWO, WinReason.FIRST_UNION)
    outcome = state.outcome()
    assert outcome == Outcome(1, reason="TWO hat zuerst alle Fische einer Farbe vereinigt")


def test_first_union_checks_one_before_two_and_is_never_cleared() -> None:
    # TWO is already united; ONE's move unites ONE: both are connected at the check -> ONE
    state = position(
        E, E, E, ".....x....", ".....y....", E, E, E, "..a.......", "a.........", turn=0
    )
    state.apply(move(0, 0, "RIGHT"))  # (0,0) -> (1,0), next to (2,1)
    assert state.is_connected(Team.ONE) and state.is_connected(Team.TWO)
    assert state.first_union is Team.ONE
    state.apply(move(5, 6, "UP"))  # column 5 holds 2 fish: TWO swims to (5, 8), apart
    assert not state.is_connected(Team.TWO)
    state.apply(move(2, 1, "UP"))  # apply ignores the end, like performMoveDirectly
    assert not state.is_connected(Team.ONE)
    assert state.first_union is Team.ONE


def test_connected_at_an_odd_turn_plays_on_until_the_round_ends() -> None:
    state = position(E, E, E, E, E, E, E, E, "a.........", "..a..x...x", turn=10)
    assert not state.is_terminal()
    state.apply(move(2, 0, "UP_LEFT"))  # diagonal x+y=2 holds one fish: (2,0) -> (1,1)
    assert state.is_connected(Team.ONE)
    assert state.first_union is Team.ONE and state.turn == 11
    assert not state.is_terminal() and state.current_seat == 1
    state.apply(move(9, 0, "UP"))
    assert state.win_condition() == WinCondition(Team.ONE, WinReason.BIGGER_SWARM)


# ---------------------------------------------------------------- end of game

BLOCKED_ONE = position(
    "........xa",
    "........xx",
    E,
    E,
    E,
    E,
    E,
    E,
    "xx........",
    "ay........",
    turn=10,
)


def test_blocked_side_loses_when_no_team_is_connected() -> None:
    state = BLOCKED_ONE.clone()
    assert not state.is_connected(Team.ONE) and not state.is_connected(Team.TWO)
    assert state.generate_moves() == ()
    assert state.is_terminal() and state.legal_moves() == ()
    assert state.current_seat is None
    assert state.win_condition() == WinCondition(Team.TWO, WinReason.BLOCKED)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 1
    assert outcome.reason == "TWO hat den Gegner blockiert, sodass er keinen Zug mehr machen kann"
    state.two_name = "beta"
    state._outcome_known = False
    assert state.outcome() == Outcome(
        1, reason="beta hat den Gegner blockiert, sodass er keinen Zug mehr machen kann"
    )
    assert state.returns() == (0.0, 1.0)


def test_blocked_at_an_odd_turn() -> None:
    rows = [
        row.translate(str.maketrans("abcxyz", "xyzabc")) for row in reversed(BLOCKED_ONE.rows())
    ]
    state = position(*rows, turn=11)
    assert state.generate_moves() == ()
    assert state.win_condition() == WinCondition(Team.ONE, WinReason.BLOCKED)


def test_blocked_but_a_team_connected_is_decided_by_swarms() -> None:
    # ONE's single fish in the corner is blocked, but one fish is a connected swarm
    state = position(E, E, E, E, E, E, E, E, "xx........", "ax........", turn=20)
    assert state.generate_moves() == ()
    assert state.win_condition() == WinCondition(Team.TWO, WinReason.BIGGER_SWARM)


def test_a_team_without_fish_is_not_connected_and_has_swarm_minus_one() -> None:
    state = position(E, E, E, E, E, E, E, E, E, "x...y.....", turn=4)
    assert state.fish_count(Team.ONE) == 0
    assert not state.is_connected(Team.ONE)
    assert state.swarm_size(Team.ONE) == -1
    assert state.scores(0) == (-1,)
    # ONE to move without fish: blocked; TWO's two fish are apart: nobody connected
    assert state.win_condition() == WinCondition(Team.TWO, WinReason.BLOCKED)
    outcome = state.outcome()
    assert outcome is not None
    assert [match_points(outcome, seat) for seat in (0, 1)] == [0, 2]
    assert [state.scores(seat) for seat in (0, 1)] == [(-1,), (2,)]


def test_a_team_without_fish_does_not_end_the_game_while_the_other_can_move() -> None:
    # 2019 counted an empty team as connected; 2026 does not: ONE (not united) moves on
    state = position(E, E, E, E, E, E, E, E, E, "a...b.....", turn=6)
    assert state.fish_count(Team.TWO) == 0
    assert not state.is_terminal()
    assert state.legal_moves()


def test_equal_swarms_without_first_union_are_a_tie() -> None:
    state = position(E, E, E, E, E, E, E, E, "b.........", "a......zx.", turn=8)
    assert state.is_connected(Team.ONE)
    assert state.swarm_size(Team.ONE) == 3 and state.swarm_size(Team.TWO) == 4
    tie = position(E, E, E, E, E, E, E, E, "b.........", "a......yx.", turn=8)
    assert tie.win_condition() == WinCondition(None, WinReason.TIE)
    outcome = tie.outcome()
    assert outcome == Outcome(None, reason="Beide Spieler sind gleichauf")
    assert tie.returns() == (0.5, 0.5)
    assert [match_points(outcome, seat) for seat in (0, 1)] == [1, 1]
    with_union = position(
        E, E, E, E, E, E, E, E, "b.........", "a......yx.", turn=8, first_union=Team.ONE
    )
    assert with_union.win_condition() == WinCondition(Team.ONE, WinReason.FIRST_UNION)
    assert state.win_condition() == WinCondition(Team.TWO, WinReason.BIGGER_SWARM)


def test_round_limit_compares_swarm_weight_not_fish_count() -> None:
    # ONE: three S fish in a row (weight 3) + one apart; TWO: L next to M (weight 5) + one
    rows = (E, "z.........", E, E, "y.........", "z.........", E, E, "aaa.......", "........a.")
    running = position(*rows, turn=58)
    assert not running.is_terminal()
    state = position(*rows, turn=60)
    assert state.fish_count(Team.ONE) == 4 and state.fish_count(Team.TWO) == 3
    assert state.swarm_size(Team.ONE) == 3 and state.swarm_size(Team.TWO) == 5
    assert state.win_condition() == WinCondition(Team.TWO, WinReason.BIGGER_SWARM)
    assert state.outcome() == Outcome(1, reason="TWO hat den größeren zusammenhängenden Schwarm")
    named = position(*rows, turn=60, one_name="alpha", two_name="  ")
    outcome = named.outcome()
    assert outcome is not None and outcome.reason.startswith("TWO hat")  # blank name -> team


def test_round_limit_tie() -> None:
    state = position(E, E, E, E, "x.........", E, E, E, E, "a...a...y.", turn=61)
    assert not state.is_connected(Team.ONE) and not state.is_connected(Team.TWO)
    assert state.win_condition() == WinCondition(Team.TWO, WinReason.BIGGER_SWARM)
    tie = position(E, E, E, E, "x.........", E, E, E, E, "a...a...x.", turn=60)
    assert tie.win_condition() == WinCondition(None, WinReason.TIE)


# ---------------------------------------------------------------- state basics


def test_clone_is_independent() -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(9))
    copy = state.clone()
    copy.apply(copy.legal_moves()[0])
    assert copy != state and state.turn == 0 and copy.turn == 1
    assert state.view(0) is state


def test_invalid_boards_are_refused() -> None:
    with pytest.raises(ValueError):
        Piranhas2026State.from_rows(["." * 10] * 9)
    with pytest.raises(ValueError):
        Piranhas2026State.from_rows(["?" + "." * 9] + ["." * 10] * 9)
    with pytest.raises(ValueError):
        Piranhas2026State(1, 1, 0, 1, 0)
    with pytest.raises(ValueError):
        Piranhas2026State(1, 0, 0, 0, 0)  # a fish without weight
    with pytest.raises(ValueError):
        Piranhas2026State(1, 0, 0, 1, 0, turn=-1)
