"""``--clock cpu`` with real bot processes on a loaded machine: a bot charged by its CPU
time completes its games where wall time would be unfair, one over the limit by CPU times
out, and a move the machine stalls (low CPU, past the wall cap) ends as an infra error that
``botarena test`` plays again with the same seed. The machine's two cores are kept busy by
busy-loop processes the test starts and kills."""

from __future__ import annotations

import asyncio
import io
import json
import sys
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from botarena.cli import cli
from botarena.confine import Confinement
from botarena.league.jobs import JobLimits
from botarena.runner.driver import DriverLimits
from botarena.runner.limits import MAX_INFRA_ERROR_REPLAYS
from botarena.runner.play import play_one
from botarena.runner.run import RunConfig, run_test
from botarena.runner.store import StoreError
from botarena.web.replays import FileRoots
from botarena.web.reports import build_report
from tests.cpu_load import busy_loops
from tests.league.helpers import games_of, standings_of
from tests.league.helpers import run as league_run

BOT = Path(__file__).parents[1] / "runner" / "bots" / "piranhas_bot.py"
CPU = DriverLimits(connect_timeout_s=30.0, game_timeout_s=120.0, exit_grace_s=2.0, clock="cpu")
CPU_READING_SHARE = 0.9
"""The least share of a move's precisely burnt CPU time that the charged reading shows (a
fresh clone under load read 1170 ms of a 1200 ms burn)."""
BUSY_LOOPS = 2
"""One per core of the machine these tests were made on."""


@pytest.fixture
def loaded_cores() -> Iterator[None]:
    """``BUSY_LOOPS`` busy loops at the bots' priority for the whole test."""
    with busy_loops(BUSY_LOOPS):
        yield


def run(tmp_path: Path, mode: str, games: int, **settings: Any) -> tuple[dict[str, Any], str]:
    """A run of the bot in ``mode`` against the random bot; its summary and its output."""
    output = io.StringIO()
    config = RunConfig(
        game="piranhas-2019",
        bot_a=f"{sys.executable} {BOT} {mode}",
        bot_b=f"{sys.executable} {BOT} random",
        games=games,
        concurrency=1,
        seed=11,
        out_dir=tmp_path / "run",
        limits=CPU,
        **settings,
    )
    asyncio.run(run_test(config, Console(file=output, width=200)))
    summary: dict[str, Any] = json.loads((tmp_path / "run" / "summary.json").read_text())
    return summary, output.getvalue()


def slots_of(summary: dict[str, Any], index: int) -> list[dict[str, Any]]:
    label = summary["settings"]["bots"][index]["label"]
    return [slot for game in summary["games"] for slot in game["slots"] if slot["bot"] == label]


@pytest.mark.usefixtures("loaded_cores")
def test_a_bot_using_1_2_s_of_cpu_per_move_completes_every_game_under_load(tmp_path):
    summary, output = run(tmp_path, "burn:1.2:3", 2, confinement=Confinement("rlimit"))
    assert len(summary["games"]) == 2 and all(game["regular"] for game in summary["games"])
    label = summary["settings"]["bots"][0]["label"]
    for game in summary["games"]:
        assert game["clock"] == "cpu"
        own = [index for index, bot in enumerate(game["move_bots"]) if bot == label][:3]
        burnt = [game["move_cpu_ms"][index] for index in own]
        # /proc's utime + stime are tick-sampled and scaled to the scheduler's runtime: under
        # load two readings can miss several ticks of the bot's precise process_time
        assert all(1200.0 * CPU_READING_SHARE <= cpu < 2000.0 for cpu in burnt), burnt
        assert [game["move_times_ms"][index] for index in own] == burnt  # what was charged
        assert all(slot["peak_memory_mb"] > 0 for slot in game["slots"])  # T2 measured it
    assert "avg cpu ms" in output


@pytest.mark.usefixtures("loaded_cores")
def test_a_bot_using_3_s_of_cpu_per_move_times_out(tmp_path):
    summary, _output = run(tmp_path, "burn:3:1", 1, confinement=Confinement("rlimit"))
    [slot] = slots_of(summary, 0)
    # SOFT: it answered after 3 s of CPU; HARD: the machine gave it under 30 % of a core, so
    # at the wall cap (10 s) it had used more than 2 s: a timeout either way, its own
    assert slot["cause"] in ("SOFT_TIMEOUT", "HARD_TIMEOUT"), slot
    [game] = summary["games"]
    assert not game.get("infra_error")


