"""A newcomer's first hour, README line by line: the README bot under ``botarena test``,
broken bots that stop the run, the end table, replays, orphans and display names."""

from __future__ import annotations

import gzip
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.runner.bot_logs import CONNECT_HINT
from botarena.runner.bots import parse_bot
from botarena.runner.driver import DriverLimits
from botarena.runner.endtable import end_table
from botarena.runner.limits import MAX_STARTUP_FAILURES
from botarena.runner.record import GameRecord
from botarena.runner.report import status_line
from tests.runner.test_runner import SLOW_START_S, bot, run
from tests.test_readme_walkthrough import readme_bot


def test_the_readme_bot_plays_under_botarena_test_unchanged(tmp_path):
    script = readme_bot(tmp_path)
    # as the README runs it: `botarena test "python3 my_bot.py" ...` (default game: piranhas)
    summary, output = run(
        tmp_path, f"{sys.executable} {script}", "random", games=2, game="piranhas"
    )
    games = summary["games"]
    assert len(games) == 2 and all(g["regular"] for g in games), games
    assert all(sum(g["bot_scores"].values()) == 1 for g in games)
    assert "my_bot.py" in output  # the end table names it


def test_the_readme_bot_plays_persistent_with_reservations_stdin(tmp_path):
    script = readme_bot(tmp_path)
    command = f"{sys.executable} {script}"
    summary, _ = run(tmp_path, command, "random", games=4, persistent=True, game="piranhas")
    games = summary["games"]
    assert len(games) == 4 and all(g["regular"] for g in games), games
    logs = {slot["log"] for g in games for slot in g["slots"] if slot["bot"] == "my_bot.py"}
    assert len(logs) <= 2  # one process per lane, many games each


def test_a_bot_that_exits_before_connecting_gets_the_likely_cause(tmp_path):
    summary, output = run(tmp_path, bot("crash_start"), bot("random"))
    assert CONNECT_HINT in " ".join(output.split())  # rich wraps long lines
    assert CONNECT_HINT in summary["games"][0]["cause"]


def failing_script(tmp_path: Path) -> Path:
    script = tmp_path / "nope.sh"
    script.write_text("#!/bin/sh\necho 'I cannot play' >&2\nexit 1\n")
    script.chmod(0o755)
    return script


def test_a_bot_that_keeps_failing_to_start_stops_the_run_with_exit_code_1(tmp_path):
    script = failing_script(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli, ["test", "-n", "20", "--concurrency", "1", "--out", str(out), "random", str(script)]
    )
    assert result.exit_code == 1, result.output
    assert f"could not start or connect in {MAX_STARTUP_FAILURES} games in a row" in result.output
    assert "bot nope.sh" in result.output
    lines = (out / "games.jsonl").read_text().splitlines()
    assert len(lines) == MAX_STARTUP_FAILURES  # stopped early, not 20 games
    assert "stopped before the end" not in result.output  # resuming would repeat it


def test_a_clean_run_exits_0(tmp_path):
    result = CliRunner().invoke(
        cli, ["test", "-n", "2", "--out", str(tmp_path / "o"), bot("random"), "random"]
    )
    assert result.exit_code == 0, result.output


def test_an_unknown_bot_name_suggests_the_built_in_names():
    with pytest.raises(ValueError, match=r"did you mean 'random'\?.*random, greedy, search"):
        parse_bot("randon", "piranhas", "randon")
    result = CliRunner().invoke(cli, ["test", "-n", "2", "random", "./no-such-bot.sh"])
    assert result.exit_code != 0
    assert "neither a built-in player nor an existing command" in result.output


def test_elo_is_n_a_without_an_estimate():
    block = {
        "games": 2, "wins": 0, "draws": 0, "losses": 2, "elo": None, "elo_margin": 0.0,
        "score": 0.0, "elo_model": "trinomial", "los": 0.0, "irregular_games": 2,
    }  # fmt: skip
    line = status_line(block, 4, ("a", "b"))
    assert "Elo n/a" in line and "inf" not in line
    empty = dict(block, games=0, losses=0, elo=0.0, los=0.5)
    assert "Elo n/a" in status_line(empty, 4, ("a", "b"))


