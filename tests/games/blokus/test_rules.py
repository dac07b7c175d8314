"""The rule test cases of the spec (§8, TC-01 … TC-37), run on the engine."""

from __future__ import annotations

from typing import Any

import pytest

from botarena.core import InvalidMove, Outcome, Team
from botarena.games.blokus import (
    START_PIECES,
    BlokusState,
    Color,
    InvalidBlokusMove,
    MoveMistake,
    Shape,
    SkipMove,
)
from botarena.games.blokus.shapes import ALL_SHAPES
from tests.games.blokus.helpers import (
    ALL_BUT_MONO,
    B,
    G,
    R,
    V,
    Y,
    cells_of,
    custom,
    s0,
    s1,
    setm,
)


def mistake_of(state, move) -> MoveMistake:
    before = (state.turn, state.own[:], state.undeployed[:], state.last_move)
    with pytest.raises(InvalidBlokusMove) as raised:
        state.apply(move)
    assert (state.turn, state.own, state.undeployed, state.last_move) == before, "state changed"
    return raised.value.mistake


def test_tc01_initial_state():
    state = s0()
    assert (state.turn, state.round, state.current_color) == (0, 1, B)
    assert state.current_team is Team.ONE and state.current_seat == 0
    assert state.valid_colors == [B, Y, R, G]
    assert all(state.undeployed_shapes(c) == ALL_SHAPES for c in Color)
    assert state.last_move is None and state.last_move_mono == {}
    assert (state.team_points(Team.ONE), state.team_points(Team.TWO)) == (0, 0)
    assert len(state.set_moves()) == 12
    assert not state.is_terminal() and state.outcome() is None


def test_tc02_first_move_into_a_corner():
    state = s0()
    move = setm(B, V, "RIGHT", False, 17, 0)
    assert cells_of(move) == {(17, 0), (18, 0), (19, 0), (17, 1), (17, 2)}
    state.apply(move)
    assert (state.turn, state.current_color, state.current_seat) == (1, Y, 1)
    assert V not in state.undeployed_shapes(B) and len(state.undeployed_shapes(B)) == 20
    assert state.last_move == move
    assert {cell for cell, color in state.board().items() if color is B} == cells_of(move)


def test_tc03_first_move_must_use_the_start_piece():
    assert mistake_of(s0(), setm(B, Shape.PENTO_L, x=0, y=0)) is MoveMistake.WRONG_SHAPE


def test_tc04_tc05_first_move_must_cover_a_corner():
    assert mistake_of(s0(), setm(B, V, x=5, y=5)) is MoveMistake.NOT_IN_CORNER
    flush_but_not_covering = setm(B, V, x=17, y=0)
    assert cells_of(flush_but_not_covering) == {(17, 0), (17, 1), (17, 2), (18, 2), (19, 2)}
    assert mistake_of(s0(), flush_but_not_covering) is MoveMistake.NOT_IN_CORNER


def test_tc06_no_skip_before_the_first_placement():
    assert mistake_of(s0(), SkipMove(B)) is MoveMistake.SKIP_FIRST_TURN


def test_tc07_wrong_colour():
    assert mistake_of(s0(), setm(R, V, x=0, y=0)) is MoveMistake.WRONG_COLOR
    assert mistake_of(s0(), SkipMove(Y)) is MoveMistake.WRONG_COLOR


def test_tc08_out_of_bounds():
    assert mistake_of(s0(), setm(B, V, "RIGHT", False, 18, 0)) is MoveMistake.OUT_OF_BOUNDS
    assert mistake_of(s0(), setm(B, V, x=-1, y=0)) is MoveMistake.OUT_OF_BOUNDS


def test_tc09_obstructed_and_tc10_any_free_corner():
    state = s0()
    state.apply(setm(B, V, x=0, y=0))
    assert mistake_of(state, setm(Y, V, x=0, y=0)) is MoveMistake.OBSTRUCTED
    move = setm(Y, V, "LEFT", False, 0, 17)
    assert cells_of(move) == {(2, 17), (2, 18), (0, 19), (1, 19), (2, 19)}
    state.apply(move)
    assert state.turn == 2


def test_tc11_green_has_exactly_three_first_moves():
    state = s1(3)
    assert state.current_color is G
    moves = {(m.rotation.name, m.flipped, m.x, m.y) for m in state.set_moves()}
    assert moves == {("NONE", False, 0, 17), ("NONE", True, 0, 17), ("RIGHT", False, 0, 17)}


