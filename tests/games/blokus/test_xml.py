"""The Blokus 2021 state and move elements against the official 21.4.0 transcripts.

Every memento of every transcript in tests/fixtures/blokus-2021 is read and written back,
and must come out structurally identical (attribute order included; the ``lastMoveMono``
entries, a Java HashMap officially, compared as a set). Consecutive mementos check the
engine too: applying the next memento's ``lastMove`` to the previous state must give it.
"""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from botarena.conformance.sctranscript import C2S, S2C, read_sctranscript
from botarena.games.blokus import (
    BlokusState,
    Color,
    InvalidBlokusMove,
    MoveMistake,
    Rotation,
    SetMove,
    Shape,
    SkipMove,
)
from botarena.games.blokus.xml import (
    MAX_HINTS,
    IncompleteMoveError,
    MoveFormatError,
    XmlFormatError,
    display_names,
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
    """A comparable form: tag, attributes in order, stripped text, children."""
    children = [canonical(child) for child in element if isinstance(child.tag, str)]
    if element.tag == "lastMoveMono":
        children.sort()
    return (element.tag, list(element.attrib.items()), (element.text or "").strip(), children)


def room_data(stream: bytes) -> list[Element]:
    """The ``<data>`` elements of the ``<room>`` messages of one stream."""
    events: Any
    try:
        events = ScStreamParser().feed(stream)
    except ProtocolError as error:  # err_malformed_xml: keep what came before the bad bytes
        events = error.events
    return [
        event.element[0]
        for event in events
        if isinstance(event, MessageReceived) and event.element.tag == "room" and len(event.element)
    ]


@cache
def transcripts(blokus_dir: Path) -> dict[str, dict[str, dict[str, list[Element]]]]:
    """plain file name -> connection -> direction -> room data elements."""
    result: dict[str, dict[str, dict[str, list[Element]]]] = {}
    for path in fixture_files(blokus_dir, ".txt"):
        transcript = read_sctranscript(path)
        result[plain_name(path)] = {
            conn: {d: room_data(transcript.stream(conn, d)) for d in (C2S, S2C)}
            for conn in transcript.connections
        }
    return result


@pytest.fixture(scope="module")
def captured(fixtures_dir):
    return transcripts(fixtures_dir / "blokus-2021")


def memento_states(data: list[Element]) -> list[Element]:
    return [d[0] for d in data if d.get("class") == "memento"]


def test_every_memento_round_trips(captured):
    seen: set[bytes] = set()
    for streams in captured.values():
        for directions in streams.values():
            for element in memento_states(directions[S2C]):
                raw = etree.tostring(element)
                if raw in seen:
                    continue
                seen.add(raw)
                state = state_from_element(element)
                first, second = display_names(element)
                assert canonical(state_to_element(state, first, second)) == canonical(element)
    assert len(seen) > 700


def test_consecutive_mementos_follow_from_the_rules(captured):
    pairs = 0
    seen: set[bytes] = set()
    for name, streams in captured.items():
        for directions in streams.values():
            states = memento_states(directions[S2C])
            for before, after in itertools.pairwise(states):
                raw = etree.tostring(before) + etree.tostring(after)
                if etree.tostring(before) == etree.tostring(after) or raw in seen:
                    continue  # same memento twice (pause/step), or a transition seen already
                seen.add(raw)
                state = state_from_element(before)
                last_move = state_from_element(after).last_move
                assert last_move is not None, name
                state.apply(last_move)
                names = display_names(after)
                assert canonical(state_to_element(state, *names)) == canonical(after), name
                pairs += 1
    assert pairs > 700


def test_official_client_moves_round_trip(captured):
    count = 0
    for name in ("normal_game_01_one_wins_127_108.txt", "normal_game_04_two_wins_125_129.txt"):
        for directions in captured[name].values():
            for data in directions[C2S]:
                move = move_from_element(data)
                assert canonical(move_to_element(move)) == canonical(data)
                count += 1
    assert count > 60


def client_moves(captured, name: str) -> list[Element]:
    return [
        data
        for directions in captured[name].values()
        for data in directions[C2S]
        if data.get("class", "").endswith("Move") or data.get("class") == "setmove"
    ]


def test_lenient_move_attributes_are_read_as_the_official_server_does(captured):
    sent = captured["ok_lenient_move_attributes.txt"]["c1"][C2S]  # the scripted team ONE
    first, second, third, fourth, fifth, sixth = (move_from_element(d) for d in sent[:6])
    assert isinstance(first, SetMove) and not first.flipped  # isFlipped omitted
    assert isinstance(second, SetMove) and second.flipped  # isFlipped="TRUE"
    assert isinstance(third, SetMove) and third.flipped  # unknown attributes ignored
    assert isinstance(fourth, SetMove)  # compact XML, non-canonical pair kept as received
    assert (fourth.kind, fourth.rotation, fourth.flipped) == (Shape.TRIO_L, Rotation.MIRROR, False)
    assert fourth.canonical().rotation is Rotation.RIGHT and fourth.canonical().flipped
    assert isinstance(fifth, SetMove) and not fifth.flipped  # isFlipped="yes"
    assert sixth == SkipMove(Color.RED)  # extra attributes ignored


def test_lenient_moves_are_echoed_as_the_official_server_does(captured):
    """Each move of the lenient client appears in the next memento's ``lastMove``."""
    streams = captured["ok_lenient_move_attributes.txt"]
    echoed = [state.find("lastMove") for state in memento_states(streams["c1"][S2C])]
    sent = streams["c1"][C2S]
    for data in sent[:6]:
        expected = canonical(move_to_element(move_from_element(data), "lastMove"))
        assert any(e is not None and canonical(e) == expected for e in echoed)


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("err_setmove_class_alias.txt", "not a Blokus 2021 move"),
        ("err_enum_lowercase.txt", "unknown shape 'pento_s'"),
    ],
)
def test_unreadable_moves_are_format_errors(captured, name, error):
    data = client_moves(captured, name)[-1]
    with pytest.raises(MoveFormatError, match=error):
        move_from_element(data)


