"""Every rule test case of spec §8.1 (moves) and §8.2 (end of game), plus the two decisions."""

from __future__ import annotations

import pytest

from botarena.core import InvalidMove, ScoreCause
from botarena.games.piranhas import (
    REASON_EQUAL_SWARMS,
    REASON_ROUND_LIMIT,
    REASON_SWARM_CONNECTED,
    Direction,
    Move,
    PiranhasState,
    PlayerColor,
)
from tests.games.piranhas.notation import move, position, sq, start

RED, BLUE = PlayerColor.RED, PlayerColor.BLUE
OFF_BOARD = "Move in that direction would not be on the board"
NOT_OWN = "Field does not belong to the current player"
PATH = "Path to the new position is not clear"
OWN_TARGET = "Field obstructed with own piranha"
OBSTRUCTED = "Field is obstructed"
OUT_OF_RANGE = "x or y are not within the field range"


def lands(state: PiranhasState, m: Move, target: str) -> PiranhasState:
    """Apply a move that must be legal and must land on ``target``."""
    assert m in state.generate_moves()
    before = state.clone()
    state.apply(m)
    assert state.turn == before.turn + 1
    assert state.field(*sq(target)).value == before.current_color.value
    assert state.field(m.x, m.y).value == "EMPTY"
    return state


def rejected(state: PiranhasState, m: Move, reason: str) -> None:
    before = state.clone()
    with pytest.raises(InvalidMove) as caught:
        state.apply(m)
    assert caught.value.reason == reason
    assert caught.value.move == m
    assert state == before  # unchanged on error
    assert m not in state.generate_moves()


# ---------------------------------------------------------------- §8.1 move rules


def test_m1_start_red_has_48_moves_swarms_8_no_end() -> None:
    state = start()
    assert len(state.legal_moves()) == 48
    assert (state.swarm_size(RED), state.swarm_size(BLUE)) == (8, 8)
    assert state.outcome() is None
    assert state.current_seat == 0 and state.current_color is RED


def test_m2_start_blue_has_48_moves() -> None:
    assert len(start(turn=1).legal_moves()) == 48


def test_m3_a4_right_lands_c4() -> None:
    state = start()
    assert state.move_distance(0, 4, Direction.RIGHT) == 2
    lands(state, move("A4", "RIGHT"), "C4")
    assert len(state.legal_moves()) == 48


def test_m4_a1_up_jumps_own_fish_to_a9() -> None:
    state = start()
    assert state.move_distance(0, 1, Direction.UP) == 8
    lands(state, move("A1", "UP"), "A9")
    assert len(state.legal_moves()) == 47


def test_m5_a2_down_right_eats_c0() -> None:
    state = lands(start(), move("A2", "DOWN_RIGHT"), "C0")
    assert state.fish_count(BLUE) == 15
    assert len(state.legal_moves()) == 43


def test_m6_a7_up_right_eats_c9() -> None:
    state = lands(start(), move("A7", "UP_RIGHT"), "C9")
    assert state.fish_count(BLUE) == 15


def test_m7_a4_left_off_board() -> None:
    rejected(start(), move("A4", "LEFT"), OFF_BOARD)


def test_m8_a1_down_off_board() -> None:
    rejected(start(), move("A1", "DOWN"), OFF_BOARD)


def test_m9_a8_down_lands_a0() -> None:
    lands(start(), move("A8", "DOWN"), "A0")


def test_m10_a1_down_right_off_board() -> None:
    state = start()
    assert state.move_distance(0, 1, Direction.DOWN_RIGHT) == 2
    rejected(state, move("A1", "DOWN_RIGHT"), OFF_BOARD)


def test_m11_a1_up_right_lands_c3() -> None:
    lands(start(), move("A1", "UP_RIGHT"), "C3")


def test_m12_m13_not_own_fish() -> None:
    rejected(start(), move("B0", "UP"), NOT_OWN)
    rejected(start(), move("E5", "UP"), NOT_OWN)


def test_m14_blue_c0_up_left_eats_a2() -> None:
    state = lands(start(turn=1), move("C0", "UP_LEFT"), "A2")
    assert state.fish_count(RED) == 15


