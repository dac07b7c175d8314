"""``botarena tournament``: bad input gets a clear error and exit code, never a traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from botarena.cli import cli


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "random", "random"], "unknown game 'chess'; known games:"),
        (["piranhas", "random"], "at least two bots"),
        (
            ["maumau", "--format", "swiss", "--table-size", "3", "random", "heuristic", "random"],
            "two-seat",
        ),
        (["maumau", "--format", "ko", "--best-of", "2", "random", "heuristic"], "odd"),
        (["piranhas", "--table-size", "3", "random", "greedy", "random"], "played by two"),
        (["maumau", "--table-size", "5", "random", "heuristic"], "--table-size"),
        (["piranhas", "--format", "gauntlet", "random", "greedy"], "--challenger"),
    ],
)
def test_usage_errors(tmp_path, args, message):
    result = CliRunner().invoke(cli, ["tournament", *args, "--out", str(tmp_path / "t")])
    assert result.exit_code == 2
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_resume_needs_an_output_folder():
    result = CliRunner().invoke(cli, ["tournament", "piranhas", "--resume"])
    assert result.exit_code == 2 and "--resume needs --out" in result.output


def test_resume_of_a_missing_folder_is_a_clear_error(tmp_path):
    result = CliRunner().invoke(
        cli, ["tournament", "piranhas", "--resume", "--out", str(tmp_path / "none")]
    )
    assert result.exit_code == 2 and "does not exist" in result.output


def test_cli_runs_a_tournament_and_prints_the_standings(tmp_path):
    result = CliRunner().invoke(
        cli,
        [
            "tournament",
            "maumau",
            "heuristic",
            "random",
            "--seed",
            "4",
            "--out",
            str(tmp_path),
            "--games-per-pairing",
            "4",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "seed 4" in result.output and "report: " in result.output
    assert (tmp_path / "report.html").is_file()
