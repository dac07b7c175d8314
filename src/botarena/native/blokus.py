"""Blokus positions in the native core (both seasons), and its moves as the Python engine's.

:func:`to_native` copies a Python :class:`~botarena.games.blokus.state_base.BlokusStateBase`
into the core (four bitboard ints as bytes, the shape sets, turn, colours: a handful of
calls, no per-field loop); the core answers with the Python engine's placement keys
(``orientation.index * POSITION_SLOTS + y * STRIDE + x``, -1 for the skip), which
:func:`moves_of_keys` turns into the shared, ready-made :class:`SetMove` objects of
:mod:`botarena.games.blokus.state_base`. Every function raises :class:`NativeUnavailable`
when the core is not built (see :mod:`botarena.native`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from botarena import native
from botarena.games.blokus.board import STRIDE
from botarena.games.blokus.colors import COLOURS, Color
from botarena.games.blokus.movegen import POSITION_SLOTS
from botarena.games.blokus.moves import Move, SetMove, SkipMove
from botarena.games.blokus.state_base import BlokusStateBase, moves_of
from botarena.games.blokus_2027.rules import BlokusState as Blokus2027State

BOARD_BYTES = 56
"""A Python bitboard (20 rows of stride 21 = 420 bits) as little-endian bytes."""
SKIP_KEY = -1
"""The core's key of the SkipMove."""


class NativeUnavailable(RuntimeError):  # noqa: N818 - reads as the condition
    """The native core is not built or disabled (the message says why)."""


def core() -> Any:
    """The ``botarena._native`` module; :class:`NativeUnavailable` without it."""
    if native.core is None:
        raise NativeUnavailable(f"the native engine core is not available: {native.REASON}")
    return native.core


def season_of(state: BlokusStateBase) -> int:
    """2027 for a Blokus 2027 state, else 2021."""
    return 2027 if isinstance(state, Blokus2027State) else 2021


def to_native(state: BlokusStateBase) -> Any:
    """The core's ``BlokusState`` of a Python Blokus state (either season)."""
    valid = sum(1 << color for color in state.valid_colors)
    mono = sum(1 << color for color, last in state.last_move_mono.items() if last)
    return core().BlokusState(
        season_of(state),
        int(state.start_piece),
        [board.to_bytes(BOARD_BYTES, "little") for board in state.own],
        list(state.undeployed),
        state.turn,
        valid,
        mono,
    )


def key_of(move: Move) -> int:
    """The core's key of a move (the placement's canonical orientation; -1 for a skip)."""
    if isinstance(move, SkipMove):
        return SKIP_KEY
    return move.orientation.index * POSITION_SLOTS + move.y * STRIDE + move.x


def moves_of_keys(color: Color, keys: Iterable[int]) -> list[Move]:
    """The Python engine's moves of ``color`` for core keys, in the given order."""
    keys = list(keys)
    placements = [key for key in keys if key != SKIP_KEY]
    moves: list[Move] = list(moves_of(color, placements))
    if len(placements) != len(keys):
        moves.append(SkipMove(color))
    return moves


def legal_moves(state: BlokusStateBase) -> list[Move]:
    """The legal moves of ``state`` as the core generates them (Python move values)."""
    position = to_native(state)
    return moves_of_keys(COLOURS[position.current_colour], position.legal_keys())


def set_move_of(color: Color, key: int) -> SetMove:
    """The SetMove of ``color`` with core key ``key`` (not the skip)."""
    (move,) = moves_of(color, [key])
    return move
