"""End-to-end game flows over real TCP: join, joinPrepared, observers, pause/step, cancel.

Each test names the conformance checklist ids of spec server-protocol §8 it covers.
"""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path

from lxml import etree

from botarena.core import ScoreCause
from botarena.games.piranhas import PiranhasState
from botarena.games.piranhas import xml as piranhas_xml
from botarena.games.piranhas.plugin import PLUGIN, PiranhasMatch, PiranhasPlugin
from botarena.protocol.sc_plugin import GameSetup
from botarena.protocol.sc_profiles import ProtocolProfile
from botarena.server.app import ScServer
from botarena.server.frontend import ScConnection
from botarena.server.lobby import SlotDescriptor
from botarena.server.results import build_result, result_element
from tests.event_loop import until
from tests.server.scclient import (
    GAME,
    Client,
    admin,
    data_class_of,
    first_legal_move,
    join_two,
    make_config,
    move_xml,
    play_to_end,
    prepare,
    run,
    running_server,
    seat_two,
)

MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


@run
async def test_two_joiners_play_a_full_game_in_official_message_order():
    """T02, T16, L03, L04, G01, G02: order at game start and end, bytes of the stream."""
    async with running_server() as server:
        observer_admin = await admin(server.port)
        red, blue, room_id = await join_two(server.port)
        notice = await observer_admin.expect("joinedGameRoom")
        assert notice.attrib == {"roomId": room_id, "existing": "false"}
        assert (await observer_admin.expect("joinedGameRoom")).get("existing") == "true"

        # red: joined, welcome red, memento turn 0, move request
        assert red.messages[0].tag == "joined"
        welcome = await red.expect_room("welcomeMessage")
        assert welcome.get("color") == "red"
        state = (await red.expect_room("memento"))[0]
        assert state.get("turn") == "0"
        assert state.get("class") == "sc.plugin2019.GameState"
        await red.expect_room(MOVE_REQUEST)
        # blue: joined, welcome blue, memento, no move request
        assert (await blue.expect_room("welcomeMessage")).get("color") == "blue"
        await blue.expect_room("memento")

        x, y, d = first_legal_move(state)
        await red.send(move_xml(room_id, x, y, d, extra=""))
        after_red = (await red.expect_room("memento"))[0]
        assert after_red.get("turn") == "1"
        assert after_red.find("lastMove").attrib == {
            "class": "move",
            "x": str(x),
            "y": str(y),
            "direction": d,
        }
        assert (await blue.expect_room("memento"))[0].get("turn") == "1"
        await blue.expect_room(MOVE_REQUEST)
        # continue the game to its end from blue's turn
        blue.queue.put_nowait(blue.messages[-2])  # re-deliver the memento and the request
        blue.queue.put_nowait(blue.messages[-1])
        red_result, blue_result = await play_to_end(red, blue, room_id)

        for result in (red_result, blue_result):
            scores = result.findall("score")
            assert len(scores) == 2
            assert all(s.get("cause") == "REGULAR" for s in scores)
            assert [f.get("name") for f in result.find("definition")] == ["Gewinner", "∅ Schwarm"]
        # the final state comes right before the result, and left right after it
        tags = [data_class_of(m) or m.tag for m in red.messages]
        assert tags[-3:] == ["memento", "result", "left"]
        assert red.messages[-3][0][0].get("turn") in {str(t) for t in range(2, 61)}
        # byte-level framing: lazy <protocol>, "\n  " before every message, no trailing bytes
        raw = bytes(red.raw)
        assert b"<line>" not in raw  # documented deviation: no stray <line> in the board
        assert raw.startswith(b'<protocol>\n  <joined roomId="' + room_id.encode() + b'"/>')
        assert raw.endswith(b'\n  <left roomId="' + room_id.encode() + b'"/>')
        assert raw.count(b"\n  <room ") + raw.count(b"\n  <joined ") + raw.count(
            b"\n  <left "
        ) == len(red.messages)
        # the player connections stay open after left (G05)
        assert not red.eof and not blue.eof
        await red.send("<sc.protocol.responses.CloseConnection/>")
        await red.expect_eof()
        assert bytes(red.raw).endswith(b"\n</protocol>")
        for client in (red, blue, observer_admin):
            await client.close()


