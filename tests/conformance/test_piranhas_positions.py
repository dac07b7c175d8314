"""The positions conformance command on the official fixtures, and on broken input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from botarena.conformance import piranhas_positions
from botarena.conformance.__main__ import main as conformance_main
from botarena.conformance.fixture_io import read_text
from tests.conftest import fixture_file


def positions_file(fixtures_dir: Path) -> Path:
    return fixture_file(fixtures_dir / "piranhas-2019", "positions.jsonl")


def test_official_positions_have_no_mismatch(
    fixtures_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = conformance_main(["positions", "-v", str(positions_file(fixtures_dir))])
    out = capsys.readouterr().out
    last = out.strip().splitlines()[-1]
    assert last == "positions: 1200 checked, 0 mismatches, 1 expected deviations"
    assert code == 0
    assert "MISMATCH" not in out
    # the one deviation is the blocked-player rule, listed with its reason in verbose mode
    assert "expected deviation line 840 (g0067, turn 58):" in out
    assert "BLUE has no legal move and loses (seed rule); 19.2.1 goes on" in out


def tampered(fixtures_dir: Path, tmp_path: Path, change) -> Path:
    lines = read_text(positions_file(fixtures_dir)).splitlines()[:3]
    data = json.loads(lines[1])
    change(data)
    lines[1] = json.dumps(data)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["moves"].pop(),
        lambda d: d["moves"][0].update(dist=d["moves"][0]["dist"] + 1),
        lambda d: d["moves"][0]["after"].update(turn=99),
        lambda d: d["swarm"].update(RED=d["swarm"]["RED"] + 1),
        lambda d: d.update(game_over=True, winner="RED", reason="Das Rundenlimit wurde erreicht."),
        lambda d: d["illegal_samples"][0].update(error="Field is obstructed"),
    ],
)
def test_a_changed_fact_is_a_mismatch(
    fixtures_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], change
) -> None:
    path = tampered(fixtures_dir, tmp_path, change)
    assert piranhas_positions.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        out.strip().splitlines()[-1] == "positions: 3 checked, 1 mismatches, 0 expected deviations"
    )
    assert "MISMATCH line 2" in out


def test_garbage_lines_are_mismatches_not_crashes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"schema": "other/1"}\nnot json\n[1, 2]\n{"schema": "piranhas2019-position/1"}\n'
    )
    assert piranhas_positions.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        out.strip().splitlines()[-1] == "positions: 4 checked, 4 mismatches, 0 expected deviations"
    )
    assert "schema is 'other/1'" in out and "malformed position" in out


def test_missing_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert piranhas_positions.main([str(tmp_path / "nope.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_mismatch_details_are_capped_without_verbose(
    fixtures_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    count = piranhas_positions.MAX_REPORTED_MISMATCHES + 5
    path = tmp_path / "many.jsonl"
    path.write_text("x\n" * count)
    assert piranhas_positions.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count("MISMATCH") == piranhas_positions.MAX_REPORTED_MISMATCHES
    assert f"{count} mismatches" in out
    assert piranhas_positions.main([str(path), "-v"]) == 1
    assert capsys.readouterr().out.count("MISMATCH") == count
