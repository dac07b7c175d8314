"""State and move XML against the official 19.2.1 transcripts, plus move-parsing quirks."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from botarena.games.piranhas import Direction, Move, PiranhasState, PlayerColor
from botarena.games.piranhas.xml import (
    MAX_HINTS,
    MoveFormatError,
    XmlFormatError,
    move_from_element,
    move_to_element,
    state_from_element,
    state_to_element,
)
from botarena.protocol.xstream import parse_xstream_int
from tests.conftest import FIXTURES, fixture_file, fixture_names
from tests.games.piranhas.transcripts import client_moves, memento_states, streams

TRANSCRIPT_NAMES = fixture_names(FIXTURES / "piranhas-2019", ".txt")


def transcript(fixtures_dir: Path, name: str) -> Path:
    return fixture_file(fixtures_dir / "piranhas-2019", name)


def xpath(element: etree._Element, path: str) -> list[Any]:
    result = element.xpath(path)
    assert isinstance(result, list)
    return result


def shape(element: etree._Element) -> tuple[Any, ...]:
    """Tag, attributes in order, text and children: what an XStream writer would print."""
    children = tuple(shape(child) for child in element if isinstance(child.tag, str))
    return (
        element.tag,
        tuple(element.attrib.items()),
        (element.text or "").strip(),
        children,
    )


def without_line(element: etree._Element) -> etree._Element:
    """The official state minus 19.2.1's stray ``<line>`` (botarena does not send it)."""
    copy = etree.fromstring(etree.tostring(element))
    for line in xpath(copy, "board/line"):
        assert line.text == "------------"
        line.getparent().remove(line)
    return copy


def test_the_transcripts_are_found() -> None:
    assert len(TRANSCRIPT_NAMES) == 21


@pytest.mark.parametrize("name", TRANSCRIPT_NAMES)
def test_every_official_state_round_trips_exactly(fixtures_dir: Path, name: str) -> None:
    states = memento_states(transcript(fixtures_dir, name))
    for official in states:
        state = state_from_element(official)
        assert shape(state_to_element(state)) == shape(without_line(official))
        assert state_from_element(state_to_element(state)) == state


@pytest.mark.parametrize("name", TRANSCRIPT_NAMES)
def test_our_engine_reproduces_every_official_transition(fixtures_dir: Path, name: str) -> None:
    """Each memento is the previous one plus its lastMove, applied by our rules."""
    results_checked = 0
    for (_conn, direction), data in sorted(streams(transcript(fixtures_dir, name)).items()):
        if direction != "S2C":
            continue
        root = etree.fromstring(data)
        states = [state_from_element(s) for s in xpath(root, "room/data[@class='memento']/state")]
        for before, after in itertools.pairwise(states):
            if after.turn == before.turn:
                continue  # an observer may see the same state twice
            assert after.turn == before.turn + 1
            assert before.outcome() is None
            replay = before.clone()
            assert after.last_move is not None
            replay.apply(after.last_move)
            assert replay == after
        results = xpath(root, "room/data[@class='result']")
        if states and results and states[-1].official_outcome() is not None:
            check_regular_result(states[-1], results[0])
            results_checked += 1
    # the games that ended by the rules (normal, greedy, admin) have their result checked
    if name.startswith(("normal", "scripted_greedy", "admin")):
        assert results_checked >= 2
    else:
        assert results_checked == 0


def check_regular_result(final: PiranhasState, result: etree._Element) -> None:
    official = final.official_outcome()
    assert official is not None
    scores = xpath(result, "score")
    for seat, score in enumerate(scores):
        assert score.get("cause") == "REGULAR"
        assert score.get("reason") == official.reason
        assert [int(p.text) for p in xpath(score, "part")][1:] == list(final.scores(seat))
    winner = xpath(result, "winner")
    if official.winner is None:
        assert winner == []
    else:
        assert winner[0].get("color") == PlayerColor.of_seat(official.winner).value
    # our outcome agrees wherever neither decided deviation applies
    ours = final.outcome()
    assert ours is not None and (ours.winner, ours.reason) == (official.winner, official.reason)