def test_each_message_is_one_write_and_the_move_request_its_own(monkeypatch):
    """Each message is one transport write, the move request its own; TCP_NODELAY is set."""
    writes: list[tuple[int, bytes]] = []
    original_send = ScConnection.send

    def recording_send(self, message):
        writes.append((self.peer_id, message))
        original_send(self, message)

    monkeypatch.setattr(ScConnection, "send", recording_send)

    @run
    async def scenario():
        async with running_server() as server:
            red, blue, room_id = await join_two(server.port)
            await red.expect_room("welcomeMessage")
            await red.expect_room("memento")
            await red.expect_room(MOVE_REQUEST)
            for connection in server.connections.values():
                sock = connection._transport.get_extra_info("socket")
                assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
            request = (
                f'\n  <room roomId="{room_id}">\n    <data class="{MOVE_REQUEST}"/>\n  </room>'
            ).encode()
            red_writes = [m for peer, m in writes if peer == min(p for p, _ in writes)]
            assert red_writes[-1] == request
            assert red_writes[-2].startswith(f'\n  <room roomId="{room_id}">'.encode())
            assert b"memento" in red_writes[-2] and MOVE_REQUEST.encode() not in red_writes[-2]
            await red.close()
            await blue.close()

    scenario()


@run
async def test_prepared_game_waits_for_both_and_uses_slot_order():
    """L09, L10, L11, T17: silent until full, colours by slot, names in the state."""
    async with running_server() as server:
        boss = await admin(server.port)
        slots = (
            '<slot displayName="Häschen" canTimeout="true" shouldBePaused="false"/>'
            '<slot displayName="O\'Neil" canTimeout="true" shouldBePaused="false"/>'
        )
        room_id, codes = await prepare(boss, slots)
        assert len(codes) == 2 and len(set(codes)) == 2
        second = await Client.connect(server.port, "slot1")
        await second.send(f'<joinPrepared reservationCode="{codes[1]}"/>')
        await second.silent(0.3)
        first = await Client.connect(server.port, "slot0")
        await first.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
        for client, color in ((first, "red"), (second, "blue")):
            assert (await client.expect("joined")).get("roomId") == room_id
            assert (await client.expect_room("welcomeMessage")).get("color") == color
            state = (await client.expect_room("memento"))[0]
            assert state.find("red").get("displayName") == "Häschen"
            assert state.find("blue").get("displayName") == "O'Neil"
        await first.expect_room(MOVE_REQUEST)
        observed_state = (await boss.expect_room("memento"))[0]
        assert observed_state.get("turn") == "0"
        assert "Häschen".encode() in bytes(first.raw)
        await second.silent(0.1)  # blue gets no move request
        for client in (first, second, boss):
            await client.close()


@run
async def test_observer_sees_states_result_and_left_but_no_requests():
    """A05, A09, G02, G04: observers get the same memento bytes as players."""
    async with running_server() as server:
        boss = await admin(server.port)
        room_id, codes = await prepare(boss)
        red, blue = await seat_two(server.port, codes)
        for client in (red, blue):
            await client.expect("joined")
            await client.expect_room("welcomeMessage")
        await play_to_end(red, blue, room_id)
        seen = []
        while True:
            item = await boss.next()
            seen.append(data_class_of(item) or item.tag)
            if item.tag == "left":
                break
        assert MOVE_REQUEST not in seen and "welcomeMessage" not in seen
        assert seen[-2:] == ["result", "left"]
        assert seen.count("memento") == sum(
            1 for m in red.messages if data_class_of(m) == "memento"
        )
        player_mementos = [m for m in red.messages if data_class_of(m) == "memento"]
        observer_mementos = [m for m in boss.messages if data_class_of(m) == "memento"]
        assert [etree.tostring(m) for m in observer_mementos] == [
            etree.tostring(m) for m in player_mementos
        ]
        for client in (red, blue, boss):
            await client.close()