def test_the_end_table_has_wdl_causes_length_and_move_times_per_bot(tmp_path):
    summary, output = run(tmp_path, bot("illegal"), bot("random"), games=2)
    labels = ("piranhas_bot.py-1", "piranhas_bot.py-2")
    records = {g["index"]: GameRecord.from_json(g) for g in summary["games"]}
    table = end_table(records, labels)
    assert table[0].split()[:5] == ["bot", "W", "D", "L", "void"]
    assert table[1].split()[:5] == [labels[0], "0", "0", "2", "0"]
    assert table[2].split()[:5] == [labels[1], "2", "0", "0", "0"]
    assert table[3].startswith("games: 2, average length")
    assert f"2 × {labels[0]}: RULE_VIOLATION" in "\n".join(table)
    for line in table:
        assert line in output  # printed at the end of the run
    # move times are per bot: the random bot moved in both games
    avg, peak = table[2].split()[5:7]
    assert float(avg) >= 0 and float(peak) >= float(avg)
    assert all(len(g["move_bots"]) == len(g["move_times_ms"]) for g in summary["games"])


def test_the_interrupt_hint_names_the_real_output_folder(tmp_path, monkeypatch):
    def interrupted(config, console=None):
        raise KeyboardInterrupt

    monkeypatch.setattr("botarena.runner.run.run_test", interrupted)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["test", "-n", "2", "random", "greedy"])
    assert result.exit_code == 130
    assert "--resume --out botarena-runs/" in result.output
    assert "DIR" not in result.output


def files_under(root: Path) -> set[Path]:
    return {path.relative_to(root) for path in root.rglob("*") if path.is_file()}


def test_replays_are_gzipped_in_the_run_folder_and_nowhere_else(tmp_path, monkeypatch):
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    run(cwd, bot("random"), "random", games=2)
    assert not (cwd / "replays").exists()
    assert {p.parts[0] for p in files_under(cwd)} == {"run"}  # nothing beside the run
    replays = sorted(p for p in files_under(cwd / "run") if "replay" in p.name)
    assert [p.name for p in replays] == ["replay.xml.gz", "replay.xml.gz"]
    document = gzip.decompress((cwd / "run" / replays[0]).read_bytes())
    assert document.startswith(b"<!-- botarena game-type: swc_2019_piranhas -->\n<protocol>")
    assert b'class="result"' in document


def test_replays_failed_keeps_only_irregular_games_and_none_keeps_none(tmp_path):
    (tmp_path / "f").mkdir()
    failed, _ = run(tmp_path / "f", bot("exit_mid"), "random", games=2, replays="failed")
    assert all(not g["regular"] and g["replay"] for g in failed["games"])
    (tmp_path / "r").mkdir()
    regular, _ = run(tmp_path / "r", bot("random"), "random", games=2, replays="failed")
    assert [g["replay"] for g in regular["games"]] == [None, None]
    (tmp_path / "n").mkdir()
    none, _ = run(tmp_path / "n", bot("exit_mid"), "random", games=2, replays="none")
    assert [g["replay"] for g in none["games"]] == [None, None]
    assert not [p for p in files_under(tmp_path / "n") if "replay" in p.name]


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper counts as dead)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def test_a_wrapper_scripts_children_die_with_it(tmp_path):
    pid_file = tmp_path / "child.pid"
    wrapper = tmp_path / "bot.sh"
    wrapper.write_text(f"#!/bin/sh\nsleep 3600 &\necho $! > {pid_file}\nwait\n")
    wrapper.chmod(0o755)
    limits = DriverLimits(connect_timeout_s=SLOW_START_S, game_timeout_s=60.0, exit_grace_s=0.5)
    summary, _ = run(tmp_path, str(wrapper), "random", games=1, limits=limits)
    assert f"did not connect within {SLOW_START_S:g} s" in summary["games"][0]["cause"]
    child = int(pid_file.read_text())
    # SIGKILL is delivered before killpg returns to a running target; wait for the reaper.
    deadline = os.times().elapsed + 10
    while alive(child) and os.times().elapsed < deadline:
        os.sched_yield()
    assert not alive(child)
