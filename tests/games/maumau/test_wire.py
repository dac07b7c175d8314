"""Mau-Mau's messages on the wire: byte-exact server messages, the bot's lines, and every
input quirk of the handshake and the move line (§5, §13.1)."""

from __future__ import annotations

import json

import pytest

from botarena.games.maumau import DRAW, Play
from botarena.games.maumau.wire import (
    GAME_START,
    MAX_NAME_CHARS,
    SEND_NAME,
    DrawReply,
    GameWon,
    MalformedMove,
    SetName,
    TurnAnnouncement,
    TurnRequest,
    UnknownMessageError,
    decode_server_message,
    encode,
    encode_announcement,
    encode_drawn,
    encode_move,
    encode_name,
    encode_request,
    encode_set_name,
    encode_won,
    parse_handshake,
    parse_move,
)
from botarena.protocol.maumau_json import OVERLONG
from tests.conftest import FIXTURES


def shapes() -> list[bytes]:
    return (FIXTURES / "maumau" / "server_message_shapes.txt").read_bytes().splitlines(True)


def test_every_shape_of_the_original_is_reproduced_byte_for_byte():
    hand = [8, 19, 13, 20, 15, 29, 1]
    drawn_hand = [6, 10, 23, 16, 30, 22, 28, 18, 24]
    ours = [
        SEND_NAME,
        encode_set_name("Alice", True),
        encode_set_name("Bot 0", False),
        GAME_START,
        encode_announcement(5, 7, "Alice", False),
        encode_request(5, False, 7, -1, (), hand),
        encode_request(5, False, 7, -1),
        encode_request(1, True, 9, -1, (18, 24), drawn_hand),
        encode_request(1, True, 9, -1, (18, 24)),
        encode_request(1, None, 9, -1),
        encode_drawn(26, penalty=False),
        encode_drawn(27, penalty=True),
        b'{"status":"okay"}\n',  # only written to dead sockets by the original; not ours
        encode_won("Alice"),
        encode_won(None),
        encode_set_name('A/B "q" \\ é € \x07 ☃', True),
    ]
    assert ours == shapes()


def test_name_escaping_matches_the_name_escaping_fixture():
    assert encode_set_name('Zoë/€"x"', True) == (
        '{"setName":true,"name":"Zoë\\/\\u20AC\\"x\\"","status":"okay"}\n'.encode()
    )


# ----------------------------------------------------------------------------- moves


@pytest.mark.parametrize(
    "line",
    [
        b"hello",
        b"",
        b"[1,2,3]",
        b'{"status":"turn","wishedColor":-1}',
        b'{"status":"turn","selectedCard":"5"}',
        b'{"selectedCard":5}',
        b'{"status":"turn","selectedCard":5.0}',
        b'{"status":"turn","selectedCard":5} trailing',
        b'{"status" : "turn","selectedCard" : 5,"skipped" : False}',
        b'{"status":5,"selectedCard":5}',
        b'{"status":"turn","selectedCard":true}',
        b'{"status":"turn","selectedCard":NaN}',
        b"\xff\xfe",
    ],
)
def test_garbage_moves_are_malformed(line):
    assert isinstance(parse_move(line), MalformedMove)


def test_skip_draws_and_any_other_status_plays():
    assert parse_move(b'{"status":"skip","selectedCard":"x"}') == DRAW
    assert parse_move(b'{"status":"okay","selectedCard":3,"wishedColor":2}') == Play(3, 2)
    assert parse_move(b'{"status":"Skip","selectedCard":3}') == Play(3, None)
    assert parse_move(b'  {"status":"turn","selectedCard":99,"x":[1]}  ') == Play(99, None)
    assert parse_move(b'{"status":"turn","selectedCard":4,"wishedColor":"2"}') == Play(4, None)


def test_an_overlong_move_line_is_malformed():
    assert isinstance(parse_move(OVERLONG), MalformedMove)


def test_lenient_json_only_behind_the_switch():
    line = b'{"status":"turn" "selectedCard":18 "wishedColor":3}'
    assert isinstance(parse_move(line), MalformedMove)
    assert parse_move(line, lenient=True) == Play(18, 3)
    trailing = b'{"selectedCard":8,"wishedColor":-1,"status":"whatever",}'
    assert parse_move(trailing, lenient=True) == Play(8, -1)


# ----------------------------------------------------------------------------- handshake


def test_valid_name():
    assert parse_handshake(b'{"status":"okay","name":"Alice"}').name == "Alice"


