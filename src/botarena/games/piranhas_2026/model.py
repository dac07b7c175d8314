"""The small value types of Piranhas 2026: field states, moves, move mistakes, win reasons.

Names and orders are the official ones (``sc.plugin2026``), because they appear on the wire
(``ONE_M``, ``SQUID``, ``UP_RIGHT``) and in the official texts. Teams are
:class:`botarena.core.Team` (``ONE`` = seat 0 moves first, ``TWO`` = seat 1); the eight
directions are the same enum as in Piranhas 2019 (same names, order and vectors).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from botarena.core import Team
from botarena.games.piranhas.model import (
    DIRECTION_INDEX,
    DIRECTION_VECTORS,
    DIRECTIONS,
    Direction,
)

__all__ = [
    "DIRECTIONS",
    "DIRECTION_INDEX",
    "DIRECTION_VECTORS",
    "FIELD_CHARS",
    "Direction",
    "FieldState",
    "Mistake",
    "Move",
    "Team",
    "WinReason",
]


class FieldState(Enum):
    """What a square holds, named as on the wire (``<field>ONE_M</field>``), official order."""

    ONE_S = "ONE_S"
    ONE_M = "ONE_M"
    ONE_L = "ONE_L"
    TWO_S = "TWO_S"
    TWO_M = "TWO_M"
    TWO_L = "TWO_L"
    SQUID = "SQUID"
    EMPTY = "EMPTY"

    @property
    def team(self) -> Team | None:
        """The team of a fish, ``None`` for ``SQUID`` and ``EMPTY``."""
        return _FIELD_TEAM[self]

    @property
    def size(self) -> int:
        """The fish's weight (S=1, M=2, L=3); 0 for ``SQUID`` and ``EMPTY``."""
        return _FIELD_SIZE[self]

    @property
    def char(self) -> str:
        """One character: ``a b c`` = ONE S/M/L, ``x y z`` = TWO S/M/L, ``X`` squid, ``.`` empty
        (the fixtures' board format)."""
        return FIELD_CHARS[self]

    @classmethod
    def fish(cls, team: Team, size: int) -> FieldState:
        """The fish of ``team`` with weight ``size`` (1..3), like ``FieldState.from``."""
        if size not in (1, 2, 3):
            raise ValueError(f"invalid fish size {size}")
        return _FISH[team][size - 1]

    @classmethod
    def from_char(cls, char: str) -> FieldState:
        try:
            return _FIELD_BY_CHAR[char]
        except KeyError:
            raise ValueError(f"unknown field character {char!r}") from None


_FIELD_TEAM = {
    FieldState.ONE_S: Team.ONE,
    FieldState.ONE_M: Team.ONE,
    FieldState.ONE_L: Team.ONE,
    FieldState.TWO_S: Team.TWO,
    FieldState.TWO_M: Team.TWO,
    FieldState.TWO_L: Team.TWO,
    FieldState.SQUID: None,
    FieldState.EMPTY: None,
}
_FIELD_SIZE = dict(zip(FieldState, (1, 2, 3, 1, 2, 3, 0, 0), strict=True))
FIELD_CHARS: dict[FieldState, str] = dict(zip(FieldState, "abcxyzX.", strict=True))
_FIELD_BY_CHAR = {char: state for state, char in FIELD_CHARS.items()}
_FISH = {
    Team.ONE: (FieldState.ONE_S, FieldState.ONE_M, FieldState.ONE_L),
    Team.TWO: (FieldState.TWO_S, FieldState.TWO_M, FieldState.TWO_L),
}


def square_name(x: int, y: int) -> str:
    """Short square name: column letter ``A``..``J`` for x, then y (``A5`` = (0, 5))."""
    if 0 <= x <= 9 and 0 <= y <= 9:
        return f"{chr(ord('A') + x)}{y}"
    return f"({x},{y})"


@dataclass(frozen=True, slots=True)
class Move:
    """Swim with the fish on ``(x, y)`` in ``direction``; the rules compute the distance.

    Coordinates are not range-checked here: an off-board start is a rule violation that
    :meth:`Piranhas2026State.apply` reports. ``str(move)`` is the short notation
    (``A5 RIGHT``); :meth:`official_text` is the official ``Move.toString``.
    """

    x: int
    y: int
    direction: Direction

    @property
    def start(self) -> tuple[int, int]:
        """``(x, y)``, the official ``from``."""
        return (self.x, self.y)

    def official_text(self) -> str:
        """``Schwimme von [x|y] in Richtung DIR``: the official ``Move.toString()``, which the
        server puts into error and violation texts."""
        return f"Schwimme von [{self.x}|{self.y}] in Richtung {self.direction.name}"

    def __str__(self) -> str:
        return f"{square_name(self.x, self.y)} {self.direction.name}"


class Mistake(Enum):
    """Why the official server rejects a move (``PiranhaMoveMistake`` + ``sc.shared.MoveMistake``).

    The value is the official German text (:attr:`message`); ``official_name`` is what the
    mistake's Kotlin ``toString()`` gives (the enum name for the Piranhas enum, the message for
    the shared enum), which the server writes into ``InvalidMoveException(mistake=…, move=…)``.
    """

    WRONG_START = "Das Startfeld ist kein Piranha des eigenen Teams"
    JUMP_OVER_OPPONENT = "Gegnerische Piranhas können nicht übersprungen werden"
    START_EMPTY = "Das Startfeld des Zuges ist leer"
    DESTINATION_BLOCKED = "Zielfeld ist besetzt"
    DESTINATION_BLOCKED_BY_SELF = "Kann nicht auf ein Feld des eigenen Teams ziehen"
    DESTINATION_OUT_OF_BOUNDS = "Das Zielfeld liegt außerhalb des Spielfelds"
    INVALID_FORMAT = "Der Zug konnte nicht erkannt werden"

    @property
    def is_piranhas_mistake(self) -> bool:
        """True for ``sc.plugin2026.PiranhaMoveMistake``, false for ``sc.shared.MoveMistake``."""
        return self in (Mistake.WRONG_START, Mistake.JUMP_OVER_OPPONENT)

    @property
    def message(self) -> str:
        """The official German text."""
        return str(self.value)

    @property
    def official_name(self) -> str:
        """The Kotlin ``toString()``: enum name (Piranhas enum) or German message (shared enum)."""
        return self.name if self.is_piranhas_mistake else self.message


class WinReason(Enum):
    """Why a regular game ended as it did (``PiranhasWinReason`` plus ``WinReasonTie``).

    The value is the official text, with ``%s`` for the winner's name (display name, or
    ``ONE``/``TWO`` if blank).
    """

    BIGGER_SWARM = "%s hat den größeren zusammenhängenden Schwarm"
    FIRST_UNION = "%s hat zuerst alle Fische einer Farbe vereinigt"
    BLOCKED = "%s hat den Gegner blockiert, sodass er keinen Zug mehr machen kann"
    TIE = "Beide Spieler sind gleichauf"

    def text(self, winner_name: str = "") -> str:
        """The official reason text with ``winner_name`` filled in (no name for a tie)."""
        return str(self.value).replace("%s", winner_name)
