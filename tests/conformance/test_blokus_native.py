"""The native Blokus core against the same official fixtures as the Python engine
(tests/fixtures/blokus-2021 and blokus-2027), through :mod:`botarena.conformance.blokus_native`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from botarena.conformance import blokus_native
from botarena.conformance.__main__ import NATIVE_MODES
from botarena.conformance.__main__ import main as conformance_main
from botarena.conformance.fixture_io import open_text, read_text
from tests.conftest import fixture_file


@pytest.fixture(scope="module")
def dir_2021(fixtures_dir: Path) -> Path:
    return fixtures_dir / "blokus-2021"


@pytest.fixture(scope="module")
def dir_2027(fixtures_dir: Path) -> Path:
    return fixtures_dir / "blokus-2027"


def test_every_2021_position_and_game_agrees_with_the_official_engine(dir_2021, capsys):
    code = blokus_native.main_2021(
        [str(fixture_file(dir_2021, "positions.jsonl")), str(fixture_file(dir_2021, "games.jsonl"))]
    )
    out = capsys.readouterr()
    assert out.out.strip() == "blokus: 1260 checked, 0 mismatches", out.err
    assert code == 0


def test_every_2027_position_and_game_agrees_with_socha(dir_2027, capsys):
    code = blokus_native.main_2027(
        [str(fixture_file(dir_2027, "positions.jsonl")), str(fixture_file(dir_2027, "games.jsonl"))]
    )
    out = capsys.readouterr()
    assert out.out.strip() == "blokus2027: 2249 checked, 0 mismatches", out.err
    assert code == 0


def test_a_missing_legal_move_is_a_mismatch(dir_2021, tmp_path, capsys):
    with open_text(fixture_file(dir_2021, "positions.jsonl")) as stream:
        record = next(r for r in map(json.loads, stream) if len(r["moves"]) > 1)
    record["moves"].append(["MONO", "NONE", False, 19, 19, [399]])
    record["moves"] = record["moves"][1:]
    path = tmp_path / "tampered.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code = blokus_native.main_2021([str(path)])
    out = capsys.readouterr()
    assert code == 1
    assert "legal moves" in out.err


def test_a_wrong_final_score_of_a_2027_game_is_a_mismatch(dir_2027, tmp_path, capsys):
    record = json.loads(read_text(fixture_file(dir_2027, "games.jsonl")).splitlines()[0])
    record["points"]["BLUE"] += 1
    path = tmp_path / "tampered.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code = blokus_native.main_2027([str(path)])
    out = capsys.readouterr()
    assert (code, out.out.strip()) == (1, "blokus2027: 1 checked, 1 mismatches")
    assert "points" in out.err


def test_both_blokus_modes_check_the_native_core_through_the_conformance_command(
    dir_2027, tmp_path, capsys
):
    record = json.loads(read_text(fixture_file(dir_2027, "games.jsonl")).splitlines()[0])
    record["points"]["BLUE"] += 1
    path = tmp_path / "tampered.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert conformance_main(["--engine", "native", "blokus2027", str(path)]) == 1
    assert capsys.readouterr().out.strip() == "blokus2027: 1 checked, 1 mismatches"
    assert NATIVE_MODES["blokus"] == "blokus_native:main_2021"