@run
async def test_paused_prepared_game_is_driven_by_step_and_unpause():
    """P02-P06, P08 and capture C: step sends state + request; moves while paused send nothing."""
    async with running_server() as server:
        boss = await admin(server.port)
        slots = (
            '<slot displayName="p1" canTimeout="false" shouldBePaused="true"/>'
            '<slot displayName="p2" canTimeout="false" shouldBePaused="true"/>'
        )
        room_id, codes = await prepare(boss, slots)
        red, blue = await seat_two(server.port, codes)
        for client in (red, blue):
            await client.expect("joined")
            await client.expect_room("welcomeMessage")
        await red.silent(0.2)  # paused: no state (P01)

        await boss.send(f'<step roomId="{room_id}"/>')
        assert (await boss.expect_room("memento"))[0].get("turn") == "0"
        state = (await red.expect_room("memento"))[0]
        await red.expect_room(MOVE_REQUEST)
        await blue.expect_room("memento")

        await red.send(move_xml(room_id, *first_legal_move(state)))
        await red.silent(0.2)  # P03: applied, nothing sent
        await boss.send(f'<step roomId="{room_id}"/>')  # P04
        state = (await blue.expect_room("memento"))[0]
        assert state.get("turn") == "1"
        await blue.expect_room(MOVE_REQUEST)
        await red.expect_room("memento")
        await boss.expect_room("memento")

        # P08: unpausing with a request outstanding sends no second request
        await boss.send(f'<pause roomId="{room_id}" pause="false"/>')
        await blue.silent(0.2)
        await blue.send(move_xml(room_id, *first_legal_move(state)))
        state = (await red.expect_room("memento"))[0]
        assert state.get("turn") == "2"
        await red.expect_room(MOVE_REQUEST)
        await blue.expect_room("memento")
        await boss.expect_room("memento")

        # P06: pause while red's request is pending; red's move is applied silently
        await boss.send(f'<pause roomId="{room_id}" pause="true"/>')
        room = server.lobby.rooms[room_id]
        await until(lambda: room.paused)  # the pause is in before red's move
        await red.send(move_xml(room_id, *first_legal_move(state)))
        await blue.silent(0.2)
        # P05: unpause at a boundary = memento + request
        await boss.send(f'<pause roomId="{room_id}" pause="false"/>')
        assert (await blue.expect_room("memento"))[0].get("turn") == "3"
        await blue.expect_room(MOVE_REQUEST)

        # A14: cancel sends left to everyone, no result; the admin stays; the room is gone
        await boss.expect_room("memento")
        await red.expect_room("memento")
        await boss.send(f'<cancel roomId="{room_id}"/>')
        for client in (red, blue, boss):
            await client.expect("left")
        await boss.send(f'<step roomId="{room_id}"/>')
        await boss.expect("sc.protocol.responses.CloseConnection")
        await boss.expect_eof()
        for client in (red, blue, boss):
            await client.close()


@run
async def test_step_on_unpaused_room_is_ignored_and_observe_catches_up():
    """P07 and the documented deviation: observe sends the current state at once."""
    async with running_server() as server:
        red, blue, room_id = await join_two(server.port)
        for _ in range(3):
            await red.next()
        boss = await admin(server.port)
        await boss.send(f'<observe roomId="{room_id}"/>')
        await boss.expect("observed")
        state = (await boss.expect_room("memento"))[0]
        assert state.get("turn") == "0"
        await boss.send(f'<step roomId="{room_id}"/>')
        await red.silent(0.2)
        await boss.send(f'<observe roomId="{room_id}"/>')  # idempotent
        await boss.expect("observed")
        await boss.expect_room("memento")
        await red.send(move_xml(room_id, *first_legal_move(state)))
        await boss.expect_room("memento")
        await boss.silent(0.2)  # exactly one copy
        for client in (red, blue, boss):
            await client.close()


@run
async def test_one_connection_may_take_both_slots():
    """L12 (capture AA): two joined, two welcome messages, two mementos, one request."""
    async with running_server() as server:
        solo = await Client.connect(server.port, "solo")
        await solo.send(f'<join gameType="{GAME}"/><join gameType="{GAME}"/>')
        await solo.expect("joined")
        await solo.expect("joined")
        assert (await solo.expect_room("welcomeMessage")).get("color") == "red"
        assert (await solo.expect_room("welcomeMessage")).get("color") == "blue"
        await solo.expect_room("memento")
        await solo.expect_room("memento")
        await solo.expect_room(MOVE_REQUEST)
        await solo.silent(0.2)
        await solo.close()


