"""Every error scenario of the 19.2.1 captures, over real TCP (spec server-protocol §1.6, §4.3).

Lobby reactions are compared byte for byte with ``misc_lobby_errors.txt`` of the official
captures; in-game errors check the official texts, who gets what, and the result causes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from botarena.conformance.fixture_io import read_bytes
from botarena.server.manual_clock import ManualClock
from tests.conftest import fixture_file
from tests.event_loop import until
from tests.server.scclient import (
    GAME,
    PASSWORD,
    Client,
    admin,
    data_class_of,
    first_legal_move,
    join_two,
    move_xml,
    play_to_end,
    prepare,
    run,
    running_server,
    seat_two,
)

MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"
CLOSE = b"<protocol>\n  <sc.protocol.responses.CloseConnection/>\n</protocol>"
LEFT_REASON = "Der Spieler hat das Spiel verlassen"


def lobby_capture(fixtures_dir: Path) -> dict[str, bytes]:
    """Case id -> the exact bytes the official server sent (capture ``misc_lobby_errors``)."""
    text = (fixtures_dir / "server-protocol-19.2.1" / "misc_lobby_errors.txt").read_text("utf-8")
    cases: dict[str, bytes] = {}
    for block in text.split("#### ")[1:]:
        heading, _, body = block.partition("\n")
        match = re.search(r"\n?\[(EOF|open)\]", body)
        assert match is not None
        cases[heading.split()[0]] = body[: match.start()].encode()
    return cases


# case id in the capture -> (needs admin first, what the client sends)
LOBBY_CASES = {
    "G": (False, '<foo bar="1"/>'),
    "R": (False, '<join gameType="x"></joinX>'),
    "H": (False, '<authenticate passphrase="wrong"/>'),
    "S": (False, '<join gameType="nope"/>'),
    "M": (False, '<joinPrepared reservationCode="abc"/>'),
    "N": (False, '<room roomId="nope"><data class="move" x="0" y="1" direction="UP"/></room>'),
    "V": (True, '<observe roomId="nope"/>'),
    "W": (True, '<step roomId="nope"/>'),
    "Q": (False, "<close/>"),
    "Q2": (False, "<sc.protocol.responses.CloseConnection/>"),
    "L": (False, "</protocol>"),
}


@pytest.mark.parametrize("case", sorted(LOBBY_CASES))
def test_lobby_errors_match_the_official_bytes(case, fixtures_dir):
    """T07, T08, T10-T12, L01, L07, A02, A08, X09 and step on an unknown room."""
    expected = lobby_capture(fixtures_dir)[case]
    needs_admin, request = LOBBY_CASES[case]

    @run
    async def scenario():
        async with running_server() as server:
            client = await Client.connect(server.port, case)
            if needs_admin:
                await client.send(f'<authenticate passphrase="{PASSWORD}"/>')
            await client.send(request)
            await client.until_eof()
            assert bytes(client.raw) == expected
            await client.close()

    scenario()


def test_missing_root_is_a_hard_close(fixtures_dir):
    """T09 (capture J): a message without root becomes the root, i.e. an empty stream."""
    expected = lobby_capture(fixtures_dir)["J"]

    @run
    async def scenario():
        async with running_server() as server:
            client = await Client.connect(server.port, "J", opening=False)
            await client.send(f'<join gameType="{GAME}"/>')
            await client.expect_eof()
            assert bytes(client.raw) == expected == b"<protocol/>"
            await client.close()

    scenario()


@run
async def test_lenient_inputs_are_accepted():
    """T03, T04, T05, T13, A03, L02 and the client shapes of real-clients-2019 item 13."""
    async with running_server() as server:
        split = await Client.connect(server.port, "split", opening=False)
        await split.send("<protocol><jo")
        await split.silent(0.2)
        await split.send(f"in gameType='{GAME}' foo=\"bar\"  />")
        await split.expect("joined")

        declared = await Client.connect(server.port, "declared", opening=False)
        await declared.send('<?xml version="1.0" encoding="UTF-8"?>\n<protocol>\n<!-- c -->\n  ')
        await declared.send(f'<authenticate password="{PASSWORD}"/><testMode testMode="true"/>')
        assert (await declared.expect("testing")).get("testMode") == "true"

        # L02: a 2019-only server closes (capture misc_parsing, transcript tests); this server
        # also offers the 2026+ seasons, where <join/> joins the default game (socha clients).
        no_type = await Client.connect(server.port, "no type")
        await no_type.send("<join/>")
        await no_type.expect("joined")

        child = await Client.connect(server.port, "child")
        await child.send(f'<join gameType="{GAME}"><x/></join>')  # T14
        await child.expect_eof()
        assert bytes(child.raw) == b"<protocol/>"

        classless = await Client.connect(server.port, "classless")
        await classless.send('<room roomId="x"><data x="0"/></room>')  # T15
        await classless.expect_eof()
        assert bytes(classless.raw) == b"<protocol/>"
        for client in (split, declared, no_type, child, classless):
            await client.close()


@run
async def test_admin_requests_without_authentication_are_ignored():
    """A04, A16 (capture I, Z): no reply, the connection stays usable."""
    async with running_server() as server:
        red, blue, room_id = await join_two(server.port)
        nobody = await Client.connect(server.port, "nobody")
        await nobody.send(
            f'<prepare gameType="{GAME}"><slot displayName="a"/></prepare>'
            f'<observe roomId="{room_id}"/><pause roomId="{room_id}" pause="true"/>'
            f'<step roomId="{room_id}"/><cancel roomId="{room_id}"/>'
            '<testMode testMode="true"/><scoreForPlayer displayName="a"/>'
            '<freeReservation reservation="x"/>'
            f'<timeout roomId="{room_id}" slot="0" activate="false"/>'
        )
        await nobody.silent(0.3)
        assert room_id in server.lobby.rooms and not server.lobby.rooms[room_id].paused
        await nobody.send(f'<join gameType="{GAME}"/>')
        await nobody.expect("joined")  # still connected and served
        boss = await admin(server.port)
        await boss.send('<pause roomId="nope" pause="true"/>')  # P09: ignored, stays open
        await boss.send('<freeReservation reservation="nope"/>')  # A11
        await boss.send('<testMode testMode="false"/>')
        assert (await boss.expect("testing")).get("testMode") == "false"
        for client in (red, blue, nobody, boss):
            await client.close()


async def started_game(port: int, names: tuple[str, str] = ("red", "blue")) -> Any:
    """Two joined players; red has its move request. Returns (red, blue, room_id, state)."""
    red, blue, room_id = await join_two(port, names)
    await red.expect_room("welcomeMessage")
    state = (await red.expect_room("memento"))[0]
    await red.expect_room(MOVE_REQUEST)
    await blue.expect_room("welcomeMessage")
    await blue.expect_room("memento")
    return red, blue, room_id, state


def scores_of(result: Any) -> list[Any]:
    return [(s.get("cause"), s.get("reason"), [p.text for p in s]) for s in result.findall("score")]


ILLEGAL_MOVES = [
    # capture file, move, official reason
    (
        "err_illegal_move_off_board.txt",
        (0, 1, "DOWN"),
        "Move in that direction would not be on the board",
    ),
    (
        "err_illegal_move_opponent_fish.txt",
        (1, 0, "UP"),
        "Field does not belong to the current player",
    ),
]


@pytest.mark.parametrize(("capture", "move", "reason"), ILLEGAL_MOVES)
def test_illegal_move_is_a_rule_violation(capture, move, reason, fixtures_dir):
    """X04 (capture A, AB, err_illegal_move_*): error to the offender, result to the others."""
    official = read_bytes(fixture_file(fixtures_dir / "piranhas-2019", capture))
    expected_error = (
        "Ungueltiger Zug von &apos;Unknown&apos;.&#xa;" + reason.replace("'", "&apos;")
    ).encode()
    assert expected_error in official

    @run
    async def scenario():
        async with running_server() as server:
            boss = await admin(server.port)
            red, blue, room_id, _ = await started_game(server.port)
            await boss.send(f'<observe roomId="{room_id}"/>')
            await boss.expect("joinedGameRoom")
            await boss.expect("joinedGameRoom")
            await boss.expect("observed")
            await boss.expect_room("memento")
            await red.send(move_xml(room_id, *move))
            error = await red.expect_room("error")
            assert error.get("message") == f"Ungueltiger Zug von 'Unknown'.\n{reason}"
            assert len(error) == 0  # no originalRequest for rule violations
            await red.expect("sc.protocol.responses.CloseConnection")
            await red.expect_eof()
            assert expected_error in bytes(red.raw)
            assert bytes(red.raw).endswith(b"\n</protocol>")
            observer_error = await boss.expect_room("error")
            assert observer_error.get("message") == reason
            for client in (blue, boss):
                result = await client.expect_room("result")
                assert scores_of(result) == [
                    ("RULE_VIOLATION", reason, ["0", "8"]),
                    ("REGULAR", None, ["2", "8"]),
                ]
                assert result.find("winner").attrib == {"displayName": "Unknown", "color": "BLUE"}
                await client.expect("left")
            for client in (red, blue, boss):
                await client.close()

    scenario()


@run
async def test_non_move_data_is_a_rule_violation_with_the_official_text():
    """X05 (capture AB): 'NAME hat kein Zug-Objekt gesendet.'"""
    async with running_server() as server:
        boss = await admin(server.port)
        room_id, codes = await prepare(
            boss,
            '<slot displayName="AB1" canTimeout="true"/>'
            '<slot displayName="AB2" canTimeout="true"/>',
        )
        red, blue = await seat_two(server.port, codes)
        for _ in range(4):
            await red.next()
        await red.send(
            f'<room roomId="{room_id}"><data class="welcomeMessage" color="red"/></room>'
        )
        error = await red.expect_room("error")
        assert (
            error.get("message") == "Ungueltiger Zug von 'AB1'.\nAB1 hat kein Zug-Objekt gesendet."
        )
        await red.expect("sc.protocol.responses.CloseConnection")
        await boss.expect_room("memento")
        assert (await boss.expect_room("error")).get(
            "message"
        ) == "AB1 hat kein Zug-Objekt gesendet."
        result = await boss.expect_room("result")
        assert scores_of(result)[0] == (
            "RULE_VIOLATION",
            "AB1 hat kein Zug-Objekt gesendet.",
            ["0", "8"],
        )
        assert result.find("winner").get("displayName") == "AB2"
        for client in (red, blue, boss):
            await client.close()


@run
async def test_move_out_of_turn_is_scored_left():
    """X06 (capture F, err_move_not_your_turn): error with originalRequest, close, LEFT."""
    async with running_server() as server:
        red, blue, room_id, _ = await started_game(server.port)
        await blue.send(move_xml(room_id, 1, 0, "UP"))
        error = await blue.expect_room("error")
        assert error.get("message") == "It's not your turn yet."
        assert error[0].tag == "originalRequest"
        assert error[0].attrib == {"class": "move", "x": "1", "y": "0", "direction": "UP"}
        assert b'message="It&apos;s not your turn yet."' in bytes(blue.raw)
        await blue.expect("sc.protocol.responses.CloseConnection")
        await blue.expect_eof()
        result = await red.expect_room("result")
        assert scores_of(result) == [
            ("REGULAR", None, ["2", "8"]),
            ("LEFT", LEFT_REASON, ["0", "8"]),
        ]
        await red.expect("left")
        # red's late move addresses a removed room: close (capture E / X12)
        await red.send(move_xml(room_id, 0, 1, "RIGHT"))
        await red.expect("sc.protocol.responses.CloseConnection")
        await red.expect_eof()
        await red.close()
        await blue.close()


@run
async def test_move_before_any_request_is_scored_left():
    """X07: a paused room at turn 0; red moves before being asked."""
    async with running_server(paused=True) as server:
        red, blue, room_id = await join_two(server.port)
        await red.expect_room("welcomeMessage")
        await red.send(move_xml(room_id, 0, 1, "RIGHT"))
        error = await red.expect_room("error")
        assert error.get("message") == "We didn't request a data from you yet."
        assert error[0].tag == "originalRequest"
        await red.expect("sc.protocol.responses.CloseConnection")
        await blue.expect_room("welcomeMessage")
        result = await blue.expect_room("result")
        assert [s[0] for s in scores_of(result)] == ["LEFT", "REGULAR"]
        await red.close()
        await blue.close()


@pytest.mark.parametrize(
    ("how", "closing_bytes"),
    [
        ("malformed", b'<room roomId="ROOM"><data class="move" x="0" y="1" direction="UP"></room>'),
        ("unknown element", b'<fooBar baz="1"/>'),
        (
            "bad direction",
            b'<room roomId="ROOM"><data class="move" x="0" y="1" direction="NORTH"/></room>',
        ),
        ("unknown data class", b'<room roomId="ROOM"><data class="sc.Nope"/></room>'),
        ("close element", b"<sc.protocol.responses.CloseConnection/>"),
        ("end of stream", b"</protocol>"),
        ("socket closed", b""),
    ],
)
def test_player_leaving_mid_game_is_scored_left(how, closing_bytes):
    """X10, X11, T14 in game (err_malformed_xml, err_unknown_element, err_disconnect_mid_game,
    scripted_move_with_debug_hints): the leaver gets only ``</protocol>``; the other LEFT."""

    @run
    async def scenario():
        async with running_server() as server:
            red, blue, room_id, _ = await started_game(server.port)
            before = len(red.raw)
            if closing_bytes:
                await red.send(closing_bytes.replace(b"ROOM", room_id.encode()))
                await red.expect_eof()
                assert bytes(red.raw[before:]) == b"\n</protocol>"
            else:
                await red.close()
            result = await blue.expect_room("result")
            assert scores_of(result) == [
                ("LEFT", LEFT_REASON, ["0", "8"]),
                ("REGULAR", None, ["2", "8"]),
            ]
            assert result.find("winner").attrib == {"displayName": "Unknown", "color": "BLUE"}
            await blue.expect("left")
            await red.close()
            await blue.close()

    scenario()


@run
async def test_observer_or_stranger_sending_a_move_is_closed_and_the_game_goes_on():
    """X08 (capture X) and e. of §4.3."""
    async with running_server() as server:
        red, blue, room_id, state = await started_game(server.port)
        boss = await admin(server.port)
        await boss.send(f'<observe roomId="{room_id}"/>')
        await boss.expect("observed")
        await boss.expect_room("memento")
        await boss.send(move_xml(room_id, *first_legal_move(state)))
        await boss.expect("sc.protocol.responses.CloseConnection")
        await boss.expect_eof()
        await red.send(move_xml(room_id, *first_legal_move(state)))
        assert (await red.expect_room("memento"))[0].get("turn") == "1"
        await blue.expect_room("memento")
        await blue.expect_room(MOVE_REQUEST)
        for client in (red, blue, boss):
            await client.close()


@run
async def test_soft_timeout_ends_the_game_at_once_without_applying_the_move():
    """X01 (capture D, err_slow_answer_soft_timeout) with shortened limits."""
    clock = ManualClock()
    async with running_server(soft_timeout_ms=200, hard_timeout_ms=5000, clock=clock) as server:
        red, blue, room_id, state = await started_game(server.port)
        clock.advance(0.35)
        await red.send(move_xml(room_id, *first_legal_move(state)))
        for client in (red, blue):
            result = await client.expect_room("result")
            causes = scores_of(result)
            assert causes[0][0] == "SOFT_TIMEOUT" and causes[0][2] == ["0", "8"]
            assert causes[0][1].startswith("Der Spieler hat innerhalb von 0.2 Sekunden")
            assert causes[1] == ("REGULAR", None, ["2", "8"])
            await client.expect("left")
        assert not any(
            data_class_of(m) == "memento" and m[0][0].get("turn") == "1" for m in blue.messages
        )
        await red.close()
        await blue.close()


@run
async def test_hard_timeout_keeps_the_slow_connection_open():
    """X02, X12 (capture E, err_no_answer_hard_timeout)."""
    clock = ManualClock()
    async with running_server(soft_timeout_ms=100, hard_timeout_ms=300, clock=clock) as server:
        red, blue, room_id, state = await started_game(server.port)
        clock.advance(0.299)
        clock.advance(0.001)  # the hard timer fires exactly at 0.3 s
        for client in (red, blue):
            result = await client.expect_room("result")
            cause, reason, parts = scores_of(result)[0]
            assert cause == "HARD_TIMEOUT" and parts == ["0", "8"]
            assert reason == (
                "Der Spieler hat innerhalb von 0.3 Sekunden nach Aufforderung keinen Zug gesendet"
            )
            await client.expect("left")
        assert not red.eof
        await red.send(move_xml(room_id, *first_legal_move(state)))
        await red.expect("sc.protocol.responses.CloseConnection")
        await red.expect_eof()
        await blue.close()


@run
async def test_can_timeout_false_and_global_no_timeout_disable_the_clock():
    """X03, A15 and --no-timeout."""
    clock = ManualClock()
    async with running_server(soft_timeout_ms=50, hard_timeout_ms=150, clock=clock) as server:
        boss = await admin(server.port)
        room_id, codes = await prepare(
            boss,
            '<slot displayName="slow" canTimeout="false"/>'
            '<slot displayName="b" canTimeout="true"/>',
        )
        red, blue = await seat_two(server.port, codes)
        await red.expect("joined")
        await red.expect_room("welcomeMessage")
        state = (await red.expect_room("memento"))[0]
        await red.expect_room(MOVE_REQUEST)
        # A15: the admin switches blue's clock off too, effective from the next request
        await boss.send(f'<timeout roomId="{room_id}" slot="1" activate="false"/>')
        room = server.lobby.rooms[room_id]
        await until(lambda: not room.slots[1].can_timeout)
        clock.advance(0.4)
        await red.send(move_xml(room_id, *first_legal_move(state)))
        assert (await red.expect_room("memento"))[0].get("turn") == "1"
        await blue.expect("joined")
        await blue.expect_room("welcomeMessage")
        await blue.expect_room("memento")
        state = (await blue.expect_room("memento"))[0]
        await blue.expect_room(MOVE_REQUEST)
        clock.advance(0.4)
        await blue.send(move_xml(room_id, *first_legal_move(state)))
        assert (await red.expect_room("memento"))[0].get("turn") == "2"
        for client in (red, blue, boss):
            await client.close()
    clock = ManualClock()
    no_timeout = {"no_timeout": True, "clock": clock}
    async with running_server(soft_timeout_ms=50, hard_timeout_ms=150, **no_timeout) as server:
        red, blue, room_id, state = await started_game(server.port)
        clock.advance(0.4)
        await red.send(move_xml(room_id, *first_legal_move(state)))
        assert (await red.expect_room("memento"))[0].get("turn") == "1"
        await red.close()
        await blue.close()


@run
async def test_soft_timeout_with_the_real_two_second_default():
    """X01 at the official 2 s: a move after 2.3 s loses by SOFT_TIMEOUT."""
    clock = ManualClock()
    async with running_server(clock=clock) as server:
        red, blue, room_id, state = await started_game(server.port)
        clock.advance(2.3)
        await red.send(move_xml(room_id, *first_legal_move(state)))
        result = await blue.expect_room("result")
        assert scores_of(result)[0] == (
            "SOFT_TIMEOUT",
            "Der Spieler hat innerhalb von 2 Sekunden nach Aufforderung keinen Zug gesendet",
            ["0", "8"],
        )
        await red.close()
        await blue.close()


@run
async def test_reservation_codes_are_single_use_and_die_with_their_room():
    """L08 (capture U) and spec §3.1: codes of a removed room are not redeemable."""
    async with running_server() as server:
        boss = await admin(server.port)
        room_id, codes = await prepare(boss)
        first = await Client.connect(server.port, "first")
        await first.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
        await until(lambda: codes[0] not in server.lobby.reservations)  # first redeemed it
        again = await Client.connect(server.port, "again")
        await again.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
        await again.until_eof()
        assert bytes(again.raw) == CLOSE
        await boss.send(f'<cancel roomId="{room_id}"/>')
        await first.expect("left")
        late = await Client.connect(server.port, "late")
        await late.send(f'<joinPrepared reservationCode="{codes[1]}"/>')
        await late.until_eof()
        assert bytes(late.raw) == CLOSE
        assert not server.lobby.reservations
        for client in (boss, first, again, late):
            await client.close()


@run
async def test_full_game_still_works_after_errors_elsewhere():
    """A misbehaving client never affects another room."""
    async with running_server() as server:
        red, blue, room_id, _ = await started_game(server.port, ("r1", "b1"))
        bad = await Client.connect(server.port, "bad")
        await bad.send("<join gameType='x'/>")
        await bad.until_eof()
        red.queue.put_nowait(red.messages[-2])
        red.queue.put_nowait(red.messages[-1])
        blue.queue.put_nowait(blue.messages[-1])
        results = await play_to_end(red, blue, room_id)
        assert all(s.get("cause") == "REGULAR" for r in results for s in r.findall("score"))
        for client in (red, blue, bad):
            await client.close()


@run
async def test_fresh_connection_gets_nothing_and_names_are_escaped_in_errors():
    """T01 and T18: nothing before the first message; ``&apos;``/``&#xa;`` in error texts."""
    async with running_server() as server:
        quiet = await Client.connect(server.port, "quiet", opening=False)
        await quiet.silent(0.5)
        assert bytes(quiet.raw) == b""
        boss = await admin(server.port)
        room_id, codes = await prepare(
            boss,
            '<slot displayName="O&apos;Neil" canTimeout="true"/>'
            '<slot displayName="b" canTimeout="true"/>',
        )
        red, blue = await seat_two(server.port, codes)
        for _ in range(4):
            await red.next()
        await red.send(move_xml(room_id, 1, 0, "UP"))
        await red.until_eof()
        assert (
            b'message="Ungueltiger Zug von &apos;O&apos;Neil&apos;.&#xa;'
            b'Field does not belong to the current player"/>'
        ) in bytes(red.raw)
        for client in (quiet, boss, red, blue):
            await client.close()


@run
async def test_off_board_origin_is_a_rule_violation():
    """Issue 3 decision (spec piranhas §10 Q1): an off-board start square is RULE_VIOLATION."""
    async with running_server() as server:
        red, blue, room_id, _ = await started_game(server.port)
        await red.send(move_xml(room_id, 10, 0, "UP"))
        error = await red.expect_room("error")
        assert error.get("message") == (
            "Ungueltiger Zug von 'Unknown'.\nx or y are not within the field range"
        )
        result = await blue.expect_room("result")
        assert scores_of(result)[0] == (
            "RULE_VIOLATION",
            "x or y are not within the field range",
            ["0", "8"],
        )
        await red.close()
        await blue.close()