def test_s1_setup():
    state = s1()
    assert (state.turn, state.round, state.current_color) == (4, 2, B)
    assert (state.team_points(Team.ONE), state.team_points(Team.TWO)) == (10, 10)


def test_tc12_to_tc17_contact_rules():
    state = s1()
    assert mistake_of(state, setm(B, Shape.MONO, x=3, y=2)) is MoveMistake.TOUCHES_SAME_COLOR
    domino = setm(B, Shape.DOMINO, "RIGHT", False, 3, 2)
    assert cells_of(domino) == {(3, 2), (3, 3)}
    assert mistake_of(state, domino) is MoveMistake.TOUCHES_SAME_COLOR
    for x, y in ((10, 10), (16, 3), (17, 3)):
        assert mistake_of(state, setm(B, Shape.MONO, x=x, y=y)) is MoveMistake.NO_SHARED_CORNER
    state.apply(setm(B, Shape.MONO, x=3, y=3))
    assert state.turn == 5


def test_tc18_edge_contact_with_other_colours_is_allowed():
    def state() -> BlokusState:
        return custom(
            {
                B: [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
                R: [(4, 3), (19, 19)],
                Y: [(19, 0)],
                G: [(0, 19)],
            },
            {
                B: [s for s in ALL_SHAPES if s is not V],
                Y: ALL_BUT_MONO,
                R: ALL_BUT_MONO,
                G: ALL_BUT_MONO,
            },
            turn=4,
        )

    assert mistake_of(state(), setm(B, Shape.DOMINO, x=3, y=3)) is MoveMistake.OBSTRUCTED
    valid = state()
    valid.apply(setm(B, Shape.MONO, x=3, y=3))
    assert valid.turn == 5


def test_tc19_tc20_tc21_order_of_checks():
    assert mistake_of(s1(), setm(B, V, x=3, y=3)) is MoveMistake.DUPLICATE_SHAPE
    assert mistake_of(s1(), setm(B, Shape.MONO, x=1, y=2)) is MoveMistake.OBSTRUCTED
    assert mistake_of(s1(), setm(B, V, x=30, y=30)) is MoveMistake.DUPLICATE_SHAPE
    assert mistake_of(s0(), setm(B, Shape.MONO, x=-5, y=-5)) is MoveMistake.WRONG_SHAPE
    assert mistake_of(s0(), setm(Y, Shape.MONO, x=-5, y=-5)) is MoveMistake.WRONG_COLOR


def test_tc22_skip_is_allowed_even_with_legal_placements():
    state = s1()
    assert len(state.set_moves()) == 185
    state.apply(SkipMove(B))
    assert (state.turn, state.current_color) == (5, Y)
    assert len(state.undeployed_shapes(B)) == 20
    assert state.last_move == SkipMove(B)


TC23_VALID = {
    ("NONE", False),
    ("RIGHT", False),
    ("RIGHT", True),
    ("MIRROR", False),
    ("MIRROR", True),
    ("LEFT", True),
}


@pytest.mark.parametrize("rotation", ["NONE", "RIGHT", "MIRROR", "LEFT"])
@pytest.mark.parametrize("flipped", [False, True])
def test_tc23_every_rotation_flip_pair_of_trio_l(rotation, flipped):
    state = s1()
    move = setm(B, Shape.TRIO_L, rotation, flipped, 3, 3)
    if (rotation, flipped) in TC23_VALID:
        state.apply(move)
        assert state.turn == 5
    else:
        assert cells_of(move) == {(4, 3), (3, 4), (4, 4)}
        assert mistake_of(state, move) is MoveMistake.NO_SHARED_CORNER


def test_tc23_equivalent_pairs_cover_the_same_cells():
    def cells(rotation: str, flipped: bool) -> set[tuple[int, int]]:
        return cells_of(setm(B, Shape.TRIO_L, rotation, flipped, 3, 3))

    assert cells("NONE", False) == cells("LEFT", True) == {(3, 3), (3, 4), (4, 4)}
    assert cells("RIGHT", False) == cells("MIRROR", True)
    assert cells("RIGHT", True) == cells("MIRROR", False)


def test_tc24_flipped_trio_l():
    assert cells_of(setm(R, Shape.TRIO_L, "NONE", True, 2, 2)) == {(3, 2), (2, 3), (3, 3)}


def test_tc25_legal_moves_and_anchors_after_s1():
    state = s1()
    moves = state.set_moves()
    assert len(moves) == 185
    assert len({frozenset(m.cells()) for m in moves}) == 185
    assert state.anchors(B) == [(3, 1), (3, 3)]


def corners_setup(undeployed: Any, turn: int, extra: Any = None) -> BlokusState:
    board = {B: [(0, 0)], Y: [(19, 0)], R: [(19, 19)], G: [(0, 19)]}
    for color, cells in (extra or {}).items():
        board[color] = board[color] + cells
    return custom(board, undeployed, turn)


def test_tc26_a_stuck_colour_is_eliminated_on_its_turn():
    state = corners_setup(
        {
            B: ALL_BUT_MONO,
            Y: ALL_BUT_MONO,
            R: ALL_BUT_MONO,
            G: [s for s in ALL_BUT_MONO if s is not Shape.DOMINO],
        },
        turn=4,
        extra={G: [(18, 1)]},
    )
    move = setm(B, Shape.DOMINO, x=1, y=1)
    state.apply(move)
    assert (state.turn, state.round, state.current_color) == (6, 2, R)
    assert state.valid_colors == [B, R, G]
    assert state.last_move == move


def test_tc27_finished_colour_scores_109_and_leaves_lazily():
    state = corners_setup({B: [Shape.MONO], Y: ALL_BUT_MONO, R: ALL_BUT_MONO, G: ALL_BUT_MONO}, 4)
    state.apply(setm(B, Shape.MONO, x=1, y=1))
    assert state.undeployed_shapes(B) == ()
    assert state.last_move_mono == {B: True}
    assert state.points(B) == 109 and state.team_points(Team.ONE) == 110
    assert B in state.valid_colors and state.turn == 5
    for color in (Y, R, G):
        state.apply(SkipMove(color))
    assert (state.turn, state.round, state.current_color) == (9, 3, Y)
    assert state.valid_colors == [Y, R, G]
    assert not state.is_terminal()


def test_tc28_finished_without_mono_last_scores_104():
    state = corners_setup({B: [Shape.DOMINO], Y: ALL_BUT_MONO, R: ALL_BUT_MONO, G: ALL_BUT_MONO}, 4)
    state.apply(setm(B, Shape.DOMINO, x=1, y=1))
    assert state.last_move_mono == {B: False}
    assert state.points(B) == 104


def test_tc29_round_limit_ends_the_game_after_green():
    state = corners_setup({c: ALL_BUT_MONO for c in Color}, 98)
    assert state.current_color is R
    state.apply(SkipMove(R))
    assert state.turn == 99 and not state.is_terminal()
    state.apply(SkipMove(G))
    assert (state.turn, state.round) == (100, 26)
    assert state.is_terminal() and state.current_seat is None
    assert state.valid_colors == [B, Y, R, G]
    assert state.outcome() == Outcome(winner=None)
    assert state.legal_moves() == []
    with pytest.raises(InvalidMove):
        state.apply(SkipMove(B))


def test_tc30_elimination_runs_after_the_round_limit():
    state = corners_setup({c: ALL_BUT_MONO for c in Color}, 99, extra={Y: [(1, 1)]})
    state.apply(SkipMove(G))
    assert (state.turn, state.round, state.current_color) == (101, 26, Y)
    assert state.valid_colors == [Y, R, G]
    assert state.is_terminal()


def test_tc31_all_colours_eliminated_in_turn_on_a_full_board():
    """The spec's TC-31 set-up as printed leaves every colour an anchor, so the officially
    verified behaviour (every colour eliminated in turn, ``turn`` stays at 8) is shown on a
    board without any free field instead."""
    board: dict[Color, list[tuple[int, int]]] = {color: [] for color in Color}
    for y in range(20):
        for x in range(20):
            board[Color((x + 2 * y) % 4)].append((x, y))
    state = custom(board, {c: ALL_BUT_MONO for c in Color}, 4)
    state.apply(SkipMove(B))
    assert (state.turn, state.round, state.valid_colors) == (8, 3, [])
    assert state.is_terminal() and state.outcome() == Outcome(winner=None)
    assert (state.team_points(Team.ONE), state.team_points(Team.TWO)) == (2, 2)


def test_tc32_everybody_skips_until_the_round_limit():
    state = s1()
    skips = 0
    while not state.is_terminal():
        state.apply(SkipMove(state.current_color))
        skips += 1
    assert skips == 96 and state.turn == 100
    assert state.outcome() == Outcome(winner=None)
    assert state.returns() == (0.5, 0.5)
    assert state.scores(0) == (10,) and state.scores(1) == (10,)


def test_tc33_violation_reason_text():
    state = s0()
    state.apply(setm(B, V, x=0, y=0))
    with pytest.raises(InvalidBlokusMove) as raised:
        state.apply(setm(Y, V, x=0, y=0))
    assert raised.value.reason == (
        "Der Spielstein würde eine andere Farbe überlagern bei Zug 'Setze PENTO_V(Farbe Gelb)[0,0]'"
    )
    assert (state.team_points(Team.ONE), state.team_points(Team.TWO)) == (5, 0)


def test_tc35_colour_points_depend_only_on_undeployed_shapes():
    state = s0()
    assert state.points(B) == 0
    state.undeployed[B] = 0
    state.last_move_mono[B] = True
    assert state.points(B) == 109
    state.last_move_mono[B] = False
    assert state.points(B) == 104
    state.undeployed[B] = 1 << Shape.MONO.value
    assert state.points(B) == 88


def test_tc36_eliminated_colours_still_use_turn_numbers():
    state = custom(
        {B: [(0, 0)], Y: [(19, 0)], R: [(19, 19)], G: [(0, 19)]},
        {c: ALL_BUT_MONO for c in Color},
        97,
        valid=(B, Y, G),
    )
    state.apply(SkipMove(Y))
    assert (state.turn, state.current_color, state.round) == (99, G, 25)


@pytest.mark.parametrize(
    ("piece", "count"),
    [
        ("PENTO_L", 24),
        ("PENTO_T", 8),
        ("PENTO_V", 12),
        ("PENTO_S", 16),
        ("PENTO_Z", 8),
        ("PENTO_I", 8),
        ("PENTO_P", 24),
        ("PENTO_W", 8),
        ("PENTO_U", 16),
        ("PENTO_R", 8),
        ("PENTO_Y", 16),
        ("PENTO_X", 0),
    ],
)
def test_tc37_start_move_counts(piece, count):
    assert len(BlokusState(Shape[piece]).set_moves()) == count
    assert (Shape[piece] in START_PIECES) == (count > 0)


def test_winner_is_the_team_with_more_points():
    state = s1()
    state.apply(setm(B, Shape.MONO, x=3, y=3))
    while not state.is_terminal():
        state.apply(SkipMove(state.current_color))
    assert state.outcome() == Outcome(winner=0)
    assert state.returns() == (1.0, 0.0)


def test_a_rejected_move_changes_nothing():
    state = s1()
    before = state.clone()
    for move in (setm(B, V, x=3, y=3), setm(B, Shape.MONO, x=3, y=2), SkipMove(Y)):
        with pytest.raises(InvalidBlokusMove):
            state.apply(move)
    assert state.render() == before.render()
    assert (state.turn, state.undeployed, state.valid_colors) == (
        before.turn,
        before.undeployed,
        before.valid_colors,
    )


def test_moves_without_colour_are_wrong_colour_with_null_text():
    with pytest.raises(InvalidBlokusMove) as raised:
        s1().apply(SkipMove(None))
    assert raised.value.mistake is MoveMistake.WRONG_COLOR
    assert raised.value.reason == (
        "Die Farbe des Zuges ist nicht an der Reihe bei Zug 'null setzt aus'"
    )
    with pytest.raises(InvalidBlokusMove) as raised:
        s1().apply(setm(None, Shape.MONO, x=3, y=3))
    assert raised.value.reason.endswith("bei Zug 'Setze MONO(null)[3,3]'")


def test_wrong_shape_and_duplicate_shape_texts_carry_no_move():
    with pytest.raises(InvalidBlokusMove) as raised:
        s0().apply(setm(B, Shape.MONO))
    assert raised.value.reason == "Der erste Zug muss den festgelegten Spielstein setzen"
    with pytest.raises(InvalidBlokusMove) as raised:
        s1().apply(setm(B, V, x=3, y=3))
    assert raised.value.reason == "Der gewählte Stein wurde bereits gesetzt"


def test_move_texts():
    assert setm(Y, Shape.PENTO_V, "RIGHT", True, 17, -1).text() == (
        "Setze PENTO_V(Farbe Gelb, gedreht um 90°, gespiegelt)[17,-1]"
    )
    assert setm(G, Shape.MONO, "LEFT", False, 1, 2).text() == (
        "Setze MONO(Farbe Grün, gedreht um 270°)[1,2]"
    )
    assert SkipMove(B).text() == "Farbe Blau setzt aus"
