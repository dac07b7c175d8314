"""The 2026+ framework profile on the wire: errorpackets instead of closes, ``<join/>`` without
gameType, a self-closing ``<left/>`` before the server closes, the team result."""

from __future__ import annotations

import asyncio

from lxml import etree

from botarena.core import ScoreCause
from botarena.games.piranhas_2026.plugin import PLUGIN
from botarena.games.registry import load_plugin
from botarena.protocol.sc_plugin import GameSetup, SlotEnd
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.results import build_result, result_element

READ_LIMIT = 1 << 20


async def _read_until(reader: asyncio.StreamReader, needle: bytes) -> bytes:
    data = b""
    while needle not in data:
        chunk = await reader.read(READ_LIMIT)
        if not chunk:
            break
        data += chunk
    return data


def _server(default_game: str | None = None) -> ScServer:
    plugins = [
        load_plugin(g) for g in ("swc_2019_piranhas", "swc_2026_piranhas", "swc_2027_blokus")
    ]
    return ScServer(ServerConfig(host="127.0.0.1", port=0, default_game=default_game), plugins)


def test_lobby_errors_are_errorpackets_and_the_connection_stays_open():
    """On a mixed server whose chosen default game is a 2026+ season (``botarena serve``
    always chooses one) the lobby speaks that season's protocol."""

    async def scenario() -> tuple[bytes, bytes]:
        server = _server("swc_2026_piranhas")
        await server.start()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b'<protocol><joinPrepared reservationCode="nope"/>')
            first = await _read_until(reader, b"</errorpacket>")
            writer.write(b'<observe roomId="x"/>')  # an admin request from a non-admin
            second = await _read_until(reader, b"</errorpacket>")
            writer.close()
            return first, second
        finally:
            await server.stop()

    first, second = asyncio.run(scenario())
    assert b"UnknownReservationException" in first
    assert b'<originalRequest class="joinPrepared" reservationCode="nope"/>' in first
    assert b"UnauthenticatedException" in second


def test_join_without_game_type_joins_the_newest_season_and_left_precedes_close():
    """Two ``<join/>`` clients meet in Blokus 2027 (newest offered); when the server stops,
    each gets ``<left roomId/>`` (self-closing, socha's regex) and ``<close/>``."""

    async def scenario() -> list[bytes]:
        server = _server()
        await server.start()
        streams = []
        for _ in range(2):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"<protocol><join/>")
            streams.append((reader, writer))
        received = [await _read_until(r, b'class="memento"') for r, _ in streams]
        room = next(iter(server.lobby.rooms.values()))
        assert room.plugin.game_type == "swc_2027_blokus"
        await server.stop()
        for index, (reader, writer) in enumerate(streams):
            received[index] += await _read_until(reader, b"</protocol>")
            writer.close()
        return received

    for stream in asyncio.run(scenario()):
        assert b'<data class="welcomeMessage" color="' in stream
        left = stream.index(b"<left roomId=")
        assert stream[left:].split(b">", 1)[0].endswith(b"/")  # self-closing
        assert stream.index(b"<close/>") > left
        assert stream.rstrip().endswith(b"</protocol>")


def test_default_game_must_be_offered():
    async def scenario() -> None:
        await _server("swc_1999_nothing").start()

    try:
        asyncio.run(scenario())
    except ValueError as error:
        assert "swc_1999_nothing" in str(error)
    else:
        raise AssertionError("an unknown default game was accepted")


def test_2026_result_has_scores_entries_and_one_winner():
    match = PLUGIN.new_match(["alpha", ""], GameSetup(seed=5))
    reason = "alpha hat das Spiel verlassen: LOST_CONNECTION"
    result = build_result(match, {0: SlotEnd(ScoreCause.LEFT, reason)}, 2, violator_parts_zero=True)
    data = result_element("r", PLUGIN, match, result, ["alpha", ""])[0]
    entries = data.findall("scores/entry")
    assert [e.find("player").attrib for e in entries] == [  # type: ignore[union-attr]
        {"name": "alpha", "team": "ONE"},
        {"team": "TWO"},
    ]
    assert [p.text for p in entries[0].iter("part")] == ["0", "0"]
    assert entries[1].find("score/part").text == "2"  # type: ignore[union-attr]
    winner = data.find("winner")
    assert winner is not None
    assert [winner.get(name) for name in ("team", "regular", "reason")] == ["TWO", "false", reason]
    assert etree.tostring(data).count(b"<winner") == 1
