"""Legal-move generation on the Piranhas bitboards, shared by the 2019 and 2026 seasons.

Both seasons move a fish as far as there are fish on its line, over own fish and blocked
squares (obstacles in 2019, squids in 2026) but not over opponent fish, capture by landing on
an opponent fish, and never land on an own fish or a blocked square. So one set of tables
serves both; each season builds a :class:`MoveGenerator` from its own ``Move`` objects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from botarena.games.piranhas.board import JUMP_STRIDE, JUMPS, LINES, SQUARES, coordinates
from botarena.games.piranhas.model import DIRECTIONS, Direction

MoveT = TypeVar("MoveT")

SHIFT = SQUARES
"""Own fish and blocked squares are checked at bits 100..199 of the blocker word."""
_ALWAYS = 1 << (2 * SQUARES)
"""A bit set in every blocker word: table entries for targets off the board check it."""
if JUMP_STRIDE != 11:  # tables are indexed as s * 88 + d * 11 + n
    raise ImportError("the move tables assume 11 distances per (square, direction)")


def jump_target(s: int, d: int, fish: int) -> int | None:
    """The target bit of the fish on square ``s`` moving in direction ``d`` (index) with
    ``fish`` (both sides) on the board, or ``None`` when it would leave the board."""
    jump = JUMPS[(s * 8 + d) * JUMP_STRIDE + (LINES[s][d & 3] & fish).bit_count()]
    return None if jump is None else jump[0]


class MoveGenerator(Generic[MoveT]):
    """The move tables of one season, with its ``make_move(x, y, direction)`` called once
    per square and direction: the Move objects are shared, generating moves allocates
    nothing."""

    __slots__ = ("_square_tables", "checks")

    def __init__(self, make_move: Callable[[int, int, Direction], MoveT]) -> None:
        moves = [
            make_move(*coordinates(s), direction)
            for s in range(SQUARES)
            for direction in DIRECTIONS
        ]
        self.checks: tuple[tuple[int, MoveT, int] | None, ...] = tuple(
            None if jump is None else (jump[1] | (jump[0] << SHIFT), moves[index // 11], jump[0])
            for index, jump in enumerate(JUMPS)
        )
        """Per ``s * 88 + d * 11 + n`` (distance ``n``): ``(check_mask, move, target_bit)``,
        ``None`` off board. ``check_mask`` = squares passed over (must hold no opponent fish)
        plus the target shifted by 100 (must hold neither an own fish nor a blocked square),
        so one ``&`` against ``opponent | (own | blocked) << 100`` decides legality."""
        self._square_tables: tuple[tuple[object, ...], ...] = tuple(
            tuple(
                part
                for axis in range(4)
                for part in (
                    LINES[s][axis],
                    tuple(
                        self._axis_entry(s, axis, n) + self._axis_entry(s, axis + 4, n)
                        for n in range(JUMP_STRIDE)
                    ),
                )
            )
            for s in range(SQUARES)
        )
        """Per square: for each axis (column, rising diagonal, row, falling diagonal) its
        line mask and, per fish count ``n`` on that line, ``(check, move, check, move)`` for
        the direction and for its opposite (``d`` and ``d + 4``): ``check`` as in
        :attr:`checks`, or a bit that every blocker word has when the target is off the
        board (the tables are read untyped: a hot path)."""

    def _axis_entry(self, s: int, d: int, n: int) -> tuple[int, MoveT | None]:
        entry = self.checks[s * 88 + d * 11 + n]
        return (_ALWAYS, None) if entry is None else (entry[0], entry[1])

    def moves_of(self, own: int, opp: int, blocked: int) -> list[MoveT]:
        """The legal moves of the side with fish ``own`` (bitboards), without any caching.

        Square order (x, then y), per square the official direction order. Per fish: four
        line popcounts give the distances, one table row per axis gives both directions'
        check masks, and one ``&`` against a blocker word decides each direction.
        """
        fish = own | opp
        blockers = opp | ((own | blocked) << SHIFT) | _ALWAYS
        tables = self._square_tables
        result: list[MoveT] = []
        append = result.append
        rest = own
        while rest:
            low = rest & -rest
            rest ^= low
            l0, t0, l1, t1, l2, t2, l3, t3 = tables[low.bit_length() - 1]
            a = t0[(l0 & fish).bit_count()]  # type: ignore[operator,index]
            b = t1[(l1 & fish).bit_count()]  # type: ignore[operator,index]
            c = t2[(l2 & fish).bit_count()]  # type: ignore[operator,index]
            d = t3[(l3 & fish).bit_count()]  # type: ignore[operator,index]
            # Unrolled over the eight directions in the official order: a hot path of search.
            if not a[0] & blockers:
                append(a[1])  # UP
            if not b[0] & blockers:
                append(b[1])  # UP_RIGHT
            if not c[0] & blockers:
                append(c[1])  # RIGHT
            if not d[0] & blockers:
                append(d[1])  # DOWN_RIGHT
            if not a[2] & blockers:
                append(a[3])  # DOWN
            if not b[2] & blockers:
                append(b[3])  # DOWN_LEFT
            if not c[2] & blockers:
                append(c[3])  # LEFT
            if not d[2] & blockers:
                append(d[3])  # UP_LEFT
        return result

    def has_move(self, own: int, opp: int, blocked: int) -> bool:
        """Whether the side with fish ``own`` has any legal move (stops at the first)."""
        fish = own | opp
        blockers = opp | ((own | blocked) << SHIFT) | _ALWAYS
        tables = self._square_tables
        rest = own
        while rest:
            low = rest & -rest
            rest ^= low
            table = tables[low.bit_length() - 1]
            for axis in range(0, 8, 2):
                entry = table[axis + 1][(table[axis] & fish).bit_count()]  # type: ignore[index,operator]
                if not entry[0] & blockers or not entry[2] & blockers:
                    return True
        return False
