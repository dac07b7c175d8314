"""The ``strong`` players of Piranhas 2019 and 2026: legal moves from the native search, the
budget counted from the MoveRequest's arrival, clear errors, and the Python fallback."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.client import BotBase, BotSession, codec_for
from botarena.client.session import as_bot
from botarena.core import SeededRandom
from botarena.games.piranhas import players as players_2019
from botarena.games.piranhas import xml as piranhas_xml
from botarena.games.piranhas.model import PlayerColor
from botarena.games.piranhas.rules import PiranhasGame, PiranhasState
from botarena.games.piranhas_2026 import players as players_2026
from botarena.games.piranhas_2026.rules import Piranhas2026Game
from botarena.native.piranhas import Strong2019, Strong2026
from botarena.native.strong import search_budget_ms
from botarena.protocol import sc_messages as msg
from botarena.protocol.xstream import STREAM_START, encode


class FakeClock:
    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("limit", "budget"), [(2000, 1700), (1000, 850), (300, 150), (100, 50), (5000, 4250)]
)
def test_the_budget_keeps_15_percent_and_150_ms_but_half_the_limit(
    limit: float, budget: float
) -> None:
    assert search_budget_ms(limit) == pytest.approx(budget)


def test_the_budget_counts_from_the_move_request_arrival() -> None:
    clock = FakeClock()
    player = Strong2019(time_ms=2000, clock=clock)
    bot: Any = as_bot(player)  # type: ignore[arg-type]  # a player: choose_move, no Bot
    bot.on_move_request(clock.now)  # what the SDK does when it reads the request
    clock.now += 0.3
    assert player.remaining_ms() == pytest.approx(1400)
    clock.now += 5
    assert player.remaining_ms() == 0


def test_without_a_request_time_the_budget_starts_now() -> None:
    player = Strong2019(time_ms=1000, clock=FakeClock())
    assert player.remaining_ms() == pytest.approx(850)


def test_strong_2019_plays_legal_moves_and_takes_a_win_in_one() -> None:
    state = PiranhasGame().new_initial_state(SeededRandom(3))
    player = Strong2019(max_depth=3)
    assert player.choose_move(state) in state.legal_moves()
    # red (0,0), (0,1), (2,2): (2,2) alone on its row moves LEFT to (1,2) and unites red
    win = PiranhasState.from_squares([(0, 0), (0, 1), (2, 2)], [(9, 9), (5, 0)])
    move = player.choose_move(win)
    win.apply(move)
    assert win.is_connected(PlayerColor.RED)
    assert player.last_search is not None and player.last_search[1] > 900_000_000


def test_strong_2026_plays_a_legal_move() -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(3))
    player = Strong2026(max_depth=3)
    assert isinstance(players_2026.make_player("strong"), Strong2026)
    assert player.choose_move(state) in state.legal_moves()
    assert player.last_search is not None and player.last_search[2] == 3


@pytest.mark.parametrize(
    ("options", "message"),
    [({"time_ms": 0}, "time_ms must be positive"), ({"max_depth": 0}, "max_depth must be in")],
)
def test_bad_options_are_clear_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        players_2019.make_player("strong", **options)


def test_the_bot_command_refuses_a_bad_time_limit() -> None:
    result = CliRunner().invoke(cli, ["bot", "piranhas-2019", "strong", "--time-ms", "0"])
    assert result.exit_code == 2
    assert "time_ms must be positive" in result.output


class TimedBot(BotBase):
    def __init__(self) -> None:
        self.events: list[tuple[str, float]] = []

    def on_move_request(self, arrived_at: float) -> None:
        self.events.append(("request", arrived_at))

    def calculate_move(self, state):
        self.events.append(("move", state.turn))
        return state.legal_moves()[0]


def test_the_session_reports_the_request_arrival_before_calculating() -> None:
    state = PiranhasGame().new_initial_state(SeededRandom(5))
    stream = b"".join(
        [
            STREAM_START,
            encode(msg.welcome_message("r", "red")),
            encode(msg.memento("r", piranhas_xml.state_to_element(state))),
            encode(msg.move_request("r")),
        ]
    )
    bot = TimedBot()
    session = BotSession(bot, codec_for("swc_2019_piranhas"), msg.Join("swc_2019_piranhas"))
    session.receive(stream)
    assert bot.events == [("request", session.received_at), ("move", 0)]


def test_without_the_core_strong_falls_back_to_the_python_search() -> None:
    code = (
        "from botarena.core import SeededRandom\n"
        "from botarena.games.piranhas import PiranhasGame, players\n"
        "state = PiranhasGame().new_initial_state(SeededRandom(1))\n"
        "move = players.make_player('strong', time_ms=400).choose_move(state)\n"
        "print(move in state.legal_moves())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "BOTARENA_ENGINE": "python"},
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"
    assert "falls back to the Python search" in result.stderr
