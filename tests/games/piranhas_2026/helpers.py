"""Hand-made Piranhas 2026 positions, drawn top row (y = 9) first like the board is seen."""

from __future__ import annotations

from botarena.core import Team
from botarena.games.piranhas_2026 import Direction, Move, Piranhas2026State


def position(
    *top_down: str,
    turn: int = 0,
    first_union: Team | None = None,
    last_move: Move | None = None,
    one_name: str = "",
    two_name: str = "",
) -> Piranhas2026State:
    """A state from 10 row strings, **y = 9 first** (``a b c``/``x y z`` = ONE/TWO S M L,
    ``X`` squid, ``.`` empty)."""
    assert len(top_down) == 10, "ten rows, y = 9 first"
    return Piranhas2026State.from_rows(
        list(reversed(top_down)),
        turn,
        first_union=first_union,
        last_move=last_move,
        one_name=one_name,
        two_name=two_name,
    )


def move(x: int, y: int, direction: str) -> Move:
    return Move(x, y, Direction[direction])


EMPTY_ROW = ".........."
