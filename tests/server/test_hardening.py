"""Findings of the independent tester (real TCP on 127.0.0.1): each case holds now."""

from __future__ import annotations

import logging
import re

from botarena.server.room import LEFT_REASON
from tests.server.scclient import GAME, Client, join_two, move_xml, run, running_server

MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


@run
async def test_refused_markup_after_a_join_in_the_same_write_is_handled_like_two_writes():
    # The tester's case: one write got only the close, two writes got `joined` first.
    async with running_server() as server:
        results = []
        for writes in (
            [f'<protocol><join gameType="{GAME}"/><!DOCTYPE x>'],
            [f'<protocol><join gameType="{GAME}"/>', "<!DOCTYPE x>"],
        ):
            client = await Client.connect(server.port, opening=False)
            for index, data in enumerate(writes):
                await client.send(data)
                if index == 0 and len(writes) > 1:
                    await client.expect("joined")
            await client.until_eof()
            results.append([item.tag for item in client.messages])
        assert results[0] == results[1] == ["joined"]


@run
async def test_the_server_logs_one_line_when_a_game_starts_and_one_when_it_ends(caplog):
    caplog.set_level(logging.INFO, logger="botarena.server.room")
    async with running_server() as server:
        red, blue, room_id = await join_two(server.port)
        await red.expect_room("welcomeMessage")
        await blue.expect_room("welcomeMessage")
        await red.expect_room("memento")
        await red.expect_room(MOVE_REQUEST)
        await blue.send(move_xml(room_id, 0, 1, "UP"))  # not blue's turn: blue leaves
        await red.expect_room("result")
        await red.expect("left")
        await red.close()
        await blue.close()
    lines = [r.getMessage() for r in caplog.records if room_id in r.getMessage()]
    assert len(lines) == 2
    assert re.fullmatch(
        f"room {room_id}: {GAME} started, seed -?[0-9]+, players 'Unknown', 'Unknown'", lines[0]
    )
    assert lines[1] == (
        f"room {room_id}: {GAME} over: winner 'Unknown'; 'Unknown' REGULAR; 'Unknown' LEFT"
        f" ({LEFT_REASON})"
    )


@run
async def test_a_lost_connection_is_not_written_to(caplog):
    # asyncio logs "socket.send() raised exception." for writes to a transport that failed
    # (e.g. the peer reset it) before connection_lost arrives; the rooms must not write then.
    caplog.set_level(logging.WARNING, logger="asyncio")
    async with running_server() as server:
        client = await Client.connect(server.port)
        await client.send(f'<join gameType="{GAME}"/>')
        await client.expect("joined")
        (connection,) = server.connections.values()
        transport = connection._transport
        assert transport is not None
        transport.abort()  # what asyncio does itself when a send fails
        for _ in range(10):
            connection.send(b"<ping/>")
        assert connection.closed
        await client.expect_eof()
    assert not [r for r in caplog.records if "socket.send() raised" in r.getMessage()]
