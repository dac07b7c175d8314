"""The Blokus 2027 state and move elements against the captures (socha 5.1.0 clients against
a scripted server in the official layout) and the Rust-core data's official state XML.

Every memento of every capture is read and written back and must come out element-wise
identical (attribute and child order included), except the documented ``lastMoveMono`` key
spelling; consecutive mementos also check the engine.
"""

from __future__ import annotations

import itertools
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from botarena.conformance.blokus2027 import state_from_position
from botarena.conformance.fixture_io import open_text
from botarena.conformance.sctranscript import C2S, S2C, read_sctranscript
from botarena.games.blokus_2027 import BlokusState, Color, MoveMistake, Rotation, SetMove, Shape
from botarena.games.blokus_2027 import SkipMove as Skip
from botarena.games.blokus_2027.xml import (
    MAX_HINTS,
    MONO_KEY_TAG,
    IncompleteMoveError,
    MoveFormatError,
    XmlFormatError,
    move_from_element,
    move_to_element,
    state_from_element,
    state_to_element,
)
from botarena.protocol.sc_errors import ProtocolError
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser
from tests.conftest import fixture_files, plain_name

Element = Any


def canonical(element: Element) -> tuple[Any, ...]:
    """Tag, attributes in order, stripped text, children; a ``lastMoveMono`` entry key is
    compared under one name (we write socha's ``sc.plugin2027.Color``, officially ``color``)."""
    tag = element.tag
    if tag == MONO_KEY_TAG:
        tag = "color"
    children = [canonical(child) for child in element if isinstance(child.tag, str)]
    if element.tag == "lastMoveMono":
        children.sort()  # a Java HashMap: entry order is not part of the format
    return (tag, list(element.attrib.items()), (element.text or "").strip(), children)


def room_data(stream: bytes) -> list[Element]:
    events: Any
    try:
        events = ScStreamParser().feed(stream)
    except ProtocolError as error:
        events = error.events
    return [
        event.element[0]
        for event in events
        if isinstance(event, MessageReceived) and event.element.tag == "room" and len(event.element)
    ]


@cache
def captures(folder: Path) -> dict[str, dict[str, dict[str, list[Element]]]]:
    """plain file name -> connection -> direction -> room data elements."""
    result: dict[str, dict[str, dict[str, list[Element]]]] = {}
    for path in fixture_files(folder, ".txt"):
        transcript = read_sctranscript(path)
        result[plain_name(path)] = {
            conn: {d: room_data(transcript.stream(conn, d)) for d in (C2S, S2C)}
            for conn in transcript.connections
        }
    return result


@pytest.fixture(scope="module")
def captured(fixtures_dir):
    return captures(fixtures_dir / "blokus-2027" / "captures")


def memento_states(data: list[Element]) -> list[Element]:
    return [d[0] for d in data if d.get("class") == "memento"]


def test_every_captured_memento_round_trips(captured):
    seen: set[bytes] = set()
    mono_entries = 0
    for streams in captured.values():
        for directions in streams.values():
            for element in memento_states(directions[S2C]):
                raw = etree.tostring(element)
                if raw in seen:
                    continue
                seen.add(raw)
                ours = state_to_element(state_from_element(element))
                assert canonical(ours) == canonical(element)
                assert [child.tag for child in ours] == [child.tag for child in element]
                mono_entries += len(element.find("lastMoveMono"))
    assert len(seen) > 300
    assert mono_entries == 1  # the official-style entry of mono_entry_seed9 was read too


def test_consecutive_mementos_follow_from_the_rules(captured):
    pairs = 0
    for name in ("normal_seed1.txt", "normal_seed2.txt", "garbage_seed5.txt"):
        states = memento_states(captured[name]["c1"][S2C])
        for before, after in itertools.pairwise(states):
            state = state_from_element(before)
            last_move = state_from_element(after).last_move
            assert last_move is not None
            state.apply(last_move)
            assert canonical(state_to_element(state)) == canonical(after), name
            pairs += 1
        assert state_from_element(states[-1]).is_terminal()
    assert pairs > 150


def test_client_moves_round_trip(captured):
    count = 0
    for name in ("normal_seed1.txt", "normal_seed2.txt"):
        for directions in captured[name].values():
            for data in directions[C2S]:
                move = move_from_element(data)
                assert canonical(move_to_element(move)) == canonical(data)
                count += 1
    assert count > 100


def test_our_state_xml_equals_the_official_layout_of_the_data(fixtures_dir):
    """``state_xml`` of every data line: the layout of the official ConverterTest."""
    path = fixtures_dir / "blokus-2027" / "positions.jsonl.gz"
    count = 0
    with open_text(path) as stream:
        for line in stream:
            record = json.loads(line)
            official = etree.fromstring(record["state_xml"])
            state = state_from_position(record)
            expected = canonical(official)
            assert canonical(state_to_element(state)) == expected, record["game"]
            assert canonical(state_to_element(state_from_element(official))) == expected
            count += 1
    assert count == 2057


def test_last_move_mono_is_written_in_the_spelling_socha_reads():
    state = BlokusState(Shape.PENTO_X, last_move_mono={Color.RED: False, Color.BLUE: True})
    mono = state_to_element(state).find("lastMoveMono")
    assert mono is not None
    assert etree.tostring(mono) == (
        b"<lastMoveMono><entry><sc.plugin2027.Color>BLUE</sc.plugin2027.Color>"
        b"<boolean>true</boolean></entry><entry><sc.plugin2027.Color>RED</sc.plugin2027.Color>"
        b"<boolean>false</boolean></entry></lastMoveMono>"
    )
    assert state_from_element(state_to_element(state)).last_move_mono == {
        Color.BLUE: True,
        Color.RED: False,
    }


