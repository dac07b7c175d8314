"""Blokus 2027 mistakes, the rule-violation error, and the short move notation.

The move classes themselves are the 2021 ones (:class:`SetMove`, :class:`SkipMove`): the
official 2027 ``SetMove``/``SkipMove`` carry the same fields and print the same German
``toString()`` (``Setze PENTO_L(Farbe Blau, gedreht um 90°)[0,0]``, ``Farbe Rot setzt aus``).
What changed is the mistake table (spec §2.1) and the violation text format.
"""

from __future__ import annotations

from botarena.games.blokus.colors import Color
from botarena.games.blokus.moves import MistakeError, MistakeText, Move, SetMove, SkipMove
from botarena.games.blokus.shapes import Rotation, Shape

NULL_TEXT = "null"
"""How the official ``toString`` renders a missing move (``move=null``)."""


class MoveMistake(MistakeText):
    """The official mistakes of 2027 with their verbatim German messages.

    WRONG_COLOR is the framework's ``sc.shared.MoveMistake.WRONG_COLOR`` (the server's text);
    the others are ``BlokusMoveMistake``. INVALID_FORMAT is the framework's text for a move
    that could not be read.
    """

    WRONG_COLOR = "Nur eigene Spielfiguren können gezogen werden"
    SKIP_FIRST_TURN = "Der erste Zug muss einen Stein setzen"
    WRONG_SHAPE = "Der erste Zug muss den festgelegten Spielstein setzen"
    DUPLICATE_SHAPE = "Der gewählte Stein wurde bereits gesetzt"
    OUT_OF_BOUNDS = "Der Spielstein passt nicht vollständig auf das Spielfeld"
    OBSTRUCTED = "Der Spielstein würde eine andere Farbe überlagern"
    TOUCHES_SAME_COLOR = "Der Spielstein berührt ein Feld gleicher Farbe"
    NOT_ON_BORDER = "Der erste Zug muss an den Rand gesetzt werden"
    NO_SHARED_CORNER = (
        "Alle Teile müssen ein vorheriges Teil gleicher Farbe über mindestens eine Ecke berühren"
    )
    INVALID_FORMAT = "Der Zug konnte nicht erkannt werden"


PER_CELL_MISTAKES = (
    MoveMistake.OUT_OF_BOUNDS,
    MoveMistake.OBSTRUCTED,
    MoveMistake.TOUCHES_SAME_COLOR,
)
"""Checked per cell (spec §2.1 step 5); which one is reported when cells fail differently
depends on Java ``HashSet`` order officially; we report the first failing cell in row-major
order."""


class InvalidBlokusMove(MistakeError[MoveMistake]):
    """An :class:`InvalidMove` of Blokus 2027 that also names the official mistake; its
    reason is ``<message>[ bei '<move>']`` (the server's result reason is
    ``Regelverletzung von <name>: `` followed by it)."""

    MOVE_FORMAT = " bei '{move}'"

    def exception_text(self) -> str:
        """``InvalidMoveException(mistake=<M>, move=<T>)`` as in the official room error
        (``move=null`` for the mistakes raised without the move)."""
        move = self.move if self.mistake.carries_move else None
        text = NULL_TEXT if move is None else move.text()
        return f"InvalidMoveException(mistake={self.mistake.message}, move={text})"


violation_reason = InvalidBlokusMove.reason_of
"""The official ``InvalidMoveException.message`` of 2027: ``<message>[ bei '<move>']``."""


# ------------------------------------------------------------------ short notation


class NotationError(ValueError):
    """A string that is not a move in the short notation."""


def move_notation(move: Move) -> str:
    """The short notation of the fixtures: ``set:BLUE:PENTO_L:RIGHT:1:2:0`` (flip as 0/1,
    then x and y) or ``skip:RED``. A missing colour is written ``null``."""
    color = NULL_TEXT if move.color is None else move.color.name
    if isinstance(move, SkipMove):
        return f"skip:{color}"
    flip = 1 if move.flipped else 0
    return f"set:{color}:{move.kind.name}:{move.rotation.name}:{flip}:{move.x}:{move.y}"


def parse_notation(text: str) -> Move:
    """The move written as :func:`move_notation` does; :class:`NotationError` otherwise."""
    parts = text.strip().split(":")
    try:
        color = None if parts[1] == NULL_TEXT else Color[parts[1]]
        if parts[0] == "skip" and len(parts) == 2:
            return SkipMove(color)
        if parts[0] == "set" and len(parts) == 7 and parts[4] in ("0", "1"):
            return SetMove(
                color,
                Shape[parts[2]],
                Rotation[parts[3]],
                parts[4] == "1",
                int(parts[5]),
                int(parts[6]),
            )
    except (IndexError, KeyError, ValueError):
        pass
    raise NotationError(f"not a move in short notation: {text!r}")