@run
async def test_lone_joiner_leaving_ends_the_room():
    """L13 (capture AD): the next joiner opens a fresh room."""
    async with running_server() as server:
        boss = await admin(server.port)
        lonely = await Client.connect(server.port, "lonely")
        await lonely.send(f'<join gameType="{GAME}"/>')
        first_room = (await lonely.expect("joined")).get("roomId")
        await boss.expect("joinedGameRoom")
        await lonely.close()
        await until(lambda: first_room not in server.lobby.rooms)
        newcomer = await Client.connect(server.port, "newcomer")
        await newcomer.send(f'<join gameType="{GAME}"/>')
        second_room = (await newcomer.expect("joined")).get("roomId")
        assert second_room != first_room
        assert (await boss.expect("joinedGameRoom")).get("existing") == "false"
        await newcomer.close()
        await boss.close()


@run
async def test_free_reservation_lets_a_plain_join_take_the_slot():
    """A10 (capture P) and A11: freed slot is joinable; unknown codes are ignored."""
    async with running_server() as server:
        boss = await admin(server.port)
        room_id, codes = await prepare(boss, observe=False)
        await boss.send('<freeReservation reservation="nope"/>')
        await boss.send(f'<freeReservation reservation="{codes[1]}"/>')
        first = await Client.connect(server.port, "reserved")
        await first.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
        await until(lambda: codes[0] not in server.lobby.reservations)  # first sits in slot 0
        joiner = await Client.connect(server.port, "joiner")
        await joiner.send(f'<join gameType="{GAME}"/>')
        assert (await joiner.expect("joined")).get("roomId") == room_id
        assert (await joiner.expect_room("welcomeMessage")).get("color") == "blue"
        await first.expect("joined")
        assert (await first.expect_room("welcomeMessage")).get("color") == "red"
        notice = await boss.expect("joinedGameRoom")
        assert notice.attrib == {"roomId": room_id, "existing": "true"}
        for client in (first, joiner, boss):
            await client.close()


@run
async def test_forced_step_on_a_half_empty_prepared_room_ends_it():
    """P10 (deviation): empty slot scored LEFT; the seated player wins."""
    async with running_server() as server:
        boss = await admin(server.port)
        room_id, codes = await prepare(boss)
        seated = await Client.connect(server.port, "seated")
        await seated.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
        await until(lambda: codes[0] not in server.lobby.reservations)  # seated before the step
        await boss.send(f'<step roomId="{room_id}" forced="true"/>')
        result = await boss.expect_room("result")
        causes = [s.get("cause") for s in result.findall("score")]
        assert causes == ["REGULAR", "LEFT"]
        assert result.find("winner").get("displayName") == "alpha"
        await boss.expect("left")
        for client in (seated, boss):
            await client.close()


@run
async def test_test_mode_and_score_for_player():
    """T06, A12, A13: testing echo; scores recorded before the result is broadcast."""
    async with running_server() as server:
        boss = await admin(server.port)
        await boss.send('<testMode testMode="true"/>')
        assert (await boss.expect("testing")).get("testMode") == "true"
        await boss.send('<scoreForPlayer displayName="nobody"/>')
        empty = await boss.expect("playerScore")
        assert empty[0].get("numberOfTests") == "0"
        assert [v.findtext("value") for v in empty[0].findall("values")] == ["0", "0"]
        _room_id, codes = await prepare(boss)
        red, blue = await seat_two(server.port, codes)
        await red.expect("joined")
        await red.expect_room("welcomeMessage")
        await blue.close()  # blue leaves: alpha wins 2 points
        while True:
            item = await boss.next()
            if data_class_of(item) == "result":
                break
        await boss.send('<scoreForPlayer displayName="alpha"/>')
        await boss.expect("left")
        score = (await boss.expect("playerScore"))[0]
        assert score.attrib == {"displayName": "alpha", "numberOfTests": "1"}
        values = [v.findtext("value") for v in score.findall("values")]
        assert values == ["2", "8.000000"]
        await red.close()
        await boss.close()


