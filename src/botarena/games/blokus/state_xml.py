"""Pieces of the Blokus ``<state>`` XML that the 2021 and 2027 seasons share.

Both seasons list the undeployed shapes per colour (``<blueShapes><shape>…``), the
``<validColors>``, the ``<board>`` (one ``<field x y content>`` per occupied field, y outer,
x inner) and a ``turn``/``round``/``startPiece`` header; they differ in the order of the
children, ``startTeam``, the players, the ``lastMoveMono`` key and how lenient reading is,
which stays in each season's ``xml`` module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from lxml import etree

from botarena.core import InvalidMove
from botarena.games.blokus.board import BOARD_SIZE
from botarena.games.blokus.colors import COLOURS, Color
from botarena.games.blokus.move_xml import Element, XmlFormatError, bool_text, children
from botarena.games.blokus.moves import Move
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus.state_base import BlokusStateBase

STATE_CLASS = "state"
SHAPE_LIST_TAGS: dict[Color, str] = {
    Color.BLUE: "blueShapes",
    Color.YELLOW: "yellowShapes",
    Color.RED: "redShapes",
    Color.GREEN: "greenShapes",
}
REQUIRED_CHILDREN: tuple[str, ...] = (*SHAPE_LIST_TAGS.values(), "validColors", "board")
"""Children every ``<state>`` must have."""

EnumT = TypeVar("EnumT", bound=Enum)
StateT = TypeVar("StateT", bound=BlokusStateBase)


# ---------------------------------------------------------------- writing


def append_board(root: Element, state: BlokusStateBase) -> None:
    """``<board>`` with one ``<field x y content>`` per occupied field, row-major."""
    board = etree.SubElement(root, "board")
    occupied = state.board()
    for x, y in sorted(occupied, key=lambda cell: (cell[1], cell[0])):
        etree.SubElement(
            board, "field", {"x": str(x), "y": str(y), "content": occupied[(x, y)].name}
        )


def append_shapes_and_colours(root: Element, state: BlokusStateBase) -> None:
    """The four ``<…Shapes>`` lists (undeployed, enum order), then ``<validColors>``."""
    sub = etree.SubElement
    for color in COLOURS:
        shapes = sub(root, SHAPE_LIST_TAGS[color])
        for shape in state.undeployed_shapes(color):
            sub(shapes, "shape").text = shape.name
    valid = sub(root, "validColors")
    for color in state.valid_colors:
        sub(valid, "color").text = color.name


def append_last_move_mono(root: Element, state: BlokusStateBase, key_tag: str) -> None:
    """``<lastMoveMono>`` with an ``<entry><KEY>colour</KEY><boolean>…`` per colour that has
    placed its last piece (``key_tag`` is the season's spelling of the key element)."""
    mono = etree.SubElement(root, "lastMoveMono")
    for color in COLOURS:
        if color in state.last_move_mono:
            entry = etree.SubElement(mono, "entry")
            etree.SubElement(entry, key_tag).text = color.name
            etree.SubElement(entry, "boolean").text = bool_text(state.last_move_mono[color])


# ---------------------------------------------------------------- reading


def required(element: Element, name: str) -> str:
    value = element.get(name)
    if value is None:
        raise XmlFormatError(f"<{element.tag}> has no {name} attribute")
    return value


def int_attribute(element: Element, name: str) -> int:
    text = required(element, name)
    try:
        return int(text)
    except ValueError:
        raise XmlFormatError(f"<{element.tag} {name}={text!r}> is not an integer") from None


def state_enum(kind: str, enum: type[EnumT], text: str | None) -> EnumT:
    """An enum constant by its name, white space around it ignored."""
    member = enum.__members__.get((text or "").strip())
    if member is None:
        raise XmlFormatError(f"unknown {kind} {text!r}")
    return member


def read_turn(element: Element) -> int:
    """Check the ``<state class="state">`` element and return its ``turn`` (``round``, when
    present, must match it)."""
    if element.tag != "state":
        raise XmlFormatError(f"expected <state>, got <{element.tag}>")
    if element.get("class") not in (None, STATE_CLASS):
        raise XmlFormatError(f"state class {element.get('class')!r} is not a Blokus state")
    turn = int_attribute(element, "turn")
    if turn < 0:
        raise XmlFormatError(f"turn {turn} is negative")
    if element.get("round") is not None and int_attribute(element, "round") != 1 + turn // 4:
        raise XmlFormatError(f"round {element.get('round')} does not match turn {turn}")
    return turn


def state_children(element: Element, allowed: frozenset[str]) -> dict[str, Element]:
    """The children of ``<state>`` by tag: each at most once, all of
    :data:`REQUIRED_CHILDREN` present, none outside ``allowed``."""
    found: dict[str, Element] = {}
    for child in children(element):
        tag = str(child.tag)
        if tag not in allowed:
            raise XmlFormatError(f"unexpected <{tag}> in <state>")
        if tag in found:
            raise XmlFormatError(f"<{tag}> appears twice in <state>")
        found[tag] = child
    missing = [tag for tag in REQUIRED_CHILDREN if tag not in found]
    if missing:
        raise XmlFormatError(f"<state> lacks {', '.join(f'<{tag}>' for tag in missing)}")
    return found


def shape_list(element: Element) -> list[Shape]:
    """The shapes of a ``<…Shapes>`` list (each at most once)."""
    shapes = []
    for child in children(element):
        if child.tag != "shape":
            raise XmlFormatError(f"unexpected <{child.tag}> in <{element.tag}>")
        shapes.append(state_enum("shape", Shape, child.text))
    if len(set(shapes)) != len(shapes):
        raise XmlFormatError(f"<{element.tag}> lists a shape twice")
    return shapes


def undeployed_shapes(found: dict[str, Element]) -> dict[Color, list[Shape]]:
    """Every colour's undeployed shapes from the state's children."""
    return {color: shape_list(found[tag]) for color, tag in SHAPE_LIST_TAGS.items()}


def valid_colours(element: Element) -> list[Color]:
    """The colours of ``<validColors>``."""
    return [state_enum("colour", Color, child.text) for child in children(element)]


def board_fields(fields: Iterable[Element]) -> dict[tuple[int, int], Color]:
    """The occupied fields of ``<field x y content>`` elements (``EMPTY`` or no content is
    an empty field)."""
    board: dict[tuple[int, int], Color] = {}
    for field in fields:
        if field.tag != "field":
            raise XmlFormatError(f"unexpected <{field.tag}> in <board>")
        x, y = int_attribute(field, "x"), int_attribute(field, "y")
        if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE):
            raise XmlFormatError(f"field ({x}, {y}) is not on the board")
        content = field.get("content")
        if content in (None, "EMPTY"):
            continue
        if (x, y) in board:
            raise XmlFormatError(f"field ({x}, {y}) is listed twice")
        board[(x, y)] = state_enum("colour", Color, content)
    return board


