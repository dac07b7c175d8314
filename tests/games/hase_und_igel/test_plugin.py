"""The swc_2018_hase_und_igel server plugin: unit checks and official games replayed over TCP."""

from __future__ import annotations

import asyncio

import pytest
from lxml import etree

from botarena.conformance.sctranscript import S2C, read_sctranscript
from botarena.core import InvalidMove, SeededRandom
from botarena.games.hase_und_igel import GAME, HaseUndIgelState
from botarena.games.hase_und_igel.plugin import PLUGIN
from botarena.games.hase_und_igel.xml import state_to_element
from botarena.protocol.sc_plugin import GameSetup, MalformedMoveError
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from tests.conftest import fixture_file
from tests.event_loop import until
from tests.games.hase_und_igel.transcripts import FOLDER, attr, canonical, connections

WAIT = 10.0


def xml(text: str) -> etree._Element:
    return etree.fromstring(text)


def first_state(name: str) -> etree._Element:
    return connections(name)[0].states()[0]


def test_mementos_print_byte_exact_like_the_official_server():
    name = "normal_game_01_goal_red_wins.txt"
    raw = read_sctranscript(fixture_file(FOLDER, name)).stream("c1", S2C).decode()
    states = connections(name)[0].states()
    assert len(states) > 40
    for element in states:
        match = PLUGIN.new_match(["Unknown", "Unknown"], GameSetup(initial_state=element))
        printed = match.state_xml(3)
        assert printed.startswith("\n      <state class=")
        assert printed in raw


def test_parse_move_classes():
    match = PLUGIN.new_match(["Rita", "Bo"], GameSetup(seed=1))
    move = match.parse_move(0, xml('<data class="move"><advance order="0" distance="1"/></data>'))
    assert move.actions is not None
    with pytest.raises(InvalidMove) as caught:
        match.parse_move(1, xml('<data class="welcomeMessage" color="red"/>'))
    assert caught.value.reason == "Bo hat kein Zug-Objekt gesendet."
    with pytest.raises(MalformedMoveError):
        match.parse_move(0, xml('<data class="sc.plugin2019.Move"/>'))
    with pytest.raises(MalformedMoveError):
        match.parse_move(0, xml('<data class="move"><card order="0" type="FOO"/></data>'))


def test_invalid_moves_keep_their_partial_effects_in_the_statistics():
    state = GAME.new_initial_state(SeededRandom(4))
    match = PLUGIN.new_match(["a", "b"], GameSetup(initial_state=state))
    bad = match.parse_move(
        0, xml('<data class="move"><advance order="0" distance="1"/><skip order="1"/></data>')
    )
    with pytest.raises(InvalidMove):
        match.apply(0, bad)
    assert match.statistics(0) == (1, 67)
    assert match.outcome() is None  # the framework scores the violation itself
    assert match.current_slot() is None


def test_card_without_type_is_malformed_after_the_advance():
    name = "err_card_without_type.txt"
    match = PLUGIN.new_match(["Unknown", "Unknown"], GameSetup(initial_state=first_state(name)))
    sent = connections(name)[0].datas("move", sent=True)[-1]
    with pytest.raises(MalformedMoveError):
        match.apply(0, match.parse_move(0, sent))
    assert match.statistics(0) == (1, 67)


def test_new_match_setups():
    seeded = PLUGIN.new_match(["a", "b"], GameSetup(seed=9))
    assert seeded.state.board == GAME.new_initial_state(SeededRandom(9)).board
    state = HaseUndIgelState(seeded.state.board)
    copied = PLUGIN.new_match(["a", "b"], GameSetup(initial_state=state))
    assert copied.state == state and copied.state is not state
    memento = etree.Element("data")
    memento.append(state_to_element(state))
    assert PLUGIN.new_match(["a", "b"], GameSetup(initial_state=memento)).state == state
    with pytest.raises(ValueError, match="no Hase und Igel <state>"):
        PLUGIN.new_match(["a", "b"], GameSetup(initial_state=etree.Element("data")))
    with pytest.raises(ValueError, match="not a Hase und Igel initial state"):
        PLUGIN.new_match(["a", "b"], GameSetup(initial_state="board"))
    assert PLUGIN.welcome_color(1) == "blue"
    assert [f.name for f in PLUGIN.score_definition] == ["Gewinner", "∅ Feldnummer", "∅ Karotten"]


# ------------------------------------------------------------------ over TCP


class Player:
    """A client that answers each MoveRequest with the next recorded move."""

    def __init__(self, moves: list[etree._Element]) -> None:
        self.moves = list(moves)
        self.received: list[etree._Element] = []

    async def run(self, port: int, room_ready: asyncio.Event | None) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b'<protocol>\n  <join gameType="swc_2018_hase_und_igel"/>')
        await writer.drain()
        if room_ready is not None:
            room_ready.set()
        parser = ScStreamParser()
        while True:
            chunk = await asyncio.wait_for(reader.read(1 << 16), WAIT)
            if not chunk:
                break
            for event in parser.feed(chunk):
                if not isinstance(event, MessageReceived):
                    continue
                message = event.element
                self.received.append(message)
                if message.tag == "left":
                    writer.close()
                    return
                data = message[0] if len(message) else None
                if data is not None and data.get("class", "").endswith("MoveRequest"):
                    room = etree.Element("room", roomId=attr(message, "roomId"))
                    room.append(self.moves.pop(0))
                    writer.write(etree.tostring(room))
                    await writer.drain()
        writer.close()


def game_messages(messages: list[etree._Element]) -> list[tuple[object, ...]]:
    """Mementos and results without the random room id."""
    found = []
    for message in messages:
        if message.tag == "room" and message[0].get("class") in ("memento", "result"):
            found.append(canonical(message[0]))
    return found


async def replay(name: str) -> tuple[Player, Player]:
    official = connections(name)
    first = official[0].states()[0]
    server = ScServer(
        ServerConfig(port=0, password="examplepassword"),
        [PLUGIN],
        setup_provider=lambda game_type: GameSetup(initial_state=first),
    )
    await server.start()
    try:
        red = Player([etree.fromstring(etree.tostring(d)) for d in official[0].datas("move", True)])
        blue = Player(
            [etree.fromstring(etree.tostring(d)) for d in official[1].datas("move", True)]
        )
        red_joined = asyncio.Event()
        red_task = asyncio.create_task(red.run(server.port, red_joined))
        await red_joined.wait()
        await until(lambda: any(map(server.lobby.is_seated, server.connections.values())))
        # RED's join is in first: it takes slot 0
        await asyncio.wait_for(asyncio.gather(red_task, blue.run(server.port, None)), 30)
    finally:
        await server.stop()
    return red, blue


@pytest.mark.parametrize(
    "name", ["normal_game_01_goal_red_wins.txt", "normal_game_03_roundlimit_blue_wins.txt"]
)
def test_official_game_replayed_over_tcp_gives_the_official_mementos_and_result(name):
    red, blue = asyncio.run(replay(name))
    official = connections(name)
    for ours, theirs in ((red, official[0]), (blue, official[1])):
        assert game_messages(ours.received) == game_messages(theirs.received)
