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
from botarena.games.blokus import move_xml, state_xml
from botarena.games.blokus.colors import COLOURS, Color
from botarena.games.blokus.move_xml import Element, MoveXml
from botarena.games.blokus.move_xml import bool_text as _bool_text
from botarena.games.blokus.move_xml import children as _children
from botarena.games.blokus.moves import Move
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus.state_xml import (
    append_board,
    append_shapes_and_colours,
    board_fields,
    last_move,
    read_turn,
    required,
    state_children,
    state_enum,
    undeployed_shapes,
    valid_colours,
)
from botarena.games.blokus_2027.moves import InvalidBlokusMove, MoveMistake
from botarena.games.blokus_2027.rules import START_PIECES, BlokusState

SET_MOVE_CLASS = "sc.plugin2027.SetMove"
SKIP_MOVE_CLASS = "sc.plugin2027.SkipMove"
SET_MOVE_ALIAS = "setmove"
SKIP_MOVE_ALIAS = "skipmove"
STATE_CLASS = state_xml.STATE_CLASS
MAX_HINTS = move_xml.MAX_HINTS
"""More debug hints than this in one move are refused."""
MONO_KEY_TAG = "sc.plugin2027.Color"
"""The ``lastMoveMono`` key element we write (socha 5.1.0's spelling)."""
OFFICIAL_MONO_KEY_TAG = "color"
"""The key element the official server writes (read as well)."""
SHAPE_LIST_TAGS = state_xml.SHAPE_LIST_TAGS
EnumT = TypeVar("EnumT", bound=Enum)


XmlFormatError = state_xml.XmlFormatError
"""An element that is not a valid Blokus state or move (shared by the seasons)."""


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


# ---------------------------------------------------------------- moves

_MOVES = MoveXml(
    set_classes=(SET_MOVE_CLASS, SET_MOVE_ALIAS),
    skip_classes=(SKIP_MOVE_CLASS, SKIP_MOVE_ALIAS),
    season="Blokus 2027",
    strip_names=True,
    format_error=MoveFormatError,
    incomplete_error=IncompleteMoveError,
)


def move_to_element(move: Move, tag: str = "data") -> Element:
    """``<data class="sc.plugin2027.SetMove|SkipMove">…`` (or ``<lastMove …>``), as received."""
    return _MOVES.to_element(move, tag)


def move_from_element(element: Element) -> Move:
    """Read a client's ``<data class=…>`` move or a state's ``<lastMove class=…>``."""
    return _MOVES.from_element(element)


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
    append_board(root, state)
    mono = sub(root, "lastMoveMono")
    for color in COLOURS:
        if color in state.last_move_mono:
            entry = sub(mono, "entry")
            sub(entry, MONO_KEY_TAG).text = color.name
            sub(entry, "boolean").text = _bool_text(state.last_move_mono[color])
    append_shapes_and_colours(root, state)
    return root


def _last_move_mono(element: Element) -> dict[Color, bool]:
    result: dict[Color, bool] = {}
    for entry in _children(element):
        values = {str(child.tag): (child.text or "").strip() for child in _children(entry)}
        key = MONO_KEY_TAG if MONO_KEY_TAG in values else OFFICIAL_MONO_KEY_TAG
        if entry.tag != "entry" or set(values) != {key, "boolean"}:
            raise XmlFormatError("<lastMoveMono> entries need a colour and a <boolean>")
        result[state_enum("colour", Color, values[key])] = values["boolean"].lower() == "true"
    return result


_STATE_CHILDREN = frozenset(
    {"lastMove", "board", "lastMoveMono", "validColors", *SHAPE_LIST_TAGS.values()}
)


def state_from_element(element: Element) -> BlokusState:
    """A :class:`BlokusState` from a ``<state>`` element (memento content)."""
    turn = read_turn(element)
    if element.get("startTeam") not in (None, Team.ONE.name):
        raise XmlFormatError(f"startTeam {element.get('startTeam')!r} is not ONE")
    start_piece = state_enum("startPiece", Shape, required(element, "startPiece"))
    if start_piece not in START_PIECES:
        raise XmlFormatError(f"startPiece {start_piece.name} is not a pentomino")
    children = state_children(element, _STATE_CHILDREN)
    undeployed = undeployed_shapes(children)
    valid = valid_colours(children["validColors"])
    previous = last_move(children, move_from_element)
    mono = _last_move_mono(children["lastMoveMono"]) if "lastMoveMono" in children else {}
    return BlokusState.from_parts(
        start_piece,
        board_fields(_children(children["board"])),
        undeployed,
        turn=turn,
        valid_colors=valid,
        last_move=previous,
        last_move_mono=mono,
    )
