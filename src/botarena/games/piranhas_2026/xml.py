"""The Piranhas 2026 state and move XML (``swc_2026_piranhas``), element for element as the
official 26.x server writes it (spec ``piranhas-2026.md`` §5) and socha 4.3.9 parses it.

This module builds and reads :mod:`lxml` elements; turning them into bytes (XStream's
pretty printing and escaping) is the protocol layer's job (:mod:`botarena.protocol.xstream`).
Shapes:

* ``<state class="state" startTeam="ONE" turn="7" firstUnion="TWO">`` (``firstUnion`` only
  once set), children ``<lastMove>`` (absent at turn 0; no ``class`` attribute) and
  ``<board>``: ten ``<row>`` (row y = 0, the bottom row, first), each with ten
  ``<field>NAME</field>`` for x = 0..9 (``ONE_S`` … ``TWO_L``, ``SQUID``, ``EMPTY``);
* a move: ``<data class="move"><from x="0" y="5"/><direction>RIGHT</direction></data>``
  (:func:`move_to_element` with ``tag="data"``; ``tag="lastMove"`` drops the class, and
  ``tag="originalMessage"`` keeps it, as in the room error).

Reading a client's move follows what XStream accepts: ``class`` may be ``move`` or
``sc.plugin2026.Move`` (or absent inside ``lastMove``); unknown attributes, text and comments
are ignored; a missing ``x``/``y`` means 0; coordinates are read like Java's ``Long.decode``
(:func:`botarena.protocol.xstream.parse_xstream_int`). A missing ``<from>`` or
``<direction>``, an unknown direction, a non-numeric coordinate, a repeated or unknown child
element are errors (:class:`MoveFormatError`).
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from botarena.core import Team
from botarena.games.piranhas_2026.board import SIZE, SQUARES
from botarena.games.piranhas_2026.model import Direction, FieldState, Move
from botarena.games.piranhas_2026.rules import START_TEAM, Piranhas2026State
from botarena.protocol.xstream import parse_xstream_int, xstream_int_attribute

__all__ = [
    "MOVE_CLASS",
    "MOVE_CLASSES",
    "STATE_CLASS",
    "STATE_CLASSES",
    "MoveFormatError",
    "XmlFormatError",
    "move_from_element",
    "move_to_element",
    "state_from_element",
    "state_to_element",
    "state_to_xml",
]

STATE_CLASS = "state"
STATE_CLASSES = frozenset({STATE_CLASS, "sc.plugin2026.GameState"})
MOVE_CLASS = "move"
MOVE_CLASSES = frozenset({MOVE_CLASS, "sc.plugin2026.Move"})
"""The ``class`` values XStream maps to the Piranhas 2026 move (alias and full class name)."""
_CLASSLESS_MOVE_TAGS = frozenset({"lastMove"})
"""Where XStream writes a move without ``class`` (the field's declared type is ``Move``)."""

_FIELD_NAMES = {state.value: state for state in FieldState}
_TEAMS = {team.name: team for team in Team}


class XmlFormatError(ValueError):
    """An element that is not a valid Piranhas 2026 state (message says what is wrong)."""


class MoveFormatError(XmlFormatError):
    """A move element the official server could not read."""


# ---------------------------------------------------------------- moves


def _move_markup(move: Move, tag: str, with_class: bool) -> str:
    head = f'<{tag} class="{MOVE_CLASS}">' if with_class else f"<{tag}>"
    return (
        f'{head}<from x="{move.x}" y="{move.y}"/>'
        f"<direction>{move.direction.name}</direction></{tag}>"
    )


def move_to_element(
    move: Move, tag: str = "data", with_class: bool | None = None
) -> etree._Element:
    """``<data class="move"><from x y/><direction>D</direction></data>``.

    ``with_class`` defaults to ``tag != "lastMove"`` (XStream omits the class where the
    declared type is the move itself).
    """
    if with_class is None:
        with_class = tag not in _CLASSLESS_MOVE_TAGS
    element = etree.Element(tag)
    if with_class:
        element.set("class", MOVE_CLASS)
    start = etree.SubElement(element, "from")
    start.set("x", str(move.x))
    start.set("y", str(move.y))
    etree.SubElement(element, "direction").text = move.direction.name
    return element


def _coordinate(element: etree._Element, name: str) -> int:
    try:
        return xstream_int_attribute(element, name)  # missing: the JVM default 0
    except ValueError as error:
        raise MoveFormatError(f"coordinate {error}") from error


def move_from_element(element: etree._Element) -> Move:
    """Read a client's ``<data class="move">``, a state's ``<lastMove>`` or an
    ``<originalMessage class="move">``."""
    move_class = element.get("class")
    if move_class is not None and move_class not in MOVE_CLASSES:
        raise MoveFormatError(f"class {move_class!r} is not a Piranhas 2026 move")
    start: tuple[int, int] | None = None
    direction: Direction | None = None
    for child in element:
        if not isinstance(child.tag, str):
            continue  # comments and processing instructions carry nothing
        if child.tag == "from":
            if start is not None:
                raise MoveFormatError("a move has more than one <from>")
            start = (_coordinate(child, "x"), _coordinate(child, "y"))
        elif child.tag == "direction":
            if direction is not None:
                raise MoveFormatError("a move has more than one <direction>")
            text = child.text or ""
            try:
                direction = Direction[text]
            except KeyError:
                raise MoveFormatError(f"unknown direction {text!r}") from None
        else:
            raise MoveFormatError(f"unknown element <{child.tag}> in a move")
    if start is None:
        raise MoveFormatError("a move needs <from x=.. y=..>")
    if direction is None:
        raise MoveFormatError("a move needs <direction>")
    return Move(start[0], start[1], direction)


# ---------------------------------------------------------------- states

_FIELD_XML = {state: f"<field>{state.value}</field>" for state in FieldState}
_FIELD_BY_CODE = tuple(
    _FIELD_XML[state]
    for state in (
        FieldState.EMPTY,  # 0: nothing
        FieldState.SQUID,  # 1: squid
        FieldState.ONE_S,  # 2 + 0: ONE, weight 1 ...
        FieldState.ONE_M,
        FieldState.ONE_L,
        FieldState.TWO_S,
        FieldState.TWO_M,
        FieldState.TWO_L,
    )
)


def state_to_xml(state: Piranhas2026State) -> str:
    """The ``<state>`` element as compact markup (no whitespace), built from prebuilt pieces:
    about 4x faster than creating 111 elements one by one."""
    parts = [f'<state class="{STATE_CLASS}" startTeam="{START_TEAM.name}" turn="{state.turn}"']
    if state.first_union is not None:
        parts.append(f' firstUnion="{state.first_union.name}"')
    parts.append(">")
    if state.last_move is not None:
        parts.append(_move_markup(state.last_move, "lastMove", with_class=False))
    parts.append("<board>")
    append = parts.append
    one, two, squids, w1, w2 = state.one, state.two, state.squids, state.w1, state.w2
    fields = _FIELD_BY_CODE
    for y in range(SIZE):
        append("<row>")
        for s in range(y, SQUARES, SIZE):
            if (one >> s) & 1:
                append(fields[1 + ((w1 >> s) & 1) + 2 * ((w2 >> s) & 1)])
            elif (two >> s) & 1:
                append(fields[4 + ((w1 >> s) & 1) + 2 * ((w2 >> s) & 1)])
            elif (squids >> s) & 1:
                append(fields[1])
            else:
                append(fields[0])
        append("</row>")
    append("</board></state>")
    return "".join(parts)


def state_to_element(state: Piranhas2026State) -> etree._Element:
    """The ``<state class="state" …>`` element of a memento."""
    return etree.fromstring(state_to_xml(state))


def _children(parent: etree._Element, tag: str, too_many: str) -> Iterator[etree._Element]:
    """The child elements of ``parent`` (comments skipped) one by one, each checked to be a
    ``<tag>`` and to be among the first ``SIZE`` (else ``too_many`` is the error)."""
    count = 0
    for child in parent:
        if not isinstance(child.tag, str):
            continue
        if child.tag != tag:
            raise XmlFormatError(f"unexpected <{child.tag}> in <{parent.tag}>")
        if count >= SIZE:
            raise XmlFormatError(too_many)
        yield child
        count += 1


def _board_from_element(board: etree._Element) -> list[tuple[tuple[int, int], FieldState]]:
    fields: list[tuple[tuple[int, int], FieldState]] = []
    y = 0
    for row in _children(board, "row", f"the board has more than {SIZE} rows"):
        x = 0
        for field in _children(row, "field", f"row {y} has more than {SIZE} fields"):
            state = _FIELD_NAMES.get(field.text or "")
            if state is None:
                raise XmlFormatError(f"unknown field {field.text!r} at ({x}, {y})")
            if state is not FieldState.EMPTY:
                fields.append(((x, y), state))
            x += 1
        if x != SIZE:
            raise XmlFormatError(f"row {y} has {x} fields, expected {SIZE}")
        y += 1
    if y != SIZE:
        raise XmlFormatError(f"the board has {y} rows, expected {SIZE}")
    return fields


def state_from_element(
    element: etree._Element, one_name: str = "", two_name: str = ""
) -> Piranhas2026State:
    """A :class:`Piranhas2026State` from a ``<state>`` element (memento content)."""
    if element.tag != "state":
        raise XmlFormatError(f"expected <state>, got <{element.tag}>")
    state_class = element.get("class")
    if state_class is not None and state_class not in STATE_CLASSES:
        raise XmlFormatError(f"state class {state_class!r} is not a Piranhas 2026 state")
    start_team = element.get("startTeam", START_TEAM.name)
    if start_team != START_TEAM.name:
        raise XmlFormatError(f"startTeam must be {START_TEAM.name}, got {start_team!r}")
    turn_text = element.get("turn")
    if turn_text is None:
        raise XmlFormatError("<state> has no turn attribute")
    try:
        turn = parse_xstream_int(turn_text)
    except ValueError:
        raise XmlFormatError(f"turn {turn_text!r} is not an integer") from None
    if turn < 0:
        raise XmlFormatError(f"turn {turn} is negative")
    first_union_text = element.get("firstUnion")
    first_union = None
    if first_union_text is not None:
        first_union = _TEAMS.get(first_union_text)
        if first_union is None:
            raise XmlFormatError(f"firstUnion {first_union_text!r} is not ONE or TWO")
    last_move = None
    board = None
    for child in element:
        if not isinstance(child.tag, str):
            continue
        if child.tag == "lastMove":
            if last_move is not None:
                raise XmlFormatError("more than one <lastMove>")
            last_move = move_from_element(child)
        elif child.tag == "board":
            if board is not None:
                raise XmlFormatError("more than one <board>")
            board = child
        else:
            raise XmlFormatError(f"unexpected <{child.tag}> in <state>")
    if board is None:
        raise XmlFormatError("a state needs a <board>")
    try:
        return Piranhas2026State.from_fields(
            _board_from_element(board),
            turn,
            last_move=last_move,
            first_union=first_union,
            one_name=one_name,
            two_name=two_name,
        )
    except ValueError as error:
        if isinstance(error, XmlFormatError):
            raise
        raise XmlFormatError(str(error)) from error