def test_a_stalled_move_is_an_infra_error_and_is_played_again(tmp_path):
    marker = tmp_path / "stalled-once"
    summary, output = run(tmp_path, f"stall_once:{marker}", 1, soft_timeout_ms=400)
    [game] = summary["games"]
    assert marker.exists() and game["regular"] and game["infra_replays"] == 1
    assert game["slots"][0]["log"].startswith("games/game-000000-replay1/")
    assert (tmp_path / "run" / "games" / "game-000000").is_dir()  # the spoiled try's files
    assert "infra_error" in output and "1 games played again with the same seed" in output
    assert summary["statistics"]["infra_replays"] == 1
    assert summary["statistics"]["infra_errors"] == 0


def test_a_game_stalled_at_every_try_stays_an_infra_error_and_is_not_rated(tmp_path):
    summary, output = run(tmp_path, "stall", 1, soft_timeout_ms=400)
    [game] = summary["games"]
    assert game["infra_error"] and game["infra_replays"] == MAX_INFRA_ERROR_REPLAYS
    assert game["winner"] is None and all(s["match_points"] is None for s in game["slots"])
    causes = sorted(slot["cause"] for slot in game["slots"])
    assert causes == ["INFRA_ERROR", "REGULAR"]
    statistics = summary["statistics"]
    assert statistics["infra_errors"] == 1 and statistics["wins"] + statistics["losses"] == 0
    assert f"not rated: game 0 (stalled: {summary['settings']['bots'][0]['label']})" in output
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the plot of no rated game is drawn without a legend
        report = build_report(tmp_path / "run", FileRoots.of([tmp_path]), tmp_path / "run")
    assert report["causes"] == {}  # the bots did nothing wrong
    assert "not rated: game 0" in report["infraErrors"][-1]
    assert report["games"][0]["outcome"] == "infra error, not rated"


def test_clock_cpu_is_refused_for_a_server_elsewhere():
    result = CliRunner().invoke(
        cli, ["test", "piranhas", "random", "random", "--server", "127.0.0.1:1", "--clock", "cpu"]
    )
    assert result.exit_code == 2
    assert "--clock cpu cannot reach the server 127.0.0.1:1" in result.output


def test_a_tournament_plays_a_stalled_game_again_and_rates_only_the_replay(tmp_path):
    marker = tmp_path / "stalled-once"
    out = tmp_path / "t"
    bots = [f"staller={sys.executable} {BOT} stall_once:{marker}", "random"]
    limits = JobLimits(connect_timeout_s=30.0, game_timeout_s=120.0, exit_grace_s=2.0, clock="cpu")
    outcome = league_run(out, "piranhas-2019", "roundrobin", bots, limits=limits, concurrency=1)
    assert outcome.complete and marker.exists()
    games = games_of(out)
    assert sorted(game.get("infra_replays", 0) for game in games) == [0, 1]
    assert not any(game.get("infra_error") for game in games)
    assert all(game["clock"] == "cpu" and game["move_cpu_ms"] for game in games)
    rows = standings_of(out)["standings"]
    assert sum(row["games"] for row in rows) == 2 * len(games)  # every game rated, once


def test_clock_cpu_is_refused_for_mau_mau_whose_server_times_turns_by_the_wall_clock():
    result = CliRunner().invoke(cli, ["tournament", "maumau", "random", "random", "--clock", "cpu"])
    assert result.exit_code == 2 and "--move-timeout" in result.output


def test_a_run_resumes_only_with_its_own_clock(tmp_path):
    first = RunConfig("piranhas-2019", "random", "random", games=2, seed=3, out_dir=tmp_path / "r")
    asyncio.run(run_test(replace(first, stop_after=1), Console(file=io.StringIO())))
    other = replace(first, resume=True, limits=CPU)
    with pytest.raises(StoreError, match="clock 'wall' \\(given: 'cpu'\\)"):
        asyncio.run(run_test(other, Console(file=io.StringIO())))


def test_play_takes_the_cpu_clock_a_stalled_move_ends_as_an_infra_error():
    lines: list[str] = []
    stalled = f"{sys.executable} {BOT} stall"
    play_one("piranhas-2019", stalled, "random", seed=5, echo=lines.append, clock="cpu")
    assert any("INFRA_ERROR" in line and "infra_error" in line for line in lines), lines
