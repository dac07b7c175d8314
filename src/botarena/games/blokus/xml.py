"""The Blokus 2021 state and move XML, element for element as the official 21.4.0 server.

This module builds and reads :mod:`lxml` elements; turning them into bytes (XStream's
pretty printing and escaping) is the protocol layer's job. The shapes (spec §7.3–§7.7):

* ``<state class="state" turn round startPiece>`` with the children ``startTeam``,
  ``blueShapes``, ``yellowShapes``, ``redShapes``, ``greenShapes``, ``validColors``,
  ``first``, ``second``, ``board`` (one ``<field x y content>`` per occupied field, row-major),
  ``lastMove`` (absent before the first move) and ``lastMoveMono``, in this order;
* ``<data class="sc.plugin2021.SetMove"><piece color kind rotation isFlipped><position x y/>``
  and ``<data class="sc.plugin2021.SkipMove"><color>C</color>``; inside a state the element
  is called ``lastMove``.

Reading follows what the official server accepts, with the decisions of issue 7:

* only the fully qualified move classes; unknown attributes are ignored; ``isFlipped`` is
  true only for a case-insensitive ``true`` (missing = false); a missing ``x``/``y`` of
  ``<position>`` is 0; a missing ``color`` (attribute or ``<color>``) is ``None``, which the
  rules reject as WRONG_COLOR;
* unknown classes, enum constants, child elements or a missing ``<piece>``/``kind`` are
  :class:`MoveFormatError` (officially the client is dropped: ``LEFT``);
* ``<hint>`` children of the move are accepted and ignored (officially fatal);
* a SetMove without ``rotation`` or ``<position>`` (officially a server crash) raises
  :class:`IncompleteMoveError`, an :class:`InvalidBlokusMove` with mistake INVALID_FORMAT:
  a rule violation with a clear reason.

States are read leniently enough for the seed's examples: any child order, ``class``
attributes on the collections, a ``<fields>`` wrapper in ``<board>``, no ``class`` on
``<state>``.
"""

from __future__ import annotations

from lxml import etree

from botarena.core import Team
from botarena.games.blokus import move_xml, state_xml
from botarena.games.blokus.colors import COLOURS, Color
from botarena.games.blokus.move_xml import Element, MoveXml
from botarena.games.blokus.move_xml import bool_text as _bool_text
from botarena.games.blokus.move_xml import children as _children
from botarena.games.blokus.moves import (
    InvalidBlokusMove,
    Move,
    MoveMistake,
)
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus.state import BlokusState
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

SET_MOVE_CLASS = "sc.plugin2021.SetMove"
SKIP_MOVE_CLASS = "sc.plugin2021.SkipMove"
STATE_CLASS = state_xml.STATE_CLASS
MAX_HINTS = move_xml.MAX_HINTS
"""More debug hints than this in one move are refused."""
TEAM_CLASS = "team"
SHAPE_LIST_TAGS = state_xml.SHAPE_LIST_TAGS


XmlFormatError = state_xml.XmlFormatError
"""An element that is not a valid Blokus state or move (shared by the seasons)."""


class MoveFormatError(XmlFormatError):
    """A move element the official server could not read (it drops the client: LEFT)."""


class IncompleteMoveError(InvalidBlokusMove):
    """A SetMove without ``rotation`` or ``<position>``: a rule violation (issue 7)."""

    def __init__(self, what: str) -> None:
        super().__init__(
            MoveMistake.INVALID_FORMAT,
            None,
            f"{MoveMistake.INVALID_FORMAT.message}: the SetMove has no {what}",
        )


# ---------------------------------------------------------------- moves

_MOVES = MoveXml(
    set_classes=(SET_MOVE_CLASS,),
    skip_classes=(SKIP_MOVE_CLASS,),
    season="Blokus 2021",
    strip_names=False,
    format_error=MoveFormatError,
    incomplete_error=IncompleteMoveError,
)


