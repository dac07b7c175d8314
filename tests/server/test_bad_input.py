"""Bad input (issue 3 item 6): each case gets the official reaction or a clear error, the
offender's game ends with the right cause, and a game running beside it is unaffected.

Rooms start from a position at turn 50 (forced through the server's setup provider) so the
bystander games are short but still end by the rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import socket
import uuid
from collections.abc import Callable
from typing import Any

import pytest

from botarena.core import SeededRandom
from botarena.games.piranhas import PiranhasState
from botarena.games.piranhas.plugin import PLUGIN, PiranhasMatch
from botarena.protocol.sc_plugin import GameSetup
from botarena.protocol.sc_xml import MAX_ATTRIBUTE_VALUE_CHARS, MAX_DEPTH
from botarena.server.app import ScServer
from botarena.server.auth_throttle import AUTH_MAX_DELAY_S
from botarena.server.frontend import LINGER_MAX_BYTES, ScConnection, sweep_idle
from botarena.server.manual_clock import ManualClock
from tests.event_loop import until
from tests.server.one_message_client import OneMessagePerRead
from tests.server.scclient import (
    GAME,
    PASSWORD,
    Client,
    admin,
    first_legal_move,
    join_two,
    make_config,
    move_xml,
    play_to_end,
    run,
    running_server,
)

MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


def late_position() -> PiranhasState:
    state = PiranhasState.start(obstacles=[(2, 6), (7, 7)])
    rng = SeededRandom(5)
    while state.turn < 50:
        state.apply(rng.choice(state.legal_moves()))
    assert not state.is_terminal()
    return state


LATE = late_position()


def short_games(game_type: str) -> GameSetup:
    return GameSetup(initial_state=LATE)


async def start_bystander(port: int) -> tuple[Client, Client, str]:
    red, blue, room_id = await join_two(port, ("bystander-red", "bystander-blue"))
    for client in (red, blue):
        await client.expect_room("welcomeMessage")
    return red, blue, room_id


async def finish_bystander(red: Client, blue: Client, room_id: str) -> None:
    """The bystander game plays to a regular end: nothing of the bad input reached it."""
    red_result, blue_result = await play_to_end(red, blue, room_id)
    for result in (red_result, blue_result):
        assert [s.get("cause") for s in result.findall("score")] == ["REGULAR", "REGULAR"]
    await red.close()
    await blue.close()


def bad_input_server(**changes: Any):
    return running_server(setup_provider=short_games, **changes)


def is_clean(server) -> bool:
    lobby = server.lobby
    return not (
        server.connections
        or lobby.rooms
        or lobby.reservations
        or lobby._memberships
        or any(lobby._waiting.values())
    )


async def assert_clean(server) -> None:
    """No connection or room of the offenders is left behind (memory stays flat)."""
    try:
        await until(lambda: is_clean(server))
    except AssertionError:
        raise AssertionError(
            f"left behind: {len(server.connections)} connections, {len(server.lobby.rooms)} rooms"
        ) from None


def has_read(reads: bytearray, count: int) -> bool:
    return len(reads) == count


def record_reads(connection) -> bytearray:
    """Every byte the server's ``connection`` reads from now on (a spy on the protocol)."""
    seen = bytearray()
    original = connection.data_received

    def recording(data: bytes) -> None:
        seen.extend(data)
        original(data)

    connection.data_received = recording
    return seen


