"""The Blokus 2027 state and move XML (spec §4), as lxml elements.

Turning elements into bytes (XStream's pretty printing and escaping) is the protocol layer's
job. Shapes written:

* ``<state class="state" startTeam="ONE" turn startPiece round>`` with the children
  ``lastMove`` (absent before the first move), ``board`` (one ``<field x y content>`` per
  occupied field, y outer, x inner), ``lastMoveMono``, ``blueShapes``, ``yellowShapes``,
  ``redShapes``, ``greenShapes`` (undeployed shapes in enum order) and ``validColors``;
* ``<data class="sc.plugin2027.SetMove"><piece color kind rotation isFlipped><position x y/>``
  and ``<data class="sc.plugin2027.SkipMove"><color>C</color>``; inside a state the element
  is ``<lastMove class=…>``, in a room error ``<originalMessage class=…>``.

**Deliberate difference** (``socha-clients.md``, decision 1): a ``lastMoveMono`` entry is
written as ``<entry><sc.plugin2027.Color>BLUE</sc.plugin2027.Color><boolean>true</boolean>``,
the spelling socha 5.1.0 parses; the official server writes ``<color>``, which makes socha
5.1.0 exit once a colour has placed all 21 pieces. Both spellings are read.

Reading moves follows what XStream accepts: the fully qualified classes and the aliases
``setmove``/``skipmove``; ``isFlipped`` is true only for a case-insensitive ``true``
(missing = false); a missing ``x``/``y`` is 0; a missing colour is ``None`` (the rules reject
it as WRONG_COLOR); ``<hint>`` children are ignored (at most :data:`MAX_HINTS`). Unknown
classes, enum constants or elements are :class:`MoveFormatError`; a SetMove without
``rotation`` or ``<position>`` is :class:`IncompleteMoveError`, a rule violation with
mistake INVALID_FORMAT.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

from lxml import etree

from botarena.core import Team
from botarena.games.blokus.board import BOARD_SIZE
from botarena.games.blokus.colors import COLOURS, Color
from botarena.games.blokus.moves import Move, SetMove, SkipMove
from botarena.games.blokus.shapes import Rotation, Shape
from botarena.games.blokus_2027.moves import InvalidBlokusMove, MoveMistake
from botarena.games.blokus_2027.rules import START_PIECES, BlokusState
from botarena.protocol.xstream import parse_xstream_int

SET_MOVE_CLASS = "sc.plugin2027.SetMove"
SKIP_MOVE_CLASS = "sc.plugin2027.SkipMove"
SET_MOVE_ALIAS = "setmove"
SKIP_MOVE_ALIAS = "skipmove"
STATE_CLASS = "state"
MONO_KEY_TAG = "sc.plugin2027.Color"
"""The ``lastMoveMono`` key element we write (socha 5.1.0's spelling)."""
OFFICIAL_MONO_KEY_TAG = "color"
"""The key element the official server writes (read as well)."""
SHAPE_LIST_TAGS: dict[Color, str] = {
    Color.BLUE: "blueShapes",
    Color.YELLOW: "yellowShapes",
    Color.RED: "redShapes",
    Color.GREEN: "greenShapes",
}
MAX_HINTS = 1000
"""More debug hints than this in one move are refused."""

Element = etree._Element
EnumT = TypeVar("EnumT", bound=Enum)


class XmlFormatError(ValueError):
    """An element that is not a valid Blokus 2027 state or move (the message says why)."""


class MoveFormatError(XmlFormatError):
    """A move element the official server could not read."""


class IncompleteMoveError(InvalidBlokusMove):
    """A SetMove without ``rotation`` or ``<position>``: a rule violation (INVALID_FORMAT)."""

    def __init__(self, what: str) -> None:
        super().__init__(
            MoveMistake.INVALID_FORMAT,
            None,
            f"{MoveMistake.INVALID_FORMAT.message}: the SetMove has no {what}",
        )


def _bool_text(value: bool) -> str:
    return "true" if value else "false"


def _children(element: Element) -> list[Element]:
    """Child elements; comments and processing instructions carry nothing."""
    return [child for child in element if isinstance(child.tag, str)]


# ---------------------------------------------------------------- moves


def move_to_element(move: Move, tag: str = "data") -> Element:
    """``<data class="sc.plugin2027.SetMove|SkipMove">…`` (or ``<lastMove …>``), as received."""
    element = etree.Element(tag)
    if isinstance(move, SkipMove):
        element.set("class", SKIP_MOVE_CLASS)
        if move.color is not None:
            etree.SubElement(element, "color").text = move.color.name
        return element
    element.set("class", SET_MOVE_CLASS)
    piece = etree.SubElement(element, "piece")
    if move.color is not None:
        piece.set("color", move.color.name)
    piece.set("kind", move.kind.name)
    piece.set("rotation", move.rotation.name)
    piece.set("isFlipped", _bool_text(move.flipped))
    etree.SubElement(piece, "position", {"x": str(move.x), "y": str(move.y)})
    return element


def _enum(kind: str, enum: type[EnumT], text: str | None) -> EnumT:
    """An enum constant by its exact name, as XStream reads it (case-sensitive)."""
    member = None if text is None else enum.__members__.get(text.strip())
    if member is None:
        raise MoveFormatError(f"unknown {kind} {text!r}")
    return member


def _color(text: str | None) -> Color | None:
    return None if text is None else _enum("colour", Color, text)


def _coordinate(position: Element, name: str) -> int:
    text = position.get(name)
    if text is None:
        return 0  # XStream leaves a missing int field at its default 0
    try:
        return parse_xstream_int(text)
    except ValueError as error:
        raise MoveFormatError(f"position attribute {name}={text!r} is not an integer") from error


def _skip_from_element(element: Element) -> SkipMove:
    color: Color | None = None
    for child in _children(element):
        if child.tag == "color":
            color = _color(child.text or "")
        elif child.tag != "hint":
            raise MoveFormatError(f"unknown element <{child.tag}> in a SkipMove")
    return SkipMove(color)


def _set_from_element(element: Element) -> SetMove:
    piece: Element | None = None
    for child in _children(element):
        if child.tag == "piece":
            piece = child
        elif child.tag != "hint":
            raise MoveFormatError(f"unknown element <{child.tag}> in a SetMove")
    if piece is None:
        raise MoveFormatError("a SetMove needs a <piece> element")
    color = _color(piece.get("color"))
    kind = _enum("shape", Shape, piece.get("kind"))
    position: Element | None = None
    for child in _children(piece):
        if child.tag != "position":
            raise MoveFormatError(f"unknown element <{child.tag}> in <piece>")
        position = child
    rotation_text = piece.get("rotation")
    if rotation_text is None:
        raise IncompleteMoveError("rotation attribute")
    rotation = _enum("rotation", Rotation, rotation_text)
    if position is None:
        raise IncompleteMoveError("<position> element")
    flipped = (piece.get("isFlipped") or "").strip().lower() == "true"
    return SetMove(
        color, kind, rotation, flipped, _coordinate(position, "x"), _coordinate(position, "y")
    )


def move_from_element(element: Element) -> Move:
    """Read a client's ``<data class=…>`` move or a state's ``<lastMove class=…>``."""
    hints = sum(1 for child in element if child.tag == "hint")
    if hints > MAX_HINTS:
        raise MoveFormatError(f"more than {MAX_HINTS} hints in one move")
    move_class = element.get("class")
    if move_class in (SET_MOVE_CLASS, SET_MOVE_ALIAS):
        return _set_from_element(element)
    if move_class in (SKIP_MOVE_CLASS, SKIP_MOVE_ALIAS):
        return _skip_from_element(element)
    raise MoveFormatError(f"class {move_class!r} is not a Blokus 2027 move")


# ---------------------------------------------------------------- states


def state_to_element(state: BlokusState) -> Element:
    """The ``<state class="state" …>`` element of a memento (spec §4.1)."""
    sub = etree.SubElement
    root = etree.Element("state")
    root.set("class", STATE_CLASS)
    root.set("startTeam", Team.ONE.name)
    root.set("turn", str(state.turn))
    root.set("startPiece", state.start_piece.name)
    root.set("round", str(state.round))
    if state.last_move is not None:
        root.append(move_to_element(state.last_move, "lastMove"))
    board = sub(root, "board")
    occupied = state.board()
    for x, y in sorted(occupied, key=lambda cell: (cell[1], cell[0])):
        sub(board, "field", {"x": str(x), "y": str(y), "content": occupied[(x, y)].name})
    mono = sub(root, "lastMoveMono")
    for color in COLOURS:
        if color in state.last_move_mono:
            entry = sub(mono, "entry")
            sub(entry, MONO_KEY_TAG).text = color.name
            sub(entry, "boolean").text = _bool_text(state.last_move_mono[color])
    for color in COLOURS:
        shapes = sub(root, SHAPE_LIST_TAGS[color])
        for shape in state.undeployed_shapes(color):
            sub(shapes, "shape").text = shape.name
    valid = sub(root, "validColors")
    for color in state.valid_colors:
        sub(valid, "color").text = color.name
    return root


def _required(element: Element, name: str) -> str:
    value = element.get(name)
    if value is None:
        raise XmlFormatError(f"<{element.tag}> has no {name} attribute")
    return value


def _int(element: Element, name: str) -> int:
    text = _required(element, name)
    try:
        return int(text)
    except ValueError:
        raise XmlFormatError(f"<{element.tag} {name}={text!r}> is not an integer") from None


def _state_enum(kind: str, enum: type[EnumT], text: str | None) -> EnumT:
    member = enum.__members__.get((text or "").strip())
    if member is None:
        raise XmlFormatError(f"unknown {kind} {text!r}")
    return member


def _shape_list(element: Element) -> list[Shape]:
    shapes = []
    for child in _children(element):
        if child.tag != "shape":
            raise XmlFormatError(f"unexpected <{child.tag}> in <{element.tag}>")
        shapes.append(_state_enum("shape", Shape, child.text))
    if len(set(shapes)) != len(shapes):
        raise XmlFormatError(f"<{element.tag}> lists a shape twice")
    return shapes


def _board(element: Element) -> dict[tuple[int, int], Color]:
    board: dict[tuple[int, int], Color] = {}
    for field in _children(element):
        if field.tag != "field":
            raise XmlFormatError(f"unexpected <{field.tag}> in <board>")
        x, y = _int(field, "x"), _int(field, "y")
        if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE):
            raise XmlFormatError(f"field ({x}, {y}) is not on the board")
        content = field.get("content")
        if content in (None, "EMPTY"):
            continue
        if (x, y) in board:
            raise XmlFormatError(f"field ({x}, {y}) is listed twice")
        board[(x, y)] = _state_enum("colour", Color, content)
    return board


