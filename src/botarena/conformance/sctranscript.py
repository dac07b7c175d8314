"""Readers for recorded Software-Challenge TCP traffic.

Two capture formats of the official fixtures are read into one model (plain or gzipped,
:mod:`botarena.conformance.fixture_io`):

* ``sctranscript/1`` (``tests/fixtures/*/*.txt[.gz]`` of the game folders): one file = one
  proxy session with every connection; records ``@<t> c<N> <KIND> [<len>]`` followed by
  ``len`` raw bytes and one separator ``\\n``: :func:`read_sctranscript`,
  :func:`parse_sctranscript`.
* the per-connection chunk logs of ``tests/fixtures/server-protocol-19.2.1``
  (``--- [  0.004s] p1 C>S`` + bytes + ``\\n``; kinds ``C>S``, ``S>C``, ``NOTE``, ``EOF``):
  :func:`read_chunk_log` / :func:`parse_chunk_log`; their raw ``TC_*`` streams (ending in
  ``[S>C EOF]``): :func:`read_raw_stream`; and the ``misc_*`` session lists (``####`` headings,
  ``[EOF]``/``[open]``): :func:`read_misc_sessions`.

Model: a :class:`Transcript` holds header lines and :class:`Record` s in file order. Record
kinds use the ``sctranscript/1`` names: ``OPEN``, ``C2S``, ``S2C``, ``EOF-C2S``, ``EOF-S2C``,
``SENDFAIL-C2S``, ``SENDFAIL-S2C``, ``CLOSE``, plus ``NOTE`` (a harness comment of the chunk
logs, not on the wire). A chunk log's ``EOF`` ("the server closed the socket") becomes
``EOF-S2C``. ``Transcript.stream(conn, C2S)`` concatenates one direction of one connection.

Malformed files raise :class:`TranscriptFormatError` with the file position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from botarena.conformance.fixture_io import read_bytes

__all__ = [
    "C2S",
    "S2C",
    "MiscSession",
    "Record",
    "Transcript",
    "TranscriptFormatError",
    "parse_chunk_log",
    "parse_sctranscript",
    "read_chunk_log",
    "read_misc_sessions",
    "read_raw_stream",
    "read_sctranscript",
    "read_transcript",
]

C2S = "C2S"
S2C = "S2C"
DATA_KINDS = frozenset({C2S, S2C})
SCTRANSCRIPT_MAGIC = b"# sctranscript/1"
_KINDS = frozenset(
    {"OPEN", C2S, S2C, "EOF-C2S", "EOF-S2C", "SENDFAIL-C2S", "SENDFAIL-S2C", "CLOSE", "NOTE"}
)


class TranscriptFormatError(ValueError):
    """A capture file does not follow its format; the message says where."""


@dataclass(frozen=True, slots=True)
class Record:
    """One event of a capture: ``time`` in seconds since the capture started."""

    time: float
    conn: str
    kind: str
    data: bytes = b""
    info: str = ""  # OPEN: "peer=…"; NOTE: the comment


@dataclass(slots=True)
class Transcript:
    """All records of one capture session, in file order."""

    records: list[Record]
    headers: dict[str, str] = field(default_factory=dict)
    source: str = ""

    @property
    def title(self) -> str:
        return self.headers.get("title", "")

    @property
    def connections(self) -> list[str]:
        """Connection names in order of first appearance (``c1``, ``c2``, … or ``p1``, …)."""
        seen: dict[str, None] = {}
        for record in self.records:
            seen.setdefault(record.conn, None)
        return list(seen)

    def stream(self, conn: str, direction: str) -> bytes:
        """The bytes of one direction (``C2S``/``S2C``) of one connection, concatenated."""
        if direction not in DATA_KINDS:
            raise ValueError(f"direction must be C2S or S2C, not {direction!r}")
        return b"".join(r.data for r in self.records if r.conn == conn and r.kind == direction)

    def of(self, conn: str) -> list[Record]:
        return [r for r in self.records if r.conn == conn]


# -- sctranscript/1 ---------------------------------------------------------------------------

_RECORD_LINE = re.compile(rb"@(\d+(?:\.\d+)?) c(\d+) ([A-Z2-]+)(?: (.*))?")


def parse_sctranscript(content: bytes, source: str = "<bytes>") -> Transcript:
    """Parse the bytes of an ``sctranscript/1`` file."""
    if not content.startswith(SCTRANSCRIPT_MAGIC):
        raise TranscriptFormatError(
            f"{source}: does not start with {SCTRANSCRIPT_MAGIC.decode()!r}"
        )
    headers: dict[str, str] = {}
    records: list[Record] = []
    pos = 0
    size = len(content)
    while pos < size:
        end = content.find(b"\n", pos)
        if end < 0:
            end = size
        line = content[pos:end]
        line_start = pos
        pos = end + 1
        if line.startswith(b"#"):
            if records:
                raise TranscriptFormatError(
                    f"{source}:{_line_no(content, line_start)}: header line after the records"
                )
            key, sep, value = line[1:].decode("utf-8").strip().partition(":")
            if sep:
                headers[key.strip()] = value.strip()
            continue
        if not line and pos >= size:
            break
        match = _RECORD_LINE.fullmatch(line)
        if match is None:
            raise TranscriptFormatError(
                f"{source}:{_line_no(content, line_start)}: not a record line: {line[:80]!r}"
            )
        time = float(match.group(1))
        conn = f"c{int(match.group(2))}"
        kind = match.group(3).decode()
        rest = (match.group(4) or b"").decode("utf-8")
        if kind not in _KINDS:
            raise TranscriptFormatError(
                f"{source}:{_line_no(content, line_start)}: unknown record kind {kind!r}"
            )
        if kind in DATA_KINDS:
            if not rest.isdigit():
                raise TranscriptFormatError(
                    f"{source}:{_line_no(content, line_start)}: {kind} without a length"
                )
            length = int(rest)
            data = content[pos : pos + length]
            if len(data) != length or content[pos + length : pos + length + 1] != b"\n":
                where = f"{source}:{_line_no(content, line_start)}"
                raise TranscriptFormatError(
                    f"{where}: {kind} payload of {length} bytes is truncated"
                    " or lacks its separator newline"
                )
            pos += length + 1
            records.append(Record(time, conn, kind, data))
        else:
            records.append(Record(time, conn, kind, info=rest))
    return Transcript(records, headers, source)


def _line_no(content: bytes, pos: int) -> int:
    return content.count(b"\n", 0, pos) + 1  # only computed for an error message


def read_sctranscript(path: str | Path) -> Transcript:
    path = Path(path)
    return parse_sctranscript(read_bytes(path), str(path))


# -- the chunk logs of server-protocol-19.2.1 -------------------------------------------------

_CHUNK_HEADER = re.compile(
    rb"^--- \[\s*(\d+(?:\.\d+)?)s\] (\S+) (C>S|S>C|NOTE|EOF)\n", re.MULTILINE
)
_CHUNK_KINDS = {"C>S": C2S, "S>C": S2C, "NOTE": "NOTE", "EOF": "EOF-S2C"}


def _sections(
    content: bytes, heading: re.Pattern[bytes], start_error: str
) -> list[tuple[re.Match[bytes], bytes]]:
    """Each ``heading`` match in ``content`` with the bytes after it up to the next one;
    :class:`TranscriptFormatError` (``start_error``) unless ``content`` starts with one."""
    matches = list(heading.finditer(content))
    if not matches or matches[0].start() != 0:
        raise TranscriptFormatError(start_error)
    ends = [match.start() for match in matches[1:]] + [len(content)]
    return [(match, content[match.end() : end]) for match, end in zip(matches, ends, strict=True)]


def parse_chunk_log(content: bytes, source: str = "<bytes>") -> Transcript:
    """Parse a per-connection chunk log (``--- [  0.004s] p1 C>S`` + bytes + ``\\n``)."""
    start_error = f"{source}: does not start with a '--- [t] name KIND' line"
    records: list[Record] = []
    for match, section in _sections(content, _CHUNK_HEADER, start_error):
        # Every chunk is followed by one separator newline (absent only at a bare file end).
        body = section.removesuffix(b"\n")
        kind = _CHUNK_KINDS[match.group(3).decode()]
        time = float(match.group(1))
        conn = match.group(2).decode()
        if kind in DATA_KINDS:
            records.append(Record(time, conn, kind, body))
        else:
            records.append(Record(time, conn, kind, info=body.decode("utf-8")))
    return Transcript(records, {}, source)


def read_chunk_log(path: str | Path) -> Transcript:
    path = Path(path)
    return parse_chunk_log(read_bytes(path), str(path))


_RAW_END = re.compile(rb"\n\[(C>S|S>C) EOF\]\n?\Z")


def read_raw_stream(path: str | Path) -> bytes:
    """A ``TC_*`` raw one-direction stream without its ``[S>C EOF]`` end marker."""
    path = Path(path)
    content = read_bytes(path)
    match = _RAW_END.search(content)
    if match is None:
        raise TranscriptFormatError(f"{path}: no '[C>S EOF]' or '[S>C EOF]' end marker")
    return content[: match.start()]


@dataclass(frozen=True, slots=True)
class MiscSession:
    """One ``####`` session of a ``misc_*`` file: what the server sent, and whether it closed.

    ``closed`` is ``None`` for a session without an ``[EOF]``/``[open]`` marker: an excerpt
    of one message (indented as a top-level message, without its leading newline).
    """

    title: str
    server_bytes: bytes
    closed: bool | None


_MISC_HEADING = re.compile(rb"^#### (.*)\n", re.MULTILINE)
_MISC_END = re.compile(rb"\n?\[(EOF|open)\]\n?\Z")


def read_misc_sessions(path: str | Path) -> list[MiscSession]:
    """The sessions of a ``misc_*`` file (server→client bytes, ``[EOF]`` or ``[open]``)."""
    path = Path(path)
    content = read_bytes(path)
    start_error = f"{path}: does not start with a '#### ' heading"
    sessions: list[MiscSession] = []
    for match, section in _sections(content, _MISC_HEADING, start_error):
        body = section.rstrip(b"\n")
        end = _MISC_END.search(body)
        if end is None:  # an excerpt (one message), not a whole stream
            sessions.append(MiscSession(match.group(1).decode(), body, None))
        else:
            sessions.append(
                MiscSession(match.group(1).decode(), body[: end.start()], end.group(1) == b"EOF")
            )
    return sessions


def read_transcript(path: str | Path) -> Transcript:
    """Read either record format, chosen by the file's first bytes."""
    path = Path(path)
    content = read_bytes(path)
    if content.startswith(SCTRANSCRIPT_MAGIC):
        return parse_sctranscript(content, str(path))
    return parse_chunk_log(content, str(path))
