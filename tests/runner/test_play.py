"""``botarena play``: any bot (built-in or command), readable boards with coordinates and
short move texts for every game (from the game's own render module), points, pacing."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.core import SeededRandom
from botarena.games import registry
from botarena.runner.play import play_one
from tests.test_readme_walkthrough import readme_bot


@pytest.mark.parametrize("spec", registry.sc_games(), ids=lambda spec: spec.id)
def test_every_game_has_a_render_module_with_board_move_and_points(spec):
    render = spec.load_render()
    state = spec.load_rules().new_initial_state(SeededRandom(2))
    move = state.legal_moves()[0]
    board = render.render_board(state)
    assert "(" not in render.move_text(move)[:1] and "=" not in render.move_text(move)
    assert "State(" not in board and "<" not in board  # no repr of an object
    assert len(board.splitlines()) >= 5
    assert render.score_text(state)


def test_hase_und_igel_shows_a_track_with_field_numbers_and_hares():
    lines: list[str] = []
    record = play_one("hase_und_igel", "random", "greedy", seed=3, echo=lines.append)
    text = "\n".join(lines)
    assert record["finished"]
    assert "HaseUndIgelState" not in text and "Move(" not in text
    assert " 0:SRB" in lines[1]  # field 0 is START with both hares on it
    assert "64:G" in text and "R red: field 0, 68 carrots" in text
    moves = [line for line in lines if line.startswith("\nmove ")]
    assert moves and all(" plays " in m and "Advance(" not in m for m in moves)
    assert any(" plays advance " in m for m in moves)
    assert lines[-1].startswith("points: red field ")


def test_blokus_shows_coordinates_legend_short_moves_and_points():
    lines: list[str] = []
    record = play_one("blokus-2021", "random", "random", seed=1, echo=lines.append)
    text = "\n".join(lines)
    assert record["finished"]
    assert "SetMove(" not in text and "<Color." not in text
    board = lines[1].splitlines()
    assert board[1].split() == [str(x % 10) for x in range(20)]  # column numbers
    assert board[2].startswith(" 0 ") and board[21].startswith("19 ")  # row numbers
    assert "team ONE" in board[-1] and "B blue" in board[-1]  # the colour legend
    first = next(line for line in lines if line.startswith("\nmove 1:"))
    assert first.split(" plays ")[1].startswith("BLUE ")
    assert lines[-1].startswith("points: team ONE: ") and "team TWO: " in lines[-1]


def test_play_takes_a_command_bot_and_shows_its_moves(tmp_path):
    script = readme_bot(tmp_path)
    lines: list[str] = []
    record = play_one("piranhas", f"{sys.executable} {script}", "random", seed=5, echo=lines.append)
    assert record["finished"] and record["moves"] > 0
    assert lines[0] == "piranhas-2026, seed 5: my_bot.py (seat 0) vs random (seat 1)"
    moves = [line for line in lines if line.startswith("\nmove ")]
    assert len(moves) == record["moves"]
    assert moves[0].startswith("\nmove 1: my_bot.py (seat 0) plays ")
    assert " ?" not in moves[0]  # the move was named
    assert any(line.startswith("\nresult after ") for line in lines)
    # what the bot printed is shown: its log lives in a folder that is gone afterwards
    shown = lines.index("--- my_bot.py's output ---")
    assert lines[shown + 1].startswith("my_bot.py: joined a swc_2026_piranhas room on ")
    assert lines[shown + 2].startswith("my_bot.py: game over: ")


def test_play_reports_a_command_bot_that_fails(tmp_path):
    script = tmp_path / "broken.py"
    script.write_text("import sys\nprint('no luck', file=sys.stderr)\nsys.exit(2)\n")
    lines: list[str] = []
    play_one("piranhas", f"{sys.executable} {script}", "random", seed=1, echo=lines.append)
    text = "\n".join(lines)
    assert "exited with code 2 before connecting" in text
    assert "no luck" in text  # the end of its output
    assert "random (seat 1) wins" in text


def test_delay_paces_every_move(monkeypatch):
    waits: list[float] = []
    monkeypatch.setattr("botarena.runner.play.time.sleep", waits.append)
    record = play_one("piranhas", "random", "random", seed=4, echo=lambda _: None, delay_s=0.25)
    assert waits == [0.25] * record["moves"]


def test_play_command_has_delay_and_refuses_unknown_bots():
    result = CliRunner().invoke(cli, ["play", "piranhas", "random", "greedy", "--seed", "1"])
    assert result.exit_code == 0 and "points: " in result.output
    bad = CliRunner().invoke(cli, ["play", "piranhas", "random", "greedy", "--delay", "-1"])
    assert bad.exit_code != 0
    unknown = CliRunner().invoke(cli, ["play", "piranhas", "randon", "greedy"])
    assert unknown.exit_code != 0 and "did you mean 'random'" in unknown.output
