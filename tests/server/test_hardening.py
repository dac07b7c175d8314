"""Findings of the independent tester (real TCP on 127.0.0.1): each case holds now."""

from __future__ import annotations

import asyncio
import logging
import re

from botarena.games.piranhas_2026.plugin import PLUGIN as PIRANHAS_2026
from botarena.protocol.sc_profiles import PROFILE_2019
from botarena.server.app import ScServer
from botarena.server.auth_throttle import (
    AUTH_BASE_DELAY_S,
    AUTH_FREE_FAILURES,
    AUTH_MAX_DELAY_S,
    AUTH_OVERALL_FAILURES,
    AUTH_OVERALL_WINDOW_S,
    TOO_MANY_FAILURES,
    AuthThrottle,
    delay_after,
    is_summary_count,
    throttle_keys,
)
from botarena.server.config import NO_PROGRESS_TIMEOUT_S
from botarena.server.frontend import sweep_idle
from botarena.server.lobby import AUTHENTICATION_FAILED
from botarena.server.manual_clock import ManualClock
from tests.event_loop import until
from tests.server.scclient import (
    EOF,
    GAME,
    PASSWORD,
    Client,
    admin,
    join_two,
    make_config,
    move_xml,
    run,
    running_server,
)

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
        f" ({PROFILE_2019.left_reason})"
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


# -- admin password guessing -------------------------------------------------------------


def test_auth_delays_grow_and_are_capped():
    assert (AUTH_FREE_FAILURES, AUTH_BASE_DELAY_S, AUTH_MAX_DELAY_S) == (3, 1.0, 60.0)
    delays = [delay_after(n) for n in range(1, 12)]
    assert delays == [0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]
    assert [n for n in range(1, 2000) if is_summary_count(n)] == [1, 10, 100, 1000]


def test_auth_throttle_on_a_fake_clock():
    throttle = AuthThrottle()
    now = 0.0
    for _ in range(AUTH_FREE_FAILURES - 1):
        throttle.failed(1, now=now)
        assert throttle.retry_after(1, now=now) == 0
    throttle.failed(1, now=now)
    assert throttle.retry_after(1, now=now) == AUTH_BASE_DELAY_S
    assert throttle.retry_after(2, now=now) == 0  # per connection
    assert throttle.refused() == AUTH_FREE_FAILURES + 1  # counted for the whole server
    assert throttle.retry_after(1, now=now + 0.5) == 0.5  # refusals do not extend it
    throttle.failed(1, now=now + 1)
    assert throttle.retry_after(1, now=now + 1) == 2 * AUTH_BASE_DELAY_S
    throttle.forget(1)  # closed or authenticated
    assert throttle.retry_after(1, now=now + 1) == 0
    assert not throttle.overloaded(now + 1)
    for connection in range(100, 100 + AUTH_OVERALL_FAILURES - AUTH_FREE_FAILURES - 1):
        throttle.failed(connection, now=now + 1)
    assert throttle.overloaded(now + 1)
    assert not throttle.overloaded(now + 1 + AUTH_OVERALL_WINDOW_S + 1)  # the window passed


def test_a_remote_address_shares_its_delay_and_loopback_never_does():
    throttle = AuthThrottle()
    for connection in range(AUTH_FREE_FAILURES):  # each guess on a new connection
        throttle.failed(*throttle_keys(connection, "192.0.2.7"), now=0.0)
        throttle.failed(*throttle_keys(connection + 100, "127.0.0.1"), now=0.0)
    assert throttle.retry_after(*throttle_keys(999, "192.0.2.7"), now=0.0) == AUTH_BASE_DELAY_S
    assert throttle.retry_after(*throttle_keys(998, "127.0.0.1"), now=0.0) == 0
    assert throttle.retry_after(*throttle_keys(997, "192.0.2.8"), now=0.0) == 0


async def _authenticate(port: int, passphrase: str) -> list[str]:
    client = await Client.connect(port, "guesser")
    await client.send(f'<authenticate passphrase="{passphrase}"/>')
    await client.send('<testMode testMode="true"/>')  # answered only for an administrator
    replies: list[str] = []
    while True:
        item = await client.next()
        if item is EOF:
            return replies
        replies.append(item.get("message") or item.tag)
        if item.tag == "testing":
            await client.close()
            return replies


@run
async def test_a_guesser_on_the_same_address_never_locks_out_the_organiser(caplog):
    """Issue 23 finding 4: a wrong password every 50 ms from 127.0.0.1 (bounded: 60 guesses,
    3 s on the lobby's fake clock); the organiser's tools, also on 127.0.0.1, are accepted at
    once in between (before: refused for as long as the guessing went on)."""
    caplog.set_level(logging.INFO, logger="botarena.server.lobby")
    async with running_server() as server:
        clock = ManualClock(start=1000.0)
        server.lobby.clock = clock
        close = "sc.protocol.responses.CloseConnection"
        organiser_replies = []
        for guess in range(60):
            assert await _authenticate(server.port, "guess") == [close]
            clock.advance(0.05)
            if guess % 10 == 9:
                organiser_replies.append(await _authenticate(server.port, PASSWORD))
    assert organiser_replies == [["testing"]] * 6
    lines = [r.getMessage() for r in caplog.records if "authenticate" in r.getMessage()]
    assert [line.split(" failed")[0] for line in lines] == ["1", "10"]  # in summary


