"""--resume after a kill -9 of the coordinator: no game lost, none repeated, and the same
standings as the uninterrupted tournament with the same seed."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess

from tests.league.helpers import games_of, run, standings_of, tournament_command

BOTS = ["random", "random", "greedy", "random"]
KILL_AFTER = 3
"""Finished games the coordinator reports before it is killed."""


def start_and_kill(out):
    command = tournament_command(
        "piranhas-2019", "roundrobin", BOTS, "--seed", "17", "--concurrency", "2", "--out", str(out)
    )
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert process.stdout is not None
        finished = 0
        for line in process.stdout:  # wait for the coordinator's own reports
            if line.rstrip().endswith("done)") and line.startswith("game "):
                finished += 1
                if finished == KILL_AFTER:
                    break
        assert finished == KILL_AFTER
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the coordinator and its bot processes
        process.wait()
        if process.stdout is not None:
            process.stdout.close()


def test_resume_after_kill_minus_nine(tmp_path):
    out = tmp_path / "killed"
    start_and_kill(out)
    before = games_of(out)
    assert KILL_AFTER <= len(before) < 12
    with (out / "games.jsonl").open("a") as file:
        file.write('{"index": 11, "round": 1, "seats": ["rand')  # a line cut off by the kill
    outcome = run(out, "piranhas-2019", "roundrobin", [], resume=True)
    assert outcome.complete and outcome.games_played == 12 - len(before)
    records = games_of(out)
    assert sorted(r["index"] for r in records) == list(range(12))
    fresh = tmp_path / "fresh"
    run(fresh, "piranhas-2019", "roundrobin", BOTS, seed=17)
    assert standings_of(out)["standings"] == standings_of(fresh)["standings"]
    assert {r["index"]: r["points"] for r in records} == {
        r["index"]: r["points"] for r in games_of(fresh)
    }
    assert standings_of(out)["seed"] == 17
