"""The runner's move times: every record has the charged and the raw time of each move and
its near misses, the end table shows them; per-bot pacing; options a running server cannot
take are refused, not ignored."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.league.entrants import Entrant, parse_entrants
from botarena.league.formats import FormatError
from botarena.league.tournament import paced
from botarena.move_clock_limits import MAX_PACE_MS
from botarena.runner.endtable import end_table
from botarena.runner.record import GameRecord
from botarena.runner.run import RunConfig, run_test
from tests.runner.test_runner import bot, run


def test_records_hold_charged_and_raw_times_and_the_paced_bot(tmp_path: Path):
    summary, output = run(tmp_path, bot("random"), bot("random"), pace_ms=(3, 0), move_grace_ms=0)
    labels = [b["label"] for b in summary["settings"]["bots"]]
    assert summary["settings"]["pace_ms"] == {labels[0]: 3}
    assert summary["settings"]["move_grace_ms"] == 0
    for game in summary["games"]:
        assert game["regular"], game["cause"]
        assert game["moves"] == len(game["move_times_ms"]) == len(game["move_raw_ms"]) > 0
        assert game["move_times_ms"] == game["move_raw_ms"]  # no grace: charged = raw
        assert game["near_misses"] == []
    assert "max raw ms" in output and "near misses" in output


def test_with_the_default_grace_no_move_is_charged_more_than_its_raw_time(tmp_path: Path):
    summary, _ = run(tmp_path, "random", "greedy", game="piranhas-2026", games=1)
    [game] = summary["games"]
    pairs = list(zip(game["move_times_ms"], game["move_raw_ms"], strict=True))
    assert pairs and all(charged <= raw for charged, raw in pairs)
    # each seat's first request gets two graces of 350 ms, the later ones one
    graces = [700.0, 700.0] + [350.0] * (len(pairs) - 2)
    for (charged, raw), grace in zip(pairs, graces, strict=True):
        assert charged == pytest.approx(max(0.0, raw - grace), abs=0.002)


def _record(near: list[int]) -> GameRecord:
    return GameRecord(
        index=0,
        seed=1,
        slots=[],
        bot_scores={"a": 1.0, "b": 0.0},
        move_bots=["a", "b", "a"],
        move_times_ms=[1900.0, 3.0, 10.0],
        move_raw_ms=[2150.0, 253.0, 260.0],
        move_cpu_ms=[1850.0, None, 9.0],  # b's move was not metered
        near_misses=near,
        moves=3,
    )


def test_the_end_table_shows_raw_and_cpu_times_and_counts_near_misses():
    table = end_table({0: _record([0]), 1: _record([])}, ("a", "b"))
    header, row_a, row_b = table[:3]
    assert header.endswith("max raw ms avg cpu ms max cpu ms near misses")
    assert row_a.split()[-5:] == ["1900.0", "2150.0", "929.5", "1850.0", "1"]
    assert row_b.split()[-5:] == ["3.0", "253.0", "n/a", "n/a", "0"]
    assert any(line.startswith("near misses: 1 moves") for line in table)
    quiet = end_table({0: _record([])}, ("a", "b"))
    assert not any(line.startswith("near misses:") for line in quiet)


@pytest.mark.parametrize(
    "option",
    [
        ["--soft-timeout-ms", "4000"],
        ["--hard-timeout-ms", "20000"],
        ["--move-grace-ms", "300"],
        ["--pace-ms-a", "20"],
        ["--pace-ms-b", "20"],
    ],
)
def test_options_a_running_server_cannot_take_stop_the_run(option: list[str], tmp_path: Path):
    # the port is never contacted: the run stops before it connects
    arguments = ["test", "--server", "127.0.0.1:9", "--out", str(tmp_path / "run"), *option]
    result = CliRunner().invoke(cli, [*arguments, "random", "random"])
    assert result.exit_code == 2, result.output
    assert f"{option[0]} cannot reach the server 127.0.0.1:9" in result.output
    assert "admin protocol has no request for timeouts" in result.output
    assert not (tmp_path / "run").exists()


def test_the_run_api_refuses_them_too(tmp_path: Path):
    config = RunConfig(
        game="piranhas",
        bot_a="random",
        bot_b="random",
        server="127.0.0.1:9",
        soft_timeout_ms=4000,
        out_dir=tmp_path / "run",
    )
    import asyncio  # noqa: PLC0415

    with pytest.raises(ValueError, match="--soft-timeout-ms cannot reach the server"):
        asyncio.run(run_test(config))


def test_grace_and_pace_options_have_named_limits(tmp_path: Path):
    too_slow = ["test", "--pace-ms-a", str(MAX_PACE_MS + 1), "random", "random"]
    result = CliRunner().invoke(cli, too_slow)
    assert result.exit_code == 2 and "--pace-ms-a" in result.output
    result = CliRunner().invoke(cli, ["test", "--move-grace-ms", "-1", "random", "random"])
    assert result.exit_code == 2 and "--move-grace-ms" in result.output
    result = CliRunner().invoke(cli, ["serve", "--no-web", "--pace-client", "cpp"])
    assert result.exit_code == 2 and "--pace-client needs --pace-ms" in result.output


def test_tournament_pace_goes_to_the_named_bot_only():
    entrants = parse_entrants("piranhas-2019", ["cpp=random", "random"])
    with_pace = paced(entrants, {"cpp": 20}, "piranhas-2019")
    assert [(e.label, e.pace_ms) for e in with_pace] == [("cpp", 20), ("random", 0)]
    assert Entrant.from_json(with_pace[0].to_json()) == with_pace[0]
    with pytest.raises(FormatError, match="--pace names no bot of this tournament: nobody"):
        paced(entrants, {"nobody": 20}, "piranhas-2019")
    with pytest.raises(FormatError, match="not maumau"):
        paced(parse_entrants("maumau", ["random", "heuristic"]), {"random": 5}, "maumau")
    result = CliRunner().invoke(cli, ["tournament", "piranhas", "random", "greedy", "--pace", "x"])
    assert result.exit_code == 2 and "expected LABEL=MS" in result.output
