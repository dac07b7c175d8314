"""The command line of ``botarena test`` and ``play`` as a new user meets it (issue 21):
``--resume --out DIR`` alone, SIGTERM's resume hint, ``play``'s exit code for a bot that
cannot start, a crashing bot's exception in the end table, and the ``--persistent`` cause."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from botarena.cli import cli
from botarena.runner.bot_logs import (
    CONNECT_HINT,
    LOG_LINE_WIDTH,
    NO_PERSISTENT,
    PERSISTENT_HINT,
    last_log_line,
    startup_cause,
)
from botarena.runner.endtable import end_table
from botarena.runner.record import GameRecord
from tests.runner.test_runner import BOT_SCRIPT, bot, run

BOTARENA = [sys.executable, "-m", "botarena"]


def saved_games(out: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]


# ---------------------------------------------------------------- --resume needs only --out


def test_resume_takes_game_bots_and_games_from_the_run(tmp_path):
    run(tmp_path, bot("random"), "random", games=4, stop_after=2)
    out = tmp_path / "run"
    result = CliRunner().invoke(cli, ["test", "--resume", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Missing argument" not in result.output
    assert sorted(int(str(g["index"])) for g in saved_games(out)) == [0, 1, 2, 3]
    assert "botarena test: piranhas-2019 piranhas_bot.py vs random, 4 games" in result.output


def test_resume_refuses_other_settings_naming_the_saved_ones(tmp_path):
    run(tmp_path, bot("random"), "random", games=4, stop_after=2)
    out = str(tmp_path / "run")
    refusals = {
        ("-n", "6"): "games 4 (given: 6)",
        ("piranhas-2026",): "game 'piranhas-2019' (given: 'piranhas-2026')",
        ("random", "greedy"): f"bots ['{bot('random')}', 'random'] (given: ['random', 'greedy'])",
    }
    for given, saved in refusals.items():
        result = CliRunner().invoke(cli, ["test", "--resume", "--out", out, *given])
        assert result.exit_code == 1, result.output
        assert f"cannot resume {out}: it was started with {saved}" in result.output
    assert len(saved_games(tmp_path / "run")) == 2  # nothing was played


def test_sigterm_prints_the_resume_hint_and_exits_non_zero(tmp_path):
    out = tmp_path / "run"
    command = [*BOTARENA, "test", "piranhas-2019", "-n", "40", "--concurrency", "1"]
    command += ["--out", str(out), bot("slowish"), "random"]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    for line in process.stdout:  # a status line once a game is in games.jsonl
        if line.startswith("1/40 games"):
            break
    process.send_signal(signal.SIGTERM)
    _, errors = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM, errors
    assert f"interrupted; continue with botarena test --resume --out {out}" in errors
    assert 1 <= len(saved_games(out)) < 40


# ---------------------------------------------------------------- play's exit code


def test_play_exits_1_naming_a_bot_that_cannot_start(tmp_path):
    result = subprocess.run(
        [*BOTARENA, "play", "piranhas-2019", bot("crash_start"), "random", "--seed", "2"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 1, result.stderr
    assert "botarena play: bot piranhas_bot.py could not start or connect: exited with code 3" in (
        result.stderr
    )
    assert "its log ends with: crashing on purpose" in result.stderr


# ---------------------------------------------------------------- a crashing bot's exception


def crashing_bot(tmp_path: Path) -> str:
    """A bot that plays two moves, then dies of an exception (its traceback in its log)."""
    script = tmp_path / "crasher.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(BOT_SCRIPT.parent)!r})\n"
        "import piranhas_bot\n"
        "sys.argv = ['crasher', 'exit_mid', *sys.argv[1:]]\n"
        "if piranhas_bot.main() == 4:\n"
        "    raise ValueError('no legal move found')\n"
    )
    return f"{sys.executable} {script}"


def test_the_end_table_names_a_crashing_bots_exception(tmp_path):
    summary, output = run(tmp_path, crashing_bot(tmp_path), "random", games=2)
    records = {g["index"]: GameRecord.from_json(g) for g in summary["games"]}
    crashed = [s for g in summary["games"] for s in g["slots"] if s["bot"] == "crasher.py"]
    assert {s["log_line"] for s in crashed} == {"ValueError: no legal move found"}
    table = "\n".join(end_table(records, ("crasher.py", "random")))
    assert "2 × crasher.py: LEFT" in table
    assert "; log: ValueError: no legal move found" in table
    assert "log: ValueError: no legal move found" in output


def test_the_last_log_line_is_trimmed_to_its_width(tmp_path):
    log = tmp_path / "bot.log"
    log.write_text("Traceback (most recent call last):\n" + "E" * 500 + "\n\n  \n")
    line = last_log_line(log)
    assert line is not None and len(line) == LOG_LINE_WIDTH and line.endswith("E…")
    assert last_log_line(tmp_path / "missing.log") is None


# ---------------------------------------------------------------- --persistent's cause


SOCHA_LIKE = """
import argparse
parser = argparse.ArgumentParser()
parser.add_argument("--host")
parser.add_argument("--port")
parser.add_argument("--reservation")
parser.parse_args()
"""


def test_a_bot_refusing_the_persistent_flag_is_told_to_run_without_it(tmp_path):
    script = tmp_path / "socha_bot.py"
    script.write_text(SOCHA_LIKE)
    summary, output = run(tmp_path, f"{sys.executable} {script}", "random", persistent=True)
    causes = [g["cause"] for g in summary["games"]]
    assert all(NO_PERSISTENT in cause and CONNECT_HINT not in cause for cause in causes)
    assert "it does not support --persistent" in " ".join(output.split())


def test_a_persistent_bot_failing_otherwise_gets_the_stdin_cause_and_its_log(tmp_path):
    log = tmp_path / "bot.log"
    log.write_text("Traceback (most recent call last):\nOSError: no such file: weights.bin\n")
    text = startup_cause("exited with code 1 before connecting", log, persistent=True)
    assert PERSISTENT_HINT in text and CONNECT_HINT not in text
    assert text.endswith("its log ends with: OSError: no such file: weights.bin")
    per_game = startup_cause("exited with code 1 before connecting", log, persistent=False)
    assert CONNECT_HINT in per_game and PERSISTENT_HINT not in per_game
