"""Findings of the independent tester (real TCP on 127.0.0.1): each case holds now."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable

from botarena.server.config import NO_PROGRESS_TIMEOUT_S
from botarena.server.frontend import sweep_idle
from botarena.server.room import LEFT_REASON
from tests.server.scclient import GAME, Client, admin, join_two, move_xml, run, running_server

MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


async def until(condition: Callable[[], bool], turns: int = 100_000) -> None:
    """Yield to the event loop (which polls the sockets each turn) until ``condition``."""
    for _ in range(turns):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("condition not reached")


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


@run
async def test_ignored_requests_do_not_keep_a_connection_outside_any_game_open():
    assert NO_PROGRESS_TIMEOUT_S == 60.0
    # The sweep runs on a fake clock: its own timer never fires during the test.
    async with running_server(sweep_interval_s=3600.0) as server:
        idler = await Client.connect(server.port, "idler")
        player = await Client.connect(server.port, "player")
        await idler.send('<testMode testMode="true"/>')  # ignored without authentication
        await player.send(f'<join gameType="{GAME}"/>')
        await player.expect("joined")  # seated, waiting for an opponent
        boss = await admin(server.port)
        await boss.send('<testMode testMode="false"/>')
        await boss.expect("testing")
        (idle,) = [c for c in server.connections.values() if c.peer_id == 1]
        await until(lambda: idle.messages_received == 1)
        start = max(c.connected_at for c in server.connections.values())

        def sweep(after: float) -> int:
            return sweep_idle(server.connections, server.lobby, start + after)

        assert sweep(NO_PROGRESS_TIMEOUT_S - 1) == 0
        await idler.send('<testMode testMode="true"/>')  # another ignored request
        await idler.send('<observe roomId="x"/>')  # and another
        await until(lambda: idle.messages_received == 3)
        assert sweep(NO_PROGRESS_TIMEOUT_S + 1) == 1
        await idler.expect_eof()
        assert sweep(10 * NO_PROGRESS_TIMEOUT_S) == 0  # the waiting player and the admin stay
        assert not player.eof and not boss.eof
        for client in (player, boss):
            await client.close()