async def _read_until(reader: asyncio.StreamReader, *needles: bytes) -> bytes:
    data = b""
    while not any(needle in data for needle in needles):
        chunk = await reader.read(65536)
        if not chunk:
            break
        data += chunk
    return data


async def _open_2026(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"<protocol>")
    return reader, writer


async def _guess_2026(reader, writer, password: str) -> bytes:
    """One ``authenticate``; the errorpacket, or ``testing`` when it was the right one."""
    writer.write(f'<authenticate password="{password}"/><testMode testMode="true"/>'.encode())
    return await _read_until(reader, b"</errorpacket>", b"<testing")


def _server_2026() -> ScServer:
    return ScServer(make_config(host="127.0.0.1", default_game=PIRANHAS_2026.game_type))


@run
async def test_a_connection_that_guesses_waits_alone_and_says_why():
    """2026+ keeps a connection open after a wrong password: that connection (only) waits
    after its free failures; even the right password is not checked in its wait."""
    server = _server_2026()
    await server.start()
    try:
        clock = server.lobby.clock = ManualClock(start=1000.0)
        reader, writer = await _open_2026(server.port)
        for _ in range(AUTH_FREE_FAILURES):
            answer = await _guess_2026(reader, writer, "guess")
            assert AUTHENTICATION_FAILED.encode() in answer and b"too many" not in answer
        answer = await _guess_2026(reader, writer, PASSWORD)
        assert f"{TOO_MANY_FAILURES} 1 s".encode() in answer
        other_reader, other_writer = await _open_2026(server.port)  # the organiser
        assert b"<testing" in await _guess_2026(other_reader, other_writer, PASSWORD)
        clock.advance(AUTH_BASE_DELAY_S)
        assert b"<testing" in await _guess_2026(reader, writer, PASSWORD)
        for stream in (writer, other_writer):
            stream.close()
    finally:
        await server.stop()


@run
async def test_when_the_server_is_being_guessed_at_a_wrong_password_costs_its_connection():
    """Beyond AUTH_OVERALL_FAILURES wrong passwords a window (from any connections), a wrong
    one closes its connection even in 2026+; the right one on a fresh connection still
    works."""
    server = _server_2026()
    await server.start()
    try:
        server.lobby.clock = ManualClock(start=1000.0)
        for _ in range(AUTH_OVERALL_FAILURES):
            reader, writer = await _open_2026(server.port)
            assert AUTHENTICATION_FAILED.encode() in await _guess_2026(reader, writer, "guess")
            writer.close()
        reader, writer = await _open_2026(server.port)
        answer = await _guess_2026(reader, writer, "guess")
        assert AUTHENTICATION_FAILED.encode() in answer
        rest = await _read_until(reader)  # to the end of the stream: the server closed it
        assert (answer + rest).rstrip().endswith(b"</protocol>") and reader.at_eof()
        writer.close()
        reader, writer = await _open_2026(server.port)
        assert b"<testing" in await _guess_2026(reader, writer, PASSWORD)
        writer.close()
    finally:
        await server.stop()


@run
async def test_a_game_between_two_sweeps_counts_as_progress():
    # A bot that plays short games over one connection is not idle, even when no sweep
    # happened to see it seated.
    async with running_server(sweep_interval_s=3600.0, finished_player_grace_s=0) as server:
        clock = server.lobby.clock = ManualClock(start=1000.0)
        red = await Client.connect(server.port, "red")
        clock.advance(NO_PROGRESS_TIMEOUT_S - 1)
        await red.send(f'<join gameType="{GAME}"/>')
        room_id = (await red.expect("joined")).get("roomId")
        blue = await Client.connect(server.port, "blue")
        await blue.send(f'<join gameType="{GAME}"/>')
        await blue.expect("joined")
        for data_class in ("welcomeMessage", "memento", MOVE_REQUEST):
            await red.expect_room(data_class)
        await blue.send(move_xml(room_id, 0, 1, "UP"))  # not blue's turn: the game ends
        await red.expect_room("result")
        await red.expect("left")
        assert not server.lobby.rooms
        later = clock.time() + NO_PROGRESS_TIMEOUT_S / 2
        assert sweep_idle(server.connections, server.lobby, later) == 0
        assert sweep_idle(server.connections, server.lobby, clock.time() + 61) == 1  # red, now idle
        await red.close()
        await blue.close()
