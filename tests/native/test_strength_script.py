"""benchmarks/strength.py: the summary from the results file, resuming from it, usage errors,
and one real pair (real bot processes, a tiny time limit)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from benchmarks import strength

from botarena.runner.record import GameRecord, SlotRecord

SETTINGS = {
    "game": "piranhas-2019",
    "opponent": "greedy",
    "time_ms": 100.0,
    "search_time_ms": None,
    "seed": 1,
}
ARGS = ["--game", "piranhas-2019", "--opponents", "greedy", "--time-ms", "100", "--seed", "1"]


def line(pair: int, index: int, strong_points: int, times: list[float], cause: str = "REGULAR"):
    """A results-file line: game ``index`` of ``pair``, ``strong`` scoring ``strong_points``
    (2 win, 1 draw, 0 loss) with move times ``times``."""
    record = GameRecord(
        index=index,
        seed=7,
        slots=[
            SlotRecord(bot="strong", cause=cause, match_points=strong_points),
            SlotRecord(bot="greedy", match_points=2 - strong_points),
        ],
        regular=cause == "REGULAR",
        pair=0,
        move_times_ms=[*times, 1.0],
        move_bots=["strong"] * len(times) + ["greedy"],
    )
    return {**SETTINGS, "pair": pair, "strong": "strong", "record": record.to_json()}


def write_lines(path: Path, lines: list[Any], tail: str = "") -> None:
    path.write_text("".join(json.dumps(item) + "\n" for item in lines) + tail, encoding="utf-8")


def test_a_match_is_summarised_from_the_results_lines() -> None:
    lines = [
        line(0, 0, 2, [100.0, 300.0]),
        line(0, 1, 2, [50.0]),
        line(1, 0, 1, [90.0]),
        line(1, 1, 0, [700.0], cause="SOFT_TIMEOUT"),
        line(2, 0, 2, [10.0]),
        line(2, 1, 0, [20.0]),
        line(3, 0, 2, [30.0]),  # an incomplete pair: counted in W/D/L, not in the Elo
    ]
    match = strength.match_of("greedy", lines)
    assert (match.games, match.wins, match.draws, match.losses) == (7, 4, 1, 2)
    assert (match.timeouts, match.irregular) == (1, 1)
    assert match.strong_max_ms == 700.0
    assert match.strong_avg_ms == pytest.approx(1300.0 / 8)
    assert match.elo == pytest.approx(58.5, abs=0.1)  # pairs of 2, 0.5 and 1 points: 3.5 / 6
    assert match.elo is not None and match.low is not None and match.high is not None
    assert match.low < 0 < match.elo < match.high
    assert strength.elo_text(match) == f"+58 [{match.low:+.0f}, {match.high:+.0f}]"


def test_a_clean_sweep_reports_its_one_sided_bound() -> None:
    wins = [line(pair, index, 2, [10.0]) for pair in range(20) for index in (0, 1)]
    assert strength.elo_text(strength.match_of("greedy", wins)) == ">= +444"
    losses = [line(pair, index, 0, [10.0]) for pair in range(11) for index in (0, 1)]
    assert strength.elo_text(strength.match_of("greedy", losses)) == "<= -334"
    # a sweep with an irregular game (here a timeout) gets no bound
    timeouts = [*wins[:-1], line(19, 1, 2, [10.0], cause="SOFT_TIMEOUT")]
    assert strength.elo_text(strength.match_of("greedy", timeouts)).startswith("n/a")


def test_a_complete_file_is_not_played_again_and_its_bad_lines_are_handled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.jsonl"
    other_settings = {**line(0, 0, 0, [5.0]), "time_ms": 2000.0}  # another measurement
    games = [line(0, 0, 2, [5.0]), line(0, 1, 1, [6.0])]
    write_lines(results, [*games, other_settings, {"not": "a game"}], tail='{"torn')
    assert strength.main([*ARGS, "--games", "2", "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "0 pairs to play" in out
    assert "1 lines of" in out and "not games of this script" in out
    assert "strength_greedy: +191\n" in out  # one pair (1.5 points): no interval
    table_row = next(row for row in out.splitlines() if row.startswith("greedy "))
    assert table_row.split()[1:5] == ["2", "1", "1", "0"]
    kept = [json.loads(row) for row in results.read_text(encoding="utf-8").splitlines()]
    assert kept == [*games, other_settings, {"not": "a game"}]  # the torn line dropped


def test_one_real_pair_is_played_appended_and_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """About 10 s: two Piranhas games of strong (100 ms) against greedy as bot processes."""
    results = tmp_path / "results.jsonl"
    argv = [*ARGS, "--games", "2", "--results", str(results), "--work", str(tmp_path)]
    assert strength.main(argv) == 0
    first = capsys.readouterr().out.splitlines()
    assert any("1 pairs to play" in row for row in first)
    assert any(row.startswith("# greedy pair 0: strong scores") for row in first)
    lines = [json.loads(row) for row in results.read_text(encoding="utf-8").splitlines()]
    assert [(item["pair"], item["record"]["index"]) for item in lines] == [(0, 0), (0, 1)]
    assert all(item["strong"] and strength.well_formed(item) for item in lines)
    irregular = not all(item["record"]["regular"] for item in lines)
    run = tmp_path / "greedy-100ms-seed1-pair0"
    assert run.exists() == irregular  # the bots' logs are kept for irregular games only
    summary = first[-2:]
    assert summary[0].startswith("greedy ") and summary[0].split()[1] == "2"
    assert summary[1].startswith("strength_greedy: ")
    # the rerun plays nothing and prints the same summary, from the file
    assert strength.main(argv) == 0
    second = capsys.readouterr().out.splitlines()
    assert any("0 pairs to play" in row for row in second)
    assert second[-2:] == summary
    assert len(results.read_text(encoding="utf-8").splitlines()) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "piranhas-2019", "--games", "3"], "--games must be even"),
        (["--game", "chess"], "chess"),
        (["--game", "piranhas-2019", "--jobs", "0"], "--jobs must be at least 1"),
        (["--game", "piranhas-2019", "--time-ms", "nan"], "--time-ms must be a positive"),
        (["--game", "piranhas-2019", "--opponents", "nobody"], "unknown opponents"),
        (["--game", "hase_und_igel-2018"], "has no strong player"),
    ],
)
def test_usage_errors(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        strength.main([*args, "--results", str(tmp_path / "r.jsonl")])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_an_unusable_results_path_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert strength.main([*ARGS, "--results", str(tmp_path)]) == 2  # a folder
    assert "cannot use --results" in capsys.readouterr().err
