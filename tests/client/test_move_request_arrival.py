"""Built-in players learn when the MoveRequest arrived (their time limit counts from then)."""

from __future__ import annotations

import time
from typing import Any

from botarena.client.session import as_bot
from tests.client.test_session_framing import feed, new_session, server_stream


class TimedPlayer:
    name = "timed"

    def __init__(self):
        self.events = []

    def on_move_request(self, arrived):
        self.events.append(("request", arrived))

    def choose_move(self, state):
        self.events.append(("move", state.turn))
        return state.legal_moves()[0]


class PlainPlayer:
    name = "plain"

    def choose_move(self, state):
        return state.legal_moves()[0]


def test_the_arrival_time_reaches_the_player_before_it_is_asked(monkeypatch):
    clock = iter([100.0, 101.0, 102.0, 103.0])
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    player = TimedPlayer()
    bot: Any = player  # a built-in player: choose_move, not calculate_move
    session = new_session(as_bot(bot))
    stream = server_stream()
    request_at = stream.index(b"sc.framework.plugins.protocol.MoveRequest")
    reply = feed(session, [stream[:request_at], stream[request_at:]])
    assert player.events == [("request", 101.0), ("move", 0)]
    assert b"<room" in reply


def test_a_player_without_the_hook_still_plays():
    plain: Any = PlainPlayer()
    session = new_session(as_bot(plain))
    reply = feed(session, [server_stream()])
    assert b"<room" in reply
    assert session.errors == []
