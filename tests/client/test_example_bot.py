"""examples/piranhas_bot.py: run as a real process against a real server, and its strategy."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from botarena.core import SeededRandom
from botarena.games.piranhas.rules import PiranhasGame
from tests.client.processes import bot_process, script_process

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "piranhas_bot.py"


def load_example():
    spec = importlib.util.spec_from_file_location("piranhas_example_bot", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_bot_plays_a_full_game_against_a_built_in_bot(sc_server):
    port = str(sc_server.port)
    example = script_process(EXAMPLE, "-h", "127.0.0.1", "-p", port)
    opponent = bot_process("piranhas-2019", "random", "-p", port)
    out, err = example.communicate(timeout=120)
    _, opponent_err = opponent.communicate(timeout=120)
    assert example.returncode == 0, err
    assert opponent.returncode == 0, opponent_err
    lines = out.splitlines()
    assert lines[0].startswith("piranhas_bot.py: joined a swc_2019_piranhas room on 127.0.0.1:")
    assert lines[0].endswith("waiting for an opponent")
    scores = lines[-1].split("; scores ")[1]  # in seat order: either bot may have sat first
    ours = scores.split("piranhas_bot.py ")[1].split("/")[0]  # its win points
    headline = {"2": "piranhas_bot.py wins", "1": "draw", "0": "random wins"}[ours]
    assert lines[-1].startswith(f"piranhas_bot.py: game over: {headline} (")


def test_example_bot_without_server_says_so_and_exits_non_zero():
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "-p", "1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "cannot connect to 127.0.0.1:1" in done.stderr


def test_example_strategy_maximises_our_largest_swarm():
    calculate_move = load_example().calculate_move
    state = PiranhasGame().new_initial_state(SeededRandom(3), 2)
    for _ in range(6):
        me = state.current_color
        best = 0
        for move in state.legal_moves():
            after = state.clone()
            after.apply(move)
            best = max(best, after.swarm_size(me))
        chosen = state.clone()
        chosen.apply(calculate_move(state))
        assert chosen.swarm_size(me) == best
        state.apply(calculate_move(state))
