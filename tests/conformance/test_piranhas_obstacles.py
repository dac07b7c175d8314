"""The obstacles conformance command on the official boards, and on broken boards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from botarena.conformance import piranhas_obstacles
from botarena.conformance.__main__ import main as conformance_main
from botarena.games.piranhas import PiranhasState


def test_official_boards_satisfy_the_constraints(
    fixtures_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fixtures_dir / "piranhas-2019" / "obstacles.jsonl"
    assert conformance_main(["obstacles", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("obstacles: 120 checked, 0 mismatches, ")
    assert last.endswith(" of 340 possible")


def test_there_are_340_generable_pairs() -> None:
    assert len(piranhas_obstacles.GENERABLE_PAIRS) == 340


def board(obstacles) -> str:
    fields = PiranhasState.start([tuple(o) for o in obstacles if min(o) >= 0 and max(o) <= 9])
    return json.dumps(
        {
            "schema": "piranhas2019-obstacles/1",
            "index": 0,
            "obstacles": obstacles,
            "fields_by_x": fields.fields_by_x(),
        }
    )


@pytest.mark.parametrize(
    ("obstacles", "problem"),
    [
        ([[2, 2], [4, 4]], "share a column, row or diagonal"),  # rising diagonal
        ([[2, 7], [4, 5]], "share a column, row or diagonal"),  # falling diagonal
        ([[3, 2], [3, 6]], "share a column, row or diagonal"),
        ([[1, 4], [5, 5]], "outside the inner area"),
        ([[3, 3]], "expected 2 obstacles, found 1"),
    ],
)
def test_broken_boards_are_mismatches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], obstacles, problem: str
) -> None:
    path = tmp_path / "boards.jsonl"
    path.write_text(board([[2, 3], [5, 7]]) + "\n" + board(obstacles) + "\n")
    assert piranhas_obstacles.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH line 2" in out and problem in out
    assert "obstacles: 2 checked, 1 mismatches" in out


def test_fields_must_show_the_obstacles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(board([[2, 3], [5, 7]]))
    data["obstacles"] = [[2, 4], [5, 7]]
    path = tmp_path / "boards.jsonl"
    path.write_text(json.dumps(data) + "\nnot json\n")
    assert piranhas_obstacles.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "not the start position" in out and "malformed board" in out
    assert "obstacles: 2 checked, 2 mismatches" in out
