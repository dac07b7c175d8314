"""``botarena tournament``: bad input gets a clear error and exit code, never a traceback."""

from __future__ import annotations

import signal

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.interruption import Interrupted
from botarena.league import tournament as tournament_module
from botarena.league.tournament import TournamentConfig, main_sync
from tests.league.helpers import run


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
        (["piranhas", "--table-size", "3", "random", "greedy", "random"], "is played by 2"),
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


def test_resume_needs_only_the_output_folder_and_refuses_another_game(tmp_path):
    first = run(tmp_path, "maumau", "roundrobin", ["heuristic", "random"], seed=4)
    assert first.complete
    again = CliRunner().invoke(cli, ["tournament", "--resume", "--out", str(tmp_path)])
    assert again.exit_code == 0, again.output
    assert "maumau-2017 roundrobin, 2 bots, seed 4" in again.output
    other = CliRunner().invoke(
        cli, ["tournament", "--game", "piranhas-2026", "--resume", "--out", str(tmp_path)]
    )
    assert other.exit_code == 2, other.output
    assert "it was started with game 'maumau-2017' (given: 'piranhas-2026')" in other.output


def test_sigterm_ends_a_tournament_with_the_resume_hint(tmp_path, monkeypatch, capsys):
    async def terminated(config, echo=None):
        raise Interrupted(signal.SIGTERM)

    monkeypatch.setattr(tournament_module, "run_tournament", terminated)
    config = TournamentConfig(game="maumau", format="roundrobin", out_dir=tmp_path / "t")
    assert main_sync(config) == 128 + signal.SIGTERM
    hint = f"interrupted; continue with botarena tournament --resume --out {tmp_path / 't'}"
    assert hint in capsys.readouterr().err
