"""The Mau-Mau JSON-lines protocol core: byte-exact encoding and every input quirk (§5, §13.1)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.games.maumau import DRAW, Play
from botarena.protocol.maumau_json import (
    GAME_START,
    MAX_LINE_BYTES,
    MAX_NAME_CHARS,
    OVERLONG,
    SEND_NAME,
    DrawReply,
    GameWon,
    LineReader,
    MalformedJsonError,
    MalformedMove,
    TurnRequest,
    UnknownMessageError,
    decode_server_message,
    encode,
    encode_announcement,
    encode_drawn,
    encode_request,
    encode_set_name,
    encode_won,
    json_simple_string,
    parse_handshake,
    parse_lenient,
    parse_move,
)
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


@pytest.mark.parametrize(
    ("text", "escaped"),
    [
        ("\b\f\n\r\t", '"\\b\\f\\n\\r\\t"'),
        ("\x00\x1f\x7f\x9f", '"\\u0000\\u001F\\u007F\\u009F"'),
        ("\u2000\u20ff\u2100", '"\\u2000\\u20FF\u2100"'),
        ("plain", '"plain"'),
    ],
)
def test_json_simple_escaping_ranges(text, escaped):
    assert json_simple_string(text) == escaped


@settings(max_examples=200)
@given(st.text())
def test_escaped_strings_are_valid_json_with_the_same_text(text):
    assert json.loads(json_simple_string(text)) == text


def test_line_reader_handles_lf_crlf_and_lone_cr():
    reader = LineReader()
    assert reader.feed(b"a\nb\r\nc\rd") == [b"a", b"b", b"c"]
    assert reader.finish() == [b"d"]


def test_crlf_split_across_reads_is_one_terminator():
    reader = LineReader()
    assert reader.feed(b'{"x":1}\r') == [b'{"x":1}']
    assert reader.feed(b"\n{}\n") == [b"{}"]


def test_empty_lines_are_lines():
    assert LineReader().feed(b"\n\r\n\r") == [b"", b"", b""]


def test_line_length_limit_marks_overlong_lines_and_recovers():
    assert MAX_LINE_BYTES == 4096
    reader = LineReader()
    assert reader.feed(b"x" * MAX_LINE_BYTES + b"\n") == [b"x" * MAX_LINE_BYTES]
    lines = reader.feed(b"y" * 3000)
    lines += reader.feed(b"y" * 3000 + b"\nok\n")
    assert lines == [OVERLONG, b"ok"]
    assert isinstance(parse_move(OVERLONG), MalformedMove)


def test_partial_line_at_eof_is_returned_like_readline():
    reader = LineReader()
    reader.feed(b"abc")
    assert reader.finish() == [b"abc"]
    assert reader.finish() == []


@settings(max_examples=100)
@given(st.lists(st.binary(max_size=40), max_size=8))
def test_line_reader_split_points_do_not_matter(chunks):
    data = b"".join(chunks)
    whole = LineReader()
    expected = whole.feed(data) + whole.finish()
    pieces = LineReader()
    got = []
    for chunk in chunks:
        got += pieces.feed(chunk)
    assert got + pieces.finish() == expected


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


def test_lenient_json_only_behind_the_switch():
    line = b'{"status":"turn" "selectedCard":18 "wishedColor":3}'
    assert isinstance(parse_move(line), MalformedMove)
    assert parse_move(line, lenient=True) == Play(18, 3)
    trailing = b'{"selectedCard":8,"wishedColor":-1,"status":"whatever",}'
    assert parse_move(trailing, lenient=True) == Play(8, -1)


@pytest.mark.parametrize(
    "text", ['{"a":True}', '{"a":1} x', "{1:2}", '{"a":1', "[1,2", "}", '{"a" [1}]', ""]
)
def test_lenient_parser_still_rejects_what_json_simple_rejects(text):
    with pytest.raises(MalformedJsonError):
        parse_lenient(text)


def test_lenient_parser_limits_nesting():
    with pytest.raises(MalformedJsonError, match="deep"):
        parse_lenient("[" * 1000 + "]" * 1000)


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


@pytest.mark.parametrize("line", [b"[1]", b'{"status":"okay"}', b'{"topCard":1}'])
def test_unknown_server_lines_are_rejected(line):
    with pytest.raises(UnknownMessageError):
        decode_server_message(line)