class OtherGamePlugin(PiranhasPlugin):
    """A second game type, to check that ``join`` never mixes game types."""

    game_type = "swc_test_other"


@run
async def test_join_only_pairs_rooms_of_the_same_game_type():
    """L05, L06 (deviation: the official matcher ignores the game type)."""
    server = ScServer(make_config(), [PLUGIN, OtherGamePlugin()])
    await server.start()
    try:
        piranhas = await Client.connect(server.port, "piranhas")
        await piranhas.send(f'<join gameType="{GAME}"/>')
        first_room = (await piranhas.expect("joined")).get("roomId")
        other = await Client.connect(server.port, "other")
        await other.send('<join gameType="swc_test_other"/>')
        other_room = (await other.expect("joined")).get("roomId")
        assert other_room != first_room
        await other.silent(0.1)  # alone in its room: no game started
        third = await Client.connect(server.port, "third")
        await third.send(f'<join gameType="{GAME}"/>')
        assert (await third.expect("joined")).get("roomId") == first_room
        assert (await third.expect_room("welcomeMessage")).get("color") == "blue"
        fourth = await Client.connect(server.port, "fourth")
        await fourth.send(f'<join gameType="{GAME}"/>')
        assert (await fourth.expect("joined")).get("roomId") not in {first_room, other_room}
        for client in (piranhas, other, third, fourth):
            await client.close()
    finally:
        await server.stop()


@run
async def test_a_disconnected_observer_is_dropped_from_its_room():
    async with running_server() as server:
        red, blue, room_id = await join_two(server.port)
        boss = await admin(server.port)
        await boss.send(f'<observe roomId="{room_id}"/>')
        await boss.expect("observed")
        room = server.lobby.rooms[room_id]
        assert len(room.observers) == 1
        await boss.close()
        await until(lambda: not room.observers)
        assert room_id in server.lobby.rooms  # the game goes on
        for client in (red, blue):
            await client.close()


@run
async def test_prepare_with_load_game_info_starts_from_that_state():
    """``loadGameInfo`` (spec §2.2.4): the game starts from the given state; a bad one is
    refused at once with the close element."""
    late = PiranhasState.start(obstacles=[(2, 6), (7, 7)])
    late.apply(late.legal_moves()[0])
    late.apply(late.legal_moves()[0])
    info = piranhas_xml.state_to_element(late)
    info.tag = "loadGameInfo"
    info_xml = etree.tostring(info).decode()
    async with running_server() as server:
        boss = await admin(server.port)
        await boss.send(
            f'<prepare gameType="{GAME}"><slot displayName="a" canTimeout="true"/>'
            f'<slot displayName="b" canTimeout="true"/>{info_xml}</prepare>'
        )
        prepared = await boss.expect("prepared")
        codes = [r.text for r in prepared.findall("reservation")]
        red, blue = await seat_two(server.port, codes)
        await red.expect("joined")
        await red.expect_room("welcomeMessage")
        state = (await red.expect_room("memento"))[0]
        assert state.get("turn") == "2"
        assert state.find("red").get("displayName") == "a"
        await boss.send(f'<prepare gameType="{GAME}"><loadGameInfo class="x" turn="99"/></prepare>')
        await boss.until_eof()
        assert bytes(boss.raw).endswith(b"<sc.protocol.responses.CloseConnection/>\n</protocol>")
        for client in (red, blue, boss):
            await client.close()


def test_round_limit_draw_result_has_no_winner():
    """G03: both REGULAR with the round-limit reason, parts 1/1, no ``winner``."""
    drawn = PiranhasState.from_squares(
        red=[(0, 1), (0, 2), (5, 5)], blue=[(9, 1), (9, 2), (3, 3)], turn=60
    )
    match = PLUGIN.new_match(["a", "b"], GameSetup(initial_state=drawn))
    result = build_result(match, None, 2)
    assert result.winner is None
    data = result_element("r", PLUGIN, match, result)[0]
    assert data.find("winner") is None
    assert [
        (s.get("cause"), s.get("reason"), [p.text for p in s]) for s in data.findall("score")
    ] == [("REGULAR", "Das Rundenlimit wurde erreicht.", ["1", "2"])] * 2