def last_move_mono(element: Element, key_tags: tuple[str, ...]) -> dict[Color, bool]:
    """The ``<lastMoveMono>`` entries; an entry's key element may have any of ``key_tags``."""
    result: dict[Color, bool] = {}
    for entry in children(element):
        values = {str(child.tag): (child.text or "").strip() for child in children(entry)}
        key = next((tag for tag in key_tags if tag in values), key_tags[0])
        if entry.tag != "entry" or set(values) != {key, "boolean"}:
            keys = " or ".join(f"<{tag}>" for tag in key_tags)
            raise XmlFormatError(f"<lastMoveMono> entries need a {keys} and a <boolean>")
        result[state_enum("colour", Color, values[key])] = values["boolean"].lower() == "true"
    return result


@dataclass(frozen=True, slots=True)
class StateReader(Generic[StateT]):
    """How a season reads the children of ``<state>`` into its state type."""

    state_type: type[StateT]
    read_board: Callable[[Element], dict[tuple[int, int], Color]]
    """The season's ``<board>`` reader (2021 accepts a ``<fields>`` wrapper)."""
    read_move: Callable[[Element], Move]
    """The season's move reader, for ``<lastMove>``."""
    mono_keys: tuple[str, ...]
    """The accepted spellings of a ``lastMoveMono`` entry's key element."""

    def read(self, found: dict[str, Element], start_piece: Shape, turn: int) -> StateT:
        """The state from the children of ``<state>`` (see :func:`state_children`), its
        start piece and its turn."""
        undeployed = undeployed_shapes(found)
        valid = valid_colours(found["validColors"])
        previous = last_move(found, self.read_move)
        mono = (
            last_move_mono(found["lastMoveMono"], self.mono_keys) if "lastMoveMono" in found else {}
        )
        return self.state_type.from_parts(
            start_piece,
            self.read_board(found["board"]),
            undeployed,
            turn=turn,
            valid_colors=valid,
            last_move=previous,
            last_move_mono=mono,
        )


def last_move(found: dict[str, Element], read: Callable[[Element], Move]) -> Move | None:
    """The state's ``<lastMove>`` read with the season's ``read`` (``None`` when absent); a
    move that is a rule violation (e.g. without rotation) is an :class:`XmlFormatError`."""
    if "lastMove" not in found:
        return None
    try:
        return read(found["lastMove"])
    except InvalidMove as error:
        raise XmlFormatError(f"<lastMove>: {error.reason}") from None