@run
async def test_slowloris_and_silent_connections_are_closed():
    # The idle sweep runs on a fake clock (its own timer never fires during the test): each
    # character arrives 0.05 s after the one before, whatever the machine's speed.
    clock = ManualClock(start=1000.0)
    async with bad_input_server(
        clock=clock,
        first_message_timeout_s=0.3,
        partial_message_timeout_s=0.3,
        sweep_interval_s=3600.0,
    ) as server:
        bystander = await start_bystander(server.port)
        silent = await Client.connect(server.port, "silent", opening=False)
        dribbler = await Client.connect(server.port, "dribbler", opening=False)
        await dribbler.send(f'<protocol><join gameType="{GAME}"/>')
        await dribbler.expect("joined")
        await until(lambda: len(server.connections) == 4)  # the silent one is accepted too
        playing = {slot.client for slot in server.lobby.rooms[bystander[2]].slots}
        (dribbling,) = [
            c for c in server.connections.values() if c.messages_received and c not in playing
        ]
        reads = record_reads(dribbling)
        closed = 0
        partial = '<room roomId="x"><da'
        for sent, char in enumerate(partial, start=1):
            await dribbler.send(char)
            await until(functools.partial(has_read, reads, sent))
            clock.advance(0.05)
            closed += sweep_idle(server.connections, server.lobby, clock.time())
            if dribbling.closed:
                break
        assert dribbling.closed and sent < len(partial)  # dribbling bytes kept no one alive
        assert closed == 2  # the dribbler and the silent connection, not the bystanders
        await silent.until_eof()
        assert bytes(silent.raw) == b"<protocol/>"
        await dribbler.until_eof()
        assert bytes(dribbler.raw).endswith(b"\n</protocol>")
        await finish_bystander(*bystander)
        await silent.close()
        await dribbler.close()
        await assert_clean(server)


@run
async def test_a_100_mb_message_is_cut_off_at_the_message_limit():
    async with bad_input_server() as server:
        bystander = await start_bystander(server.port)
        flood = await Client.connect(server.port, "flood")
        chunk = b"a" * (1 << 20)
        await flood.send(b'<join gameType="')
        sent = 0
        for _ in range(100):  # 100 MB unless the server hangs up first
            if flood.eof:
                break
            try:
                flood.writer.write(chunk)
                await flood.writer.drain()
            except ConnectionError:
                break
            sent += len(chunk)
        await flood.until_eof()
        assert bytes(flood.raw) == b"<protocol/>"
        assert sent < 100 * len(chunk)  # it did not read the whole flood
        await finish_bystander(*bystander)
        await flood.close()
        await assert_clean(server)


BOMBS = {
    "billion laughs": (
        '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">'
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><protocol><join gameType="&lol3;"/>'
    ),
    "external entity": (
        '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        '<protocol><join gameType="&xxe;"/>'
    ),
    "quadratic blow-up": (
        '<!DOCTYPE p [<!ENTITY a "'
        + "x" * 50_000
        + '">]><protocol><join gameType="'
        + "&a;" * 1000
        + '"/>'
    ),
    "huge attribute": '<protocol><join gameType="' + "x" * (MAX_ATTRIBUTE_VALUE_CHARS + 1) + '"/>',
    "deep nesting": "<protocol><join>" + "<a>" * (MAX_DEPTH + 5) + "</a>" * (MAX_DEPTH + 5),
    "undefined entity": '<protocol><join gameType="&nope;"/>',
}


