"""SDK bots play full games against each other over real TCP, for each of the three games."""

from __future__ import annotations

import threading

import pytest

from botarena.client import BotBase, BotSession, codec_for, run


class RecordingBot(BotBase):
    """A built-in player behind the SDK hooks, recording what the SDK tells it."""

    def __init__(self, player):
        self.player = player
        self.colors: list[str] = []
        self.states = 0
        self.moves = 0
        self.results = []
        self.errors: list[str] = []

    def calculate_move(self, state):
        self.moves += 1
        return self.player.choose_move(state)

    def on_welcome(self, color):
        self.colors.append(color)

    def on_state(self, state):
        self.states += 1

    def on_game_over(self, result):
        self.results.append(result)

    def on_error(self, message):
        self.errors.append(message)


def play_pair(server, game, bots, prepared):
    codec = codec_for(game)
    sessions: list[BotSession | None] = [None, None]
    failures = []
    reservations = server.prepare(codec.game_type).reservations if prepared else (None, None)

    def play(index):
        try:
            sessions[index] = run(
                bots[index],
                game_type=game,
                host="127.0.0.1",
                port=server.port,
                reservation=reservations[index],
                argv=(),  # not pytest's command line
            )
        except Exception as error:  # reported by the assertion below
            failures.append(error)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures
    return sessions


@pytest.mark.parametrize("game", ["piranhas-2019", "hase_und_igel", "blokus-2021"])
def test_two_sdk_bots_play_a_full_prepared_game(sc_server, game):
    codec = codec_for(game)
    bots = [RecordingBot(codec.make_player("random", seed)) for seed in (1, 2)]
    sessions = play_pair(sc_server, game, bots, prepared=True)
    for bot, session in zip(bots, sessions, strict=True):
        assert session.result is not None, session.errors
        assert bot.errors == []
        assert len(bot.results) == 1
        assert len(bot.colors) == 1
        assert bot.moves > 0
        assert bot.states > bot.moves
    assert {bots[0].colors[0], bots[1].colors[0]} == {sessions[0].color, sessions[1].color}
    assert sessions[0].color != sessions[1].color
    # Both see the same result, with one score per player and a regular end.
    assert sessions[0].result.scores == sessions[1].result.scores
    assert len(sessions[0].result.scores) == 2
    assert all(score.cause == "REGULAR" for score in sessions[0].result.scores)


def test_two_function_bots_join_by_game_type(sc_server):
    codec = codec_for("piranhas-2019")
    players = [codec.make_player("greedy", seed) for seed in (3, 4)]
    functions = [p.choose_move for p in players]
    sessions = play_pair(sc_server, "piranhas-2019", functions, prepared=False)
    assert all(session.result is not None for session in sessions)
    assert all(session.errors == [] for session in sessions)
    assert sessions[0].room_id == sessions[1].room_id
