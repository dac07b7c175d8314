"""The engine benchmark script runs and prints its five figures (no timing assertions)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from benchmarks import piranhas_engine

from tests.conftest import fixture_file


def test_benchmark_prints_the_five_figures_last(
    fixtures_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    positions = fixture_file(fixtures_dir / "piranhas-2019", "positions.jsonl")
    arguments = ["--positions", str(positions), "--seconds", "0.01", "--native-search-ms", "5"]
    assert piranhas_engine.main(arguments) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    names = [re.fullmatch(r"(\w+): (\d+)", line) for line in lines[-5:]]
    assert [m.group(1) if m else None for m in names] == [
        "movegen_per_s",
        "games_per_s",
        "swarm_per_s",
        "native_movegen_per_s",
        "native_search_nodes_per_s",
    ]
    assert all(m and int(m.group(2)) > 0 for m in names)


def test_benchmark_reports_a_missing_positions_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert piranhas_engine.main(["--positions", str(tmp_path / "none.jsonl")]) == 2
    assert "cannot read positions" in capsys.readouterr().err
