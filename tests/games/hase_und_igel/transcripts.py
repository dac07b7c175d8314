"""Messages of the official 18.2.6 captures (``tests/fixtures/hase-und-igel-2018``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from lxml import etree

from botarena.conformance.sctranscript import C2S, S2C, read_sctranscript
from tests.conftest import FIXTURES, fixture_file, fixture_names

FOLDER = FIXTURES / "hase-und-igel-2018"


def transcript_names() -> list[str]:
    """The captures' plain names (``conformance.txt`` holds rule cases, not a capture)."""
    return [name for name in fixture_names(FOLDER, ".txt") if name != "conformance.txt"]


def messages(stream: bytes) -> list[etree._Element]:
    """The complete top-level messages of one direction (an unterminated stream is fine;
    a malformed one stops at the error)."""
    parser = etree.XMLPullParser(events=("start", "end"), resolve_entities=False, no_network=True)
    found: list[Any] = []
    depth = 0
    try:
        parser.feed(stream)
        for event, element in parser.read_events():
            if event == "start":
                depth += 1
            else:
                depth -= 1
                if depth == 1:
                    found.append(element)
    except etree.XMLSyntaxError:
        for event, item in parser.read_events():  # those before the error
            done: Any = item
            parent = done.getparent()
            if event == "end" and parent is not None and parent.getparent() is None:
                found.append(done)
    return found


def find(element: etree._Element, path: str) -> etree._Element:
    found = element.find(path)
    assert found is not None, f"no {path} in <{element.tag}>"
    return found


def attrs(element: etree._Element) -> dict[str, str]:
    return {str(key): str(value) for key, value in element.attrib.items()}


def attr(element: etree._Element, name: str) -> str:
    value = element.get(name)
    assert value is not None, f"no {name} on <{element.tag}>"
    return value


@dataclass(frozen=True)
class Connection:
    name: str
    received: list[etree._Element]
    sent: list[etree._Element]

    def datas(self, data_class: str, sent: bool = False) -> list[etree._Element]:
        source = self.sent if sent else self.received
        return [
            data
            for room in source
            if room.tag == "room"
            for data in room
            if data.tag == "data" and data.get("class") == data_class
        ]

    def states(self) -> list[etree._Element]:
        return [data[0] for data in self.datas("memento")]


@cache
def connections(name: str) -> tuple[Connection, ...]:
    transcript = read_sctranscript(fixture_file(FOLDER, name))
    return tuple(
        Connection(
            conn, messages(transcript.stream(conn, S2C)), messages(transcript.stream(conn, C2S))
        )
        for conn in transcript.connections
    )


def canonical(element: etree._Element) -> tuple[object, ...]:
    """Tag, attributes in order, stripped text and children: the structure XStream prints."""
    children = tuple(canonical(child) for child in element if isinstance(child.tag, str))
    text = (element.text or "").strip() if not children else ""
    return (element.tag, tuple(element.attrib.items()), text, children)
