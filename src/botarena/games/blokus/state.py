"""The Blokus 2021 game state and its rules: validation, application, elimination, scoring.

Follows spec §3–§5 (official 21.4.0). The board is kept as one bitboard per colour (see
:mod:`botarena.games.blokus.board`), the undeployed shapes as a 21-bit set per colour; what
2021 shares with 2027 is in :mod:`botarena.games.blokus.state_base`.
"""

from __future__ import annotations

from botarena.core import InvalidMove
from botarena.games.blokus.board import BOARD_SIZE, CORNERS_MASK, fields
from botarena.games.blokus.colors import COLOURS, Color
from botarena.games.blokus.movegen import target_fields
from botarena.games.blokus.moves import InvalidBlokusMove, Move, MoveMistake
from botarena.games.blokus.state_base import BlokusStateBase

ROUND_LIMIT = 25
"""The game ends once ``round > ROUND_LIMIT``, i.e. ``turn >= 4 * ROUND_LIMIT``."""
TURN_LIMIT = 4 * ROUND_LIMIT


class BlokusState(BlokusStateBase):
    """A Blokus 2021 position (mutable: :meth:`apply` changes it in place, :meth:`clone`
    copies). Spec §4.7: over when no colour is left or the round limit passed; a colour's
    first piece must cover a free corner (spec §4.2)."""

    TURN_LIMIT = TURN_LIMIT
    FIRST_MOVE_MASK = CORNERS_MASK
    FIRST_MOVE_MISTAKE = MoveMistake.NOT_IN_CORNER.name

    __slots__ = ()

    def anchors(self, color: Color) -> list[tuple[int, int]]:
        """Empty fields diagonal to ``color`` and not edge-adjacent to it, in row-major order.

        The official ``GameRuleLogic.getValidFields``; meaningful after the first move.
        """
        return list(fields(target_fields(self.own[color], self.occupied, False)))

    def invalid(self, mistake: str, move: Move) -> InvalidMove:
        return InvalidBlokusMove(MoveMistake[mistake], move)

    def render(self) -> str:
        """The board as 20 lines of ``B``/``Y``/``R``/``G``/``.`` (row y = 0 first)."""
        letters = {color: color.name[0] for color in COLOURS}
        board = self.board()
        return "\n".join(
            "".join(letters[board[(x, y)]] if (x, y) in board else "." for x in range(BOARD_SIZE))
            for y in range(BOARD_SIZE)
        )
