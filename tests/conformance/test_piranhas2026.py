"""The piranhas2026 conformance command on the socha 4.3.9 fixtures, and on broken input."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from botarena.conformance import piranhas2026
from botarena.conformance.__main__ import main as conformance_main
from botarena.conformance.fixture_io import open_text
from botarena.games.piranhas_2026.model import Mistake
from tests.conftest import fixture_file


def folder(fixtures_dir: Path) -> Path:
    return fixtures_dir / "piranhas-2026"


def last_line(out: str) -> str:
    return out.strip().splitlines()[-1]


def test_official_positions_have_no_mismatch(
    fixtures_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = conformance_main(["piranhas2026", str(folder(fixtures_dir) / "positions.jsonl.gz")])
    out = capsys.readouterr().out
    assert last_line(out) == "piranhas2026: 3925 checked, 0 mismatches"
    assert "MISMATCH" not in out
    assert code == 0


def test_official_games_have_no_mismatch(
    fixtures_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = conformance_main(
        ["piranhas2026", str(fixture_file(folder(fixtures_dir), "games.jsonl"))]
    )
    out = capsys.readouterr().out
    assert last_line(out) == "piranhas2026: 240 checked, 0 mismatches"
    assert code == 0


def first_lines(path: Path, count: int) -> list[str]:
    with open_text(path) as lines:
        return [next(lines).rstrip("\n") for _ in range(count)]


def tampered(source: Path, tmp_path: Path, index: int, change: Callable[[Any], Any]) -> Path:
    """The first lines of ``source`` with line ``index`` changed, as plain .jsonl."""
    lines = first_lines(source, 3)
    data = json.loads(lines[index])
    change(data)
    lines[index] = json.dumps(data, ensure_ascii=False)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _set_row(data: dict[str, Any], key: str, y: int, row: str) -> None:
    data[key][y] = row


POSITION_CHANGES: dict[str, Callable[[Any], Any]] = {
    "a legal move missing": lambda d: d["moves"].pop(),
    "an extra legal move": lambda d: d["moves"].append([5, 5, "UP"]),
    "swarm": lambda d: d["swarm"].update(ONE=d["swarm"]["ONE"] + 1),
    "connected": lambda d: d["connected"].update(TWO=True),
    "game over": lambda d: d.update(game_over=True),
    "after board": lambda d: _set_row(d["after"], "board", 5, "." * 10),
    "after firstUnion": lambda d: d["after"].update(first_union="TWO"),
    "state xml": lambda d: d.update(state_xml=d["state_xml"].replace('turn="1"', 'turn="3"')),
    "rejected text": lambda d: d.update(
        rejected=[{"move": [0, 1, "DOWN"], "message": "Zielfeld ist besetzt"}]
    ),
    "rejected legal": lambda d: d.update(rejected=[{"move": d["moves"][0]}]),
}


@pytest.mark.parametrize("change", POSITION_CHANGES.values(), ids=POSITION_CHANGES.keys())
def test_a_changed_position_fact_is_a_mismatch(
    fixtures_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: Callable[[Any], Any],
) -> None:
    path = tampered(folder(fixtures_dir) / "positions.jsonl.gz", tmp_path, 1, change)
    assert piranhas2026.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert last_line(out) == "piranhas2026: 3 checked, 1 mismatches"
    assert "MISMATCH line 2" in out


def test_rejected_moves_with_the_official_texts_pass(
    fixtures_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # line 1 is the start position of g0000 (ONE to move; (0, 1) holds ONE_M, (1, 0) TWO_M)
    rejected = [
        {"move": [1, 0, "UP"], "mistake": "WRONG_START", "message": Mistake.WRONG_START.message},
        {"move": [0, 1, "DOWN"], "mistake": "DESTINATION_OUT_OF_BOUNDS"},
        [0, 1, "LEFT", "Das Zielfeld liegt außerhalb des Spielfelds"],
    ]
    path = tampered(
        folder(fixtures_dir) / "positions.jsonl.gz",
        tmp_path,
        0,
        lambda d: d.update(rejected=rejected),
    )
    assert piranhas2026.main([str(path)]) == 0, capsys.readouterr().out


GAME_CHANGES: dict[str, Callable[[Any], Any]] = {
    "an illegal move": lambda d: d["moves"].insert(0, [5, 5, "UP"]),
    "a move after the end": lambda d: d["moves"].append(d["moves"][-2]),
    "final board": lambda d: _set_row(d, "final_board", 4, "." * 10),
    "winner": lambda d: d["result"].update(
        winner="TWO" if d["result"]["winner"] == "ONE" else "ONE"
    ),
    "scores": lambda d: d["result"]["scores"]["ONE"].__setitem__(1, 99),
}


@pytest.mark.parametrize("change", GAME_CHANGES.values(), ids=GAME_CHANGES.keys())
def test_a_changed_game_fact_is_a_mismatch(
    fixtures_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: Callable[[Any], Any],
) -> None:
    path = tampered(fixture_file(folder(fixtures_dir), "games.jsonl"), tmp_path, 2, change)
    assert piranhas2026.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert last_line(out) == "piranhas2026: 3 checked, 1 mismatches"
    assert "MISMATCH line 3 (game g0002)" in out


def test_a_board_mismatch_shows_a_row_diff(
    fixtures_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tampered(
        fixture_file(folder(fixtures_dir), "games.jsonl"),
        tmp_path,
        0,
        lambda d: _set_row(d, "final_board", 4, "." * 10),
    )
    assert piranhas2026.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "final board differs:" in out
    assert "row 4: ours" in out and "official .........." in out


def test_garbage_lines_are_mismatches_not_crashes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"schema": "other/1"}\nnot json\n[1, 2]\n'
        '{"schema": "piranhas2026-position/1"}\n{"schema": "piranhas2026-game/1"}\n'
    )
    assert piranhas2026.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert last_line(out) == "piranhas2026: 5 checked, 5 mismatches"
    assert "schema is 'other/1'" in out and "malformed line" in out


def test_missing_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert piranhas2026.main([str(tmp_path / "nope.jsonl.gz")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_mismatch_details_are_capped_without_verbose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    count = piranhas2026.MAX_REPORTED_MISMATCHES + 5
    path = tmp_path / "many.jsonl"
    path.write_text("x\n" * count)
    assert piranhas2026.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count("MISMATCH") == piranhas2026.MAX_REPORTED_MISMATCHES
    assert f"{count} mismatches" in out
    assert piranhas2026.main([str(path), "-v"]) == 1
    assert capsys.readouterr().out.count("MISMATCH") == count
