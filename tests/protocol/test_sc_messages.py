"""Typed SC messages: request decoding, server message builders and decoders."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from botarena.conformance.sctranscript import (
    C2S,
    S2C,
    read_misc_sessions,
    read_raw_stream,
    read_transcript,
)
from botarena.core.score import ScoreAggregation, ScoreFragment
from botarena.protocol import sc_messages as m
from botarena.protocol.sc_errors import InvalidMessageError, ProtocolError, UnknownMessageError
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser
from botarena.protocol.xstream import encode
from tests.conftest import fixture_file, fixture_files, plain_name

PIRANHAS = "piranhas-2019"
FRAGMENTS = (
    ScoreFragment("Gewinner", ScoreAggregation.SUM),
    ScoreFragment("\u2205 Schwarm", ScoreAggregation.AVERAGE),
)


def xml(text: str) -> etree._Element:
    return etree.fromstring(text.encode())


def decode(text: str) -> m.Request:
    return m.decode_request(xml(text))


def room_of(element: etree._Element) -> str:
    room_id = element.get("roomId")
    assert room_id is not None
    return str(room_id)


def recorded_messages(stream: bytes) -> list[etree._Element]:
    return [e.element for e in ScStreamParser().feed(stream) if isinstance(e, MessageReceived)]


# -- requests ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('<join gameType="swc_2019_piranhas"/>', m.Join("swc_2019_piranhas")),
        ("<join/>", m.Join(None)),
        ('<join gameType="g" foo="bar"/>', m.Join("g")),  # unknown attributes are ignored
        ('<joinPrepared reservationCode="abc"/>', m.JoinPrepared("abc")),
        ('<joinPrepared reservationCode=""/>', m.JoinPrepared("")),
        ('<authenticate passphrase="pw"/>', m.Authenticate("pw")),
        ('<authenticate password="pw"/>', m.Authenticate(None, "pw")),
        ('<observe roomId="r"/>', m.Observe("r")),
        ('<pause roomId="r" pause="true"/>', m.Pause("r", True)),
        ('<pause roomId="r" pause="TRUE"/>', m.Pause("r", True)),  # XStream: any case
        ('<pause roomId="r" pause="yes"/>', m.Pause("r", False)),
        ('<pause roomId="r"/>', m.Pause("r", False)),
        ('<step roomId="r"/>', m.Step("r", False)),
        ('<step roomId="r" forced="true"/>', m.Step("r", True)),
        ('<cancel roomId="r"/>', m.Cancel("r")),
        ('<freeReservation reservation="c"/>', m.FreeReservation("c")),
        ('<timeout roomId="r" slot="1" activate="false"/>', m.Timeout("r", 1, False)),
        ('<timeout roomId="r"/>', m.Timeout("r", 0, False)),
        ('<testMode testMode="true"/>', m.TestMode(True)),
        ('<scoreForPlayer displayName="alice"/>', m.ScoreForPlayer("alice")),
        ("<close/>", m.CloseConnection()),
        ("<sc.protocol.responses.CloseConnection/>", m.CloseConnection()),
        ("<sc.protocol.CloseConnection/>", m.CloseConnection()),
    ],
)
def test_decode_simple_requests(text, expected):
    assert decode(text) == expected


def test_decode_prepare_with_slots():
    request = decode(
        '<prepare gameType="swc_2019_piranhas">'
        '<slot displayName="alpha" canTimeout="true" shouldBePaused="true"/>'
        '<slot displayName="beta"/>'
        "</prepare>"
    )
    assert request == m.Prepare(
        "swc_2019_piranhas",
        (m.SlotDescriptor("alpha", True, True), m.SlotDescriptor("beta", False, False)),
    )


def test_decode_2021_prepare_pause_and_slot_reserved():
    request = decode(
        '<prepare gameType="swc_2021_blokus" pause="TRUE">'
        '<slot displayName="a" canTimeout="true" reserved="true"/>'
        '<slot reserved="no"/><slot/>'
        "</prepare>"
    )
    assert request == m.Prepare(
        "swc_2021_blokus",
        (
            m.SlotDescriptor("a", True, False, reserved=True),
            m.SlotDescriptor(reserved=False),
            m.SlotDescriptor(reserved=None),
        ),
        pause=True,
    )
    assert decode('<prepare gameType="g"/>') == m.Prepare("g", pause=False)


def test_decode_join_room_ignores_children_as_the_server_always_did():
    assert decode('<joinRoom roomId="r"/>') == m.JoinRoom("r")
    assert decode('<joinRoom roomId="r"><x/></joinRoom>') == m.JoinRoom("r")
    assert decode("<joinRoom/>") == m.JoinRoom(None)


def test_decode_prepare_keeps_load_game_info():
    request = decode('<prepare gameType="g"><loadGameInfo class="x" turn="3"/></prepare>')
    assert isinstance(request, m.Prepare)
    assert request.slots == ()
    assert request.load_game_info is not None
    assert request.load_game_info.get("turn") == "3"


def test_decode_room_packet_keeps_the_data_element():
    request = decode(
        '<room roomId="r"><data class="move" x="1" y="2" direction="UP">'
        '<hint content="h"/></data></room>'
    )
    assert isinstance(request, m.RoomPacket)
    assert request.room_id == "r"
    assert request.data_class == "move"
    assert request.data.get("x") == "1"
    assert request.data[0].get("content") == "h"


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ('<fooBar baz="1"/>', UnknownMessageError, "fooBar"),
        ('<joined roomId="r"/>', UnknownMessageError, "joined"),
        ('<join gameType="g"><x/></join>', InvalidMessageError, "unknown child"),
        ('<prepare gameType="g"><player/></prepare>', InvalidMessageError, "player"),
        ('<prepare gameType="g"><slot><x/></slot></prepare>', InvalidMessageError, "slot"),
        ('<room roomId="x"><data x="0"/></room>', InvalidMessageError, "no class"),
        ('<room roomId="x"/>', InvalidMessageError, "exactly one <data>"),
        ('<room roomId="x"><move/></room>', InvalidMessageError, "<move>"),
        ('<room roomId="x"><data class="a"/><data class="b"/></room>', InvalidMessageError, "one"),
        ('<timeout roomId="r" slot="first"/>', InvalidMessageError, "not an integer"),
        ("<close><x/></close>", InvalidMessageError, "unknown child"),
    ],
)
def test_bad_requests_raise_clear_errors(text, error, words):
    with pytest.raises(error) as caught:
        decode(text)
    assert words in str(caught.value)
    assert isinstance(caught.value, ProtocolError)


REQUESTS = [
    m.Join("swc_2019_piranhas"),
    m.JoinPrepared("code"),
    m.JoinRoom("r"),
    m.Join("swc_2019_piranhas", display_name="Alice"),
    m.JoinPrepared("code", "Bob"),
    m.JoinRoom("r", "Carol"),
    m.Authenticate("examplepassword"),
    m.Prepare("swc_2021_blokus", (m.SlotDescriptor("a", True, False, True),), pause=True),
    m.Prepare("swc_2019_piranhas", (m.SlotDescriptor("a", True, False), m.SlotDescriptor("b"))),
    m.Observe("r"),
    m.Pause("r", True),
    m.Step("r"),
    m.Step("r", True),
    m.Cancel("r"),
    m.FreeReservation("c"),
    m.Timeout("r", 1, True),
    m.TestMode(False),
    m.ScoreForPlayer("alice"),
    m.CloseConnection(),
]


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: type(r).__name__)
def test_requests_round_trip(request_):
    assert m.decode_request(request_.to_element()) == request_


def test_request_encodings_match_the_official_clients(fixtures_dir: Path):
    # The official Java client (TC_player_c2s) and TestClient write these exact shapes.
    assert encode(m.JoinPrepared("afe9d4bd-8cc5-4305-b151-8cc333f6ad1e").to_element()) == (
        b'\n  <joinPrepared reservationCode="afe9d4bd-8cc5-4305-b151-8cc333f6ad1e"/>'
    )
    stream = read_raw_stream(fixtures_dir / "server-protocol-19.2.1" / "TC_testclient_c2s.txt")
    for element in recorded_messages(stream):
        request = m.decode_request(element)
        if isinstance(request, m.Prepare | m.Authenticate | m.Observe | m.TestMode):
            assert encode(request.to_element()) == encode(element)


def test_every_recorded_client_message_decodes(fixtures_dir: Path):
    decoded = 0
    for path in fixture_files(fixtures_dir / PIRANHAS, ".txt"):
        transcript = read_transcript(path)
        for conn in transcript.connections:
            stream = transcript.stream(conn, C2S)
            try:
                elements = recorded_messages(stream)
            except ProtocolError:
                assert plain_name(path) == "err_malformed_xml.txt"
                continue
            for element in elements:
                if plain_name(path) == "err_unknown_element.txt" and element.tag == "fooBar":
                    with pytest.raises(UnknownMessageError):
                        m.decode_request(element)
                    continue
                request = m.decode_request(element)
                if isinstance(request, m.RoomPacket):
                    assert request.data_class == "move"
                decoded += 1
    assert decoded > 500


# -- server messages: builders against the recorded bytes -------------------------------------


def recorded_server_messages(fixtures_dir: Path, name: str, conn: str) -> list[etree._Element]:
    transcript = read_transcript(fixture_file(fixtures_dir / PIRANHAS, name))
    return recorded_messages(transcript.stream(conn, S2C))


def test_builders_reproduce_a_recorded_game_start(fixtures_dir: Path):
    recorded = recorded_server_messages(fixtures_dir, "err_move_not_your_turn.txt", "c1")
    room_id = room_of(recorded[0])
    assert encode(m.joined(room_id)) == encode(recorded[0])
    assert encode(m.welcome_message(room_id, "red")) == encode(recorded[1])
    expected = encode(recorded[2])
    state = recorded[2][0][0]
    assert encode(m.memento(room_id, state)) == expected
    assert len(recorded[2][0]) == 0  # the state was moved into the new message, not copied
    assert encode(m.move_request(room_id)) == encode(recorded[3])


def test_room_error_with_original_request(fixtures_dir: Path):
    recorded = recorded_server_messages(fixtures_dir, "err_move_not_your_turn.txt", "c2")
    error = next(e for e in recorded if e.tag == "room" and e[0].get("class") == "error")
    room_id = room_of(error)
    move = xml('<data class="move" x="1" y="0" direction="UP"/>')
    built = m.room_error(room_id, "It's not your turn yet.", move)
    assert encode(built) == encode(error)
    assert move.tag == "data"  # the caller's element is copied, not renamed
    assert recorded[-1].tag == m.CLOSE_CONNECTION_TAG
    assert encode(m.close_connection()) == encode(recorded[-1])


def test_room_error_without_original_request(fixtures_dir: Path):
    recorded = recorded_server_messages(fixtures_dir, "err_illegal_move_off_board.txt", "c1")
    error = next(e for e in recorded if e.tag == "room" and e[0].get("class") == "error")
    text = "Ungueltiger Zug von 'Unknown'.\nMove in that direction would not be on the board"
    assert encode(m.room_error(room_of(error), text)) == encode(error)


def test_result_with_winner_and_left(fixtures_dir: Path):
    recorded = recorded_server_messages(
        fixtures_dir, "scripted_greedy_red_connects_swarm.txt", "c2"
    )
    result = next(e for e in recorded if e.tag == "room" and e[0].get("class") == "result")
    room_id = room_of(result)
    reason = "Das Spiel ist beendet.\nEin Spieler hat seinen Schwarm vereint."
    built = m.result(
        room_id,
        FRAGMENTS,
        [
            m.ResultScore("REGULAR", reason, ("2", "12")),
            m.ResultScore("REGULAR", reason, ("0", "3")),
        ],
        m.winner("Unknown", "RED"),
    )
    assert encode(built) == encode(result)
    assert encode(m.left(room_id)) == encode(recorded[-1])


def test_result_of_a_draw_has_no_winner(fixtures_dir: Path):
    recorded = recorded_server_messages(fixtures_dir, "normal_game_02_roundlimit_draw.txt", "c1")
    result = next(e for e in recorded if e.tag == "room" and e[0].get("class") == "result")
    decoded = m.decode_server_message(result)
    assert isinstance(decoded, m.GameResult)
    assert decoded.winner is None
    built = m.result(room_of(result), decoded.fragments, decoded.scores)
    assert encode(built) == encode(result)


def test_welcome_colour_is_written_as_the_profile_gives_it():
    # 2019 lower case (Go and C++ clients compare case-sensitively), 21.2.1+ upper case
    assert b'color="red"' in encode(m.welcome_message("r", "red"))
    assert b'color="ONE"' in encode(m.welcome_message("r", "ONE"))


def test_lobby_builders():
    assert (
        encode(m.joined_game_room("r", True)) == b'\n  <joinedGameRoom roomId="r" existing="true"/>'
    )
    counted = m.JoinedGameRoom("r", player_count=2)
    assert encode(counted.to_element()) == b'\n  <joinedGameRoom roomId="r" playerCount="2"/>'
    assert m.decode_server_message(counted.to_element()) == counted
    assert encode(m.observed("r")) == b'\n  <observed roomId="r"/>'
    assert encode(m.testing(True)) == b'\n  <testing testMode="true"/>'
    assert encode(m.prepared("r", ["a", "b"])) == (
        b'\n  <prepared roomId="r">'
        b"\n    <reservation>a</reservation>"
        b"\n    <reservation>b</reservation>"
        b"\n  </prepared>"
    )


def test_admin_messages_match_the_captures(fixtures_dir: Path):
    transcript = read_transcript(
        fixture_file(fixtures_dir / PIRANHAS, "admin_prepared_paused_step.txt")
    )
    recorded = recorded_messages(transcript.stream("c1", S2C))
    prepared = recorded[0]
    codes = [str(r.text) for r in prepared]
    assert encode(m.prepared(room_of(prepared), codes)) == encode(prepared)
    assert encode(m.observed(room_of(prepared))) == encode(recorded[1])


# -- server messages: decoding -----------------------------------------------------------------


def test_every_recorded_server_message_decodes_and_reencodes(fixtures_dir: Path):
    kinds: set[str] = set()
    for path in fixture_files(fixtures_dir / PIRANHAS, ".txt"):
        transcript = read_transcript(path)
        for conn in transcript.connections:
            for element in recorded_messages(transcript.stream(conn, S2C)):
                message = m.decode_server_message(element)
                assert not isinstance(message, m.OtherRoomMessage), (plain_name(path), element.tag)
                kinds.add(type(message).__name__)
                assert encode(message.to_element()) == encode(element), (plain_name(path), conn)
    assert kinds >= {
        "Joined",
        "JoinedGameRoom",
        "Prepared",
        "Observed",
        "Left",
        "CloseConnection",
        "WelcomeMessage",
        "Memento",
        "MoveRequest",
        "RoomError",
        "GameResult",
    }


def test_decoded_result_fields(fixtures_dir: Path):
    recorded = recorded_server_messages(fixtures_dir, "err_slow_answer_soft_timeout.txt", "c2")
    result = next(e for e in recorded if e.tag == "room" and e[0].get("class") == "result")
    decoded = m.decode_server_message(result)
    assert isinstance(decoded, m.GameResult)
    assert decoded.fragments == FRAGMENTS
    assert [s.cause for s in decoded.scores] == ["SOFT_TIMEOUT", "REGULAR"]
    assert decoded.scores[1].reason is None
    assert decoded.winner is not None and decoded.winner.get("color") == "BLUE"


def test_unknown_server_messages():
    with pytest.raises(UnknownMessageError):
        m.decode_server_message(xml('<join gameType="x"/>'))
    other = m.decode_server_message(
        xml('<room roomId="r"><data class="paused" paused="true"/></room>')
    )
    assert isinstance(other, m.OtherRoomMessage)
    assert other.data.get("paused") == "true"


def test_player_score_matches_the_capture(fixtures_dir: Path):
    sessions = read_misc_sessions(
        fixtures_dir / "server-protocol-19.2.1" / "misc_ingame_errors.txt"
    )
    (excerpt,) = [s for s in sessions if s.closed is None]
    built = m.player_score("F1", 1, [(FRAGMENTS[0], "2"), (FRAGMENTS[1], "8.000000")])
    assert encode(built) == b"\n  " + excerpt.server_bytes
    decoded = m.decode_server_message(etree.fromstring(excerpt.server_bytes))
    assert decoded == m.PlayerScore("F1", 1, ((FRAGMENTS[0], "2"), (FRAGMENTS[1], "8.000000")))
