"""The Blokus engine against the official 21.4.0 engine data (tests/fixtures/blokus-2021)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from botarena.conformance import blokus as conformance
from botarena.conformance.fixture_io import open_text
from tests.conftest import fixture_file


@pytest.fixture(scope="module")
def blokus_dir(fixtures_dir):
    return fixtures_dir / "blokus-2021"


def test_all_positions_match_the_official_engine(blokus_dir, capsys):
    """The whole positions file (1200 positions, about 3 s): legal move sets, verdicts,
    reason texts, after-states, points, winners and results."""
    code = conformance.main([str(fixture_file(blokus_dir, "positions.jsonl"))])
    out = capsys.readouterr()
    assert out.out.strip() == "blokus: 1200 positions, 0 mismatches", out.err
    assert code == 0


def test_all_games_replay_to_the_official_result(blokus_dir, capsys):
    code = conformance.main([str(fixture_file(blokus_dir, "games.jsonl"))])
    out = capsys.readouterr()
    assert out.out.strip() == "blokus: 60 positions, 0 mismatches", out.err
    assert code == 0


def _first_record_with(path: Path, predicate: Callable[[Any], bool]) -> Any:
    with open_text(path) as stream:
        for line in stream:
            record = json.loads(line)
            if predicate(record):
                return record
    raise AssertionError("no such record")


def _run_on(tmp_path: Path, capsys: Any, record: Any) -> tuple[int, Any]:
    path = tmp_path / "tampered.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code = conformance.main([str(path)])
    return code, capsys.readouterr()


def test_a_wrong_legal_move_set_is_a_mismatch(blokus_dir, tmp_path, capsys):
    record = _first_record_with(
        fixture_file(blokus_dir, "positions.jsonl"), lambda r: len(r["moves"]) > 1
    )
    record["moves"] = record["moves"][1:]
    code, out = _run_on(tmp_path, capsys, record)
    assert code == 1
    assert out.out.strip() == "blokus: 1 positions, 1 mismatches"
    assert "legal moves" in out.err


def test_a_wrong_reason_text_is_a_mismatch(blokus_dir, tmp_path, capsys):
    def has_invalid(record):
        return any(not c["valid"] and "cell_mistakes" not in c for c in record["candidates"])

    record = _first_record_with(fixture_file(blokus_dir, "positions.jsonl"), has_invalid)
    candidate = next(c for c in record["candidates"] if not c["valid"] and "cell_mistakes" not in c)
    candidate["reason"] += "!"
    code, out = _run_on(tmp_path, capsys, record)
    assert code == 1
    assert "reason" in out.err


def test_any_listed_cell_mistake_is_accepted_but_no_other(blokus_dir, tmp_path, capsys):
    record = _first_record_with(
        fixture_file(blokus_dir, "positions.jsonl"),
        lambda r: any("cell_mistakes" in c for c in r["candidates"]),
    )
    candidate = next(c for c in record["candidates"] if "cell_mistakes" in c)
    candidate["cell_mistakes"] = ["NO_SHARED_CORNER"]
    code, out = _run_on(tmp_path, capsys, record)
    assert code == 1
    assert "mistake" in out.err


def test_a_wrong_game_result_is_a_mismatch(blokus_dir, tmp_path, capsys):
    record = _first_record_with(fixture_file(blokus_dir, "games.jsonl"), lambda r: True)
    record["result"]["winners"] = ["ONE", "TWO", "ONE"]
    code, out = _run_on(tmp_path, capsys, record)
    assert code == 1
    assert "result" in out.err


def test_unusable_input_gives_a_clear_error(tmp_path, capsys):
    path = tmp_path / "other.jsonl"
    path.write_text('{"schema": "piranhas2019-position/1"}\n', encoding="utf-8")
    assert conformance.main([str(path)]) == 2
    assert "unknown schema" in capsys.readouterr().err
    assert conformance.main([str(tmp_path / "missing.jsonl")]) == 2
