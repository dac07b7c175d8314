"""The seed's ``</move>`` typo: repaired for 2018 connections, left alone otherwise."""

from __future__ import annotations

import asyncio
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from botarena.games.hase_und_igel.xml import move_to_element, state_from_element
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.seed_move_end_tag import MoveEndTagRepair
from tests.event_loop import until

SEED_MOVE = b'<room roomId="R"><data class="move"><advance order="0" distance="6"/></move></room>'


def test_the_seed_end_tag_becomes_data_and_parses() -> None:
    out = MoveEndTagRepair().feed(SEED_MOVE, repair=True)
    assert out.endswith(b"</data></room>")
    assert etree.fromstring(out).find("data").get("class") == "move"  # type: ignore[union-attr]


def test_without_repair_nothing_changes_and_nothing_is_held_back() -> None:
    repair = MoveEndTagRepair()
    assert repair.feed(b"<a></mo", repair=False) == b"<a></mo"
    assert repair.feed(b"ve>", repair=False) == b"ve>"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(SEED_MOVE)), max_size=6))
def test_any_split_gives_the_same_bytes(cuts: list[int]) -> None:
    whole = MoveEndTagRepair().feed(SEED_MOVE, repair=True)
    repair = MoveEndTagRepair()
    bounds = [0, *sorted(cuts), len(SEED_MOVE)]
    pieces = [repair.feed(SEED_MOVE[a:b], repair=True) for a, b in itertools.pairwise(bounds)]
    assert b"".join(pieces) == whole


async def _messages(reader: asyncio.StreamReader, parser: ScStreamParser, wanted: str):
    """Read until a room message whose data class is ``wanted``; return all messages seen."""
    seen: list[etree._Element] = []
    while True:
        data = await asyncio.wait_for(reader.read(65536), timeout=10)
        assert data, "the server closed the connection"
        for event in parser.feed(data):
            if isinstance(event, MessageReceived):
                seen.append(event.element)
                found = event.element.find("data")
                if found is not None and found.get("class") == wanted:
                    return seen


def seated(server: ScServer) -> bool:
    """Every connection so far sits in a room."""
    return all(server.lobby.is_seated(c) for c in server.connections.values())


def test_a_hase_und_igel_client_may_close_its_move_with_the_seed_end_tag() -> None:
    async def scenario() -> None:
        server = ScServer(ServerConfig(host="127.0.0.1", port=0, seed=5))
        await server.start()
        try:
            clients = []
            for _ in range(2):
                reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
                join = msg.Join("swc_2018_hase_und_igel").to_element()
                writer.write(b"<protocol>" + etree.tostring(join))
                await writer.drain()
                clients.append((reader, writer, ScStreamParser()))
                # the first client takes slot 0 (red, to move) before the second one joins
                await until(lambda: len(server.connections) == len(clients) and seated(server))
            red_reader, red_writer, red_parser = clients[0]
            seen = await _messages(red_reader, red_parser, msg.MOVE_REQUEST_CLASS)
            mementos = [m for m in seen if m.find("data[@class='memento']") is not None]
            room_id = mementos[-1].get("roomId")
            state, _names = state_from_element(mementos[-1].find("data/state"))
            move = move_to_element(state.legal_moves()[0])
            packet = etree.tostring(msg.RoomPacket(room_id, move).to_element())
            assert packet.count(b"</data>") == 1
            typo = packet.replace(b"</data>", b"</move>")
            red_writer.write(typo[:-12])  # the typo'd end tag arrives split over two reads
            await red_writer.drain()
            red_connection = server.connections[min(server.connections)]
            await until(lambda: red_connection.partial_since is not None)  # first half read
            red_writer.write(typo[-12:])
            await red_writer.drain()
            blue_reader, _, blue_parser = clients[1]
            seen = await _messages(blue_reader, blue_parser, msg.MOVE_REQUEST_CLASS)
            turns = [
                m.find("data/state").get("turn") for m in seen if m.find("data/state") is not None
            ]
            assert turns[-1] == "1"  # the move was applied; blue is asked next
            for _, writer, _ in clients:
                writer.close()
        finally:
            await server.stop()

    asyncio.run(scenario())
