"""The Mau-Mau K.O. tournament: bracket, byes, best-of matches, transcripts, resume."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from botarena.conformance import maumau as conformance
from botarena.core import Outcome, SeededRandom
from botarena.runner import maumau_tournament
from botarena.runner.maumau_tournament import (
    Entrant,
    _decide_undecided,
    first_round,
    main,
    parse_entrants,
)
from botarena.server.maumau import GameRecord
from tests.conftest import REPO_ROOT

EIGHT = ["heuristic", "heuristic", "random", "random", "heuristic", "random", "heuristic", "random"]


def run_tournament(out: Path, *args: str) -> dict[str, Any]:
    assert main([*args, "--out", str(out)]) == 0
    summary: dict[str, Any] = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return summary


def test_eight_builtin_bots_play_to_a_champion(tmp_path, capsys):
    summary = run_tournament(tmp_path, *EIGHT, "--seed", "3")
    assert capsys.readouterr().out.strip().endswith(f"champion: {summary['champion']}")
    rounds = summary["rounds"]
    assert [len(matches) for matches in rounds] == [4, 2, 1]
    assert summary["champion"] == rounds[-1][0]["winner"]
    for matches in rounds:
        for match in matches:
            assert max(match["score"]) == 3  # best of 5
            assert match["winner"] == (match["a"] if match["score"][0] == 3 else match["b"])
    bracket = json.loads((tmp_path / "bracket.json").read_text(encoding="utf-8"))
    games = [g for matches in bracket["rounds"] for m in matches for g in m["games"]]
    assert games and all((tmp_path / g["transcript"]).is_file() for g in games)
    # first seat alternates inside a match
    first_match = bracket["rounds"][0][0]["games"]
    assert [g["first"] for g in first_match[:2]] == [
        bracket["rounds"][0][0]["a"],
        bracket["rounds"][0][0]["b"],
    ]


def test_same_seed_same_tournament(tmp_path):
    one = run_tournament(tmp_path / "one", *EIGHT[:4], "--seed", "9", "--best-of", "3")
    two = run_tournament(tmp_path / "two", *EIGHT[:4], "--seed", "9", "--best-of", "3")
    assert one == two


def test_byes_pad_the_bracket_to_a_power_of_two():
    entrants = parse_entrants(["random"] * 5)
    assert [e.name for e in entrants] == ["random", "random-2", "random-3", "random-4", "random-5"]
    matches = first_round(entrants, SeededRandom(1))
    assert len(matches) == 4
    assert sum(1 for m in matches if m.b is None) == 3
    seated = [name for m in matches for name in (m.a, m.b) if name]
    assert sorted(seated) == sorted(e.name for e in entrants)


def test_five_bots_with_byes_reach_a_champion(tmp_path):
    summary = run_tournament(tmp_path, *EIGHT[:5], "--seed", "4", "--best-of", "1")
    byes = [m for m in summary["rounds"][0] if m["b"] is None]
    assert len(byes) == 3 and all(m["games"] == 0 for m in byes)
    assert summary["champion"] in summary["entrants"]


def test_resume_finishes_an_interrupted_tournament(tmp_path):
    run_tournament(tmp_path, *EIGHT[:4], "--seed", "5", "--best-of", "3")
    bracket_path = tmp_path / "bracket.json"
    bracket = json.loads(bracket_path.read_text(encoding="utf-8"))
    first_round_games = json.dumps(bracket["rounds"][0])
    bracket["rounds"][-1][0]["games"] = []  # the final was interrupted
    bracket["rounds"][-1][0]["winner"] = None
    bracket["champion"] = None
    bracket_path.write_text(json.dumps(bracket), encoding="utf-8")
    assert main(["--resume", "--out", str(tmp_path)]) == 0
    resumed = json.loads(bracket_path.read_text(encoding="utf-8"))
    assert json.dumps(resumed["rounds"][0]) == first_round_games  # not replayed
    assert resumed["champion"] is not None and resumed["rounds"][-1][0]["games"]


def test_transcripts_replay_through_the_conformance_command(tmp_path):
    run_tournament(tmp_path, "heuristic", "random", "--seed", "2", "--best-of", "1")
    (transcript,) = sorted((tmp_path / "games").glob("*.jsonl"))
    report = asyncio.run(conformance.replay(conformance.load(transcript), fixed=True))
    assert report.compared > 20 and report.differ == 0 and report.expected_deviations == 0


def test_external_bot_commands_take_part(tmp_path):
    example = REPO_ROOT / "examples" / "maumau_bot.py"
    command = f"example={sys.executable} {example} --host {{host}} --port {{port}} --name {{name}}"
    summary = run_tournament(tmp_path, command, "random", "--seed", "1", "--best-of", "1")
    assert set(summary["entrants"]) == {"example", "random"}
    bracket = json.loads((tmp_path / "bracket.json").read_text(encoding="utf-8"))
    (game,) = bracket["rounds"][0][0]["games"]
    assert game["ending"] == "empty_hand" and game["winner"] in ("example", "random")


def _record(plays: list[int]) -> GameRecord:
    return GameRecord(0, 1, ["a", "b"], Outcome(None), "turn_cap", 1000, plays, [3, 3])


def test_twice_undecided_game_goes_to_more_plays_then_to_the_second_mover():
    assert _decide_undecided(_record([5, 3]), "a", "b") == "a"
    assert _decide_undecided(_record([3, 5]), "a", "b") == "b"
    assert _decide_undecided(_record([4, 4]), "a", "b") == "b"
    assert _decide_undecided(None, "a", "b") == "b"


@pytest.mark.parametrize("args", [["random", "--best-of", "2"], ["random"], ["--resume"]])
def test_bad_arguments_are_clear_errors(args, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_entrant_builtin_flag():
    assert Entrant("x", "heuristic").builtin and not Entrant("y", "python bot.py").builtin


def test_a_bot_that_never_connects_loses_its_games(tmp_path, monkeypatch):
    monkeypatch.setattr(maumau_tournament, "BOT_CONNECT_TIMEOUT", 0.5)
    sleeper = f"sleeper={sys.executable} -c 'import time; time.sleep(30)'"
    summary = run_tournament(tmp_path, sleeper, "random", "--seed", "1", "--best-of", "1")
    assert summary["champion"] in ("sleeper", "random")
    bracket = json.loads((tmp_path / "bracket.json").read_text(encoding="utf-8"))
    (game,) = bracket["rounds"][0][0]["games"]
    assert game["ending"] == "abandoned" and game["replay_of_undecided"]
    assert game["winner"] == game["second"]  # documented rule for twice-undecided games