def _last_move_mono(element: Element) -> dict[Color, bool]:
    result: dict[Color, bool] = {}
    for entry in _children(element):
        values = {str(child.tag): (child.text or "").strip() for child in _children(entry)}
        key = MONO_KEY_TAG if MONO_KEY_TAG in values else OFFICIAL_MONO_KEY_TAG
        if entry.tag != "entry" or set(values) != {key, "boolean"}:
            raise XmlFormatError("<lastMoveMono> entries need a colour and a <boolean>")
        result[_state_enum("colour", Color, values[key])] = values["boolean"].lower() == "true"
    return result


_STATE_CHILDREN = frozenset(
    {"lastMove", "board", "lastMoveMono", "validColors", *SHAPE_LIST_TAGS.values()}
)


def state_from_element(element: Element) -> BlokusState:
    """A :class:`BlokusState` from a ``<state>`` element (memento content)."""
    if element.tag != "state":
        raise XmlFormatError(f"expected <state>, got <{element.tag}>")
    if element.get("class") not in (None, STATE_CLASS):
        raise XmlFormatError(f"state class {element.get('class')!r} is not a Blokus state")
    turn = _int(element, "turn")
    if turn < 0:
        raise XmlFormatError(f"turn {turn} is negative")
    if element.get("round") is not None and _int(element, "round") != 1 + turn // 4:
        raise XmlFormatError(f"round {element.get('round')} does not match turn {turn}")
    if element.get("startTeam") not in (None, Team.ONE.name):
        raise XmlFormatError(f"startTeam {element.get('startTeam')!r} is not ONE")
    start_piece = _state_enum("startPiece", Shape, _required(element, "startPiece"))
    if start_piece not in START_PIECES:
        raise XmlFormatError(f"startPiece {start_piece.name} is not a pentomino")
    children: dict[str, Element] = {}
    for child in _children(element):
        tag = str(child.tag)
        if tag not in _STATE_CHILDREN:
            raise XmlFormatError(f"unexpected <{tag}> in <state>")
        if tag in children:
            raise XmlFormatError(f"<{tag}> appears twice in <state>")
        children[tag] = child
    needed = (*SHAPE_LIST_TAGS.values(), "validColors", "board")
    missing = [tag for tag in needed if tag not in children]
    if missing:
        raise XmlFormatError(f"<state> lacks {', '.join(f'<{tag}>' for tag in missing)}")
    undeployed = {color: _shape_list(children[tag]) for color, tag in SHAPE_LIST_TAGS.items()}
    valid = [_state_enum("colour", Color, c.text) for c in _children(children["validColors"])]
    last_move = None
    if "lastMove" in children:
        try:
            last_move = move_from_element(children["lastMove"])
        except InvalidBlokusMove as error:
            raise XmlFormatError(f"<lastMove>: {error.reason}") from None
    mono = _last_move_mono(children["lastMoveMono"]) if "lastMoveMono" in children else {}
    return BlokusState.from_parts(
        start_piece,
        _board(children["board"]),
        undeployed,
        turn=turn,
        valid_colors=valid,
        last_move=last_move,
        last_move_mono=mono,
    )
