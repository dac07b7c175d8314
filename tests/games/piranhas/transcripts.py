"""Read ``sctranscript/1`` captures (format: :mod:`botarena.conformance.sctranscript`)."""

from __future__ import annotations

import contextlib
from collections import defaultdict
from pathlib import Path

from lxml import etree

from botarena.conformance.fixture_io import read_bytes


def streams(path: Path) -> dict[tuple[str, str], bytes]:
    """``(connection, "C2S" | "S2C") -> bytes``, concatenated in file order, parsed by length."""
    data = read_bytes(path)
    result: dict[tuple[str, str], bytearray] = defaultdict(bytearray)
    pos = 0
    while pos < len(data):
        end = data.index(b"\n", pos)
        line = data[pos:end].decode("ascii")
        pos = end + 1
        if not line.startswith("@"):
            assert line.startswith("#"), line
            continue
        parts = line.split()
        kind = parts[2]
        if kind in ("C2S", "S2C"):
            length = int(parts[3])
            result[(parts[1], kind)] += data[pos : pos + length]
            assert data[pos + length : pos + length + 1] == b"\n"
            pos += length + 1
    return {key: bytes(value) for key, value in result.items()}


def parse_stream(data: bytes) -> etree._Element:
    """The ``<protocol>`` root of a (possibly unterminated or malformed) stream."""
    parser = etree.XMLPullParser(events=("start",), resolve_entities=False, no_network=True)
    root = None
    # a deliberately malformed stream (err_malformed_xml): keep what parsed
    with contextlib.suppress(etree.XMLSyntaxError):
        parser.feed(data)
    for _event, element in parser.read_events():
        if root is None and isinstance(element, etree._Element):
            root = element
    assert root is not None
    return root


def _elements(root: etree._Element, path: str) -> list[etree._Element]:
    found = root.xpath(path)
    assert isinstance(found, list)
    return [e for e in found if isinstance(e, etree._Element)]


def memento_states(path: Path) -> list[etree._Element]:
    """Every ``<state>`` inside ``<data class="memento">`` of every S2C stream."""
    states = []
    for (_conn, direction), data in sorted(streams(path).items()):
        if direction == "S2C":
            root = etree.fromstring(data)
            states += _elements(root, "room/data[@class='memento']/state")
    return states


def client_moves(path: Path) -> list[etree._Element]:
    """Every ``<data class="move">`` that a client sent."""
    moves = []
    for (_conn, direction), data in sorted(streams(path).items()):
        if direction == "C2S":
            moves += _elements(parse_stream(data), "room/data[@class='move']")
    return moves
