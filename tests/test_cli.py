from __future__ import annotations

import subprocess
import sys

from botarena.conformance.__main__ import main as conformance_main


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
    assert "default game 'swc_1999_nothing' is not offered" in result.stderr
    assert "swc_2026_piranhas" in result.stderr