def test_m15_blue_b0_up_left_off_board() -> None:
    rejected(start(turn=1), move("B0", "UP_LEFT"), OFF_BOARD)


BOARD_V = ("A1-A8 J1-J8", "B0-H0 B1 B9-I9", "B2 C3")


def test_m16_board_v_has_44_moves() -> None:
    assert len(position(*BOARD_V).legal_moves()) == 44


def test_m17_to_m20_board_v() -> None:
    rejected(position(*BOARD_V), move("A1", "RIGHT"), PATH)
    rejected(position(*BOARD_V), move("A3", "RIGHT"), OBSTRUCTED)
    lands(position(*BOARD_V), move("A2", "RIGHT"), "C2")
    assert move("A4", "RIGHT") in position(*BOARD_V).legal_moves()


def test_m21_own_fish_on_target() -> None:
    rejected(position("A0 C0 J9", "E5 G5"), move("A0", "RIGHT"), OWN_TARGET)


def test_m22_passes_own_fish_and_eats() -> None:
    state = position("A0 B0 J9", "D0 E5")
    assert state.move_distance(0, 0, Direction.RIGHT) == 3
    lands(state, move("A0", "RIGHT"), "D0")
    assert state.fish_count(BLUE) == 1


def test_m23_m24_fish_behind_the_mover_counts() -> None:
    lands(position("D3 J9", "B3 E7"), move("D3", "RIGHT"), "F3")
    state = lands(position("D3 J9", "B3 E7"), move("D3", "LEFT"), "B3")
    assert state.fish_count(BLUE) == 1


def test_m25_obstacle_not_counted() -> None:
    state = position("A5 J9", "E0", "E5")
    assert state.move_distance(0, 5, Direction.RIGHT) == 1
    lands(state, move("A5", "RIGHT"), "B5")


def test_m26_m27_diagonals() -> None:
    rejected(position("E4 H7 A9", "C2 J0"), move("E4", "UP_RIGHT"), OWN_TARGET)
    rejected(position("E4 H7 A9", "C2 J0"), move("E4", "DOWN_LEFT"), PATH)


def test_m28_opponent_beyond_target_does_not_block() -> None:
    lands(position("A5 J9", "F5 A0"), move("A5", "RIGHT"), "C5")


def test_m29_no_legal_moves_means_blocked_loss() -> None:
    state = position("A0 J9", "A1 B0 B1 J8 I9 I8")
    assert state.generate_moves() == ()
    assert state.legal_moves() == ()
    # decided deviation: the blocked player loses at once, REGULAR, with the 2026 text
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.cause is ScoreCause.REGULAR
    blocked = "Unknown hat den Gegner blockiert, sodass er keinen Zug mehr machen kann"
    assert outcome.reason == blocked
    assert state.official_outcome() is None  # 19.2.1 does not notice
    assert state.current_seat is None


def test_blocked_reason_names_the_winner() -> None:
    state = PiranhasState.from_squares(
        [(0, 0), (9, 9)], [(0, 1), (1, 0), (1, 1), (9, 8), (8, 9), (8, 8)], blue_name="Alice & Co"
    )
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 1
    assert outcome.reason.startswith("Alice & Co hat den Gegner blockiert")


def test_blocked_blue_loses_at_an_odd_turn() -> None:
    state = position("A1 B0 B1 J8 I9 I8", "A0 J9", turn=3)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0


@pytest.mark.parametrize(
    ("obstacles", "red_moves", "blue_moves"),
    [("C6 H7", 43, 46), ("C2 H7", 44, 44), ("E4 F6", 48, 48)],
)
def test_m30_m31_start_with_obstacles(obstacles: str, red_moves: int, blue_moves: int) -> None:
    assert len(start(obstacles).legal_moves()) == red_moves
    assert len(start(obstacles, turn=1).legal_moves()) == blue_moves


@pytest.mark.parametrize("direction", list(Direction))
def test_m32_off_board_origin_is_a_rule_violation(direction: Direction) -> None:
    # official: RIGHT gives this text, UP disconnects (quirk Q1); decided: always the text
    for x, y in [(10, 5), (-1, 0), (3, 10), (0, -1)]:
        rejected(start(), Move(x, y, direction), OUT_OF_RANGE)