def test_hints_are_echoed_in_last_move(fixtures_dir: Path) -> None:
    states = memento_states(transcript(fixtures_dir, "scripted_move_with_debug_hints.txt"))
    hinted = [s for s in map(state_from_element, states) if s.last_move and s.last_move.hints]
    assert hinted
    assert hinted[0].last_move is not None
    assert hinted[0].last_move.hints == ("Dies ist ein Hint.", "noch ein Hint & Umlaut ä")
    element = state_to_element(hinted[0])
    assert [h.get("content") for h in xpath(element, "lastMove/hint")] == list(
        hinted[0].last_move.hints
    )


def test_start_state_element_shape() -> None:
    state = PiranhasState.start([(2, 6), (7, 7)], red_name="alpha", blue_name="Alice & Co")
    element = state_to_element(state)
    assert list(element.attrib.items()) == [
        ("class", "sc.plugin2019.GameState"),
        ("startPlayerColor", "RED"),
        ("currentPlayerColor", "RED"),
        ("turn", "0"),
    ]
    assert [c.tag for c in element] == ["red", "blue", "board"]  # no lastMove at turn 0
    assert list(element[1].attrib.items()) == [("displayName", "Alice & Co"), ("color", "BLUE")]
    board = element[2]
    assert len(board) == 10 and board.find("line") is None
    assert list(board[2][6].attrib.items()) == [("x", "2"), ("y", "6"), ("state", "OBSTRUCTED")]
    assert [f.get("state") for f in board[0]][:2] == ["EMPTY", "RED"]


def test_client_moves_from_transcripts_parse(fixtures_dir: Path) -> None:
    moves = client_moves(transcript(fixtures_dir, "scripted_move_with_debug_hints.txt"))
    parsed = [move_from_element(m) for m in moves]
    assert parsed[0] == Move(0, 1, Direction.UP)
    assert parsed[0].hints == ("Dies ist ein Hint.", "noch ein Hint & Umlaut ä")
    for name in TRANSCRIPT_NAMES:
        for element in client_moves(transcript(fixtures_dir, name)):
            move = move_from_element(element)
            assert shape(move_to_element(move)) == shape(element)


def element(xml: str) -> etree._Element:
    return etree.fromstring(xml)


def test_move_round_trip_with_hints() -> None:
    move = Move(3, 7, Direction.DOWN_LEFT, hints=('eat & <C0> "x"', ""))
    xml = move_to_element(move)
    assert list(xml.attrib.items()) == [
        ("class", "move"),
        ("x", "3"),
        ("y", "7"),
        ("direction", "DOWN_LEFT"),
    ]
    again = move_from_element(xml)
    assert again == move and again.hints == move.hints
    assert move_to_element(move, "lastMove").tag == "lastMove"


@pytest.mark.parametrize(
    ("xml", "expected"),
    [
        ('<data class="move" y="4" direction="RIGHT"/>', Move(0, 4, Direction.RIGHT)),  # P11
        ('<data class="move" x="1" direction="UP"/>', Move(1, 0, Direction.UP)),
        ('<data class="move" x="1" y="2" direction="UP" foo="bar"/>', Move(1, 2, Direction.UP)),
        ("<data class='move' x='1' y='2' direction='UP'>\n\t </data>", Move(1, 2, Direction.UP)),
        ('<data class="sc.plugin2019.Move" x="1" y="2" direction="UP"/>', Move(1, 2, Direction.UP)),
        ('<data x="1" y="2" direction="UP"><!-- c --></data>', Move(1, 2, Direction.UP)),
        ('<data class="move" x="+3" y="0x2" direction="UP"/>', Move(3, 2, Direction.UP)),
        ('<data class="move" x="010" y="#9" direction="UP"/>', Move(8, 9, Direction.UP)),
        ('<data class="move" x="-1" y="4294967295" direction="UP"/>', Move(-1, -1, Direction.UP)),
    ],
)
def test_move_shapes_the_official_server_accepts(xml: str, expected: Move) -> None:
    assert move_from_element(element(xml)) == expected


