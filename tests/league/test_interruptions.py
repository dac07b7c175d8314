"""A game whose job fails stops the tournament cleanly; --resume plays it; resuming with
other bots is refused; a Mau-Mau bot that exits mid-game is named."""

from __future__ import annotations

import pytest

from botarena.league import executors, jobs
from botarena.league.store import TournamentStoreError
from tests.league.helpers import PY, games_of, run, standings_of

BOTS = ["heuristic", "random", "random"]


def test_a_failed_job_is_reported_and_played_on_resume(tmp_path, monkeypatch):
    real = jobs.play_job_async

    async def failing(job):
        if job.index == 2:
            raise RuntimeError("worker exploded")
        return await real(job)

    monkeypatch.setattr(executors, "play_job_async", failing)
    outcome = run(tmp_path, "maumau", "roundrobin", BOTS, seed=8)
    assert not outcome.complete and outcome.failed == 1
    assert 2 not in {r["index"] for r in games_of(tmp_path)}
    assert not standings_of(tmp_path)["complete"]
    monkeypatch.setattr(executors, "play_job_async", real)
    again = run(tmp_path, "maumau", "roundrobin", [], resume=True)
    assert again.complete and again.games_played == 1
    assert sorted(r["index"] for r in games_of(tmp_path)) == list(range(6))


def test_resume_refuses_other_bots_and_another_seed(tmp_path):
    run(tmp_path, "maumau", "roundrobin", BOTS, seed=8)
    with pytest.raises(TournamentStoreError, match="it was started with bots"):
        run(tmp_path, "maumau", "roundrobin", ["random", "random"], resume=True)
    with pytest.raises(TournamentStoreError, match=r"seed 8 \(given: 9\)"):
        run(tmp_path, "maumau", "roundrobin", [], resume=True, seed=9)


QUITTER = """
import json, socket, sys
host, port = sys.argv[sys.argv.index("--host") + 1], int(sys.argv[sys.argv.index("--port") + 1])
stream = socket.create_connection((host, port)).makefile("rwb")
stream.readline()                                        # sendName
stream.write(b'{"status": "okay", "name": "quitter"}\\n'); stream.flush()
stream.readline()                                        # setName
stream.readline()                                        # the game has started
print("leaving in the middle of the game", flush=True)
sys.exit(4)
"""


def test_maumau_bot_that_exits_mid_game_is_named(tmp_path):
    """The quitter leaves once its game has started (a bot leaving before that only frees
    its seat: tests/server/maumau/test_server.py)."""
    script = tmp_path / "quitter.py"
    script.write_text(QUITTER)
    run(
        tmp_path / "t",
        "maumau",
        "roundrobin",
        [f"q={PY} {script}", "heuristic"],
        seed=3,
        games_per_pairing=1,
    )
    (record,) = games_of(tmp_path / "t")
    assert record["ending"] != "not played"
    assert "bot q (seat 0): exited with code 4" in record["cause"] and not record["regular"]
    assert record["points"] == {"q": 0, "heuristic": 2}
    assert record["slots"][0]["exit_code"] == 4