@pytest.mark.parametrize(
    ("name", "what"),
    [("err_missing_rotation.txt", "rotation"), ("err_missing_position.txt", "<position>")],
)
def test_missing_rotation_or_position_is_a_rule_violation(captured, name, what):
    data = client_moves(captured, name)[-1]
    with pytest.raises(IncompleteMoveError) as raised:
        move_from_element(data)
    assert raised.value.mistake is MoveMistake.INVALID_FORMAT
    assert raised.value.reason.startswith("Der Zug konnte nicht erkannt werden")
    assert what in raised.value.reason


def test_hint_children_are_accepted_and_ignored(captured):
    data = client_moves(captured, "err_move_with_hint_child.txt")[-1]
    assert data.find("hint") is not None
    move = move_from_element(data)
    assert isinstance(move, SetMove)
    assert move_to_element(move).find("hint") is None


def test_skip_without_colour_reads_as_no_colour(captured):
    data = [
        d
        for d in client_moves(captured, "err_rule_skip_without_color.txt")
        if d.get("class") == "sc.plugin2021.SkipMove" and d.find("color") is None
    ]
    assert data
    assert move_from_element(data[0]) == SkipMove(None)


def parse(xml: str) -> Element:
    return etree.fromstring(xml)


def test_move_element_shape_and_missing_coordinates():
    element = move_to_element(SetMove(Color.BLUE, Shape.PENTO_V, Rotation.RIGHT, False, 17, 0))
    assert etree.tostring(element) == (
        b'<data class="sc.plugin2021.SetMove"><piece color="BLUE" kind="PENTO_V" '
        b'rotation="RIGHT" isFlipped="false"><position x="17" y="0"/></piece></data>'
    )
    move = move_from_element(
        parse(
            '<data class="sc.plugin2021.SetMove"><piece kind="MONO" rotation="NONE">'
            "<position/></piece></data>"
        )
    )
    assert move == SetMove(None, Shape.MONO, Rotation.NONE, False, 0, 0)
    with pytest.raises(MoveFormatError, match="not an integer"):
        move_from_element(
            parse(
                '<data class="sc.plugin2021.SetMove"><piece kind="MONO" rotation="NONE">'
                '<position x="a"/></piece></data>'
            )
        )
    with pytest.raises(MoveFormatError, match="needs a <piece>"):
        move_from_element(parse('<data class="sc.plugin2021.SetMove"/>'))
    with pytest.raises(MoveFormatError, match="colour"):
        move_from_element(parse('<data class="sc.plugin2021.SkipMove"><color>PINK</color></data>'))