@pytest.mark.parametrize(
    ("xml", "problem"),
    [
        ('<data class="move" x="1" y="2" direction="NORTH"/>', "unknown direction"),  # P9
        ('<data class="move" x="1" y="2" direction="up"/>', "unknown direction"),
        ('<data class="move" x="1" y="2"/>', "no direction"),
        ('<data class="move" x="a" y="2" direction="UP"/>', "not an integer"),
        ('<data class="move" x="" y="2" direction="UP"/>', "not an integer"),
        ('<data class="move" x=" 1" y="2" direction="UP"/>', "not an integer"),
        ('<data class="move" x="4294967296" y="2" direction="UP"/>', "not an integer"),
        ('<data class="move" x="1" y="2" direction="UP"><foo/></data>', "unknown element"),
        ('<data class="welcomeMessage" x="1" y="2" direction="UP"/>', "not a Piranhas move"),
    ],
)
def test_move_shapes_the_official_server_rejects(xml: str, problem: str) -> None:
    with pytest.raises(MoveFormatError, match=problem):
        move_from_element(element(xml))


def test_too_many_hints_are_refused() -> None:
    xml = '<data class="move" x="1" y="2" direction="UP">' + "<hint content='h'/>" * (MAX_HINTS + 1)
    with pytest.raises(MoveFormatError, match="hints"):
        move_from_element(element(xml + "</data>"))
    ok = xml.replace("<hint content='h'/>", "", 1) + "</data>"
    assert len(move_from_element(element(ok)).hints) == MAX_HINTS


def test_xstream_int_follows_long_decode() -> None:
    assert [
        parse_xstream_int(t) for t in ("0", "00", "-0", "07", "0X1f", "-#10", "2147483648")
    ] == [
        0,
        0,
        0,
        7,
        31,
        -16,
        -(2**31),
    ]
    for bad in ("08", "0x", "+", "-", "1_0", "1.0", "0x-1", "+-1", "-2147483649", "١"):
        with pytest.raises(ValueError):
            parse_xstream_int(bad)


def broken_state(change) -> etree._Element:
    state = state_to_element(PiranhasState.start([(2, 6), (7, 7)]))
    change(state)
    return state


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda s: s.set("turn", "x"), "not an integer"),
        (lambda s: s.set("turn", "61"), "outside"),
        (lambda s: s.set("currentPlayerColor", "BLUE"), "does not match"),
        (lambda s: s.set("startPlayerColor", "BLUE"), "must be RED"),
        (lambda s: s.set("class", "sc.plugin2018.GameState"), "not a Piranhas 2019 state"),
        (lambda s: s.remove(s[0]), "needs <red>"),
        (lambda s: s[2][0].remove(s[2][0][0]), "99 of 100 fields"),
        (lambda s: s[2][0][0].set("state", "GREEN"), "unknown field state"),
        (lambda s: s[2][0][0].set("y", "1"), "listed twice"),
        (lambda s: s[2][0][0].set("x", "10"), "not on the board"),
        (lambda s: s[2][0].append(etree.Element("foo")), "unexpected <foo>"),
        (lambda s: s.append(etree.Element("foo")), "unexpected <foo> in <state>"),
        (
            lambda s: (s.attrib.pop("currentPlayerColor"), s.set("currentPlayer", "BLUE")),
            "does not match",
        ),
    ],
)
def test_broken_states_are_clear_errors(change, problem: str) -> None:
    with pytest.raises(XmlFormatError, match=problem):
        state_from_element(broken_state(change))


def test_seed_document_state_shape_is_accepted() -> None:
    def seed_shape(state: etree._Element) -> None:
        for name in ("startPlayerColor", "currentPlayerColor"):
            state.set(name.removesuffix("Color"), state.attrib.pop(name))
        state.set("class", "state")
        etree.SubElement(state, "condition")

    parsed = state_from_element(broken_state(seed_shape))
    assert parsed == PiranhasState.start([(2, 6), (7, 7)])


def test_line_element_is_accepted_on_input() -> None:
    state = broken_state(lambda s: etree.SubElement(s[2], "line").__setattr__("text", "---"))
    assert state_from_element(state) == PiranhasState.start([(2, 6), (7, 7)])