class Profile2021Piranhas(PiranhasPlugin):
    """Piranhas served with the framework behaviour of the 2021 profile."""

    game_type = "swc_test_2021"
    profile = ProtocolProfile(
        year=2021,
        close_element="sc.protocol.CloseConnection",
        move_request_class="sc.framework.plugins.protocol.MoveRequest",
        error_request_field="originalMessage",
        joined_on_prepared_immediately=True,
        cancel_sends_result=True,
        observers_see_paused_states=True,
        paused_events=True,
        violator_gets_result=True,
    )


@run
async def test_profile_data_drives_joined_errors_close_element_and_cancel():
    """2021 profile pieces the framework already serves (spec §9)."""
    server = ScServer(make_config(), [Profile2021Piranhas()])
    await server.start()
    try:
        prepared = server.lobby.prepare_room(
            "swc_test_2021", [SlotDescriptor("a", True), SlotDescriptor("b", True)]
        )
        red = await Client.connect(server.port, "red")
        await red.send(f'<joinPrepared reservationCode="{prepared.reservations[0]}"/>')
        assert (await red.expect("joined")).get("roomId") == prepared.room_id  # at once
        blue = await Client.connect(server.port, "blue")
        await blue.send(f'<joinPrepared reservationCode="{prepared.reservations[1]}"/>')
        await blue.expect("joined")
        await blue.expect_room("welcomeMessage")
        await blue.expect_room("memento")
        await red.expect_room("welcomeMessage")
        await red.expect_room("memento")
        await red.expect_room(MOVE_REQUEST)
        # cancel with a result (draw while the game runs), then left
        boss = await admin(server.port)
        await boss.send(f'<cancel roomId="{prepared.room_id}"/>')
        for client in (red, blue):
            result = await client.expect_room("result")
            assert [(s.get("cause"), s[0].text) for s in result.findall("score")] == [
                ("REGULAR", "1"),
                ("REGULAR", "1"),
            ]
            await client.expect("left")
        # a second room: out-of-turn error uses originalMessage and the 2021 close element
        red2, blue2, room_id = await join_two(server.port, game="swc_test_2021")
        await blue2.expect_room("welcomeMessage")
        await blue2.expect_room("memento")
        await blue2.send(move_xml(room_id, 1, 0, "UP"))
        error = await blue2.expect_room("error")
        assert [child.tag for child in error] == ["originalMessage"]
        await blue2.expect("sc.protocol.CloseConnection")
        for client in (red, blue, boss, red2, blue2):
            await client.close()
    finally:
        await server.stop()


class OverridingMatch(PiranhasMatch):
    """Reports its own result after a violation (like Hase und Igel's TC-62)."""

    def result_override(self, ends):
        if not ends:
            return None
        ((culprit, end),) = ends.items()
        lines = [(end.cause, "custom", (0, 99)), (ScoreCause.REGULAR, "kept", (2, 98))]
        if culprit == 1:
            lines.reverse()
        return lines, culprit  # names the violator as winner, as the official anomaly does


class EchoingPlugin(PiranhasPlugin):
    game_type = "swc_test_echo"
    echo_violating_move = True

    def new_match(self, display_names, setup):
        return OverridingMatch(super().new_match(display_names, setup).state)


@run
async def test_plugin_hooks_echo_the_move_and_override_the_result():
    server = ScServer(make_config(), [EchoingPlugin()])
    await server.start()
    try:
        red, blue, room_id = await join_two(server.port, game="swc_test_echo")
        for _ in range(3):
            await red.next()
        await red.send(move_xml(room_id, 1, 0, "UP"))
        error = await red.expect_room("error")
        assert [(c.tag, c.get("x"), c.get("direction")) for c in error] == [
            ("originalRequest", "1", "UP")
        ]
        await blue.expect_room("welcomeMessage")
        await blue.expect_room("memento")
        result = await blue.expect_room("result")
        scores = [
            (s.get("cause"), s.get("reason"), [p.text for p in s]) for s in result.findall("score")
        ]
        assert scores == [
            ("RULE_VIOLATION", "custom", ["0", "99"]),
            ("REGULAR", "kept", ["2", "98"]),
        ]
        assert result.find("winner").get("color") == "RED"
        await red.close()
        await blue.close()
    finally:
        await server.stop()