def test_unknown_child_elements_are_format_errors():
    with pytest.raises(MoveFormatError, match="unknown element <foo>"):
        move_from_element(parse('<data class="sc.plugin2021.SkipMove"><foo/></data>'))
    with pytest.raises(MoveFormatError, match="unknown element <size>"):
        move_from_element(
            parse(
                '<data class="sc.plugin2021.SetMove"><piece kind="MONO" rotation="NONE">'
                "<position/><size/></piece></data>"
            )
        )


def test_too_many_hints_are_refused():
    hints = "<hint content='x'/>" * (MAX_HINTS + 1)
    with pytest.raises(MoveFormatError, match="hints"):
        move_from_element(parse(f'<data class="sc.plugin2021.SkipMove">{hints}</data>'))


SEED_STYLE_STATE = """
<state turn="5" startPiece="PENTO_V">
  <startTeam class="team">ONE</startTeam>
  <board><fields><field x="0" y="0" content="BLUE"/><field x="1" y="0" content="EMPTY"/>
  </fields></board>
  <lastMoveMono class="linked-hash-map"/>
  <blueShapes class="linked-hash-set"><shape>MONO</shape></blueShapes>
  <yellowShapes class="linked-hash-set"><shape>MONO</shape><shape>DOMINO</shape></yellowShapes>
  <redShapes class="linked-hash-set"/>
  <greenShapes class="linked-hash-set"/>
  <validColors class="linked-hash-set"><color>BLUE</color><color>YELLOW</color></validColors>
  <first displayName="One"><color class="team">ONE</color></first>
  <second displayName="Two"><color class="team">TWO</color></second>
</state>
"""


def test_the_seeds_older_state_layout_is_accepted():
    element = parse(SEED_STYLE_STATE)
    state = state_from_element(element)
    assert (state.turn, state.round, state.current_color) == (5, 2, Color.YELLOW)
    assert state.board() == {(0, 0): Color.BLUE}
    assert state.undeployed_shapes(Color.BLUE) == (Shape.MONO,)
    assert state.valid_colors == [Color.BLUE, Color.YELLOW]
    assert display_names(element) == ("One", "Two")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('turn="5"', 'turn="x"'), "not an integer"),
        (('turn="5"', 'turn="5" round="3"'), "does not match"),
        (('startPiece="PENTO_V"', 'startPiece="PENTO_Q"'), "startPiece"),
        (('x="0" y="0"', 'x="20" y="0"'), "not on the board"),
        (("<shape>DOMINO</shape>", "<shape>MONO</shape>"), "twice"),
        (('<redShapes class="linked-hash-set"/>', ""), "lacks <redShapes>"),
        (("<startTeam", "<surprise/><startTeam"), "unexpected <surprise>"),
        (('content="BLUE"', 'content="PINK"'), "unknown colour"),
    ],
)
def test_broken_states_give_clear_errors(change, message):
    old, new = change
    with pytest.raises(XmlFormatError, match=message):
        state_from_element(parse(SEED_STYLE_STATE.replace(old, new, 1)))