@run
async def test_a_dropped_client_still_sending_gets_the_end_of_the_stream_not_a_reset():
    # The client reads only after it has sent more: had the server closed its socket with
    # that input unread, the kernel's reset would make the client lose the server's reply.
    async with running_server() as server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(BOMBS["undefined entity"].encode())
        await until(lambda: any(c.closed for c in server.connections.values()))
        for _ in range(8):
            writer.write(b"x" * (LINGER_MAX_BYTES // 16))
            await writer.drain()
        assert await asyncio.wait_for(reader.read(), 10) == b"<protocol/>"
        writer.close()
        await until(lambda: not server.connections)


@pytest.mark.parametrize("bomb", sorted(BOMBS))
def test_xml_bombs_are_refused_with_a_hard_close(bomb):
    @run
    async def scenario():
        async with bad_input_server() as server:
            bystander = await start_bystander(server.port)
            attacker = await Client.connect(server.port, bomb, opening=False)
            await attacker.send(BOMBS[bomb])
            await attacker.until_eof()
            assert bytes(attacker.raw) == b"<protocol/>"
            await finish_bystander(*bystander)
            await attacker.close()
            await assert_clean(server)

    scenario()


@run
async def test_move_for_the_other_colour_and_out_of_turn():
    async with bad_input_server() as server:
        bystander = await start_bystander(server.port)
        red, blue, room_id = await join_two(server.port)
        await red.expect_room("welcomeMessage")
        state = (await red.expect_room("memento"))[0]
        await red.expect_room(MOVE_REQUEST)
        blue_fish = next(
            (f.get("x"), f.get("y")) for f in state.iter("field") if f.get("state") == "BLUE"
        )
        await red.send(move_xml(room_id, int(blue_fish[0]), int(blue_fish[1]), "UP"))
        error = await red.expect_room("error")
        assert error.get("message").endswith("Field does not belong to the current player")
        await red.until_eof()
        result = None
        while result is None:
            item = await blue.next()
            if item.tag == "room" and item[0].get("class") == "result":
                result = item[0]
        assert [s.get("cause") for s in result.findall("score")] == ["RULE_VIOLATION", "REGULAR"]
        await finish_bystander(*bystander)
        for client in (red, blue):
            await client.close()
        await assert_clean(server)


@run
async def test_move_into_another_room_closes_the_sender_only():
    async with bad_input_server() as server:
        bystander_red, bystander_blue, bystander_room = await start_bystander(server.port)
        red, blue, _ = await join_two(server.port)
        await red.expect_room("welcomeMessage")
        await blue.expect_room("welcomeMessage")
        state = (await blue.expect_room("memento"))[0]
        # blue of room A plays "red's move" into the bystander room B
        await blue.send(move_xml(bystander_room, *first_legal_move(state)))
        await blue.until_eof()
        assert bytes(blue.raw).endswith(
            b"\n  <sc.protocol.responses.CloseConnection/>\n</protocol>"
        )
        # room A ends with LEFT for blue; room B never noticed
        result = None
        while result is None:
            item = await red.next()
            if item.tag == "room" and item[0].get("class") == "result":
                result = item[0]
        assert [s.get("cause") for s in result.findall("score")] == ["REGULAR", "LEFT"]
        await finish_bystander(bystander_red, bystander_blue, bystander_room)
        await red.close()
        await blue.close()
        await assert_clean(server)


@run
async def test_admin_commands_without_authentication_leave_other_rooms_alone():
    async with bad_input_server() as server:
        bystander = await start_bystander(server.port)
        room_id = bystander[2]
        intruder = await Client.connect(server.port, "intruder")
        await intruder.send(
            f'<cancel roomId="{room_id}"/><pause roomId="{room_id}" pause="true"/>'
            f'<observe roomId="{room_id}"/><timeout roomId="{room_id}" slot="0" activate="false"/>'
        )
        await intruder.silent(0.2)
        await finish_bystander(*bystander)
        await intruder.close()
        await assert_clean(server)


def test_passphrase_is_compared_in_constant_time(monkeypatch):
    calls: list[tuple[bytes, bytes]] = []
    original = hmac.compare_digest

    def recording(a, b):
        calls.append((a, b))
        return original(a, b)

    monkeypatch.setattr(hmac, "compare_digest", recording)

    @run
    async def scenario():
        async with bad_input_server() as server:
            clock = server.lobby.clock = ManualClock(start=1000.0)
            for guess in ("examplepassworc", "e", PASSWORD + "x", ""):
                client = await Client.connect(server.port, guess)
                await client.send(f'<authenticate passphrase="{guess}"/>')
                await client.until_eof()
                assert bytes(client.raw) == (
                    b"<protocol>\n  <sc.protocol.responses.CloseConnection/>\n</protocol>"
                )
                await client.close()
            clock.advance(AUTH_MAX_DELAY_S)  # past the delay after these failures
            good = await admin(server.port)
            await good.send('<testMode testMode="false"/>')
            await good.expect("testing")
            await good.close()

    scenario()
    assert len(calls) >= 4 and all(expected == PASSWORD.encode() for _, expected in calls)


@run
async def test_guessed_reservation_codes_are_refused_and_the_real_ones_still_work():
    async with bad_input_server() as server:
        prepared = server.lobby.prepare_room(GAME, [])
        for _ in range(30):
            guess = await Client.connect(server.port, "guess")
            await guess.send(f'<joinPrepared reservationCode="{uuid.uuid4()}"/>')
            await guess.until_eof()
            await guess.close()
        empty = await Client.connect(server.port, "empty")
        await empty.send('<joinPrepared reservationCode=""/>')  # rust_swcl sends this
        await empty.until_eof()
        await empty.close()
        red = await Client.connect(server.port, "red")
        blue = await Client.connect(server.port, "blue")
        await red.send(f'<joinPrepared reservationCode="{prepared.reservations[0]}"/>')
        await blue.send(f'<joinPrepared reservationCode="{prepared.reservations[1]}"/>')
        for client in (red, blue):
            await client.expect("joined")
            await client.expect_room("welcomeMessage")
        await finish_bystander(red, blue, prepared.room_id)
        await assert_clean(server)


class ExplodingMatch(PiranhasMatch):
    """A game whose rules crash on a move carrying the hint ``boom``."""

    def apply(self, slot, move):
        if "boom" in getattr(move, "hints", ()):
            raise RuntimeError("rules engine bug")
        super().apply(slot, move)


class ExplodingPlugin(type(PLUGIN)):  # type: ignore[misc]
    def new_match(self, display_names, setup):
        match = super().new_match(display_names, setup)
        return ExplodingMatch(match.state)


@run
async def test_an_exception_in_one_room_ends_only_that_room():
    server = ScServer(make_config(), [ExplodingPlugin()], setup_provider=short_games)
    await server.start()
    try:
        bystander = await start_bystander(server.port)
        red, blue, room_id = await join_two(server.port)
        await red.expect_room("welcomeMessage")
        state = (await red.expect_room("memento"))[0]
        await red.expect_room(MOVE_REQUEST)
        x, y, d = first_legal_move(state)
        await red.send(
            f'<room roomId="{room_id}"><data class="move" x="{x}" y="{y}" direction="{d}">'
            '<hint content="boom"/></data></room>'
        )
        result = None
        while result is None:
            item = await blue.next()
            if item.tag == "room" and item[0].get("class") == "result":
                result = item[0]
        scores = result.findall("score")
        assert [s.get("cause") for s in scores] == ["UNKNOWN", "UNKNOWN"]
        assert "internal server error (RuntimeError)" in scores[0].get("reason")
        assert result.find("winner") is None
        await finish_bystander(*bystander)
        for client in (red, blue):
            await client.close()
    finally:
        await server.stop()


async def non_reading_client(port: int) -> tuple[socket.socket, asyncio.StreamWriter]:
    """A client with a tiny receive buffer that never reads what the server sends."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    _, writer = await asyncio.open_connection(sock=sock)
    return sock, writer


async def flood_with_observe(
    server: ScServer, writer: asyncio.StreamWriter, room_id: str, count: int
) -> None:
    """Each observe is answered with ``observed`` and the current state (~5.5 KB). Stops once
    the server no longer reads the flooder (flow control) or has dropped it."""

    def flooders() -> list[ScConnection]:
        return [c for c in server.connections.values() if c.is_admin]

    def not_read_any_more() -> bool:
        return not flooders() or any(c._reading_paused for c in flooders())

    writer.write(f'<protocol><authenticate passphrase="{PASSWORD}"/>'.encode())
    await until(lambda: bool(flooders()))
    request = f'<observe roomId="{room_id}"/>'.encode()
    for _ in range(count // 100):
        writer.write(request * 100)
        await drain_unless(writer, not_read_any_more)
        if not_read_any_more() or writer.is_closing():
            return


async def drain_unless(writer: asyncio.StreamWriter, condition: Callable[[], bool]) -> None:
    """Wait until ``writer`` has drained, or until ``condition`` holds first."""
    drained = asyncio.ensure_future(writer.drain())
    await until(lambda: drained.done() or condition())
    if not drained.done():
        drained.cancel()
    with contextlib.suppress(asyncio.CancelledError, ConnectionError):
        await drained


@run
async def test_a_client_that_does_not_read_is_dropped_past_the_outbound_limit():
    async with bad_input_server(max_outbound_buffer=32 * 1024) as server:
        bystander = await start_bystander(server.port)
        sock, writer = await non_reading_client(server.port)
        await flood_with_observe(server, writer, bystander[2], 3000)
        await until(lambda: len(server.connections) == 2)  # only the bystanders are left
        await finish_bystander(*bystander)
        writer.close()
        sock.close()


@run
async def test_a_client_that_does_not_read_stops_being_read_from():
    """Flow control: the server's buffer for that client stays bounded, the client stays."""
    async with bad_input_server() as server:
        bystander = await start_bystander(server.port)
        sock, writer = await non_reading_client(server.port)
        await flood_with_observe(server, writer, bystander[2], 5000)
        (hog,) = [c for c in server.connections.values() if c.is_admin]
        await until(lambda: hog._reading_paused)
        buffered = hog._transport.get_write_buffer_size()
        assert buffered < server.config.max_outbound_buffer
        await finish_bystander(*bystander)
        writer.close()
        sock.close()


def test_a_failing_request_handler_costs_only_that_connection(monkeypatch):
    from botarena.server.lobby import Lobby  # noqa: PLC0415 - patched below

    def broken_prepare(self, peer, game_type, slots, setup=None):
        raise RuntimeError("lobby bug")

    monkeypatch.setattr(Lobby, "prepare", broken_prepare)

    @run
    async def scenario():
        async with bad_input_server() as server:
            bystander = await start_bystander(server.port)
            boss = await admin(server.port)
            await boss.send(f'<prepare gameType="{GAME}"/>')
            await boss.until_eof()
            assert bytes(boss.raw) == b"<protocol/>"
            await finish_bystander(*bystander)
            await boss.close()
            await assert_clean(server)

    scenario()


@run
async def test_a_one_message_per_read_client_completes_games_only_with_pacing():
    # The pace runs on a fake clock that moves only once the clients have read every message
    # written so far: however slowly the machine delivers them, the pace is never too short.
    clock = ManualClock(start=1000.0)
    async with bad_input_server(no_timeout=True, pace_ms=1, clock=clock) as server:
        red = await OneMessagePerRead.join(server.port, "red")
        blue = await OneMessagePerRead.join(server.port, "blue")
        written: dict[int, int] = {}

        def all_read() -> bool:
            for peer_id, connection in server.connections.items():
                assert connection._paced is not None
                written[peer_id] = connection._paced.messages_written
            return sum(len(c.kept) + len(c.lost) for c in (red, blue)) >= sum(written.values())

        while not (red.done.done() and blue.done.done()):
            await until(all_read)
            clock.advance(0.001)
            await asyncio.sleep(0)  # let the server read what the clients sent meanwhile
        for client in (red, blue):
            client.close()
    for client in (red, blue):
        assert client.lost == [], client.name
        assert client.result is not None
        causes = [score.get("cause") for score in client.result.iter("score")]
        assert causes == ["REGULAR", "REGULAR"]
    assert red.moves_sent + blue.moves_sent > 5

    async with bad_input_server(no_timeout=True) as server:
        red = await OneMessagePerRead.join(server.port, "red")
        blue = await OneMessagePerRead.join(server.port, "blue")
        # welcomeMessage, memento and the move request come in one read: the request is lost
        await until(lambda: MOVE_REQUEST in red.lost + blue.lost)
        stuck = red.moves_sent + blue.moves_sent
        for client in (red, blue):
            client.close()
    assert stuck == 0 and red.result is None and blue.result is None
