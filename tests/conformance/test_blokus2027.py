"""The Blokus 2027 engine against socha 5.1.0's Rust core (tests/fixtures/blokus-2027)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from botarena.conformance import blokus2027 as conformance
from botarena.conformance.__main__ import main as dispatch
from botarena.conformance.fixture_io import open_text
from tests.conftest import fixture_file


@pytest.fixture(scope="module")
def blokus_dir(fixtures_dir):
    return fixtures_dir / "blokus-2027"


def test_all_positions_match_the_rust_core(blokus_dir, capsys):
    """2057 positions (about 5 s): legal sets, skips, move cells, after-states, points,
    game end, winners and scores."""
    code = conformance.main([str(blokus_dir / "positions.jsonl.gz")])
    out = capsys.readouterr()
    assert out.out.strip() == "blokus2027: 2057 checked, 0 mismatches", out.err
    assert code == 0


def test_all_games_replay_to_the_official_result(blokus_dir, capsys):
    code = dispatch(["blokus2027", str(fixture_file(blokus_dir, "games.jsonl"))])
    out = capsys.readouterr()
    assert out.out.strip() == "blokus2027: 192 checked, 0 mismatches", out.err
    assert code == 0


def _first_position(blokus_dir: Path, predicate: Callable[[Any], bool]) -> Any:
    with open_text(blokus_dir / "positions.jsonl.gz") as stream:
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


def test_a_missing_legal_move_is_a_mismatch(blokus_dir, tmp_path, capsys):
    record = _first_position(blokus_dir, lambda r: r.get("n_moves", 0) > 1)
    record["moves"] = record["moves"][1:]
    record["n_moves"] -= 1
    code, out = _run_on(tmp_path, capsys, record)
    assert code == 1
    assert out.out.strip() == "blokus2027: 1 checked, 1 mismatches"
    assert "1 extra" in out.err


def test_a_wrong_after_state_is_a_mismatch(blokus_dir, tmp_path, capsys):
    record = _first_position(blokus_dir, lambda r: "after" in r and r["ply"] > 4)
    record["after"]["valid_colors"] = record["after"]["valid_colors"][:-1]
    record["after"]["board"][0] = "B" * 20
    code, out = _run_on(tmp_path, capsys, record)
    assert code == 1
    assert "after.valid_colors" in out.err
    assert "board differs in rows [0" in out.err


def test_a_wrong_winner_is_a_mismatch(blokus_dir, tmp_path, capsys):
    record = _first_position(blokus_dir, lambda r: r["phase"] == "final")
    record["result"]["winner"] = {"ONE": "TWO", "TWO": "ONE", None: "ONE"}[
        record["result"]["winner"]
    ]
    code, out = _run_on(tmp_path, capsys, record)
    assert code == 1
    assert "result" in out.err


def test_a_rejected_official_game_move_is_a_mismatch(blokus_dir, tmp_path, capsys):
    with open_text(fixture_file(blokus_dir, "games.jsonl")) as stream:
        record = json.loads(stream.readline())
    record["moves"][1] = record["moves"][0]  # BLUE again instead of YELLOW
    code, out = _run_on(tmp_path, capsys, record)
    assert code == 1
    assert "ply 1: rejected the official move" in out.err
    assert "Nur eigene Spielfiguren" in out.err


def test_unusable_input_gives_a_clear_error(tmp_path, capsys):
    path = tmp_path / "other.jsonl"
    path.write_text('{"schema": "blokus2021-position/1"}\n', encoding="utf-8")
    assert conformance.main([str(path)]) == 2
    assert "unknown schema" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"schema": "blokus2027-game/1", "start_piece": "PENTO_L", "moves": ["set:BLUE"]}\n',
        encoding="utf-8",
    )
    assert conformance.main([str(bad)]) == 2
    assert "not a move in short notation" in capsys.readouterr().err
    assert conformance.main([str(tmp_path / "missing.jsonl.gz")]) == 2


def test_only_the_first_differences_are_printed(blokus_dir, tmp_path, capsys):
    record = _first_position(blokus_dir, lambda r: r["phase"] == "final")
    record["points"] = {color: -1 for color in record["points"]}
    path = tmp_path / "many.jsonl"
    extra = 5
    count = conformance.MAX_REPORTED + extra
    path.write_text((json.dumps(record) + "\n") * count, encoding="utf-8")
    assert conformance.main([str(path)]) == 1
    out = capsys.readouterr()
    assert out.out.strip() == f"blokus2027: {count} checked, {count} mismatches"
    lines = out.err.strip().splitlines()
    assert len(lines) == conformance.MAX_REPORTED + 1
    assert lines[-1] == f"... {extra} more differences"
