"""Blokus 2027 rule cases on the engine: first moves on the border, the validation order and
its German texts, the round limit, scoring and elimination (hand-made positions included)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from botarena.core import InvalidMove, SeededRandom, Team
from botarena.games.blokus.shapes import ALL_SHAPES, ORIENTATIONS, Shape
from botarena.games.blokus_2027 import (
    START_PIECES,
    TURN_LIMIT,
    BlokusGame,
    BlokusState,
    InvalidBlokusMove,
    MoveMistake,
    SkipMove,
    WinReason,
    draw_start_piece,
)
from tests.games.blokus.helpers import setm
from tests.games.blokus_2027.helpers import B, G, R, Y, custom, monos_left

I, L, X = Shape.PENTO_I, Shape.PENTO_L, Shape.PENTO_X  # noqa: E741 - the shapes' letters


def rejected(state: BlokusState, move) -> InvalidBlokusMove:
    before = (state.turn, state.own[:], state.undeployed[:], state.last_move)
    with pytest.raises(InvalidBlokusMove) as raised:
        state.apply(move)
    assert (state.turn, state.own, state.undeployed, state.last_move) == before, "state changed"
    return raised.value


def reference_first_moves(shape: Shape) -> set[frozenset[tuple[int, int]]]:
    """Brute force: every orientation at every offset, on the board and touching the border."""
    result = set()
    for orientation in ORIENTATIONS:
        if orientation.shape is not shape:
            continue
        for y0 in range(-5, 20):
            for x0 in range(-5, 20):
                cells = frozenset((x0 + dx, y0 + dy) for dx, dy in orientation.cells)
                if all(0 <= x < 20 and 0 <= y < 20 for x, y in cells) and any(
                    x in (0, 19) or y in (0, 19) for x, y in cells
                ):
                    result.add(cells)
    return result


def test_initial_state():
    state = BlokusState(I)
    assert (state.turn, state.round, state.current_color, state.current_seat) == (0, 1, B, 0)
    assert state.valid_colors == [B, Y, R, G]
    assert not state.is_terminal() and state.outcome() is None
    assert state.legal_moves() == state.set_moves()  # no SkipMove on a first move
    assert len(state.legal_moves()) == 136  # the Rust core's value for PENTO_I


@pytest.mark.parametrize("shape", START_PIECES)
def test_first_moves_are_every_border_placement_of_the_start_piece(shape):
    moves = BlokusState(shape).set_moves()
    cell_sets = [frozenset(move.cells()) for move in moves]
    assert len(set(cell_sets)) == len(cell_sets)
    assert set(cell_sets) == reference_first_moves(shape)
    assert {move.kind for move in moves} == {shape}


def test_start_piece_is_any_pentomino_including_x():
    assert len(START_PIECES) == 12 and X in START_PIECES
    drawn = Counter(draw_start_piece(SeededRandom(seed)) for seed in range(600))
    assert set(drawn) == set(START_PIECES)
    assert BlokusGame().new_initial_state(SeededRandom(7)).start_piece == draw_start_piece(
        SeededRandom(7)
    )


def test_a_non_pentomino_start_piece_is_refused():
    with pytest.raises(ValueError, match="pentomino"):
        BlokusState(Shape.TETRO_O)


def test_first_move_on_the_border_away_from_a_corner_is_legal():
    state = BlokusState(X)
    state.apply(setm(B, X, x=8, y=0))  # the top arm of the cross on row 0
    assert state.field(9, 0) is B and state.field(9, 1) is B
    assert (state.turn, state.current_color, state.current_seat) == (1, Y, 1)
    assert state.points(B) == 89 - (89 - 5)


def test_first_move_off_the_border_is_not_on_border():
    error = rejected(BlokusState(X), setm(B, X, x=5, y=5))
    assert error.mistake is MoveMistake.NOT_ON_BORDER
    assert error.reason == (
        "Der erste Zug muss an den Rand gesetzt werden bei 'Setze PENTO_X(Farbe Blau)[5,5]'"
    )


def test_wrong_colour_uses_the_framework_text_and_comes_first():
    error = rejected(BlokusState(L), setm(Y, Shape.MONO, x=30, y=30))
    assert error.mistake is MoveMistake.WRONG_COLOR
    assert error.reason == (
        "Nur eigene Spielfiguren können gezogen werden bei 'Setze MONO(Farbe Gelb)[30,30]'"
    )
    assert rejected(BlokusState(L), SkipMove(None)).mistake is MoveMistake.WRONG_COLOR


def test_skip_on_the_first_move_is_refused():
    error = rejected(BlokusState(L), SkipMove(B))
    assert error.mistake is MoveMistake.SKIP_FIRST_TURN
    assert error.reason == "Der erste Zug muss einen Stein setzen bei 'Farbe Blau setzt aus'"


def test_wrong_shape_is_checked_before_the_cells_and_carries_no_move():
    error = rejected(BlokusState(L), setm(B, I, "RIGHT", True, 30, 0))
    assert error.mistake is MoveMistake.WRONG_SHAPE
    assert error.reason == "Der erste Zug muss den festgelegten Spielstein setzen"
    assert error.exception_text() == (
        "InvalidMoveException(mistake=Der erste Zug muss den festgelegten Spielstein setzen, "
        "move=null)"
    )


def test_out_of_bounds_comes_before_not_on_border():
    error = rejected(BlokusState(L), setm(B, L, "LEFT", False, -1, 5))
    assert error.mistake is MoveMistake.OUT_OF_BOUNDS
    assert error.exception_text() == (
        "InvalidMoveException(mistake=Der Spielstein passt nicht vollständig auf das Spielfeld, "
        "move=Setze PENTO_L(Farbe Blau, gedreht um 270°)[-1,5])"
    )


def test_later_move_mistakes_in_official_order():
    state = BlokusState(I)
    state.apply(setm(B, I, "RIGHT", False, 0, 0))  # (0..4, 0)
    state.apply(setm(Y, I, x=19, y=0))  # (19, 0..4)
    state.apply(setm(R, I, x=0, y=15))  # (0, 15..19)
    state.apply(setm(G, I, "RIGHT", False, 10, 19))  # (10..14, 19)
    assert state.current_color is B
    assert rejected(state, setm(B, I, x=5, y=1)).mistake is MoveMistake.DUPLICATE_SHAPE
    assert rejected(state, setm(B, Shape.MONO, x=19, y=2)).mistake is MoveMistake.OBSTRUCTED
    assert rejected(state, setm(B, Shape.MONO, x=2, y=1)).mistake is MoveMistake.TOUCHES_SAME_COLOR
    assert rejected(state, setm(B, Shape.MONO, x=8, y=8)).mistake is MoveMistake.NO_SHARED_CORNER
    error = rejected(state, setm(B, Shape.DOMINO, x=19, y=10))
    assert error.mistake is MoveMistake.OUT_OF_BOUNDS
    assert error.reason == (
        "Der Spielstein passt nicht vollständig auf das Spielfeld bei "
        "'Setze DOMINO(Farbe Blau)[19,10]'"
    )
    error = rejected(state, setm(B, I, x=5, y=1))
    assert error.reason == "Der gewählte Stein wurde bereits gesetzt"
    assert "move=null" in error.exception_text()
    state.apply(setm(B, Shape.MONO, x=5, y=1))  # diagonal to (4, 0), no shared edge
    assert state.field(5, 1) is B and state.current_color is Y


def test_skip_is_legal_after_the_first_move_and_listed_last():
    state = BlokusState(I)
    state.apply(setm(B, I, x=0, y=0))
    for color, x in ((Y, 19), (R, 10), (G, 5)):
        state.apply(setm(color, I, x=x, y=15))
    assert state.legal_moves()[-1] == SkipMove(B)
    state.apply(SkipMove(B))
    assert (state.turn, state.current_color, state.last_move) == (5, Y, SkipMove(B))


def test_the_game_ends_at_round_25_after_24_rounds():
    state = monos_left(turn=TURN_LIMIT - 1)
    state.undeployed = [0b11] * 4  # MONO and DOMINO left: nobody runs out of pieces
    assert (state.round, state.current_color, state.is_terminal()) == (24, G, False)
    state.apply(setm(G, Shape.MONO, x=1, y=18))
    assert (state.turn, state.round, state.is_terminal()) == (96, 25, True)
    assert state.current_seat is None
    assert state.valid_colors == [B, Y, R, G]
    assert state.legal_moves() == []
    with pytest.raises(InvalidMove, match="game is over"):
        state.apply(setm(B, Shape.MONO, x=1, y=1))


def test_points_count_placed_squares_with_the_all_placed_and_mono_bonus():
    state = custom({B: [(0, 0)]}, {B: [Shape.DOMINO, Shape.PENTO_X], Y: [], R: [Shape.MONO]}, 0)
    assert state.points(B) == 89 - 7
    assert state.points(Y) == 104
    assert state.points(R) == 88
    assert state.points(G) == 0
    assert state.team_points(Team.ONE) == 82 + 88 and state.team_points(Team.TWO) == 104


def test_every_colour_places_all_pieces_mono_last_and_is_eliminated():
    state = monos_left()
    for color, (x, y) in ((B, (1, 1)), (Y, (18, 1)), (R, (18, 18)), (G, (1, 18))):
        assert state.current_color is color
        state.apply(setm(color, Shape.MONO, x=x, y=y))
    assert state.valid_colors == [] and state.is_terminal()
    assert state.last_move_mono == {B: True, Y: True, R: True, G: True}
    assert [state.points(color) for color in (B, Y, R, G)] == [109, 109, 109, 109]
    assert state.win_condition() == (None, WinReason.TIE)
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert state.returns() == (0.5, 0.5)
    assert state.scores(0) == (218,) and state.scores(1) == (218,)


def test_last_piece_other_than_mono_gets_no_mono_bonus():
    state = custom(
        {B: [(0, 0)], Y: [(19, 0)], R: [(19, 19)], G: [(0, 19)]},
        {B: [Shape.DOMINO], Y: [Shape.MONO], R: [Shape.MONO], G: [Shape.MONO]},
        turn=0,
    )
    state.apply(setm(B, Shape.DOMINO, x=1, y=1))
    assert state.last_move_mono[B] is False and state.points(B) == 104


def test_blocked_colours_are_skipped_and_the_same_team_moves_again():
    # YELLOW still has a piece but no anchor: its only field (19, 0) is walled in by RED.
    wall = [(17, 0), (17, 1), (18, 1), (19, 1), (18, 0)]
    state = custom(
        {B: [(0, 0)], Y: [(19, 0)], R: [(5, 5), *wall], G: [(0, 19)]},
        {B: [Shape.MONO, Shape.DOMINO], Y: [Shape.MONO], R: [Shape.MONO], G: [Shape.PENTO_X]},
        turn=0,
    )
    state.apply(setm(B, Shape.MONO, x=1, y=1))
    assert state.valid_colors == [B, R, G]  # GREEN is only tested when its turn comes
    assert state.current_color is R and state.turn == 2
    assert state.current_team is Team.ONE  # the same team moves twice in a row


def full_board_but(free: set[tuple[int, int]], blue: set[tuple[int, int]]) -> dict[Any, Any]:
    """BLUE on ``blue``, the other colours in stripes on every other field but ``free``."""
    board: dict[Any, Any] = {B: sorted(blue), Y: [], R: [], G: []}
    others = (Y, R, G)
    for y in range(20):
        for x in range(20):
            if (x, y) not in free and (x, y) not in blue:
                board[others[y % 3]].append((x, y))
    return board


def test_elimination_of_every_colour_when_the_board_fills_up():
    # Every colour still has pieces; BLUE fills the last free field and nobody can move.
    state = custom(
        full_board_but(free={(1, 1)}, blue={(0, 0)}),
        {color: [Shape.PENTO_I, Shape.MONO] for color in (B, Y, R, G)},
        turn=0,
    )
    assert [move for move in state.legal_moves()] == [setm(B, Shape.MONO, x=1, y=1), SkipMove(B)]
    state.apply(setm(B, Shape.MONO, x=1, y=1))
    assert state.valid_colors == [] and state.is_terminal() and state.legal_moves() == []
    assert state.turn == 4  # advanced over YELLOW, RED, GREEN, then BLUE was removed last
    assert [state.points(c) for c in (B, Y, R, G)] == [84, 83, 83, 83]
    assert state.win_condition() == (Team.ONE, WinReason.DIFFERING_SCORES)
    assert state.scores(0) == (167,) and state.scores(1) == (166,)
    assert state.returns() == (1.0, 0.0)


def test_elimination_ends_when_no_colour_is_left_after_a_skip():
    state = custom(
        full_board_but(free=set(), blue={(0, 0)}),
        {color: [Shape.MONO] for color in (B, Y, R, G)},
        turn=0,
        valid=[B],
    )
    state.apply(SkipMove(B))
    assert state.valid_colors == [] and state.is_terminal()


def test_differing_scores_win_and_reason_text():
    state = custom({}, {B: [], Y: list(ALL_SHAPES), R: [], G: list(ALL_SHAPES)}, 0, valid=[])
    assert state.win_condition() == (Team.ONE, WinReason.DIFFERING_SCORES)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0
    assert WinReason.DIFFERING_SCORES.message("alpha") == "alpha hat am meisten Punkte erzielt."
    assert WinReason.TIE.message() == "Beide Spieler sind gleichauf"


def test_clone_is_independent():
    state = BlokusState(L)
    copy = state.clone()
    copy.apply(copy.legal_moves()[0])
    assert state.turn == 0 and state.board() == {} and copy.turn == 1


def test_every_generated_move_passes_validation_in_random_games():
    rng = SeededRandom(27)
    for _ in range(3):
        state = BlokusGame().new_initial_state(rng)
        while not state.is_terminal():
            moves = state.legal_moves()
            for move in moves[:: max(1, len(moves) // 25)]:
                state.check(move)
            state.apply(rng.choice(moves))
        assert state.outcome() is not None
