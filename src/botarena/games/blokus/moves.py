"""Blokus moves, their official texts, and the official mistakes.

Moves keep exactly what was sent (rotation, flip, position), because the server echoes a
move as received; :meth:`SetMove.cells` gives the covered fields, which is what legality
and move identity depend on (spec §2.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Generic, TypeVar

from botarena.core import InvalidMove
from botarena.games.blokus.colors import Color
from botarena.games.blokus.shapes import ORIENTATION_OF_PAIR, Cell, Orientation, Rotation, Shape

NULL_TEXT = "null"
"""How the official ``toString`` renders a missing colour."""


@dataclass(frozen=True, slots=True)
class SetMove:
    """Place ``kind`` of ``color`` with the upper-left corner of its bounding box at (x, y).

    ``color`` is ``None`` only for a move received without a colour (a WRONG_COLOR).
    """

    color: Color | None
    kind: Shape
    rotation: Rotation
    flipped: bool
    x: int
    y: int

    @property
    def orientation(self) -> Orientation:
        return ORIENTATION_OF_PAIR[(self.kind, self.rotation, self.flipped)]

    def cells(self) -> tuple[Cell, ...]:
        """The covered fields in row-major order (may lie off the board)."""
        x0, y0 = self.x, self.y
        return tuple((x0 + dx, y0 + dy) for dx, dy in self.orientation.cells)

    def placement(self) -> tuple[Color | None, frozenset[Cell]]:
        """The identity of a SetMove: colour and covered fields (spec §2.6)."""
        return self.color, frozenset(self.cells())

    def canonical(self) -> SetMove:
        """The same placement with the canonical (rotation, flipped) pair."""
        orientation = self.orientation
        if orientation.rotation is self.rotation and orientation.flipped == self.flipped:
            return self
        return SetMove(
            self.color, self.kind, orientation.rotation, orientation.flipped, self.x, self.y
        )

    def text(self) -> str:
        """The official ``SetMove.toString()``, e.g. ``Setze PENTO_V(Farbe Gelb)[0,0]``."""
        colour = NULL_TEXT if self.color is None else self.color.text
        rotation = (
            f", gedreht um {90 * self.rotation.value}°"
            if self.rotation is not Rotation.NONE
            else ""
        )
        flip = ", gespiegelt" if self.flipped else ""
        return f"Setze {self.kind.name}({colour}{rotation}{flip})[{self.x},{self.y}]"


@dataclass(frozen=True, slots=True)
class SkipMove:
    """Pass; ``color`` is ``None`` for a SkipMove received without ``<color>``."""

    color: Color | None

    def text(self) -> str:
        """The official ``SkipMove.toString()``, e.g. ``Farbe Blau setzt aus``."""
        colour = NULL_TEXT if self.color is None else self.color.text
        return f"{colour} setzt aus"


Move = SetMove | SkipMove


class MistakeText(Enum):
    """What the seasons' mistake enums share: the value is the verbatim German message;
    WRONG_SHAPE and DUPLICATE_SHAPE are officially raised without the move."""

    @property
    def message(self) -> str:
        return str(self.value)

    @property
    def carries_move(self) -> bool:
        return self.name not in ("WRONG_SHAPE", "DUPLICATE_SHAPE")


class MoveMistake(MistakeText):
    """The official ``MoveMistake`` codes with their verbatim German messages."""

    WRONG_COLOR = "Die Farbe des Zuges ist nicht an der Reihe"
    NOT_IN_CORNER = "Der erste Zug muss auf eine freie Ecke gesetzt werden"
    NO_SHARED_CORNER = (
        "Alle Teile müssen ein vorheriges Teil gleicher Farbe über mindestens eine Ecke berühren"
    )
    WRONG_SHAPE = "Der erste Zug muss den festgelegten Spielstein setzen"
    SKIP_FIRST_TURN = "Der erste Zug muss einen Stein setzen"
    DUPLICATE_SHAPE = "Der gewählte Stein wurde bereits gesetzt"
    OUT_OF_BOUNDS = "Der Spielstein passt nicht vollständig auf das Spielfeld"
    OBSTRUCTED = "Der Spielstein würde eine andere Farbe überlagern"
    TOUCHES_SAME_COLOR = "Der Spielstein berührt ein Feld gleicher Farbe"
    INVALID_FORMAT = "Der Zug konnte nicht erkannt werden"


PER_CELL_MISTAKES = (
    MoveMistake.OUT_OF_BOUNDS,
    MoveMistake.OBSTRUCTED,
    MoveMistake.TOUCHES_SAME_COLOR,
)


MistakeT = TypeVar("MistakeT", bound=MistakeText)


class MistakeError(InvalidMove, Generic[MistakeT]):
    """An :class:`InvalidMove` that also names the season's official mistake. Its reason is
    the mistake's message, followed by the move in the season's :attr:`MOVE_FORMAT` when the
    mistake is raised with the move."""

    MOVE_FORMAT: ClassVar[str]
    """How the move's text follows the message, e.g. `` bei Zug '{move}'``."""

    def __init__(self, mistake: MistakeT, move: Move | None, reason: str | None = None) -> None:
        super().__init__(self.reason_of(mistake, move) if reason is None else reason, move)
        self.mistake = mistake

    @classmethod
    def reason_of(cls, mistake: MistakeT, move: Move | None) -> str:
        """The official ``InvalidMoveException.message`` (the RULE_VIOLATION reason)."""
        if move is None or not mistake.carries_move:
            return mistake.message
        return mistake.message + cls.MOVE_FORMAT.format(move=move.text())

    @classmethod
    def incomplete(cls, mistake: MistakeT, what: str) -> tuple[MistakeT, None, str]:
        """The arguments for a SetMove that lacks ``what`` (its rotation or position): the
        season's INVALID_FORMAT ``mistake`` with our own detail."""
        return mistake, None, f"{mistake.message}: the SetMove has no {what}"


class InvalidBlokusMove(MistakeError[MoveMistake]):
    """An :class:`InvalidMove` that also names the official :class:`MoveMistake`."""

    MOVE_FORMAT = " bei Zug '{move}'"


violation_reason = InvalidBlokusMove.reason_of
"""The official ``InvalidMoveException.message`` of 2021: ``<message>[ bei Zug '<move>']``."""
