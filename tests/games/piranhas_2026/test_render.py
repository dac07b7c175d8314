"""The text board: coordinates, fish and squids, whose turn, the last move."""

from __future__ import annotations

from botarena.core import SeededRandom
from botarena.games.piranhas_2026 import FieldState, Piranhas2026Game
from botarena.games.piranhas_2026.render import LEGEND, cell_text, render
from tests.games.piranhas_2026.helpers import EMPTY_ROW as E
from tests.games.piranhas_2026.helpers import move, position


def test_start_board() -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(1))
    lines = render(state).splitlines()
    assert lines[0] == "Piranhas 2026 · turn 0 (round 0) · ONE to move"
    assert lines[1].split() == list("ABCDEFGHIJ")
    assert lines[2].split()[0] == "9" and lines[2].split()[-1] == "9"
    assert lines[11].split()[0] == "0"
    for y in range(10):
        cells = lines[11 - y].split()[1:-1]
        assert cells == [cell_text(state.field(x, y)) for x in range(10)]
    assert LEGEND in lines
    assert lines[-2] == (
        f"ONE: 16 fish, weight {state.fish_weight(state.current_team)}, "
        f"largest swarm {state.swarm_size(state.current_team)}"
    )
    assert cell_text(FieldState.SQUID) == "XX"
    assert sum(line.count("XX") for line in lines[2:12]) == 2


def test_last_move_and_capture_are_marked() -> None:
    state = position("....x.....", E, E, E, E, E, E, "c.x.......", E, ".........b")
    state.apply(move(0, 2, "RIGHT"))  # captures (2, 2)
    text = render(state)
    assert "TWO to move · last move A2 RIGHT" in text.splitlines()[0]
    row_2 = next(line for line in text.splitlines() if line.split()[:1] == ["2"])
    assert "(.)" in row_2 and "[1L]" in row_2
    assert "TWO: 1 fish, weight 1, largest swarm 1, united" in text


def test_the_end_is_shown() -> None:
    state = position(E, E, E, E, E, E, E, E, E, "x...y.....", turn=4, two_name="beta")
    first = render(state).splitlines()[0]
    assert "game over: beta hat den Gegner blockiert" in first
