"""The 2026 engine benchmark runs and prints its figures (no timing assertions)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from benchmarks import piranhas2026_engine

from tests.socha.sochaenv import socha_python


def figures(out: str, count: int) -> dict[str, float]:
    lines = out.strip().splitlines()[-count:]
    found = [re.fullmatch(r"(\w+): ([\d.]+)", line) for line in lines]
    assert all(found), lines
    return {m.group(1): float(m.group(2)) for m in found if m}


def test_our_engine_alone(fixtures_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    positions = fixtures_dir / "piranhas-2026" / "positions.jsonl.gz"
    assert (
        piranhas2026_engine.main(
            [
                *("--positions", str(positions), "--seconds", "0.01", "--no-socha"),
                *("--native-search-ms", "5"),
            ]
        )
        == 0
    )
    result = figures(capsys.readouterr().out, 4)
    assert list(result) == [
        "movegen_per_s",
        "games_per_s",
        "native_movegen_per_s",
        "native_search_nodes_per_s",
    ]
    assert all(value > 0 for value in result.values())


def test_against_socha(fixtures_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # socha 4.3.9 in the socha tests' cached virtualenv (installed from PyPI when missing;
    # an unreachable PyPI fails this test with a clear message, never skips it)
    venv = socha_python("4.3.9").parent.parent
    positions = fixtures_dir / "piranhas-2026" / "positions.jsonl.gz"
    arguments = ["--positions", str(positions), "--seconds", "0.01", "--socha-venv", str(venv)]
    assert piranhas2026_engine.main([*arguments, "--native-search-ms", "5"]) == 0
    result = figures(capsys.readouterr().out, 8)
    assert list(result) == [
        "movegen_per_s",
        "games_per_s",
        "socha_movegen_per_s",
        "socha_games_per_s",
        "movegen_ratio",
        "games_ratio",
        "native_movegen_per_s",
        "native_search_nodes_per_s",
    ]
    assert all(value > 0 for value in result.values())


def test_a_missing_positions_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert piranhas2026_engine.main(["--positions", str(tmp_path / "none.jsonl.gz")]) == 2
    assert "cannot read positions" in capsys.readouterr().err


def test_an_unusable_socha_venv_is_reported(
    fixtures_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text("#!/bin/sh\nexit 1\n")
    (venv / "bin" / "python").chmod(0o755)
    positions = fixtures_dir / "piranhas-2026" / "positions.jsonl.gz"
    # a venv whose python cannot import socha and cannot be rebuilt over a file: reported
    (venv / "pyvenv.cfg").mkdir()
    code = piranhas2026_engine.main(
        ["--positions", str(positions), "--seconds", "0.01", "--socha-venv", str(venv)]
    )
    assert code == 2
    assert "socha: unavailable" in capsys.readouterr().err
