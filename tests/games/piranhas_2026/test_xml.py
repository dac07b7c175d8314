"""The 2026 state and move XML against the socha 4.3.9 captures and the fixtures' state XML,
plus what XStream accepts or refuses when reading."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from botarena.conformance.fixture_io import open_text
from botarena.core import SeededRandom, Team, match_points
from botarena.games.piranhas_2026 import Direction, Move, Piranhas2026Game, Piranhas2026State
from botarena.games.piranhas_2026.xml import (
    MoveFormatError,
    XmlFormatError,
    move_from_element,
    move_to_element,
    state_from_element,
    state_to_element,
    state_to_xml,
)
from botarena.protocol.xstream import encode
from tests.conftest import FIXTURES, fixture_file, fixture_names
from tests.games.piranhas.transcripts import parse_stream, streams

CAPTURES = FIXTURES / "piranhas-2026" / "captures"
CAPTURE_NAMES = fixture_names(CAPTURES, ".txt")


def shape(element: etree._Element) -> tuple[Any, ...]:
    """Tag, attributes in order, text and children: what an XStream writer would print."""
    children = tuple(shape(child) for child in element if isinstance(child.tag, str))
    return (element.tag, tuple(element.attrib.items()), (element.text or "").strip(), children)


def found(root: etree._Element, path: str) -> list[etree._Element]:
    result = root.xpath(path)
    assert isinstance(result, list)
    return [e for e in result if isinstance(e, etree._Element)]


def server_roots(name: str) -> list[tuple[str, bytes, etree._Element]]:
    return [
        (conn, data, parse_stream(data))
        for (conn, direction), data in sorted(streams(fixture_file(CAPTURES, name)).items())
        if direction == "S2C"
    ]


def client_roots(name: str) -> list[etree._Element]:
    return [
        parse_stream(data)
        for (_conn, direction), data in sorted(streams(fixture_file(CAPTURES, name)).items())
        if direction == "C2S"
    ]


def test_the_captures_are_found() -> None:
    assert len(CAPTURE_NAMES) == 8


@pytest.mark.parametrize("name", CAPTURE_NAMES)
def test_capture_states_round_trip_element_for_element(name: str) -> None:
    count = 0
    for _conn, data, root in server_roots(name):
        for room in found(root, "room[data/@class='memento']"):
            original = found(room, "data/state")[0]
            state = state_from_element(original)
            assert shape(state_to_element(state)) == shape(original)
            # and byte for byte once the protocol layer pretty-prints the memento
            copy = etree.Element("room", roomId=room.get("roomId", ""))
            etree.SubElement(copy, "data").set("class", "memento")
            copy[0].append(state_to_element(state))
            assert encode(copy) in data
            count += 1
    assert count == {"errorpacket_unknown_reservation_seed6.txt": 0}.get(name, count)


@pytest.mark.parametrize("name", ["normal_seed1.txt", "normal_seed2.txt", "garbage_seed5.txt"])
def test_capture_games_replay_through_the_engine(name: str) -> None:
    _conn, _data, root = server_roots(name)[0]
    states = [state_from_element(s) for s in found(root, "room/data[@class='memento']/state")]
    assert states[0].turn == 0 and states[0].last_move is None
    current = states[0]
    for recorded in states[1:]:
        assert recorded.last_move is not None
        current.apply(recorded.last_move)
        assert current == recorded
    # the capture's result: the memento is the last position, and it is over
    assert current.is_terminal()
    winner = found(root, "room/data[@class='result']/winner")[0]
    condition = current.win_condition()
    assert condition is not None
    assert winner.get("team") == (None if condition.winner is None else condition.winner.name)
    expected_parts = [
        [int(p.text or "") for p in found(entry, "score/part")]
        for entry in found(root, "room/data[@class='result']/scores/entry")
    ]
    outcome = current.outcome()
    assert outcome is not None
    assert expected_parts == [[match_points(outcome, s), *current.scores(s)] for s in (0, 1)]


@pytest.mark.parametrize("name", CAPTURE_NAMES)
def test_client_moves_round_trip(name: str) -> None:
    for root in client_roots(name):
        for data in found(root, "room/data[@class='move']"):
            move = move_from_element(data)
            assert shape(move_to_element(move)) == shape(data)


def test_error_original_message_round_trips() -> None:
    originals = [
        element
        for _conn, _data, root in server_roots("error_seed4.txt")
        for element in found(root, "room/data[@class='error']/originalMessage")
    ]
    assert originals
    for original in originals:
        move = move_from_element(original)
        assert move == Move(3, 9, Direction.DOWN)
        assert shape(move_to_element(move, "originalMessage")) == shape(original)


def test_fixture_state_xml_is_reproduced_byte_for_byte(fixtures_dir: Path) -> None:
    path = fixtures_dir / "piranhas-2026" / "positions.jsonl.gz"
    with open_text(path) as lines:
        records = [json.loads(line) for line in lines]
    with_union = 0
    for record in records:
        state = state_from_element(etree.fromstring(record["state_xml"]))
        assert state.rows() == record["board"]
        assert state_to_xml(state) == record["state_xml"]
        with_union += state.first_union is not None
    assert with_union > 0


def test_state_attributes_are_in_official_order() -> None:
    state = Piranhas2026Game().new_initial_state(SeededRandom(1))
    element = state_to_element(state)
    assert list(element.attrib.items()) == [("class", "state"), ("startTeam", "ONE"), ("turn", "0")]
    assert [child.tag for child in element] == ["board"]
    state.apply(state.legal_moves()[0])
    state.first_union = Team.TWO
    element = state_to_element(state)
    assert list(element.attrib) == ["class", "startTeam", "turn", "firstUnion"]
    assert element.get("firstUnion") == "TWO"
    assert [child.tag for child in element] == ["lastMove", "board"]
    assert element[0].get("class") is None
    rows = found(element, "board/row")
    assert len(rows) == 10 and all(len(row) == 10 for row in rows)
    assert state_from_element(element) == state


# ---------------------------------------------------------------- reading quirks


def xml(text: str) -> etree._Element:
    return etree.fromstring(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('<data class="move"><from x="0" y="5"/><direction>RIGHT</direction></data>', (0, 5)),
        (
            '<data class="sc.plugin2026.Move"><direction>UP</direction><from x="1" y="2"/></data>',
            (1, 2),
        ),
        ('<data class="move"><from y="5"/><direction>RIGHT</direction></data>', (0, 5)),
        ('<data class="move"><from x="0x3" y="+4"/><direction>UP</direction></data>', (3, 4)),
        (
            '<data class="move" extra="1"><!-- c --><from x="1" y="1" z="2"/>'
            "<direction>UP</direction></data>",
            (1, 1),
        ),
        ('<lastMove><from x="-1" y="12"/><direction>UP</direction></lastMove>', (-1, 12)),
    ],
)
def test_moves_are_read_like_xstream(text: str, expected: tuple[int, int]) -> None:
    move = move_from_element(xml(text))
    assert (move.x, move.y) == expected


@pytest.mark.parametrize(
    "text",
    [
        '<data class="sc.plugin2019.Move"><from x="0" y="5"/><direction>UP</direction></data>',
        '<data class="move"><direction>UP</direction></data>',
        '<data class="move"><from x="0" y="5"/></data>',
        '<data class="move"><from x="0" y="5"/><direction>up</direction></data>',
        '<data class="move"><from x="0" y="5"/><direction> UP </direction></data>',
        '<data class="move"><from x="a" y="5"/><direction>UP</direction></data>',
        '<data class="move"><from x="0" y="5"/><direction>UP</direction><hint/></data>',
        '<data class="move"><from x="0" y="5"/><from x="0" y="5"/><direction>UP</direction></data>',
        '<data class="move"><from x="0" y="5"/><direction>UP</direction><direction>UP</direction>'
        "</data>",
    ],
)
def test_unreadable_moves_are_refused(text: str) -> None:
    with pytest.raises(MoveFormatError):
        move_from_element(xml(text))


def board_xml(rows: int = 10, fields: int = 10, name: str = "EMPTY") -> str:
    row = "<row>" + f"<field>{name}</field>" * fields + "</row>"
    return "<board>" + row * rows + "</board>"


@pytest.mark.parametrize(
    "text",
    [
        f'<sate class="state" turn="0">{board_xml()}</sate>',
        f'<state class="sc.plugin2019.GameState" turn="0">{board_xml()}</state>',
        f'<state class="state" startTeam="TWO" turn="0">{board_xml()}</state>',
        f'<state class="state">{board_xml()}</state>',
        f'<state class="state" turn="x">{board_xml()}</state>',
        f'<state class="state" turn="-1">{board_xml()}</state>',
        f'<state class="state" turn="0" firstUnion="RED">{board_xml()}</state>',
        '<state class="state" turn="0"/>',
        f'<state class="state" turn="0">{board_xml(rows=9)}</state>',
        f'<state class="state" turn="0">{board_xml(rows=11)}</state>',
        f'<state class="state" turn="0">{board_xml(fields=9)}</state>',
        f'<state class="state" turn="0">{board_xml(fields=11)}</state>',
        f'<state class="state" turn="0">{board_xml(name="RED")}</state>',
        f'<state class="state" turn="0">{board_xml()}<red/></state>',
        f'<state class="state" turn="0">{board_xml()}{board_xml()}</state>',
    ],
)
def test_invalid_states_are_refused(text: str) -> None:
    with pytest.raises(XmlFormatError):
        state_from_element(xml(text))


def test_a_minimal_state_reads() -> None:
    state = state_from_element(xml(f'<state turn="7">{board_xml()}</state>'), "alpha", "beta")
    assert isinstance(state, Piranhas2026State)
    assert state.turn == 7 and state.first_union is None and state.last_move is None
    assert (state.one_name, state.two_name) == ("alpha", "beta")
