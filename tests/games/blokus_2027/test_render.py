"""The text picture of a Blokus 2027 state."""

from __future__ import annotations

from botarena.games.blokus_2027 import BlokusState, Color, Rotation, SetMove, Shape, SkipMove
from botarena.games.blokus_2027.render import board_rows, render
from tests.games.blokus_2027.helpers import monos_left


def test_render_shows_board_coordinates_legend_pieces_last_move_and_points():
    state = BlokusState(Shape.PENTO_L)
    state.apply(SetMove(Color.BLUE, Shape.PENTO_L, Rotation.RIGHT, True, 2, 0))
    lines = render(state).splitlines()
    assert lines[0] == (
        "Blokus 2027: turn 1, round 1, YELLOW to move (team TWO), start piece PENTO_L"
    )
    assert lines[1] == "              1111111111"
    assert lines[2] == "    01234567890123456789"
    assert lines[3] == "  0 ..BBBB.............."  # the fixture's cells of this move
    assert lines[4] == "  1 .....B.............."
    assert lines[22] == " 19 ...................."
    assert lines[23] == (
        "B = BLUE (ONE)  Y = YELLOW (TWO)  R = RED (ONE)  G = GREEN (TWO)  . = empty"
    )
    assert lines[24].startswith("BLUE    20 left, 5 points: MONO DOMINO TRIO_L")
    assert "PENTO_L" not in lines[24] and "PENTO_L" in lines[25]
    assert lines[28] == "last move: BLUE PENTO_L at (2,0) RIGHT flipped"
    assert lines[29] == "points: team ONE 5, team TWO 0"
    assert len(lines) == 30


def test_render_names_eliminated_colours_and_the_result():
    state = monos_left()
    for color, x, y in ((Color.BLUE, 1, 1), (Color.YELLOW, 18, 1), (Color.RED, 18, 18)):
        state.apply(SetMove(color, Shape.MONO, Rotation.NONE, False, x, y))
    state.apply(SkipMove(Color.GREEN))  # the others have nothing left: GREEN moves again
    text = render(state)
    assert text.splitlines()[0].startswith("Blokus 2027: turn 7, round 2, GREEN to move")
    assert "GREEN    1 left, 88 points: MONO" in text
    assert "BLUE    (out)  0 left, 109 points: -" in text
    assert "last move: GREEN skips" in text
    assert text.endswith("points: team ONE 218, team TWO 197")
    state.apply(SetMove(Color.GREEN, Shape.MONO, Rotation.NONE, False, 1, 18))
    text = render(state)
    assert "game over" in text.splitlines()[0]
    assert text.endswith("final points: team ONE 218, team TWO 218; draw (TIE)")
    assert board_rows(state)[1] == ".B................Y."