@pytest.mark.parametrize(
    "line",
    [
        b"Alice",
        b"{",
        b"[1]",
        b'"x"',
        b"5",
        b'{"status":"okay","name":5}',
        b'{"status":"error","name":"Alice"}',
        b'{"status":"okay"}',
        b'{"status":"okay","name":null}',
        b'{"name":"Alice"}',
        b'{"status":true,"name":"Alice"}',
        b'{"status":"okay","name":""}',
        b'{"status":"okay","name":"   "}',
        OVERLONG,
    ],
)
def test_every_bad_name_line_gets_the_fallback_name(line):
    handshake = parse_handshake(line)
    assert handshake.name is None and handshake.problem


def test_name_length_limit():
    assert MAX_NAME_CHARS == 64
    ok = json.dumps({"status": "okay", "name": "n" * MAX_NAME_CHARS}).encode()
    too_long = json.dumps({"status": "okay", "name": "n" * (MAX_NAME_CHARS + 1)}).encode()
    assert parse_handshake(ok).name == "n" * MAX_NAME_CHARS
    assert parse_handshake(too_long).name is None


def test_lone_surrogate_in_a_name_is_encoded_as_question_mark():
    name = parse_handshake(b'{"status":"okay","name":"a\\ud800b"}').name
    assert name is not None
    assert encode_set_name(name, True) == b'{"setName":true,"name":"a?b","status":"okay"}\n'


# ----------------------------------------------------------------------------- typed messages


def recorded_server_lines() -> list[bytes]:
    lines = []
    for path in sorted((FIXTURES / "maumau").glob("*.jsonl")):
        if path.stem == "network_text_3p":  # the plain-text mode is not JSON
            continue
        for raw in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(raw)
            if record.get("type") == "line" and record["dir"] == "s2c":
                lines.append(record["text"].encode())
    return lines


def test_every_recorded_server_line_round_trips_through_the_typed_messages():
    lines = recorded_server_lines()
    assert len(lines) > 2500
    for line in lines:
        assert encode(decode_server_message(line)) == line


def test_decoded_messages_carry_the_values():
    request = decode_server_message(shapes()[7])
    assert request == TurnRequest(1, True, 9, -1, (18, 24), (6, 10, 23, 16, 30, 22, 28, 18, 24))
    assert decode_server_message(shapes()[9]).draw_two is None  # type: ignore[union-attr]
    assert decode_server_message(shapes()[14]) == GameWon(None)
    assert decode_server_message(b'{"drawedCards":-1,"status":"error"}') == DrawReply(-1, True)


def test_decoding_without_optional_members():
    assert decode_server_message(b'{"setName":true,"name":null,"status":"okay"}') == SetName(
        None, True
    )
    announcement = b'{"topCard":3,"cardsLeft":0,"turnOf":"B","status":"okay","skipped":true}\r\n'
    assert decode_server_message(announcement) == TurnAnnouncement(3, 0, "B", True)


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (b"[1]", "JSON objects"),
        (b"hello", "not JSON"),
        (OVERLONG, "longer than"),
        (b'{"status":"okay"}', "unknown message"),
        (b'{"topCard":1}', "'cardsLeft' missing"),
        (b'{"topCard":"1","cardsLeft":1,"turnOf":"A","skipped":false}', "'topCard' is not a"),
        (b'{"topCard":true,"cardsLeft":1,"turnOf":"A","skipped":false}', "'topCard' is not a"),
        (b'{"topCard":1,"cardsLeft":1,"turnOf":2,"skipped":false}', "'turnOf' is not a"),
        (b'{"topcard":1,"cardsLeft":1,"wishedColor":-1,"hand":[1,"2"]}', "list of integers"),
        (b'{"topcard":1,"drawTwoCards":true,"cardsLeft":1,"wishedColor":-1}', "'drawedCards'"),
        (b'{"setName":"yes","name":"A"}', "'setName' is not a"),
        (b'{"won":true,"nameOfWinner":7}', "'nameOfWinner' is not a"),
    ],
)
def test_unknown_server_lines_are_rejected_saying_why(line, why):
    with pytest.raises(UnknownMessageError, match=why):
        decode_server_message(line)


# ----------------------------------------------------------------------------- the bot's lines


def test_the_bot_name_line_is_the_documented_one_and_the_server_accepts_it():
    assert encode_name("Alice") == b'{"status":"okay","name":"Alice"}\n'
    for name in ["Alice", 'Zoë/€"x"', "a\\b"]:
        assert parse_handshake(encode_name(name).rstrip(b"\n")).name == name


def test_the_bot_move_line_is_the_documented_one_and_the_server_reads_it_back():
    assert encode_move(Play(4)) == (
        b'{"status":"turn","selectedCard":4,"wishedColor":-1,"skipped":false}\n'
    )
    assert encode_move(DRAW) == (
        b'{"status":"skip","selectedCard":-1,"wishedColor":-1,"skipped":false}\n'
    )
    assert parse_move(encode_move(Play(19, 0)).rstrip(b"\n")) == Play(19, 0)
    assert parse_move(encode_move(DRAW).rstrip(b"\n")) == DRAW
