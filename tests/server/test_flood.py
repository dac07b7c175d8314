"""A flood of ignored requests (the tester's finding 3), over real TCP.

Time on the server is a work clock: it stands still except that every flood message the
server handles costs ``FLOOD_MESSAGE_COST_S`` (a time scale for "the server spent its time on
others"). A move timed across a flood is charged exactly what the server spent on the flood
before it read the move, so the assertions are about counts and order, not wall-clock time.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from botarena.server.config import MAX_UNAUTHORIZED_REQUESTS
from botarena.server.frontend import MESSAGES_PER_TURN
from botarena.server.manual_clock import ManualClock
from tests.event_loop import until
from tests.server.scclient import EOF, GAME, Client, play_side, run, running_server
from tests.server.test_bad_input import short_games

FLOOD_MESSAGE_COST_S = 1e-4
"""Server time one ignored flood message costs on the work clock."""
FLOODERS = 4
TEST_MODE = b'<testMode testMode="true"/>'
SLACK_TURNS = 16
"""Event-loop turns a new connection may need from its connect to its first request
(accept task, connection_made, reader registration, the read itself)."""


async def flood(port: int, stop: asyncio.Event) -> None:
    """Send ignored requests as fast as the server takes them until ``stop``."""
    _reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"<protocol>")
    blob = TEST_MODE * (65536 // len(TEST_MODE))
    try:
        while not stop.is_set():
            writer.write(blob)
            await writer.drain()
    except ConnectionError:
        pass
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


@run
async def test_during_a_flood_joins_are_answered_promptly_and_moves_are_timed_honestly():
    async with running_server(
        setup_provider=short_games, max_unauthorized_requests=10**9
    ) as server:
        lobby = server.lobby
        clock = ManualClock()
        lobby.clock = clock  # before any connection: connections read their time from it
        handled = 0
        set_test_mode = lobby.set_test_mode

        def counting_test_mode(peer: Any, enabled: bool) -> None:
            nonlocal handled
            handled += 1
            clock.advance(FLOOD_MESSAGE_COST_S)
            set_test_mode(peer, enabled)

        lobby.set_test_mode = counting_test_mode
        joins: list[int] = []
        join = lobby.join

        def recording_join(peer: Any, game_type: str | None, name: str | None = None) -> None:
            joins.append(handled)
            join(peer, game_type, name)

        lobby.join = recording_join

        stop = asyncio.Event()
        flooders = [asyncio.create_task(flood(server.port, stop)) for _ in range(FLOODERS)]
        await until(lambda: handled > 10_000)  # the flood is in full swing

        players = []
        waits = []
        for name in ("red", "blue"):
            client = await Client.connect(server.port, name)
            before = handled
            await client.send(f'<join gameType="{GAME}"/>')
            joined = await client.expect("joined")
            waits.append(joins[-1] - before)
            players.append(client)
        room_id = joined.get("roomId")
        at_start = handled
        results = await asyncio.gather(*(play_side(p, room_id) for p in players))
        during_game = handled - at_start
        stop.set()
        await asyncio.gather(*flooders)
        for client in players:
            await client.close()

    bound = SLACK_TURNS * FLOODERS * MESSAGES_PER_TURN
    assert max(waits) <= bound, f"a join waited for {waits} flood messages (bound {bound})"
    assert during_game > 1000  # the game really ran during the flood
    for result in results:
        causes = [score.get("cause") for score in result.iter("score")]
        assert causes == ["REGULAR", "REGULAR"], causes


@run
async def test_a_connection_that_keeps_sending_requests_it_may_not_make_is_closed():
    assert MAX_UNAUTHORIZED_REQUESTS == 100
    async with running_server() as server:
        patient = await Client.connect(server.port, "patient")
        await patient.send(
            TEST_MODE * MAX_UNAUTHORIZED_REQUESTS + f'<join gameType="{GAME}"/>'.encode()
        )
        await patient.expect("joined")  # at the limit: still served
        flooder = await Client.connect(server.port, "flooder")
        await flooder.send(
            TEST_MODE * (MAX_UNAUTHORIZED_REQUESTS + 1) + f'<join gameType="{GAME}"/>'.encode()
        )
        await flooder.expect("sc.protocol.responses.CloseConnection")
        assert await flooder.next() is EOF
        await patient.close()
