"""The Blokus 2027 benchmark script runs and prints its figures (no timing assertions).

The socha side needs a virtualenv with socha 5.1.0 from PyPI; these tests run only our side.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from benchmarks import blokus2027_engine

from tests.games.blokus.helpers import assert_engine_figures


def test_benchmark_prints_our_figures(fixtures_dir: Path, capsys: pytest.CaptureFixture[str]):
    positions = fixtures_dir / "blokus-2027" / "positions.jsonl.gz"
    code = blokus2027_engine.main(
        ["--positions", str(positions), "--seconds", "0.01", "--no-socha"]
    )
    assert code == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "positions: 1865"
    assert_engine_figures(lines[1:])


def test_benchmark_reports_a_missing_positions_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    assert blokus2027_engine.main(["--positions", str(tmp_path / "none.jsonl.gz")]) == 2
    assert "cannot read positions" in capsys.readouterr().err


def test_the_socha_side_script_says_in_one_line_what_it_needs():
    """Run by hand outside socha's virtualenv (or without its arguments) it names what it
    needs instead of a traceback."""
    script = Path(blokus2027_engine.__file__).with_name("blokus2027_socha_measure.py")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "socha==5.1.0" in done.stderr
    assert "POSITIONS.jsonl.gz SECONDS SEED" in done.stderr
