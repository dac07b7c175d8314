from __future__ import annotations

import socket
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
