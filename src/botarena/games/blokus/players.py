"""Built-in Blokus players: a bot is one function of the state, ``choose_move(state)``.

* ``random``: a uniformly random legal move (SetMoves and, once allowed, the SkipMove).
* ``greedy``: the largest shape it can place; among those the placement that leaves the
  colour the most anchor fields (free corners to grow from); random among ties. It never
  skips while it can place a piece.

Every random choice comes from a :class:`SeededRandom` made from the player's seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from botarena.core import SeededRandom
from botarena.games.blokus.board import STRIDE
from botarena.games.blokus.movegen import target_fields
from botarena.games.blokus.moves import Move, SetMove
from botarena.games.blokus.state import BlokusState

PLAYER_NAMES = ("random", "greedy")


class Player(Protocol):
    """A built-in player: a name and a move for any running position."""

    name: str

    def choose_move(self, state: BlokusState) -> Move:
        """A legal move for the colour to move. Raises :class:`NoLegalMove` if the game is over."""
        ...


class NoLegalMove(ValueError):  # noqa: N818 - reads as the condition, like InvalidMove
    """``choose_move`` was called on a finished game."""


def _legal_moves(state: BlokusState) -> Sequence[Move]:
    moves = state.legal_moves()
    if not moves:
        raise NoLegalMove(f"no legal move: the game is over ({state.outcome()})")
    return moves


class RandomPlayer:
    """A uniformly random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def choose_move(self, state: BlokusState) -> Move:
        return self.rng.choice(_legal_moves(state))


def anchors_after(state: BlokusState, move: SetMove) -> int:
    """How many anchor fields the mover's colour has after ``move`` (the corner heuristic)."""
    color = state.current_color
    mask = move.orientation.mask << (move.y * STRIDE + move.x)
    return target_fields(state.own[color] | mask, state.occupied | mask, False).bit_count()


class GreedyPlayer:
    """Largest piece first, then the most anchor fields afterwards; random among ties."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def choose_move(self, state: BlokusState) -> Move:
        moves = _legal_moves(state)
        placements = [move for move in moves if isinstance(move, SetMove)]
        if not placements:  # unreachable in a running game (stuck colours are eliminated)
            return moves[0]
        largest = max(move.kind.size for move in placements)
        best: list[SetMove] = []
        best_value = -1
        for move in placements:
            if move.kind.size != largest:
                continue
            value = anchors_after(state, move)
            if value > best_value:
                best_value, best = value, [move]
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)


def make_player(name: str, seed: int | None = None) -> Player:
    """A built-in player by name (``random``, ``greedy``)."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(PLAYER_NAMES)}")
