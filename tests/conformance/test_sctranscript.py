"""Readers for the capture formats of the official fixtures (tests/fixtures)."""

from __future__ import annotations

from pathlib import Path

import pytest

from botarena.conformance.sctranscript import (
    C2S,
    S2C,
    TranscriptFormatError,
    parse_chunk_log,
    parse_sctranscript,
    read_chunk_log,
    read_misc_sessions,
    read_raw_stream,
    read_sctranscript,
    read_transcript,
)
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded
from tests.conftest import fixture_file, fixture_files, plain_name

GAME_FOLDERS = ("piranhas-2019", "hase-und-igel-2018", "blokus-2021")


def transcripts(fixtures_dir: Path):
    for folder in GAME_FOLDERS:
        for path in fixture_files(fixtures_dir / folder, ".txt"):
            if plain_name(path) != "conformance.txt":  # the Hase und Igel rule cases
                yield path


def test_every_game_transcript_parses_and_every_server_stream_is_a_document(fixtures_dir: Path):
    files = 0
    for path in transcripts(fixtures_dir):
        transcript = read_sctranscript(path)
        assert transcript.headers["title"], plain_name(path)
        assert transcript.records[0].kind == "OPEN"
        for conn in transcript.connections:
            kinds = [r.kind for r in transcript.of(conn)]
            assert kinds[0] == "OPEN"
            stream = transcript.stream(conn, S2C)
            if stream:
                assert stream.startswith(b"<protocol"), (plain_name(path), conn)
            if stream and path.parent.name == "piranhas-2019":
                # README: every server stream is a complete document (the other games'
                # streams are parsed byte for byte in tests/protocol/test_xstream.py)
                events = ScStreamParser().feed(stream)
                assert isinstance(events[-1], StreamEnded), (plain_name(path), conn)
        assert all(r.time >= 0 for r in transcript.records)
        files += 1
    assert files >= 21 + 20 + 30


def test_record_details(fixtures_dir: Path):
    transcript = read_sctranscript(
        fixture_file(fixtures_dir / "piranhas-2019", "err_move_not_your_turn.txt")
    )
    first = transcript.records[0]
    assert (first.time, first.conn, first.kind) == (0.005873, "c1", "OPEN")
    assert first.info.startswith("peer=127.0.0.1:")
    assert transcript.connections == ["c1", "c2"]
    assert transcript.stream("c1", C2S).startswith(b"<protocol>")
    assert transcript.stream("c2", S2C).endswith(b"\n</protocol>")
    assert transcript.title.startswith("two scripted clients")


def test_payloads_may_contain_newlines_and_record_like_lines():
    content = (
        b"# sctranscript/1\n# title: t\n"
        b"@0.000001 c1 OPEN peer=127.0.0.1:1\n"
        b"@0.100000 c1 C2S 24\n<protocol>\n@9 c2 OPEN x\n\n"
        b"@0.200000 c1 EOF-C2S\n"
        b"@0.300000 c1 CLOSE\n"
    )
    transcript = parse_sctranscript(content)
    assert [r.kind for r in transcript.records] == ["OPEN", C2S, "EOF-C2S", "CLOSE"]
    assert transcript.stream("c1", C2S) == b"<protocol>\n@9 c2 OPEN x\n"
    assert transcript.headers == {"title": "t"}


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"hello\n", "does not start with"),
        (b"# sctranscript/1\n@0.1 c1 C2S 10\nabc\n", "truncated"),
        (b"# sctranscript/1\n@0.1 c1 C2S 3\nabcX", "separator"),
        (b"# sctranscript/1\n@0.1 c1 C2S\nabc\n", "without a length"),
        (b"# sctranscript/1\n@0.1 c1 JUMP\n", "unknown record kind"),
        (b"# sctranscript/1\n@0.1 c1 OPEN x\n# late\n", "header line after"),
        (b"# sctranscript/1\ngarbage\n", "not a record line"),
    ],
)
def test_malformed_transcripts_raise_with_position(content, words):
    with pytest.raises(TranscriptFormatError) as caught:
        parse_sctranscript(content, "x.txt")
    assert words in str(caught.value)
    assert str(caught.value).startswith("x.txt")


def test_chunk_log_of_the_19_2_1_captures(fixtures_dir: Path):
    transcript = read_chunk_log(fixtures_dir / "server-protocol-19.2.1" / "A_p1.txt")
    first = transcript.records[0]
    assert (first.time, first.conn, first.kind) == (0.004, "p1", C2S)
    assert first.data == b'<protocol><join gameType="swc_2019_piranhas"/>'
    stream = transcript.stream("p1", S2C)
    assert stream.startswith(b'<protocol>\n  <joined roomId="66fe782f-')
    events = ScStreamParser().feed(stream)
    assert sum(isinstance(e, MessageReceived) for e in events) >= 4


def test_every_chunk_log_parses(fixtures_dir: Path):
    captures = fixtures_dir / "server-protocol-19.2.1"
    names = set()
    for path in fixture_files(captures, ".txt"):
        if plain_name(path).startswith(("TC_", "misc_")):
            continue
        transcript = read_transcript(path)
        kinds = {r.kind for r in transcript.records}
        assert kinds <= {C2S, S2C, "NOTE", "EOF-S2C"}
        names.update(transcript.connections)
    assert {"p1", "p2", "admin", "D_red", "E_blue"} <= names


def test_chunk_log_notes_and_eof():
    content = (
        b"--- [  0.004s] p1 C>S\n<protocol>\n"
        b"--- [ 10.167s] E_red NOTE\nwaited\n"
        b"--- [  1.023s] p1 EOF\n"
    )
    transcript = parse_chunk_log(content)
    assert [(r.conn, r.kind) for r in transcript.records] == [
        ("p1", C2S),
        ("E_red", "NOTE"),
        ("p1", "EOF-S2C"),
    ]
    assert transcript.records[1].info == "waited"
    with pytest.raises(TranscriptFormatError):
        parse_chunk_log(b"no header\n")


def test_raw_streams(fixtures_dir: Path, tmp_path: Path):
    stream = read_raw_stream(fixtures_dir / "server-protocol-19.2.1" / "TC_player_c2s.txt")
    assert stream.startswith(b"<protocol>\n  <joinPrepared")
    assert stream.endswith(b"</protocol>")
    bad = tmp_path / "raw.txt"
    bad.write_bytes(b"<protocol>")
    with pytest.raises(TranscriptFormatError):
        read_raw_stream(bad)


def test_misc_sessions(fixtures_dir: Path):
    sessions = {
        s.title: s
        for s in read_misc_sessions(
            fixtures_dir / "server-protocol-19.2.1" / "misc_lobby_errors.txt"
        )
    }
    wrong = sessions["H wrong password"]
    assert wrong.server_bytes == (
        b"<protocol>\n  <sc.protocol.responses.CloseConnection/>\n</protocol>"
    )
    assert wrong.closed is True
    assert sessions["G unknown element"].server_bytes == b"<protocol/>"
    ignored = sessions["I non-admin prepare"]
    assert (ignored.server_bytes, ignored.closed) == (b"", False)
    ingame = read_misc_sessions(fixtures_dir / "server-protocol-19.2.1" / "misc_ingame_errors.txt")
    assert any(s.closed is None for s in ingame)  # the scoreForPlayer excerpt
