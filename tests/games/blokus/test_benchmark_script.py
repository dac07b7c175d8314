"""The Blokus 2021 engine benchmark runs on the repository's fixtures and prints its figures
(no timing assertions); without its positions file it says so in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmarks import blokus_engine

from tests.games.blokus.helpers import assert_engine_figures


def test_benchmark_prints_its_figures_from_the_default_positions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert blokus_engine.POSITIONS.is_file()
    assert blokus_engine.main(["--seconds", "0.01"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert_engine_figures(lines)


def test_benchmark_reports_a_missing_positions_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.jsonl.gz"
    assert blokus_engine.main(["--positions", str(missing), "--seconds", "0.01"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"cannot read positions {missing}: ")