def test_validation_order_range_before_ownership_before_distance() -> None:
    # A5 RIGHT: n=2, target C5 is an obstacle, but the blue B5 in between is checked first
    state = position("A5 J9", "B5", "C5")
    rejected(state, move("A5", "RIGHT"), PATH)
    rejected(state, move("B5", "RIGHT"), NOT_OWN)
    # out of range wins over everything; off board wins over a blocked path
    rejected(state, Move(10, 5, Direction.LEFT), OUT_OF_RANGE)
    state = position("C5 J9", "B5 E5", turn=0)
    rejected(state, move("C5", "LEFT"), OFF_BOARD)  # n=3 -> (-1,5), B5 in the way
    # own fish on the target wins over obstacle: impossible (one thing per square); path
    # wins over own target:
    state = position("A5 C5 J9", "B5")
    rejected(state, move("A5", "RIGHT"), PATH)


def test_hints_are_kept_in_last_move_and_ignored_by_equality() -> None:
    state = start()
    hinted = Move(0, 4, Direction.RIGHT, hints=("hallo", "eat & <C0>"))
    assert hinted == Move(0, 4, Direction.RIGHT)
    assert hash(hinted) == hash(Move(0, 4, Direction.RIGHT))
    state.apply(hinted)
    assert state.last_move is hinted and state.last_move.hints == ("hallo", "eat & <C0>")


def test_apply_checks_move_rules_only_like_the_official_perform() -> None:
    state = position("A0 B1", "H8 I9 J9", turn=2)
    assert state.is_terminal() and state.legal_moves() == ()
    assert move("A0", "UP") in state.generate_moves()
    state.apply(move("A0", "UP"))
    assert state.turn == 3 and state.outcome() is None


# ---------------------------------------------------------------- §8.2 end of game


def assert_end(state: PiranhasState, winner: int | None, reason: str) -> None:
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.cause) == (winner, reason, ScoreCause.REGULAR)
    assert state.is_terminal() and state.legal_moves() == () and state.current_seat is None


def test_e1_only_ends_after_the_round() -> None:
    state = position("J1-J8 I5 E6 G7", "B0-I0 E1 E2 F2 G2 E3 E4 E5 H5", "F4 G6")
    state.apply(move("J3", "UP_LEFT"))
    assert state.fish_count(BLUE) == 15
    assert state.outcome() is None
    state.apply(move("B0", "RIGHT"))
    assert state.field(9, 0).value == "BLUE"
    assert_end(state, 1, REASON_SWARM_CONNECTED)
    assert (state.scores(0), state.scores(1)) == ((7,), (15,))


def test_e2_eating_can_connect_the_opponent() -> None:
    state = position("A1-A7 C2 B8", "B0-H0 B9", "C3")
    state.apply(move("B8", "LEFT"))
    state.apply(move("C0", "UP"))
    assert_end(state, 0, REASON_SWARM_CONNECTED)
    assert (state.scores(0), state.scores(1)) == ((8,), (5,))


def test_e3_blue_breaks_red_swarm() -> None:
    state = position("A0 B1 D2", "B3 H8 J9")
    state.apply(move("D2", "LEFT"))
    assert state.is_connected(RED) and state.outcome() is None  # odd turn: no check
    state.apply(move("B3", "DOWN"))
    assert state.outcome() is None


def test_e4_red_connected_blue_not() -> None:
    state = position("A0 B1 D2", "B3 H8 J9")
    state.apply(move("D2", "LEFT"))
    state.apply(move("H8", "LEFT"))
    assert_end(state, 0, REASON_SWARM_CONNECTED)
    assert (state.scores(0), state.scores(1)) == ((3,), (1,))


def test_e5_equal_connected_swarms_draw_by_decision() -> None:
    state = position("A0 B1", "H8 I9", turn=2)
    assert state.official_outcome() is None  # 19.2.1: game goes on
    assert_end(state, None, REASON_EQUAL_SWARMS)  # seed rule: draw
    assert state.returns() == (0.5, 0.5)


