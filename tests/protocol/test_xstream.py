"""XStream pretty-printing: byte for byte against every recorded official server stream."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from botarena.conformance.sctranscript import (
    S2C,
    read_misc_sessions,
    read_raw_stream,
    read_transcript,
)
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded
from botarena.protocol.xstream import (
    EMPTY_STREAM,
    STREAM_END,
    STREAM_START,
    ScStreamWriter,
    encode,
    escape_attribute,
    escape_text,
    to_xstream,
)
from tests.conftest import fixture_file, fixture_files, plain_name

GAME_FOLDERS = ("piranhas-2019", "hase-und-igel-2018", "blokus-2021")


def reencode(stream: bytes) -> bytes:
    """Parse a recorded server stream and write it again with our writer."""
    writer = ScStreamWriter()
    out: list[bytes] = []
    for event in ScStreamParser().feed(stream):
        if isinstance(event, MessageReceived):
            out.append(writer.message(event.element))
        else:
            assert isinstance(event, StreamEnded)
            out.append(writer.close())
    return b"".join(out)


def recorded_server_streams(fixtures_dir: Path):
    for folder in GAME_FOLDERS:
        for path in fixture_files(fixtures_dir / folder, ".txt"):
            if plain_name(path) == "conformance.txt":
                continue  # rule cases, not a capture
            transcript = read_transcript(path)
            for conn in transcript.connections:
                stream = transcript.stream(conn, S2C)
                if stream:
                    yield f"{folder}/{plain_name(path)}:{conn}", stream
    captures = fixtures_dir / "server-protocol-19.2.1"
    for path in fixture_files(captures, ".txt"):
        name = plain_name(path)
        if name.startswith("TC_"):
            if name.endswith("_s2c.txt"):
                yield name, read_raw_stream(path)
        elif name.startswith("misc_"):
            for session in read_misc_sessions(path):
                if session.server_bytes and session.closed is not None:
                    yield f"{name}:{session.title}", session.server_bytes
        else:
            transcript = read_transcript(path)
            for conn in transcript.connections:
                stream = transcript.stream(conn, S2C)
                if stream:
                    yield f"{name}:{conn}", stream


def test_every_recorded_server_stream_reencodes_byte_for_byte(fixtures_dir: Path):
    count = 0
    for name, stream in recorded_server_streams(fixtures_dir):
        assert reencode(stream) == stream, name
        count += 1
    assert count > 250  # piranhas, hase und igel, blokus and the 19.2.1 captures


def test_the_first_recorded_bytes_are_protocol_and_the_first_message(fixtures_dir: Path):
    transcript = read_transcript(
        fixture_file(fixtures_dir / "piranhas-2019", "err_wrong_passphrase.txt")
    )
    assert transcript.stream("c1", S2C) == (
        b"<protocol>\n  <sc.protocol.responses.CloseConnection/>\n</protocol>"
    )


def test_stream_pieces():
    assert STREAM_START == b"<protocol>"
    assert STREAM_END == b"\n</protocol>"
    assert EMPTY_STREAM == b"<protocol/>"


def test_writer_is_lazy_like_the_official_server():
    writer = ScStreamWriter()
    first = writer.message(etree.Element("joined", roomId="r"))
    assert first == b'<protocol>\n  <joined roomId="r"/>'
    assert writer.message(etree.Element("left", roomId="r")) == b'\n  <left roomId="r"/>'
    assert writer.close() == b"\n</protocol>"
    with pytest.raises(RuntimeError):
        writer.message(etree.Element("left"))
    with pytest.raises(RuntimeError):
        writer.close()


def test_writer_closing_without_messages_writes_an_empty_root():
    writer = ScStreamWriter()
    assert writer.close() == b"<protocol/>"
    assert writer.closed and not writer.started


def test_nesting_and_text():
    root = etree.Element("room", roomId="r")
    data = etree.SubElement(root, "data", {"class": "result"})
    score = etree.SubElement(data, "score", cause="REGULAR")
    etree.SubElement(score, "part").text = "2"
    etree.SubElement(data, "empty").text = ""
    assert to_xstream(root) == (
        '\n  <room roomId="r">'
        '\n    <data class="result">'
        '\n      <score cause="REGULAR">'
        "\n        <part>2</part>"
        "\n      </score>"
        "\n      <empty></empty>"
        "\n    </data>"
        "\n  </room>"
    )
    assert to_xstream(root, 0).startswith('\n<room roomId="r">\n  <data')


def test_attribute_order_is_kept():
    element = etree.Element("field")
    element.set("y", "1")
    element.set("x", "0")
    assert encode(element) == b'\n  <field y="1" x="0"/>'


def test_escaping_in_attributes_like_xstream():
    value = 'It\'s "x" & <y>\nline\ttab\rcr \u2205 \u00e4'
    assert escape_attribute(value) == (
        "It&apos;s &quot;x&quot; &amp; &lt;y&gt;&#xa;line&#x9;tab&#xd;cr \u2205 \u00e4"
    )


def test_escaping_in_text_keeps_newline_and_tab():
    assert escape_text("a'b\"c&<>\n\t\r") == "a&apos;b&quot;c&amp;&lt;&gt;\n\t&#xd;"


def test_control_and_unassigned_characters_become_references():
    assert escape_attribute("\x7f\x85") == "&#x7f;&#x85;"
    assert escape_text("\u0378") == "&#x378;"  # unassigned in Unicode


def test_non_ascii_is_raw_utf8():
    element = etree.Element("fragment", name="\u2205 Schwarm")
    assert encode(element) == '\n  <fragment name="\u2205 Schwarm"/>'.encode()


def test_comments_are_not_written():
    element = etree.fromstring(b"<a><!-- c --><b/></a>")
    assert to_xstream(element) == "\n  <a>\n    <b/>\n  </a>"


def test_player_score_excerpt_reencodes(fixtures_dir: Path):
    sessions = read_misc_sessions(
        fixtures_dir / "server-protocol-19.2.1" / "misc_ingame_errors.txt"
    )
    (excerpt,) = [s for s in sessions if s.closed is None]
    element = etree.fromstring(excerpt.server_bytes)
    assert element.tag == "playerScore"
    assert encode(element) == b"\n  " + excerpt.server_bytes
