"""End-to-end tests of ``botarena test``: real bot processes, the embedded server on a real
ephemeral port, real files. The bad-bot zoo lives in tests/runner/bots/piranhas_bot.py."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from botarena.cli import cli
from botarena.runner.cli import SPRT_MODELS
from botarena.runner.driver import DriverLimits
from botarena.runner.play import play_one
from botarena.runner.run import RunConfig, run_test
from botarena.runner.schedule import MAX_GAMES, pair_seed, schedule
from botarena.runner.stats import Sprt, SprtModel
from botarena.runner.store import StoreError
from botarena.server import ScServer, ServerConfig

BOT_SCRIPT = Path(__file__).parent / "bots" / "piranhas_bot.py"
FAST = DriverLimits(connect_timeout_s=10.0, game_timeout_s=60.0, exit_grace_s=2.0)
SLOW_START_S = 5.0
"""The connect timeout of the tests whose bad bot never connects: long enough for the good
bot beside it to start on a loaded machine (1 s was not), so only the bad one is blamed."""


def bot(mode: str) -> str:
    return f"{sys.executable} {BOT_SCRIPT} {mode}"


def run(tmp_path: Path, bot_a: str, bot_b: str, **options):
    output = io.StringIO()
    options.setdefault("limits", FAST)
    options.setdefault("seed", 11)
    options.setdefault("games", 2)
    concurrency = options.pop("concurrency_override", 2)
    game = options.pop("game", "piranhas-2019")
    config = RunConfig(
        game=game,
        bot_a=bot_a,
        bot_b=bot_b,
        concurrency=concurrency,
        out_dir=tmp_path / "run",
        **options,
    )
    asyncio.run(run_test(config, Console(file=output, width=200)))
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    return summary, output.getvalue()


def test_schedule_pairs_share_a_seed_and_swap_sides():
    games = schedule(6, 5)
    assert [g.seats for g in games] == [(0, 1), (1, 0)] * 3
    assert [g.pair for g in games] == [0, 0, 1, 1, 2, 2]
    assert games[0].seed == games[1].seed == pair_seed(5, 0)
    assert len({g.seed for g in games}) == 3
    assert schedule(6, 5) == games  # a pure function of the base seed


def test_schedule_refuses_too_many_games():
    with pytest.raises(ValueError, match="between 1"):
        schedule(MAX_GAMES + 1, 1)


def test_small_run_between_two_bots_has_a_correct_summary(tmp_path):
    summary, output = run(tmp_path, bot("random"), bot("random"), games=4)
    games = summary["games"]
    labels = [b["label"] for b in summary["settings"]["bots"]]
    assert labels == ["piranhas_bot.py-1", "piranhas_bot.py-2"]
    assert [g["index"] for g in games] == [0, 1, 2, 3]
    for game in games:
        assert game["regular"] and game["cause"] == "REGULAR"
        # scores per bot: one point shared per game, whatever the side
        assert sum(game["bot_scores"].values()) == 1.0
        assert game["moves"] == len(game["move_times_ms"]) > 0
        replay = tmp_path / "run" / game["replay"]
        assert replay.name == "replay.xml.gz"
        assert b'class="result"' in gzip.decompress(replay.read_bytes())
        for slot in game["slots"]:
            assert (tmp_path / "run" / slot["log"]).exists()
            assert slot["exit_code"] == 0
    # paired seeds, sides swapped
    assert games[0]["seed"] == games[1]["seed"] != games[2]["seed"] == games[3]["seed"]
    assert [s["bot"] for s in games[0]["slots"]] == labels
    assert [s["bot"] for s in games[1]["slots"]] == labels[::-1]
    stats = summary["statistics"]
    wins = sum(1 for g in games if g["bot_scores"][labels[0]] == 1.0)
    assert stats["wins"] == wins and stats["wins"] + stats["draws"] + stats["losses"] == 4
    assert sum(stats["pentanomial"]) == 2 and stats["elo_model"] == "pentanomial"
    assert "4/4 games" in output and "summary:" in output


def test_resume_completes_an_interrupted_run_without_repeating_games(tmp_path):
    first, _ = run(tmp_path, bot("random"), bot("random"), games=6, stop_after=3)
    assert [g["index"] for g in first["games"]] == [0, 1, 2]
    summary, _ = run(tmp_path, bot("random"), bot("random"), games=6, resume=True, seed=None)
    assert [g["index"] for g in summary["games"]] == [0, 1, 2, 3, 4, 5]
    assert summary["games"][:3] == first["games"]  # finished games are kept as they were
    assert summary["games"][2]["seed"] == summary["games"][3]["seed"]  # the half pair completed
    assert summary["statistics"]["games"] == 6


def test_resume_refuses_other_bots(tmp_path):
    run(tmp_path, bot("random"), bot("random"), games=2, stop_after=1)
    with pytest.raises(StoreError, match="bots"):
        run(tmp_path, bot("random"), bot("slow"), games=2, resume=True)


def test_a_new_run_refuses_an_existing_output_folder(tmp_path):
    run(tmp_path, bot("random"), bot("random"), games=2, stop_after=1)
    with pytest.raises(StoreError, match="--resume"):
        run(tmp_path, bot("random"), bot("random"), games=2)


def assert_bad_bot_blamed(summary, mode: str, cause: str, tmp_path: Path, note: str = ""):
    """Both games of the pair ended; each names the bad bot, its cause and its log file."""
    bad = summary["settings"]["bots"][0]["label"]
    assert len(summary["games"]) == 2  # the run went on after the first bad game
    for game in summary["games"]:
        culprit = next(s for s in game["slots"] if s["bot"] == bad)
        other = next(s for s in game["slots"] if s["bot"] != bad)
        assert culprit["cause"] == cause, game
        assert other["cause"] == "REGULAR"
        assert game["bot_scores"][bad] == 0.0 and game["winner"] == other["bot"]
        log_path = tmp_path / "run" / culprit["log"]
        assert str(log_path) in game["cause"] and f"bot {bad}" in game["cause"]
        assert f"test bot {mode} starting" in log_path.read_text()
        if note:
            assert note in culprit["runner_note"] and note in game["cause"]
    assert summary["statistics"]["irregular_games"] == 2


def test_zoo_crash_at_start(tmp_path):
    summary, output = run(tmp_path, bot("crash_start"), bot("random"))
    assert_bad_bot_blamed(summary, "crash_start", "LEFT", tmp_path, "exited with code 3")
    assert (
        "crashing on purpose"
        in (tmp_path / "run" / summary["games"][0]["slots"][0]["log"]).read_text()
    )
    assert "exited with code 3 before connecting" in output


def test_zoo_exit_mid_game(tmp_path):
    summary, _ = run(tmp_path, bot("exit_mid"), bot("random"))
    assert_bad_bot_blamed(summary, "exit_mid", "LEFT", tmp_path)
    assert all(g["moves"] >= 4 for g in summary["games"])


def test_zoo_prints_garbage(tmp_path):
    summary, _ = run(tmp_path, bot("garbage"), bot("random"))
    assert_bad_bot_blamed(summary, "garbage", "LEFT", tmp_path)


def test_zoo_illegal_move(tmp_path):
    summary, _ = run(tmp_path, bot("illegal"), bot("random"))
    assert_bad_bot_blamed(summary, "illegal", "RULE_VIOLATION", tmp_path)


def test_zoo_never_answers(tmp_path):
    summary, _ = run(
        tmp_path, bot("silent"), bot("random"), soft_timeout_ms=300, hard_timeout_ms=800
    )
    assert_bad_bot_blamed(summary, "silent", "HARD_TIMEOUT", tmp_path)
    # still asleep after the game: killed after EXIT_GRACE_S, so no exit code of its own
    assert [g["slots"][g["index"] % 2]["exit_code"] for g in summary["games"]] == [None, None]


def test_zoo_answers_after_3_s_with_the_real_2_s_soft_timeout(tmp_path):
    summary, _ = run(tmp_path, bot("slow"), bot("random"))
    assert_bad_bot_blamed(summary, "slow", "SOFT_TIMEOUT", tmp_path)


def test_zoo_connects_twice(tmp_path):
    summary, _ = run(tmp_path, bot("twice"), bot("random"))
    assert_bad_bot_blamed(summary, "twice", "LEFT", tmp_path)


def test_zoo_never_connects_hits_the_connect_timeout(tmp_path):
    limits = DriverLimits(connect_timeout_s=SLOW_START_S, game_timeout_s=60.0, exit_grace_s=0.5)
    summary, _ = run(tmp_path, bot("never_connect"), bot("random"), limits=limits)
    note = f"did not connect within {SLOW_START_S:g} s"
    assert_bad_bot_blamed(summary, "never_connect", "LEFT", tmp_path, note)


def test_watchdog_ends_a_game_without_move_timeouts(tmp_path):
    limits = DriverLimits(connect_timeout_s=5.0, game_timeout_s=1.5, exit_grace_s=0.5)
    summary, _ = run(
        tmp_path, bot("silent"), bot("random"), games=1, no_timeout=True, limits=limits
    )
    (game,) = summary["games"]
    assert [s["cause"] for s in game["slots"]] == ["UNKNOWN", "UNKNOWN"]
    assert "watchdog" in game["cause"]
    assert game["bot_scores"] == {"piranhas_bot.py-1": None, "piranhas_bot.py-2": None}
    assert summary["statistics"]["void_games"] == 1


def test_a_command_that_cannot_start_is_reported(tmp_path):
    not_executable = tmp_path / "not-executable-bot"
    not_executable.write_text("#!/bin/sh\n")
    summary, _ = run(tmp_path, str(not_executable), bot("random"), games=1)
    (game,) = summary["games"]
    assert game["slots"][0]["cause"] == "LEFT"
    assert "could not be started" in game["slots"][0]["runner_note"]


def test_cli_sprt_models_are_the_stats_models():
    assert tuple(m.value for m in SprtModel) == SPRT_MODELS


def test_persistent_bots_play_many_games_per_process(tmp_path):
    summary, _ = run(tmp_path, bot("random"), bot("random"), games=6, persistent=True)
    assert [g["index"] for g in summary["games"]] == list(range(6))
    assert all(g["regular"] for g in summary["games"])
    logs = {slot["log"] for g in summary["games"] for slot in g["slots"]}
    assert all(log.startswith("bots/") for log in logs)
    assert len(logs) <= 4  # at most one process per bot and lane (concurrency 2), not 12
    assert summary["settings"]["persistent"] is True


def test_persistent_bot_that_dies_is_blamed_and_replaced(tmp_path):
    summary, _ = run(
        tmp_path,
        bot("exit_second"),
        bot("random"),
        games=4,
        persistent=True,
        concurrency_override=1,
    )
    bad = summary["settings"]["bots"][0]["label"]
    causes = [next(s for s in g["slots"] if s["bot"] == bad)["cause"] for g in summary["games"]]
    assert causes == ["REGULAR", "LEFT", "REGULAR", "LEFT"]  # each new process plays once
    dead = summary["games"][1]
    assert "exited with code 5 before connecting" in dead["cause"]
    assert len(summary["games"]) == 4


def test_resume_after_the_runner_is_killed(tmp_path):
    out = tmp_path / "run"
    command = [
        sys.executable,
        "-m",
        "botarena",
        "test",
        "-n",
        "8",
        "--concurrency",
        "2",
        "--seed",
        "3",
        "--out",
        str(out),
        bot("slowish"),
        bot("random"),
    ]
    environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment
    )
    assert process.stdout is not None
    for line in process.stdout:  # a status line once each game is in games.jsonl
        if line.startswith("3/8 games"):
            break
    process.kill()
    process.stdout.close()
    process.wait()
    before = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert 3 <= len(before) < 8
    resumed = subprocess.run([*command, "--resume"], capture_output=True, text=True, check=False)
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert [g["index"] for g in summary["games"]] == list(range(8))  # none lost, none twice
    by_index = {g["index"]: g for g in summary["games"]}
    for record in before:
        assert by_index[record["index"]] == record
    assert len((out / "games.jsonl").read_text().splitlines()) == 8


def test_cli_test_command_prints_a_summary(tmp_path):
    result = CliRunner().invoke(
        cli,
        [
            "test",
            "-n",
            "2",
            "--seed",
            "1",
            "--out",
            str(tmp_path / "r"),
            "--sprt",
            "0",
            "10",
            "0.05",
            "0.05",
            bot("random"),
            bot("random"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "2/2 games" in result.output and "LLR" in result.output
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert summary["statistics"]["sprt"]["elo1"] == 10.0


def test_cli_resume_needs_an_output_folder():
    result = CliRunner().invoke(cli, ["test", "--resume", "random", "greedy"])
    assert result.exit_code != 0 and "--resume needs --out" in result.output


def test_play_prints_the_board_after_every_move_and_the_result():
    lines: list[str] = []
    record = play_one("piranhas-2019", "random", "random", seed=4, echo=lines.append)
    assert record["finished"] and record["moves"] > 0
    boards = [line for line in lines if line.startswith("\nmove ")]
    assert len(boards) == record["moves"]
    assert lines[-2].startswith(f"\nresult after {record['moves']} moves")
    assert lines[-1].startswith("points: red swarm ")
    assert "A B C D E F G H I J" in "\n".join(lines)  # columns as in the move notation
    # the same seed plays the same game
    again: list[str] = []
    play_one("piranhas-2019", "random", "random", seed=4, echo=again.append)
    assert again == lines


def test_sprt_stops_the_run_early(tmp_path):
    summary, output = run(
        tmp_path,
        bot("weak"),
        bot("random"),
        games=400,
        persistent=True,
        sprt=Sprt(0.0, 10.0, 0.2, 0.2),
    )
    sprt = summary["statistics"]["sprt"]
    assert sprt["decision"] == "H0" and sprt["llr"] <= sprt["bounds"][0]
    assert len(summary["games"]) < 400
    assert "SPRT decided: H0 (stopped early)" in output


class ServerThread:
    """A real SC server on an ephemeral port, in its own thread and event loop."""

    def __init__(self, password: str):
        self.config = ServerConfig(port=0, host="127.0.0.1", password=password)
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        asyncio.set_event_loop(self.loop)
        self.server = ScServer(self.config)
        self.loop.run_until_complete(self.server.start())
        self.port = self.server.port
        self.ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.server.stop())

    def __enter__(self):
        self.thread.start()
        self.ready.wait(10)
        return self

    def __exit__(self, *exc):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def first_board(replay: Path) -> bytes:
    text = gzip.decompress(replay.read_bytes())
    start = text.index(b"<board")
    return b"".join(text[start : text.index(b"</board>", start)].split())  # indentation differs


def test_run_on_a_running_server_through_the_admin_protocol(tmp_path):
    with ServerThread("secret") as server:
        summary, _ = run(
            tmp_path,
            bot("random"),
            bot("random"),
            games=2,
            server=f"127.0.0.1:{server.port}",
            password="secret",
        )
        (tmp_path / "local").mkdir()
        local, _ = run(tmp_path / "local", bot("random"), bot("random"), games=2)
    games = summary["games"]
    assert [g["index"] for g in games] == [0, 1]
    assert all(g["regular"] and sum(g["bot_scores"].values()) == 1 for g in games)
    assert summary["settings"]["server"] == f"127.0.0.1:{server.port}"
    replays = [tmp_path / "run" / g["replay"] for g in games]
    # the seed fixes a 2018/2019 board on any server (they read a start position): the pair
    # shares it, and the embedded run too
    assert first_board(replays[0]) == first_board(replays[1])
    local_replay = tmp_path / "local" / "run" / local["games"][0]["replay"]
    assert first_board(local_replay) == first_board(replays[0])


def test_a_wrong_admin_password_is_a_clear_error(tmp_path):
    with ServerThread("secret") as server, pytest.raises(OSError, match=r"did not answer|closed"):
        run(
            tmp_path,
            bot("random"),
            bot("random"),
            games=2,
            server=f"127.0.0.1:{server.port}",
            password="wrong",
        )


@pytest.mark.parametrize("game", ["piranhas", "hase_und_igel", "blokus"])
def test_built_in_bots_play_a_pair_of_every_game(tmp_path, game):
    summary, _ = run(tmp_path, "random", "greedy", games=2, game=game)
    assert summary["settings"]["bots"][0]["command"][-3:] == ["bot", game, "random"]
    games = summary["games"]
    assert [g["index"] for g in games] == [0, 1]
    assert all(g["regular"] and sum(g["bot_scores"].values()) == 1 for g in games), games
    assert [s["bot"] for s in games[1]["slots"]] == ["greedy", "random"]


def test_blokus_on_a_running_server_reserves_both_slots(tmp_path):
    with ServerThread("secret") as server:
        summary, _ = run(
            tmp_path,
            "random",
            "random",
            games=2,
            game="blokus",
            server=f"127.0.0.1:{server.port}",
            password="secret",
        )
    assert all(g["regular"] for g in summary["games"]), summary["games"]