def test_e6_equal_connected_at_turn_60() -> None:
    state = position("A0 B1", "H8 I9", turn=60)
    official = state.official_outcome()
    assert official is not None and (official.winner, official.reason) == (None, REASON_ROUND_LIMIT)
    assert_end(state, None, REASON_EQUAL_SWARMS)
    assert (state.scores(0), state.scores(1)) == ((2,), (2,))


def test_e7_both_connected_larger_wins() -> None:
    assert_end(position("A0 B1", "H8 I9 J9", turn=2), 1, REASON_SWARM_CONNECTED)


def test_e8_e9_only_blue_connected() -> None:
    state = position("A0 C1", "H8 I9 J9", turn=2)
    assert_end(state, 1, REASON_SWARM_CONNECTED)
    assert (state.scores(0), state.scores(1)) == ((1,), (3,))
    assert position("A0 C1", "H8 I9 J9", turn=3).outcome() is None


def test_e10_e11_round_limit_larger_swarm_wins() -> None:
    assert_end(position("A0 B1 C2 E5 J9", "H0 I1 A9 C7", turn=60), 0, REASON_ROUND_LIMIT)
    assert position("A0 B1 C2 E5 J9", "H0 I1 A9 C7", turn=58).outcome() is None


def test_e12_e13_round_limit_draw() -> None:
    state = position("A0 B1 E5", "H0 I1 A9", turn=60)
    assert_end(state, None, REASON_ROUND_LIMIT)
    state = position("A0 B1 E5", "H0 I1 A9 C8", turn=59)
    state.apply(move("C8", "LEFT"))
    assert state.turn == 60
    assert_end(state, None, REASON_ROUND_LIMIT)


def test_e14_connection_wins_over_round_limit() -> None:
    assert_end(position("A0 B1 C2", "H0 I1 A9 C7 D7", turn=60), 0, REASON_SWARM_CONNECTED)


def test_e15_single_fish_is_connected() -> None:
    state = position("E5", "A0 J9", turn=2)
    assert_end(state, 0, REASON_SWARM_CONNECTED)
    assert (state.scores(0), state.scores(1)) == ((1,), (1,))
    assert state.returns() == (1.0, 0.0)


def test_e16_diagonal_chain_is_one_swarm() -> None:
    assert_end(position("A0 B1 C2 D3", "J0 J9", turn=2), 0, REASON_SWARM_CONNECTED)


def test_e17_blue_connects_by_eating() -> None:
    state = position("A0 E5 J9", "E7 D4 F4", turn=1)
    state.apply(move("E7", "DOWN"))
    assert_end(state, 1, REASON_SWARM_CONNECTED)
    assert (state.scores(0), state.scores(1)) == ((1,), (3,))


def test_e18_official_swarm_board() -> None:
    red, blue, obstacles = "A2 A3 A5 A6 A7 A4-J4", "A0-J0 B1 D1 G1 D2 G2 G3", "B2 C3"
    state = position(red, blue, obstacles)
    assert (state.swarm_size(RED), state.swarm_size(BLUE)) == (15, 16)
    state = position(red.replace("A4-J4", "A4 C4-J4"), blue, obstacles)
    assert (state.swarm_size(RED), state.swarm_size(BLUE)) == (8, 16)


def test_e19_start_is_not_an_end() -> None:
    state = start()
    assert state.outcome() is None and state.official_outcome() is None
    assert state.returns() == (0.5, 0.5)
    assert (state.scores(0), state.scores(1)) == ((8,), (8,))


def test_p16_equal_connected_at_turn_4_official_goes_on() -> None:
    state = position("A0 B1 C3", "H0 I1 J3", turn=2)
    state.apply(move("C3", "DOWN"))
    state.apply(move("J3", "DOWN"))
    assert state.turn == 4
    assert state.official_outcome() is None
    assert_end(state, None, REASON_EQUAL_SWARMS)


def test_zero_fish_side_counts_as_connected_with_size_zero() -> None:
    state = position("A0", "", turn=2)
    assert state.is_connected(BLUE) and state.swarm_size(BLUE) == 0
    assert_end(state, 0, REASON_SWARM_CONNECTED)
