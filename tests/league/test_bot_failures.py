"""A bot that exits or never connects is named as the cause of its game's result."""

from __future__ import annotations

from botarena.league.jobs import JobLimits
from tests.league.helpers import PY, games_of, run, standings_of

EXITS = f"quits={PY} -c \"import sys; print('no luck'); sys.exit(3)\""
SLEEPS = f'sleeper={PY} -c "import time; time.sleep(600)"'
SHORT_CONNECT = JobLimits(connect_timeout_s=0.5, game_timeout_s=60.0, exit_grace_s=1.0)


def only_game(out):
    records = games_of(out)
    assert len(records) == 1
    return records[0]


def test_maumau_bot_that_exits_before_joining_loses_and_is_the_cause(tmp_path):
    run(tmp_path, "maumau", "roundrobin", ["heuristic", EXITS], seed=1, games_per_pairing=1)
    record = only_game(tmp_path)
    assert record["winner"] == "heuristic" and not record["regular"]
    assert "bot quits (seat 1): exited with code 3 before connecting" in record["cause"]
    slot = record["slots"][1]
    assert slot["exit_code"] == 3 and "log: " + slot["log"] in record["cause"]
    assert (tmp_path / slot["log"]).read_text().strip() == "no luck"
    rows = {row["bot"]: row for row in standings_of(tmp_path)["standings"]}
    assert rows["quits"]["failures"] == 1 and rows["quits"]["points"] == 0


def test_maumau_bot_that_never_connects_loses_after_the_connect_timeout(tmp_path):
    run(
        tmp_path,
        "maumau",
        "roundrobin",
        [SLEEPS, "random"],
        seed=1,
        games_per_pairing=1,
        limits=SHORT_CONNECT,
    )
    record = only_game(tmp_path)
    assert record["seats"] == ["sleeper", "random"]
    assert record["winner"] == "random"
    assert "bot sleeper (seat 0): did not connect within 0.5 s" in record["cause"]
    assert record["slots"][0]["exit_code"] is None  # killed after the grace period


def test_maumau_table_without_a_bot_shares_first_place_among_the_seated(tmp_path):
    run(
        tmp_path,
        "maumau",
        "roundrobin",
        ["random", "heuristic", EXITS],
        seed=2,
        table_size=3,
        games_per_pairing=1,
    )
    record = only_game(tmp_path)
    assert record["points"] == {"random": 1, "heuristic": 1, "quits": 0}
    assert record["ranks"] == [1, 1, 3] and record["ending"] == "not played"


def test_sc_bot_that_exits_is_the_cause(tmp_path):
    run(tmp_path, "piranhas-2019", "roundrobin", ["random", EXITS], seed=1, games_per_pairing=1)
    record = only_game(tmp_path)
    assert record["winner"] == "random"
    assert "bot quits (slot 1)" in record["cause"]
    assert "exited with code 3 before connecting" in record["cause"]
    assert "games/game-000000/slot1-quits.log" in record["cause"]
    assert "/tmp" not in record["cause"]  # paths are relative to the tournament folder
