"""Piranhas 2019 and 2026 on the native core: botarena's states in, its Move values out.

The core takes a position as plain ints (the Python states already keep bitboards, bit
``10 * x + y``) and names a move by its code ``square * 8 + direction index``; generating in
ascending code order is the Python engine's order. Every function here needs the core:
:func:`require_core` raises :class:`NativeUnavailableError` (with the reason) where it is missing.
"""

from __future__ import annotations

from typing import Any

from botarena.core import Outcome, Team
from botarena.games.piranhas import rules as rules_2019
from botarena.games.piranhas.board import SQUARES, coordinates, square
from botarena.games.piranhas.model import DIRECTION_INDEX, DIRECTIONS
from botarena.games.piranhas.model import Move as Move2019
from botarena.games.piranhas.rules import PiranhasState
from botarena.games.piranhas_2026.model import Move as Move2026
from botarena.games.piranhas_2026.model import WinReason
from botarena.games.piranhas_2026.rules import Piranhas2026State, WinCondition
from botarena.native import AVAILABLE, REASON, core
from botarena.native.strong import StrongPlayer, StrongSeason


class NativeUnavailableError(RuntimeError):
    """The native core is not built or disabled (the message says why)."""


def require_core() -> Any:
    """The ``botarena._native`` module; :class:`NativeUnavailableError` without it."""
    if not AVAILABLE:
        raise NativeUnavailableError(f"the native engine core is not available: {REASON}")
    return core


MOVES_2019: tuple[Move2019, ...] = tuple(
    Move2019(*coordinates(s), direction) for s in range(SQUARES) for direction in DIRECTIONS
)
"""The 2019 Move of each code ``square * 8 + direction``."""
MOVES_2026: tuple[Move2026, ...] = tuple(
    Move2026(*coordinates(s), direction) for s in range(SQUARES) for direction in DIRECTIONS
)
"""The 2026 Move of each code."""


def move_code(move: Move2019 | Move2026) -> int:
    """The core's code of a move whose start is on the board."""
    if not (0 <= move.x < 10 and 0 <= move.y < 10):
        raise ValueError(f"move {move} starts off the board")
    return square(move.x, move.y) * 8 + DIRECTION_INDEX[move.direction]


# ----------------------------------------------------------------------------- 2019


REASONS_2019 = (
    rules_2019.REASON_SWARM_CONNECTED,
    rules_2019.REASON_ROUND_LIMIT,
    rules_2019.REASON_EQUAL_SWARMS,
    rules_2019.REASON_BLOCKED,
)
"""botarena's reason text per reason code of the core's 2019 end check."""


def position_2019(state: PiranhasState) -> Any:
    """The core's position of a 2019 state."""
    return require_core().Piranhas2019(state.red, state.blue, state.obstacles, state.turn)


def moves_2019(position: Any) -> tuple[Move2019, ...]:
    """The legal moves of a core position as the Python engine's Move values, in its order."""
    return tuple(MOVES_2019[code] for code in position.moves())


def outcome_2019(
    end: tuple[int | None, int] | None,
    red_name: str = rules_2019.DEFAULT_DISPLAY_NAME,
    blue_name: str = rules_2019.DEFAULT_DISPLAY_NAME,
) -> Outcome | None:
    """The Outcome (with botarena's reason text) of the core's ``end()``/``official_end()``."""
    if end is None:
        return None
    winner, reason = end
    text = REASONS_2019[reason]
    if reason == 3:
        text = text.format(winner=red_name if winner == 0 else blue_name)
    return Outcome(winner, reason=text)


# ----------------------------------------------------------------------------- 2026

WIN_REASONS_2026 = (WinReason.BIGGER_SWARM, WinReason.FIRST_UNION, WinReason.BLOCKED, WinReason.TIE)
"""The official WinReason per reason code of the core's 2026 end check."""


def position_2026(state: Piranhas2026State) -> Any:
    """The core's position of a 2026 state."""
    union = None if state.first_union is None else int(state.first_union)
    return require_core().Piranhas2026(
        state.one, state.two, state.squids, state.w1, state.w2, state.turn, union
    )


def moves_2026(position: Any) -> tuple[Move2026, ...]:
    return tuple(MOVES_2026[code] for code in position.moves())


def win_condition_2026(end: tuple[int | None, int] | None) -> WinCondition | None:
    """The official WinCondition of the core's 2026 ``end()``."""
    if end is None:
        return None
    winner, reason = end
    return WinCondition(None if winner is None else Team(winner), WIN_REASONS_2026[reason])


# ----------------------------------------------------------------------------- players


class Strong2019(StrongPlayer[PiranhasState, Move2019]):
    """``strong`` for Piranhas 2019 (see :class:`~botarena.native.strong.StrongPlayer`)."""

    season = StrongSeason(
        position_2019, "search_2019", MOVES_2019, "botarena.games.piranhas.players"
    )


class Strong2026(StrongPlayer[Piranhas2026State, Move2026]):
    """``strong`` for Piranhas 2026 (see :class:`~botarena.native.strong.StrongPlayer`)."""

    season = StrongSeason(
        position_2026, "search_2026", MOVES_2026, "botarena.games.piranhas_2026.players"
    )
