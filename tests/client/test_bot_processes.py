"""`python -m botarena bot GAME NAME ...` as real subprocesses against a real server."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from tests.client.processes import PROCESS_TIMEOUT_S, bot_process


def test_built_in_bots_play_a_prepared_piranhas_game_as_processes(sc_server):
    room = sc_server.prepare("swc_2019_piranhas")
    procs = [
        bot_process(
            "piranhas-2019",
            name,
            "--host",
            "127.0.0.1",
            "--port",
            str(sc_server.port),
            "--reservation",
            code,
            "--seed",
            str(seed),
        )
        for name, code, seed in zip(("random", "greedy"), room.reservations, (11, 12), strict=True)
    ]
    outputs = [proc.communicate(timeout=PROCESS_TIMEOUT_S) for proc in procs]
    for proc, (_out, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err
    assert "seed 11" in outputs[0][1]
    assert "seed 12" in outputs[1][1]


def test_short_flags_h_p_r_are_host_port_reservation(sc_server):
    room = sc_server.prepare("swc_2019_piranhas")
    port = str(sc_server.port)
    procs = [
        bot_process("piranhas-2019", "random", "-h", "127.0.0.1", "-p", port, "-r", code)
        for code in room.reservations
    ]
    for proc in procs:
        _out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
        assert proc.returncode == 0, err
        assert "seed " in err  # the seed is logged when none was given


def test_a_bot_of_another_season_says_so_and_exits_1(sc_server):
    room = sc_server.prepare("swc_2019_piranhas")
    wrong, right = (
        bot_process(game, "random", "-p", str(sc_server.port), "-r", code)
        for game, code in zip(("piranhas-2026", "piranhas-2019"), room.reservations, strict=True)
    )
    _out, err = wrong.communicate(timeout=PROCESS_TIMEOUT_S)
    right.communicate(timeout=PROCESS_TIMEOUT_S)
    assert wrong.returncode == 1
    assert "bot error: cannot read the state as swc_2026_piranhas" in err
    assert "does the bot play the game of this room?" in err
    assert "Traceback" not in err


def test_help_is_long_only():
    done = subprocess.run(
        [sys.executable, "-m", "botarena", "bot", "piranhas-2019", "--help"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert "-h, --host" in done.stdout
    assert "-r, --reservation" in done.stdout
    assert "--time-budget" in done.stdout


def test_unreachable_server_is_a_clear_error_and_non_zero_exit():

    with socket.socket() as probe:  # a port that nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = subprocess.run(
        [sys.executable, "-m", "botarena", "bot", "piranhas-2019", "random", "-p", str(port)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert f"cannot connect to 127.0.0.1:{port}" in done.stderr


def test_wrong_reservation_prints_the_server_error_and_exits_non_zero(sc_server):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "botarena",
            "bot",
            "piranhas-2019",
            "random",
            "-p",
            str(sc_server.port),
            "-r",
            "no-such-code",
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    # The 2019 server closes the connection of an unknown reservation (as the official does).
    assert "the server closed the connection before the game ended" in done.stderr
    assert "wrong reservation or room?" in done.stderr


@pytest.mark.parametrize(
    ("game", "game_type"),
    [("hase_und_igel-2018", "swc_2018_hase_und_igel"), ("blokus-2021", "swc_2021_blokus")],
)
def test_built_in_bots_of_the_other_games_play_as_processes(sc_server, game, game_type):
    room = sc_server.prepare(game_type)
    procs = [
        bot_process(game, name, "-p", str(sc_server.port), "-r", code, "--seed", "5")
        for name, code in zip(("random", "greedy"), room.reservations, strict=True)
    ]
    for proc in procs:
        _out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
        assert proc.returncode == 0, err
        assert f"{game} " in err
        assert "seed 5" in err


def test_reservations_from_stdin_play_one_game_after_another(sc_server):
    """The runner's persistent mode: one process per bot plays every game it is given."""
    rooms = [sc_server.prepare("swc_2019_piranhas") for _ in range(3)]
    procs = [
        bot_process(
            "piranhas-2019",
            name,
            "--port",
            str(sc_server.port),
            "--reservations-stdin",
            "--seed",
            str(seed),
            stdin=subprocess.PIPE,
        )
        for name, seed in (("random", 1), ("greedy", 2))
    ]
    for slot, proc in enumerate(procs):
        assert proc.stdin is not None
        proc.stdin.write("".join(room.reservations[slot] + "\n" for room in rooms) + "\n")
        proc.stdin.close()
    errors = [proc.stderr.read() for proc in procs]  # type: ignore[union-attr]
    assert [proc.wait(timeout=PROCESS_TIMEOUT_S) for proc in procs] == [0, 0], errors
    assert errors[0].count("piranhas-2019 random bot, seed 1") == 1  # one process, one seed line


def test_reservations_from_stdin_exclude_a_reservation_flag():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "botarena",
            "bot",
            "piranhas-2019",
            "random",
            "-r",
            "x",
            "--reservations-stdin",
        ],
        capture_output=True,
        text=True,
        timeout=PROCESS_TIMEOUT_S,
        check=False,
    )
    assert result.returncode == 2
    assert "--reservations-stdin reads the codes" in result.stderr
