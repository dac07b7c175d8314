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
from botarena.games.blokus.colors import Color
from botarena.games.blokus.move_xml import Element, MoveXml
from botarena.games.blokus.move_xml import children as _children
from botarena.games.blokus.moves import (
    InvalidBlokusMove,
    Move,
    MoveMistake,
)
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus.state import BlokusState

SET_MOVE_CLASS = "sc.plugin2021.SetMove"
SKIP_MOVE_CLASS = "sc.plugin2021.SkipMove"
STATE_CLASS = state_xml.STATE_CLASS
MAX_HINTS = move_xml.MAX_HINTS
"""More debug hints than this in one move are refused."""
TEAM_CLASS = "team"
SHAPE_LIST_TAGS = state_xml.SHAPE_LIST_TAGS


XmlFormatError = move_xml.XmlFormatError
"""An element that is not a valid Blokus state or move (shared by the seasons)."""
MoveFormatError = move_xml.MoveFormatError
"""A move element the official server could not read (it drops the client: LEFT)."""
MONO_KEY_TAG = "color"
"""The key element of a ``lastMoveMono`` entry."""


class IncompleteMoveError(InvalidBlokusMove):
    """A SetMove without ``rotation`` or ``<position>``: a rule violation (issue 7)."""

    def __init__(self, what: str) -> None:
        super().__init__(*self.incomplete(MoveMistake.INVALID_FORMAT, what))


# ---------------------------------------------------------------- moves

_MOVES = MoveXml("Blokus 2021", (SET_MOVE_CLASS,), (SKIP_MOVE_CLASS,), IncompleteMoveError)


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
    state_xml.append_shapes_and_colours(root, state)
    for tag, name, team in (("first", first_name, Team.ONE), ("second", second_name, Team.TWO)):
        player = sub(root, tag, {"displayName": name})
        sub(player, "color", {"class": TEAM_CLASS}).text = team.name
    state_xml.append_board(root, state)
    if state.last_move is not None:
        root.append(move_to_element(state.last_move, "lastMove"))
    state_xml.append_last_move_mono(root, state, MONO_KEY_TAG)
    return root


def _board(element: Element) -> dict[tuple[int, int], Color]:
    fields = []
    for child in _children(element):
        if child.tag == "fields":  # the seed's "Spielbrett" wrapper
            fields.extend(_children(child))
        else:
            fields.append(child)
    return state_xml.board_fields(fields)


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


_STATES = state_xml.StateReader(BlokusState, _board, move_from_element, (MONO_KEY_TAG,))


def state_from_element(element: Element) -> BlokusState:
    """A :class:`BlokusState` from an official ``<state>`` element (memento content)."""
    turn = state_xml.read_turn(element)
    try:
        start_piece = Shape[state_xml.required(element, "startPiece")]
    except KeyError:
        raise XmlFormatError(f"unknown startPiece {element.get('startPiece')!r}") from None
    children = state_xml.state_children(element, _STATE_CHILDREN)
    return _STATES.read(children, start_piece, turn)
