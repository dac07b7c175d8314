"""The Mau-Mau JSON-lines framing: line splitting, JSON reading and json-simple escaping
(§5, §13.1). The messages themselves are tested in ``tests/games/maumau/test_wire.py``."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.protocol.maumau_json import (
    MAX_LINE_BYTES,
    MAX_NESTING,
    OVERLONG,
    LineReader,
    MalformedJsonError,
    encode_line,
    json_simple_string,
    parse_json,
    parse_lenient,
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
    with pytest.raises(MalformedJsonError, match="longer than 4096"):
        parse_json(OVERLONG)


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


def test_lenient_reading_only_behind_the_switch():
    line = b'{"status":"turn" "selectedCard":18,}'
    with pytest.raises(MalformedJsonError):
        parse_json(line)
    assert parse_json(line, lenient=True) == {"status": "turn", "selectedCard": 18}


@pytest.mark.parametrize(
    "text", ['{"a":True}', '{"a":1} x', "{1:2}", '{"a":1', "[1,2", "}", '{"a" [1}]', ""]
)
def test_lenient_parser_still_rejects_what_json_simple_rejects(text):
    with pytest.raises(MalformedJsonError):
        parse_lenient(text)


def test_lenient_parser_limits_nesting():
    assert MAX_NESTING == 64
    assert parse_lenient("[" * MAX_NESTING + "]" * MAX_NESTING) is not None
    with pytest.raises(MalformedJsonError, match="deep"):
        parse_lenient("[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1))


def test_encode_line_ends_the_line_and_replaces_lone_surrogates():
    assert encode_line('{"a":"é"}') == '{"a":"é"}\n'.encode()
    assert encode_line("a\ud800b") == b"a?b\n"
