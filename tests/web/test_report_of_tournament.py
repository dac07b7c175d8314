"""The web report of a tournament folder shows the figures of the tournament's own
standings (it once read only the runner's record shape: every bot 0 games, Elo 0)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from botarena.web.replays import FileRoots
from botarena.web.reports import build_report


def tournament(out: Path, *args: str) -> dict[str, Any]:
    """A real ``botarena tournament`` run; the standings it wrote."""
    command = [sys.executable, "-m", "botarena", "tournament", *args, "--seed", "7"]
    command += ["--out", str(out), "--concurrency", "2", "--connect-timeout", "20"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    standings: dict[str, Any] = json.loads((out / "standings.json").read_text())
    return standings


def web_rows(out: Path) -> dict[str, dict[str, Any]]:
    report = build_report(out, FileRoots.of([out.parent]), out / "games.jsonl")
    assert report["skipped"] == []
    return {row["bot"]: row for row in report["bots"]}


@pytest.mark.parametrize(
    ("args", "elo"),
    [
        (["piranhas-2019", "a=random", "b=greedy", "c=random"], True),
        (["maumau", "--table-size", "3", "a=random", "b=heuristic", "c=random"], False),
    ],
)
def test_the_web_report_of_a_tournament_shows_its_standings(
    tmp_path: Path, args: list[str], elo: bool
) -> None:
    standings = tournament(tmp_path / "t", *args, "--games-per-pairing", "1")
    rows = web_rows(tmp_path / "t")
    assert sorted(rows) == ["a", "b", "c"]
    for row in standings["standings"]:
        web = rows[row["bot"]]
        assert web["games"] == row["games"] > 0
        assert (web["wins"], web["draws"], web["losses"]) == (
            row["wins"],
            row["draws"],
            row["losses"],
        )
        assert web["points"] == row["points"]
        if elo:
            rating = standings["ratings"]["elo"]["bots"][row["bot"]]
            assert web["elo"] == pytest.approx(rating["elo"], abs=0.1)  # the web rounds to 0.1
            assert web["ci"] == pytest.approx(
                rating["high"] - rating["elo"], abs=0.1
            )  # the web rounds to 0.1
        else:  # tables of three seats: the tournament rates them with OpenSkill, no Elo
            assert "elo" not in standings["ratings"] and web["elo"] is None
