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

from lxml import etree

from botarena.core import Team
from botarena.games.blokus import move_xml, state_xml
from botarena.games.blokus.colors import Color
from botarena.games.blokus.move_xml import Element, MoveXml
from botarena.games.blokus.move_xml import children as _children
from botarena.games.blokus.moves import Move
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus_2027.moves import InvalidBlokusMove, MoveMistake
from botarena.games.blokus_2027.rules import START_PIECES, BlokusState

GAME = "Blokus 2027"
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


XmlFormatError = move_xml.XmlFormatError
"""An element that is not a valid Blokus state or move (shared by the seasons)."""
MoveFormatError = move_xml.MoveFormatError
"""A move element the official server could not read."""


class IncompleteMoveError(InvalidBlokusMove):
    """A SetMove without ``rotation`` or ``<position>``: a rule violation (INVALID_FORMAT)."""

    def __init__(self, what: str) -> None:
        super().__init__(*self.incomplete(MoveMistake.INVALID_FORMAT, what))


# ---------------------------------------------------------------- moves

_SET_CLASSES = (SET_MOVE_CLASS, SET_MOVE_ALIAS)
_SKIP_CLASSES = (SKIP_MOVE_CLASS, SKIP_MOVE_ALIAS)
_MOVES = MoveXml(GAME, _SET_CLASSES, _SKIP_CLASSES, IncompleteMoveError, strip_names=True)


def move_to_element(move: Move, tag: str = "data") -> Element:
    """``<data class="sc.plugin2027.SetMove|SkipMove">…`` (or ``<lastMove …>``), as received."""
    return _MOVES.to_element(move, tag)


def move_from_element(element: Element) -> Move:
    """Read a client's ``<data class=…>`` move or a state's ``<lastMove class=…>``."""
    return _MOVES.from_element(element)


# ---------------------------------------------------------------- states


def state_to_element(state: BlokusState) -> Element:
    """The ``<state class="state" …>`` element of a memento (spec §4.1)."""
    root = etree.Element("state")
    root.set("class", STATE_CLASS)
    root.set("startTeam", Team.ONE.name)
    root.set("turn", str(state.turn))
    root.set("startPiece", state.start_piece.name)
    root.set("round", str(state.round))
    if state.last_move is not None:
        root.append(move_to_element(state.last_move, "lastMove"))
    state_xml.append_board(root, state)
    state_xml.append_last_move_mono(root, state, MONO_KEY_TAG)
    state_xml.append_shapes_and_colours(root, state)
    return root


_STATE_CHILDREN = frozenset(
    {"lastMove", "board", "lastMoveMono", "validColors", *SHAPE_LIST_TAGS.values()}
)


def _board_fields(board: Element) -> dict[tuple[int, int], Color]:
    return state_xml.board_fields(_children(board))


_MONO_KEYS = (MONO_KEY_TAG, OFFICIAL_MONO_KEY_TAG)
_STATES = state_xml.StateReader(BlokusState, _board_fields, move_from_element, _MONO_KEYS)


def state_from_element(element: Element) -> BlokusState:
    """A :class:`BlokusState` from a ``<state>`` element (memento content)."""
    turn = state_xml.read_turn(element)
    if element.get("startTeam") not in (None, Team.ONE.name):
        raise XmlFormatError(f"startTeam {element.get('startTeam')!r} is not ONE")
    piece_name = state_xml.required(element, "startPiece")
    start_piece = state_xml.state_enum("startPiece", Shape, piece_name)
    if start_piece not in START_PIECES:
        raise XmlFormatError(f"startPiece {start_piece.name} is not a pentomino")
    children = state_xml.state_children(element, _STATE_CHILDREN)
    return _STATES.read(children, start_piece, turn)
