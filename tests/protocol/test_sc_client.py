"""The SC client core without sockets: bytes in, typed events out; requests in, bytes out."""

from __future__ import annotations

import pytest
from lxml import etree

from botarena.protocol import sc_client
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_client import (
    Received,
    ScClient,
    ServerClosed,
    Undecodable,
)
from botarena.protocol.sc_errors import MalformedXmlError, UnknownMessageError
from botarena.protocol.sc_profiles import PROFILE_2018, PROFILE_2019, PROFILE_2021, PROFILE_2026
from botarena.protocol.xstream import STREAM_END, STREAM_START, encode

STATE = b'<state class="state" turn="3"><board/></state>'
SERVER_STREAM = (
    STREAM_START
    + encode(msg.joined("r1"))
    + encode(msg.welcome_message("r1", "ONE"))
    + encode(msg.memento("r1", etree.fromstring(STATE)))
    + encode(msg.move_request("r1"))
    + encode(msg.left("r1"))
    + STREAM_END
)


def messages(events: list[sc_client.ClientEvent]) -> list[object]:
    return [event.message if isinstance(event, Received) else event for event in events]


def test_requests_become_the_stream_opening_then_one_element_each():
    client = ScClient()
    assert client.data_to_send() == b""
    client.send(msg.JoinPrepared("code-1"))
    client.send(msg.Observe("r1"))
    expected = STREAM_START + b'<joinPrepared reservationCode="code-1"/><observe roomId="r1"/>'
    assert client.data_to_send() == expected
    assert client.data_to_send() == b""  # handed out once


def test_close_ends_our_stream_once_and_nothing_is_sent_after_it():
    client = ScClient()
    client.send(msg.Join("swc_2026_piranhas"))
    client.close()
    client.close()
    assert client.data_to_send().endswith(b"/>" + STREAM_END)
    assert client.closed
    with pytest.raises(RuntimeError, match="closed"):
        client.send(msg.Observe("r1"))


def test_closing_before_any_request_sends_an_empty_stream():
    client = ScClient()
    client.close()
    assert client.data_to_send() == b"<protocol/>"


@pytest.mark.parametrize("chunk", [1, 7, len(SERVER_STREAM)])
def test_any_split_of_the_server_stream_gives_the_same_typed_events(chunk):
    client = ScClient()
    events: list[sc_client.ClientEvent] = []
    for start in range(0, len(SERVER_STREAM), chunk):
        client.receive_data(SERVER_STREAM[start : start + chunk])
        events += client.events_received()
    found = messages(events)
    assert found[:2] == [msg.Joined("r1"), msg.WelcomeMessage("r1", "ONE")]
    memento = found[2]
    assert isinstance(memento, msg.Memento) and memento.state.get("turn") == "3"
    assert found[3:] == [msg.MoveRequest("r1"), msg.Left("r1"), ServerClosed(eof=False)]
    assert client.ended


def test_a_received_message_keeps_its_xml_for_replays():
    sent = encode(msg.memento("r1", etree.fromstring(STATE)))  # pretty-printed, as XStream
    client = ScClient()
    client.receive_data(STREAM_START + sent)
    (event,) = client.events_received()
    assert isinstance(event, Received)
    assert event.xml() == sent.lstrip()  # as it came, indentation inside included


def test_eof_is_one_closed_event_and_later_bytes_are_ignored():
    client = ScClient()
    client.receive_data(STREAM_START)
    client.receive_eof()
    client.receive_eof()
    client.receive_data(encode(msg.joined("r1")))
    assert client.events_received() == [ServerClosed(eof=True)]


def test_an_unknown_message_is_reported_and_the_stream_goes_on():
    client = ScClient()
    client.receive_data(STREAM_START + b"<surprise/>" + encode(msg.joined("r1")))
    first, second = client.events_received()
    assert isinstance(first, Undecodable) and isinstance(first.error, UnknownMessageError)
    assert "<surprise>" in str(first.error)
    assert isinstance(second, Received) and second.message == msg.Joined("r1")


def test_unreadable_bytes_end_the_stream_after_the_messages_before_them():
    client = ScClient()
    client.receive_data(STREAM_START + encode(msg.joined("r1")) + b"<a></b>")
    client.receive_data(encode(msg.joined("r2")))
    joined, broken = client.events_received()
    assert isinstance(joined, Received) and joined.message == msg.Joined("r1")
    assert isinstance(broken, ServerClosed) and isinstance(broken.error, MalformedXmlError)
    assert client.ended and client.events_received() == []


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        (PROFILE_2018, b'<authenticate passphrase="pw"/>'),
        (PROFILE_2019, b'<authenticate passphrase="pw"/>'),
        (PROFILE_2021, b'<authenticate password="pw"/>'),
        (PROFILE_2026, b'<authenticate password="pw"/>'),
    ],
)
def test_authenticate_speaks_the_generation_of_the_server(profile, expected):
    client = ScClient()
    client.send(sc_client.authenticate("pw", profile))
    assert client.data_to_send() == STREAM_START + expected


def prepared_bytes(profile, start=None) -> bytes:
    client = ScClient()
    slots = [msg.SlotDescriptor("a", True), msg.SlotDescriptor("b", True)]
    client.send(sc_client.prepare("swc_x", slots, profile, start=start))
    return client.data_to_send()[len(STREAM_START) :]


def test_prepare_reserves_slots_only_where_the_generation_needs_it():
    assert prepared_bytes(PROFILE_2019) == (
        b'<prepare gameType="swc_x"><slot displayName="a" canTimeout="true" '
        b'shouldBePaused="false"/><slot displayName="b" canTimeout="true" '
        b'shouldBePaused="false"/></prepare>'
    )
    assert prepared_bytes(PROFILE_2026).count(b'reserved="true"') == 2


@pytest.mark.parametrize("profile", [PROFILE_2019, PROFILE_2021, PROFILE_2026])
def test_prepare_has_no_load_game_info_unless_a_start_position_is_asked_for(profile):
    assert b"loadGameInfo" not in prepared_bytes(profile)


def test_a_start_position_has_the_shape_of_the_generation():
    state = etree.fromstring(STATE)
    old = etree.fromstring(prepared_bytes(PROFILE_2019, state)).find("loadGameInfo")
    assert old is not None and old.get("class") == "state" and old.get("turn") == "3"
    new = etree.fromstring(prepared_bytes(PROFILE_2026, state)).find("loadGameInfo")
    assert new is not None and new[0].tag == "state" and new[0].get("turn") == "3"
    assert state.tag == "state" and state.getparent() is None  # the caller's state is untouched


def test_room_data_from_text_must_be_a_data_element():
    data = sc_client.parse_room_data('<data class="move" x="1"/>')
    assert data.get("x") == "1"
    with pytest.raises(ValueError, match="not a <data"):
        sc_client.parse_room_data("<move/>")
    with pytest.raises(ValueError, match="not a <data"):
        sc_client.parse_room_data("<data")