def move_to_element(move: Move, tag: str = "data") -> Element:
    """``<data class="sc.plugin2021.SetMove|SkipMove">…`` (or ``<lastMove …>``), as received."""
    return _MOVES.to_element(move, tag)


def move_from_element(element: Element) -> Move:
    """Read a client's ``<data class=…>`` move or a state's ``<lastMove class=…>``.

    Raises :class:`MoveFormatError` for what the official server cannot read and
    :class:`IncompleteMoveError` for a SetMove without rotation or position.
    """
    return _MOVES.from_element(element)


# ---------------------------------------------------------------- states


def state_to_element(state: BlokusState, first_name: str = "", second_name: str = "") -> Element:
    """The ``<state class="state" …>`` element of a memento (spec §7.3)."""
    sub = etree.SubElement
    root = etree.Element("state")
    root.set("class", STATE_CLASS)
    root.set("turn", str(state.turn))
    root.set("round", str(state.round))
    root.set("startPiece", state.start_piece.name)
    sub(root, "startTeam", {"class": TEAM_CLASS}).text = Team.ONE.name
    append_shapes_and_colours(root, state)
    for tag, name, team in (("first", first_name, Team.ONE), ("second", second_name, Team.TWO)):
        player = sub(root, tag, {"displayName": name})
        sub(player, "color", {"class": TEAM_CLASS}).text = team.name
    append_board(root, state)
    if state.last_move is not None:
        root.append(move_to_element(state.last_move, "lastMove"))
    mono = sub(root, "lastMoveMono")
    for color in COLOURS:
        if color in state.last_move_mono:
            entry = sub(mono, "entry")
            sub(entry, "color").text = color.name
            sub(entry, "boolean").text = _bool_text(state.last_move_mono[color])
    return root


def _board(element: Element) -> dict[tuple[int, int], Color]:
    fields = []
    for child in _children(element):
        if child.tag == "fields":  # the seed's "Spielbrett" wrapper
            fields.extend(_children(child))
        else:
            fields.append(child)
    return board_fields(fields)


def _last_move_mono(element: Element) -> dict[Color, bool]:
    result: dict[Color, bool] = {}
    for entry in _children(element):
        values = {child.tag: (child.text or "").strip() for child in _children(entry)}
        if entry.tag != "entry" or set(values) != {"color", "boolean"}:
            raise XmlFormatError("<lastMoveMono> entries need a <color> and a <boolean>")
        result[state_enum("colour", Color, values["color"])] = values["boolean"].lower() == "true"
    return result


def display_names(element: Element) -> tuple[str, str]:
    """The ``displayName`` of ``<first>`` and ``<second>`` (``""`` when absent)."""
    names = {"first": "", "second": ""}
    for child in _children(element):
        if child.tag in names:
            names[str(child.tag)] = child.get("displayName", "")
    return names["first"], names["second"]


_STATE_CHILDREN = frozenset(
    {"startTeam", "validColors", "first", "second", "board", "lastMove", "lastMoveMono"}
    | set(SHAPE_LIST_TAGS.values())
)


def state_from_element(element: Element) -> BlokusState:
    """A :class:`BlokusState` from an official ``<state>`` element (memento content)."""
    turn = read_turn(element)
    try:
        start_piece = Shape[required(element, "startPiece")]
    except KeyError:
        raise XmlFormatError(f"unknown startPiece {element.get('startPiece')!r}") from None
    children = state_children(element, _STATE_CHILDREN)
    undeployed = undeployed_shapes(children)
    valid = valid_colours(children["validColors"])
    previous = last_move(children, move_from_element)
    mono = _last_move_mono(children["lastMoveMono"]) if "lastMoveMono" in children else {}
    return BlokusState.from_parts(
        start_piece,
        _board(children["board"]),
        undeployed,
        turn=turn,
        valid_colors=valid,
        last_move=previous,
        last_move_mono=mono,
    )