def test_state_written_for_a_finished_colour_matches_spec_7_7():
    state = BlokusState.from_parts(
        Shape.PENTO_V,
        {
            (0, 0): Color.BLUE,
            (1, 1): Color.BLUE,
            (19, 0): Color.YELLOW,
            (19, 19): Color.RED,
            (0, 19): Color.GREEN,
        },
        {Color.BLUE: []},
        turn=9,
        valid_colors=[Color.YELLOW, Color.RED, Color.GREEN],
        last_move=SkipMove(Color.GREEN),
        last_move_mono={Color.BLUE: True},
    )
    element: Any = state_to_element(state, "Alice", "Bob")
    assert [child.tag for child in element] == [
        "startTeam",
        "blueShapes",
        "yellowShapes",
        "redShapes",
        "greenShapes",
        "validColors",
        "first",
        "second",
        "board",
        "lastMove",
        "lastMoveMono",
    ]
    assert list(element.attrib.items()) == [
        ("class", "state"),
        ("turn", "9"),
        ("round", "3"),
        ("startPiece", "PENTO_V"),
    ]
    assert [f.get("x") + "," + f.get("y") for f in element.find("board")] == [
        "0,0",
        "19,0",
        "1,1",
        "0,19",
        "19,19",
    ]
    assert etree.tostring(element.find("lastMoveMono")) == (
        b"<lastMoveMono><entry><color>BLUE</color><boolean>true</boolean></entry></lastMoveMono>"
    )
    assert len(element.find("blueShapes")) == 0


def set_move_xml(piece_attributes: str, children: str = '<position x="0" y="0"/>') -> Element:
    return parse(
        f'<data class="sc.plugin2021.SetMove"><piece {piece_attributes}>{children}</piece></data>'
    )


def test_p01_class_alias_setmove_is_a_protocol_error():
    with pytest.raises(MoveFormatError):
        move_from_element(parse('<data class="setmove"><piece kind="MONO"/></data>'))


def test_p02_hint_child_is_ignored_by_decision():
    element = parse(
        '<data class="sc.plugin2021.SkipMove"><color>RED</color><hint content="x"/></data>'
    )
    assert move_from_element(element) == SkipMove(Color.RED)


def test_p03_p04_is_flipped_values():
    base = 'color="BLUE" kind="TRIO_L" rotation="NONE"'
    assert not move_from_element(set_move_xml(base)).flipped  # type: ignore[union-attr]
    for value, expected in (
        ("TRUE", True),
        ("true", True),
        ("True", True),
        ("yes", False),
        ("1", False),
        ("", False),
    ):
        move = move_from_element(set_move_xml(f'{base} isFlipped="{value}"'))
        assert isinstance(move, SetMove) and move.flipped is expected


def test_p05_lower_case_enum_constants_are_protocol_errors():
    with pytest.raises(MoveFormatError, match="shape"):
        move_from_element(set_move_xml('color="BLUE" kind="pento_v" rotation="NONE"'))
    with pytest.raises(MoveFormatError, match="rotation"):
        move_from_element(set_move_xml('color="BLUE" kind="PENTO_V" rotation="none"'))
    with pytest.raises(MoveFormatError, match="colour"):
        move_from_element(set_move_xml('color="blue" kind="PENTO_V" rotation="NONE"'))


def test_p06_extra_attributes_are_ignored():
    move = move_from_element(set_move_xml('color="BLUE" kind="MONO" rotation="LEFT" foo="1"'))
    assert move == SetMove(Color.BLUE, Shape.MONO, Rotation.LEFT, False, 0, 0)


def test_p07_skip_without_colour_is_a_wrong_colour_violation():
    move = move_from_element(parse('<data class="sc.plugin2021.SkipMove"/>'))
    state = BlokusState(Shape.PENTO_V)
    with pytest.raises(InvalidBlokusMove) as raised:
        state.apply(move)
    assert raised.value.reason == (
        "Die Farbe des Zuges ist nicht an der Reihe bei Zug 'null setzt aus'"
    )
