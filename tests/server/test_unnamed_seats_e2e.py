"""End to end over real TCP (issue 21): a client of the 2026 profile that sends no name, as
the socha clients do (``<join/>``, no ``displayName``), is ``socha (ONE)`` in the server's
log, in the result the players get, in the replay file, in the web's room list and replay
viewer; the other seat keeps the name its client sent."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lxml import etree

from botarena.games.registry import load_plugin
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.events import FinishedGame, LobbyListener
from botarena.web.hub import LiveHub
from botarena.web.replays import parse_replay
from tests.server.scclient import Client, run

GAME = "swc_2026_piranhas"
ILLEGAL_MOVE = '<data class="move"><from x="0" y="0"/><direction>UP</direction></data>'
"""No fish of team ONE starts in a corner: the nameless seat's first move violates the rules,
which ends the game at once with a result that names it."""


def _players(result: etree._Element) -> list[list[tuple[object, object]]]:
    """The attributes of the result's ``<player/>`` entries, in their order."""
    return [list(player.items()) for player in result.iter("player")]


@run
async def _play(replays: Path) -> tuple[etree._Element, str, list[str], list[object], Path]:
    config = ServerConfig(
        host="127.0.0.1", port=0, default_game=GAME, save_replay=True, replay_dir=replays
    )
    server = ScServer(config, [load_plugin(GAME)])
    hub = LiveHub()
    finished: list[list[str]] = []

    class Finished(LobbyListener):
        def game_finished(self, game: FinishedGame) -> None:
            finished.append(list(game.display_names))

    await server.start()
    try:
        server.lobby.add_listener(hub)
        server.lobby.add_listener(Finished())
        nameless = await Client.connect(server.port, "nameless")
        await nameless.send("<join/>")  # what a socha client without a reservation sends
        room_id = (await nameless.expect("joined")).get("roomId")
        named = await Client.connect(server.port, "named")
        await named.send(f'<join gameType="{GAME}" displayName="random"/>')
        await named.expect("joined")
        await nameless.expect_room("welcomeMessage")
        await nameless.expect_room("memento")
        await nameless.expect_room("moveRequest")
        running = [room["names"] for room in hub.room_list()]
        await nameless.send(f'<room roomId="{room_id}">{ILLEGAL_MOVE}</room>')
        await nameless.expect_room("error")
        result = await nameless.expect_room("result")
        await nameless.expect("left")
        for client in (nameless, named):
            await client.close()
    finally:
        await server.stop()  # waits for the replay file
    (replay,) = replays.iterdir()
    return result, hub.room_list_text(), finished[0], running, replay


def test_a_client_without_a_name_is_socha_with_its_team_everywhere(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.INFO, logger="botarena.server.room")
    result, room_list, finished, running, replay = _play(tmp_path)
    players = [[("name", "socha (ONE)"), ("team", "ONE")], [("name", "random"), ("team", "TWO")]]
    assert _players(result) == players  # the official attributes, the empty name filled
    winner = result.find("winner")
    assert winner is not None and winner.get("team") == "TWO"
    assert str(winner.get("reason")).startswith("Regelverletzung von socha (ONE): ")
    replayed = etree.fromstring(replay.read_bytes())
    (replay_result,) = replayed.iterfind("room/data[@class='result']")
    assert _players(replay_result) == players
    assert replay.name.startswith(f"replay_{GAME}_socha__ONE__random_")
    assert parse_replay(replay.read_bytes())["names"] == ["socha (ONE)", "random"]  # web viewer
    assert finished == ["socha (ONE)", "random"]
    assert running == [["socha (ONE)", "random"]]  # the web's room list while it ran
    assert '"names": ["socha (ONE)", "random"]' in room_list
    logged = caplog.text
    assert "players 'socha (ONE)', 'random'" in logged
    assert "over: winner 'random'; 'socha (ONE)' RULE_VIOLATION" in logged
    assert "''" not in logged
