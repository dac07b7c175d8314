from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.conformance.__main__ import main as conformance_main
from botarena.game_argument import is_game_name, split_game
from botarena.runner.bots import BUILTIN_BOTS


def test_version_runs_as_a_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "botarena", "--version"], capture_output=True, text=True, check=True
    )
    assert "botarena" in result.stdout


def test_conformance_without_mode_prints_usage_and_fails(capsys) -> None:
    assert conformance_main([]) == 2
    assert "modes:" in capsys.readouterr().out


def test_conformance_unknown_mode_is_a_clear_error(capsys) -> None:
    assert conformance_main(["nonsense"]) == 2
    assert "unknown conformance mode 'nonsense'" in capsys.readouterr().err


def _serve_with_a_taken_port(tmp_path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "botarena", "serve", "--no-web", *options],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,  # no server.properties
    )


def test_serve_names_the_option_when_the_maumau_port_is_taken(tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _serve_with_a_taken_port(tmp_path, "--port", "0", "--maumau-port", str(port))
    assert result.returncode == 1
    assert f"the Mau-Mau server cannot listen on its port 127.0.0.1:{port}" in result.stderr
    assert "--maumau-port" in result.stderr and "--no-maumau" in result.stderr


def test_serve_names_the_option_when_the_sc_port_is_taken(tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _serve_with_a_taken_port(tmp_path, "--port", str(port), "--no-maumau")
    assert result.returncode == 1
    assert f"Software-Challenge XML server: cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "--port" in result.stderr and "--maumau-port" not in result.stderr


def test_serve_refuses_a_default_game_it_does_not_offer() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "botarena",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-maumau",
            "--default-game",
            "swc_1999_nothing",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert "unknown game 'swc_1999_nothing'" in result.stderr
    assert "swc_2026_piranhas" in result.stderr


# ---------------------------------------------------------------- the game argument (issue 21)


def test_the_first_word_is_the_game_only_when_the_registry_knows_it() -> None:
    assert split_game(["piranhas", "random", "greedy"], None) == ("piranhas", ["random", "greedy"])
    assert split_game(["random", "greedy"], "blokus") == ("blokus", ["random", "greedy"])
    assert split_game(["./piranhas", "random"], None) == (None, ["./piranhas", "random"])
    assert split_game(["random", "greedy"], None) == (None, ["random", "greedy"])
    # the same season named twice is fine; two different ones are refused
    assert split_game(["piranhas-2026", "a", "b"], "swc_2026_piranhas")[0] == "piranhas-2026"
    with pytest.raises(click.UsageError, match="name different games"):
        split_game(["piranhas", "a", "b"], "piranhas-2019")
    # where the command has a game, an unknown first word is refused as a game
    assert split_game(["chess", "a", "b"], None, first_is_game=True) == ("chess", ["a", "b"])
    assert not any(is_game_name(name) for name in BUILTIN_BOTS)


@pytest.mark.parametrize(
    "words",
    [
        ["play", "piranhas-2019", "random", "greedy"],
        ["play", "--game", "piranhas-2019", "random", "greedy"],
        ["play", "random", "greedy", "--game", "swc_2019_piranhas"],
    ],
)
def test_play_takes_the_game_as_a_word_or_as_game(words: list[str]) -> None:
    result = CliRunner().invoke(cli, [*words, "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("piranhas-2019, seed 4: random (seat 0) vs greedy (seat 1)")


def test_every_game_taking_command_refuses_two_different_games(tmp_path: Path) -> None:
    for command in (
        ["play", "piranhas", "random", "greedy"],
        ["test", "piranhas", "random", "greedy", "--out", str(tmp_path / "t")],
        ["tournament", "piranhas", "random", "greedy", "--out", str(tmp_path / "o")],
    ):
        result = CliRunner().invoke(cli, [*command, "--game", "blokus"])
        assert result.exit_code == 2, result.output
        assert "GAME 'piranhas' and --game 'blokus' name different games" in result.output


def test_a_bare_name_means_the_newest_season_in_every_command(tmp_path: Path) -> None:
    for command in (
        ["play", "--game", "piranhas", "random", "greedy", "--seed", "1"],
        ["test", "--game", "piranhas", "x", "random", "greedy"],  # three bots: refused later
        ["tournament", "--game", "piranhas", "random", "--out", str(tmp_path)],  # one bot
    ):
        result = CliRunner().invoke(cli, command)
        assert "piranhas means piranhas-2026 (swc_2026_piranhas), the newest season" in (
            result.output
        ), command


def test_play_and_test_say_what_to_run_for_maumau() -> None:
    for command in ("play", "test"):
        result = CliRunner().invoke(cli, [command, "maumau", "random", "heuristic"])
        assert result.exit_code == 2, result.output
        assert f"botarena {command} plays Software-Challenge games, not maumau-2017" in (
            result.output
        )
        assert "botarena tournament maumau BOT BOT" in result.output
        assert "botarena bot maumau NAME --port 1338" in result.output


def test_an_unknown_game_word_is_refused_as_a_game() -> None:
    for command in ("play", "test", "tournament"):
        result = CliRunner().invoke(cli, [command, "chess", "random", "greedy"])
        assert result.exit_code == 2, result.output
        assert "unknown game 'chess'; known games:" in result.output


def test_help_documents_the_game_rule() -> None:
    for command in ("play", "test", "tournament"):
        text = " ".join(CliRunner().invoke(cli, [command, "--help"]).output.split())
        assert "[GAME]" in text and "--game GAME" in text
        assert "needs a path (./piranhas)" in text
