"""What a bot prints for its author: that it waits for an opponent (once, and once more after
a long wait, never more), and the result with the winner's name, for SC bots and Mau-Mau
bots, over real TCP against real servers."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from lxml import etree

from botarena.client import codec_for
from botarena.client.maumau import MauMauSession, play_over_socket
from botarena.client.report import SEAT_COLORS, result_line, seat_of
from botarena.client.run import play_one_game
from botarena.core import SeededRandom
from botarena.games import registry
from botarena.games.maumau.players import heuristic_strategy, random_strategy
from botarena.protocol import sc_messages as msg
from botarena.server.maumau import MauMauServer
from tests.server.maumau.helpers import run

WAIT_S = 120.0
"""Upper bound for a thread's game in these tests (a hang fails instead of blocking)."""


class Lines:
    """An ``echo`` that keeps the lines and signals when one containing ``marker`` came."""

    def __init__(self, marker: str) -> None:
        self.lines: list[str] = []
        self.marker = marker
        self.seen = threading.Event()

    def __call__(self, text: str) -> None:
        self.lines.append(text)
        if self.marker in text:
            self.seen.set()

    def count(self, part: str) -> int:
        return sum(part in line for line in self.lines)


def test_an_sc_bot_says_it_waits_once_more_after_a_long_wait_and_names_the_winner(sc_server):
    codec = codec_for("piranhas-2019")
    lines = Lines("still no opponent")
    sessions: dict[str, Any] = {}

    def alone_first() -> None:
        sessions["me"] = play_one_game(
            codec.make_player("random", 1),
            game_type="piranhas-2019",
            port=sc_server.port,
            name="MyBot",
            echo=lines,
            waiting_hint_s=0.01,  # the hint is due at once: no opponent has been started
        )

    me = threading.Thread(target=alone_first)
    me.start()
    assert lines.seen.wait(WAIT_S), lines.lines
    opponent_lines = Lines("game over")
    other = play_one_game(
        codec.make_player("random", 2),
        game_type="piranhas-2019",
        port=sc_server.port,
        name="Other",
        echo=opponent_lines,
    )
    me.join(WAIT_S)
    session = sessions["me"]
    assert session.result is not None and other.result is not None
    address = f"127.0.0.1:{sc_server.port}"
    assert lines.lines[0] == (
        f"MyBot: joined a swc_2019_piranhas room on {address} (room {session.room_id}), "
        "waiting for an opponent"
    )
    assert lines.lines[1] == (
        f"MyBot: still no opponent after 0 s: is another bot joining swc_2019_piranhas on "
        f"{address}? (an opponent of another season waits in another room)"
    )
    assert len(lines.lines) == 3  # waiting, one hint (not one per interval), result
    assert lines.count("waiting for an opponent") == 1
    points = [score.parts[0] for score in session.result.scores]
    my_seat = seat_of(session.color)
    assert my_seat is not None
    winner = {"2": "MyBot", "0": "Other"}.get(points[my_seat])
    headline = "draw" if winner is None else f"{winner} wins"
    assert lines.lines[2].startswith(f"MyBot: game over: {headline} (")
    assert "; scores MyBot " in lines.lines[2] and "opponent (" in lines.lines[2]
    # the bot that found its opponent waiting gets no hint
    assert opponent_lines.count("still no opponent") == 0
    assert opponent_lines.lines[-1].startswith("Other: game over: ")


def _result(winner: etree._Element | None, *scores: tuple[str, str | None, tuple[str, ...]]):
    return msg.GameResult(
        "room", (), tuple(msg.ResultScore(c, r, parts) for c, r, parts in scores), winner
    )


def test_the_result_line_names_the_winner_in_every_season_shape():
    blue_2019 = etree.Element("winner", displayName="greedy", color="BLUE")
    result = _result(
        blue_2019, ("REGULAR", "Das Rundenlimit\nwurde erreicht.", ("0", "4")),
        ("REGULAR", "Das Rundenlimit\nwurde erreicht.", ("2", "5")),
    )  # fmt: skip
    assert result_line("me", "red", result) == (
        "me: game over: greedy wins (Das Rundenlimit wurde erreicht.); "
        "scores me 0/4, opponent (BLUE) 2/5"
    )
    team_2026 = etree.Element("winner", team="ONE", regular="true", reason="me hat gewonnen")
    result = _result(team_2026, ("REGULAR", None, ("2", "7")), ("REGULAR", None, ("0", "6")))
    assert result_line("me", "ONE", result) == (
        "me: game over: me wins (me hat gewonnen); scores me 2/7, opponent (TWO) 0/6"
    )
    result = _result(None, ("REGULAR", None, ("1", "5")), ("REGULAR", None, ("1", "5")))
    assert result_line("me", "TWO", result) == (
        "me: game over: draw; scores opponent (ONE) 1/5, me 1/5"
    )
    result = _result(
        None, ("RULE_VIOLATION", "Ungültiger Zug", ("0", "3")), ("REGULAR", None, ("2", "4"))
    )
    assert result_line("me", "blue", result) == (
        "me: game over: me wins (RULE_VIOLATION: Ungültiger Zug); scores opponent (RED) 0/3, me 2/4"
    )


@pytest.mark.parametrize("spec", registry.sc_games(), ids=lambda spec: spec.id)
def test_the_seat_colours_are_those_every_season_welcomes_with(spec):
    plugin = spec.load_plugin()
    for seat in range(len(SEAT_COLORS)):
        assert seat_of(plugin.welcome_color(seat)) == seat


def test_a_maumau_bot_waits_without_a_time_limit_says_so_and_names_the_winner():
    lines = Lines("still no game")

    async def scenario(server: MauMauServer) -> Any:
        seen = asyncio.Event()
        loop = asyncio.get_running_loop()

        def echo(text: str) -> None:
            lines(text)
            if lines.seen.is_set():
                loop.call_soon_threadsafe(seen.set)

        first = MauMauSession("MyBot", heuristic_strategy, SeededRandom(1))
        second = MauMauSession("heuristic", random_strategy, SeededRandom(2))
        alone = asyncio.create_task(
            asyncio.to_thread(
                play_over_socket, "127.0.0.1", server.port, first,
                echo=echo, waiting_hint_s=0.01,
            )
        )  # fmt: skip
        await seen.wait()
        await asyncio.to_thread(play_over_socket, "127.0.0.1", server.port, second)
        await alone
        return first, server.records, server.port

    first, records, port = run(scenario, seed=5)
    (record,) = records
    assert first.over and first.winner == record.winner_name
    assert lines.lines == [
        f"maumau bot MyBot: seated as 'MyBot' on 127.0.0.1:{port}, waiting for an opponent "
        "(Mau-Mau)",
        f"maumau bot MyBot: still no game after 0 s: is another bot connecting to "
        f"127.0.0.1:{port}?",
    ]  # the game's first line came long after the hint time: no time-out, one hint only