def test_state_attributes_and_children_order():
    state = BlokusState(Shape.PENTO_L)
    state.apply(SetMove(Color.BLUE, Shape.PENTO_L, Rotation.RIGHT, True, 0, 0))
    element = state_to_element(state)
    assert list(element.attrib.items()) == [
        ("class", "state"),
        ("startTeam", "ONE"),
        ("turn", "1"),
        ("startPiece", "PENTO_L"),
        ("round", "1"),
    ]
    assert [child.tag for child in element] == [
        "lastMove",
        "board",
        "lastMoveMono",
        "blueShapes",
        "yellowShapes",
        "redShapes",
        "greenShapes",
        "validColors",
    ]
    assert element[0].get("class") == "sc.plugin2027.SetMove"


def parse(text: str) -> Element:
    return etree.fromstring(text)


def test_moves_by_class_name_and_alias():
    piece = '<piece color="RED" kind="PENTO_X" rotation="LEFT" isFlipped="TRUE"><position x="3"/>'
    expected = SetMove(Color.RED, Shape.PENTO_X, Rotation.LEFT, True, 3, 0)
    for cls in ("sc.plugin2027.SetMove", "setmove"):
        assert move_from_element(parse(f'<data class="{cls}">{piece}</piece></data>')) == expected
    for cls in ("sc.plugin2027.SkipMove", "skipmove"):
        skip = parse(f'<data class="{cls}"><color>GREEN</color><hint>x</hint></data>')
        assert move_from_element(skip) == Skip(Color.GREEN)
    assert move_from_element(parse('<data class="skipmove"/>')) == Skip(None)
    element = move_to_element(Skip(Color.RED), "lastMove")
    assert etree.tostring(element) == (
        b'<lastMove class="sc.plugin2027.SkipMove"><color>RED</color></lastMove>'
    )


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ('<data class="sc.plugin2021.SetMove"/>', "not a Blokus 2027 move"),
        ('<data class="sc.plugin2027.SetMove"/>', "needs a <piece>"),
        ('<data class="setmove"><piece kind="pento_x" rotation="NONE"/></data>', "unknown shape"),
        ('<data class="setmove"><piece kind="MONO" color="PINK"/></data>', "unknown colour"),
        (
            '<data class="setmove"><piece kind="MONO" rotation="NONE"><position x="1e3"/>'
            "</piece></data>",
            "not an integer",
        ),
        ('<data class="skipmove"><colour>RED</colour></data>', "unknown element"),
        (
            '<data class="skipmove">' + "<hint/>" * (MAX_HINTS + 1) + "</data>",
            "more than 1000 hints",
        ),
    ],
)
def test_unreadable_moves_are_format_errors(text, error):
    with pytest.raises(MoveFormatError, match=error):
        move_from_element(parse(text))


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ('<data class="setmove"><piece kind="MONO"><position x="1" y="1"/></piece></data>', "rot"),
        ('<data class="setmove"><piece kind="MONO" rotation="NONE"/></data>', "<position>"),
    ],
)
def test_missing_rotation_or_position_is_a_rule_violation(text, what):
    with pytest.raises(IncompleteMoveError) as raised:
        move_from_element(parse(text))
    assert raised.value.mistake is MoveMistake.INVALID_FORMAT
    assert raised.value.reason.startswith("Der Zug konnte nicht erkannt werden")
    assert what in raised.value.reason


GOOD_STATE = (
    '<state class="state" startTeam="ONE" turn="5" startPiece="PENTO_X" round="2">'
    "<board/><lastMoveMono/><blueShapes/><yellowShapes/><redShapes/><greenShapes/>"
    "<validColors/></state>"
)


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ('round="2"', 'round="3"', "does not match turn"),
        ('turn="5"', 'turn="-4"', "negative"),
        ('turn="5"', 'turn="five"', "not an integer"),
        ("PENTO_X", "MONO", "not a pentomino"),
        ("PENTO_X", "HEXO", "unknown startPiece"),
        ('startTeam="ONE"', 'startTeam="TWO"', "startTeam"),
        ("<board/>", "<board/><board/>", "twice"),
        ("<board/>", "", "lacks <board>"),
        ("<board/>", "<board/><first/>", "unexpected <first>"),
        ("<board/>", '<board><field x="20" y="0" content="RED"/></board>', "not on the board"),
        ("<board/>", '<board><field x="1" y="0" content="PINK"/></board>', "unknown colour"),
        (
            "<blueShapes/>",
            "<blueShapes><shape>MONO</shape><shape>MONO</shape></blueShapes>",
            "twice",
        ),
        ("<validColors/>", "<validColors><color>BLACK</color></validColors>", "unknown colour"),
        (
            "<lastMoveMono/>",
            "<lastMoveMono><entry><boolean>true</boolean></entry></lastMoveMono>",
            "entries",
        ),
        ('class="state"', 'class="sc.plugin2026.GameState"', "not a Blokus state"),
    ],
)
def test_bad_states_are_refused_with_a_reason(old, new, error):
    assert state_from_element(parse(GOOD_STATE)).turn == 5
    with pytest.raises(XmlFormatError, match=error):
        state_from_element(parse(GOOD_STATE.replace(old, new, 1)))
