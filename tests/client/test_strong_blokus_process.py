"""`botarena bot blokus strong --time-ms N` as a real process against a real server."""

from __future__ import annotations

import pytest

from tests.client.processes import PROCESS_TIMEOUT_S, bot_process


@pytest.mark.parametrize(
    ("game", "game_type"), [("blokus-2021", "swc_2021_blokus"), ("blokus", "swc_2027_blokus")]
)
def test_strong_plays_a_whole_game_against_random(sc_server, game, game_type):
    room = sc_server.prepare(game_type)
    strong, rand = room.reservations
    procs = [
        bot_process(game, "strong", "--time-ms", "40", "-p", str(sc_server.port), "-r", strong),
        bot_process(game, "random", "-p", str(sc_server.port), "-r", rand, "--seed", "3"),
    ]
    errors = []
    for proc in procs:
        _out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
        assert proc.returncode == 0, err
        errors.append(err)
    assert "strong bot" in errors[0]


def test_a_non_positive_time_limit_is_a_usage_error():
    proc = bot_process("blokus-2021", "strong", "--time-ms", "0")
    _out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
    assert proc.returncode == 2
    assert "time_ms must be positive" in err
