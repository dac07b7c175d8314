"""The Blokus 2021 engine benchmark runs on the repository's fixtures and prints its figures
(no timing assertions); without its positions file it says so in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from benchmarks import blokus_engine


def test_benchmark_prints_its_figures_from_the_default_positions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert blokus_engine.POSITIONS.is_file()
    assert blokus_engine.main(["--seconds", "0.01"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    figures = [re.fullmatch(r"(\w+): ([\d.]+)", line) for line in lines]
    assert [m.group(1) if m else None for m in figures] == [
        "movegen_per_s",
        "moves_per_s",
        "games_per_s",
        "plies_per_s",
        "native_movegen_per_s",
        "native_moves_per_s",
        "native_search_nodes_per_s",
    ]
    assert all(m and float(m.group(2)) > 0 for m in figures)


def test_benchmark_reports_a_missing_positions_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.jsonl.gz"
    assert blokus_engine.main(["--positions", str(missing), "--seconds", "0.01"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"cannot read positions {missing}: ")