@run
async def test_2021_profile_paused_rooms_and_violations():
    """P11 and the 2021 violation order: observers see states while paused and get
    ``paused`` events; the violator gets error, result and ``left`` before its close."""
    server = ScServer(make_config(), [Profile2021Piranhas()])
    await server.start()
    try:
        boss = await admin(server.port)
        paused_slot = '<slot displayName="{}" canTimeout="true" shouldBePaused="true"/>'
        await boss.send(
            '<prepare gameType="swc_test_2021">'
            + paused_slot.format("a")
            + paused_slot.format("b")
            + "</prepare>"
        )
        prepared = await boss.expect("prepared")
        room_id = prepared.get("roomId")
        codes = [r.text for r in prepared.findall("reservation")]
        await boss.send(f'<observe roomId="{room_id}"/>')
        await boss.expect("observed")
        red, blue = await seat_two(server.port, codes)
        await red.expect("joined")
        await red.expect_room("welcomeMessage")
        assert (await boss.expect_room("memento"))[0].get("turn") == "0"  # observers only
        await red.silent(0.2)
        await boss.send(f'<step roomId="{room_id}"/>')
        state = (await red.expect_room("memento"))[0]
        await red.expect_room(MOVE_REQUEST)
        assert (await boss.expect_room("memento"))[0].get("turn") == "0"  # a second time
        await red.send(move_xml(room_id, *first_legal_move(state)))
        assert (await boss.expect_room("memento"))[0].get("turn") == "1"  # paused: observers
        await red.silent(0.2)
        await boss.send(f'<pause roomId="{room_id}" pause="false"/>')
        assert (await boss.expect_room("memento"))[0].get("turn") == "1"
        assert (await boss.expect_room("paused")).get("paused") == "false"
        await blue.expect("joined")
        await blue.expect_room("welcomeMessage")
        assert (await blue.expect_room("memento"))[0].get("turn") == "0"
        assert (await blue.expect_room("memento"))[0].get("turn") == "1"
        await blue.expect_room(MOVE_REQUEST)
        # blue moves a red fish: the 2021 violation order
        await blue.send(move_xml(room_id, 0, 1, "RIGHT"))
        message = "Ungueltiger Zug von 'b'.\nField does not belong to the current player"
        assert (await blue.expect_room("error")).get("message") == message
        assert (await boss.expect_room("error")).get("message") == message
        result = await blue.expect_room("result")
        assert [s.get("cause") for s in result.findall("score")] == ["REGULAR", "RULE_VIOLATION"]
        await blue.expect("left")
        await blue.expect("sc.protocol.CloseConnection")
        await blue.until_eof()
        await boss.expect_room("result")
        await boss.expect("left")
        for client in (red, blue, boss):
            await client.close()
    finally:
        await server.stop()


CLIENT_SCRIPT = Path(__file__).with_name("client_process.py")


@run
async def test_two_client_processes_play_a_full_prepared_game():
    """Issue 3 item 5: real client processes (one per player) over TCP, observed by an admin."""
    async with running_server() as server:
        boss = await admin(server.port)
        room_id, codes = await prepare(boss)
        processes = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                str(CLIENT_SCRIPT),
                "--port",
                str(server.port),
                "--reservation",
                code,
                "--seed",
                str(index),
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            for index, code in enumerate(codes)
        ]
        outputs = await asyncio.gather(*(p.communicate() for p in processes))
        assert [p.returncode for p in processes] == [0, 0], outputs
        lines = {out.decode().strip() for out, _ in outputs}
        assert len(lines) == 1  # both saw the same result
        (line,) = lines
        assert line.startswith("result REGULAR REGULAR winner=")
        observed = [data_class_of(m) or m.tag for m in boss.messages]
        while "left" not in observed:
            item = await boss.next()
            observed.append(data_class_of(item) or item.tag)
        assert observed.count("memento") >= 2 and observed[-2:] == ["result", "left"]
        assert room_id not in server.lobby.rooms
        await boss.close()
