"""The small value types of Piranhas 2019: colours, directions, field states and moves.

Names and orders are the official ones, because they appear on the wire (``RED``,
``UP_RIGHT``, ``OBSTRUCTED``) and because the official enum order fixes how move lists are
sorted in the conformance data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class PlayerColor(Enum):
    """The two sides. RED is seat 0 and always moves first."""

    RED = "RED"
    BLUE = "BLUE"

    @property
    def seat(self) -> int:
        return 0 if self is PlayerColor.RED else 1

    @property
    def opponent(self) -> PlayerColor:
        return PlayerColor.BLUE if self is PlayerColor.RED else PlayerColor.RED

    @classmethod
    def of_seat(cls, seat: int) -> PlayerColor:
        return cls.RED if seat == 0 else cls.BLUE


class Direction(Enum):
    """The eight move directions, in the official enum order (spec §3.2)."""

    UP = "UP"
    UP_RIGHT = "UP_RIGHT"
    RIGHT = "RIGHT"
    DOWN_RIGHT = "DOWN_RIGHT"
    DOWN = "DOWN"
    DOWN_LEFT = "DOWN_LEFT"
    LEFT = "LEFT"
    UP_LEFT = "UP_LEFT"

    @property
    def index(self) -> int:
        """Position in the official order (0 = UP ... 7 = UP_LEFT)."""
        return DIRECTION_INDEX[self]

    @property
    def vector(self) -> tuple[int, int]:
        """``(dx, dy)``; up is increasing ``y``."""
        return DIRECTION_VECTORS[DIRECTION_INDEX[self]]


DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
DIRECTION_INDEX: dict[Direction, int] = {d: i for i, d in enumerate(DIRECTIONS)}
DIRECTION_VECTORS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)


class FieldState(Enum):
    """What a square holds, as named on the wire."""

    RED = "RED"
    BLUE = "BLUE"
    OBSTRUCTED = "OBSTRUCTED"
    EMPTY = "EMPTY"


@dataclass(frozen=True, slots=True)
class Move:
    """Move the fish on ``(x, y)`` in ``direction``; the distance is computed by the rules.

    ``hints`` are the optional debug strings a client attaches (``<hint content=".."/>``);
    the server echoes them in the next state's ``lastMove``. They do not take part in
    equality or hashing, so a move with hints equals the same move without.
    Coordinates are not range-checked here: an off-board origin is a rule violation that
    :meth:`PiranhasState.apply` reports with the official text.
    """

    x: int
    y: int
    direction: Direction
    hints: tuple[str, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        name = (
            f"{chr(ord('A') + self.x)}{self.y}"
            if 0 <= self.x <= 9 and 0 <= self.y <= 9
            else (f"({self.x},{self.y})")
        )
        return f"{name} {self.direction.name}"
