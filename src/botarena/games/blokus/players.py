"""Built-in Blokus players: a bot is one function of the state, ``choose_move(state)``.

They play any season's state (:class:`~botarena.games.blokus.state_base.BlokusStateBase`):
Blokus 2027 uses them as they are.

* ``random``: a uniformly random legal move (SetMoves and, once allowed, the SkipMove).
* ``greedy``: the largest shape it can place; among those the placement that leaves the
  colour the most anchor fields (free corners to grow from); random among ties. It never
  skips while it can place a piece.
* ``search``: a one-ply lookahead. It takes the ``candidates`` best placements in greedy
  order, plays each on a copy and scores the result by ``size_weight`` × piece size + the
  mover's mobility (number of legal placements) − the opposing colours' mobility. Won 30
  of 30 seeded games against ``greedy`` (about 0.5 s per game).
* ``strong``: Monte Carlo tree search in the native core, ``time_ms`` per move
  (:mod:`botarena.games.blokus.strong`).

Every random choice comes from a :class:`SeededRandom` made from the player's seed.
"""

from __future__ import annotations

from typing import TypeAlias

from botarena.core import SeededRandom
from botarena.core.players import Player as BuiltInPlayer
from botarena.core.players import RandomPlayer as _RandomPlayer
from botarena.core.players import check_player_options, legal_moves_or_raise
from botarena.games.blokus.board import STRIDE
from botarena.games.blokus.colors import TEAM_COLOURS, Color
from botarena.games.blokus.movegen import target_fields
from botarena.games.blokus.moves import Move, SetMove
from botarena.games.blokus.state_base import BlokusStateBase

PLAYER_OPTIONS: dict[str, tuple[str, ...]] = {
    "random": (),
    "greedy": (),
    "search": ("candidates", "size_weight"),
    "strong": ("time_ms",),
}
"""Each built-in player and the options :func:`make_player` passes to it."""
PLAYER_NAMES = tuple(PLAYER_OPTIONS)
SEARCH_CANDIDATES = 30
"""Placements the search player looks at (the best ones in greedy order)."""
SEARCH_SIZE_WEIGHT = 20.0
"""Value of one placed square, in legal placements of mobility."""


Player: TypeAlias = BuiltInPlayer[BlokusStateBase, Move]
"""A built-in player of this game (see :class:`botarena.core.players.Player`)."""


class RandomPlayer(_RandomPlayer[Move]):
    """A uniformly random legal move."""


def anchors_after(state: BlokusStateBase, move: SetMove) -> int:
    """How many anchor fields the mover's colour has after ``move`` (the corner heuristic)."""
    color = state.current_color
    mask = move.orientation.mask << (move.y * STRIDE + move.x)
    return target_fields(state.own[color] | mask, state.occupied | mask, False).bit_count()


class GreedyPlayer:
    """Largest piece first, then the most anchor fields afterwards; random among ties."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def choose_move(self, state: BlokusStateBase) -> Move:
        moves = legal_moves_or_raise(state)
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


def mobility(state: BlokusStateBase, color: Color) -> int:
    """How many legal placements ``color`` has (as if it were to move)."""
    return len(state.placement_keys(color))


class SearchPlayer:
    """One-ply lookahead over the best greedy candidates, scored by size and mobility."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        candidates: int = SEARCH_CANDIDATES,
        size_weight: float = SEARCH_SIZE_WEIGHT,
    ) -> None:
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, got {candidates}")
        self.rng = SeededRandom(seed)
        self.candidates = candidates
        self.size_weight = size_weight

    def choose_move(self, state: BlokusStateBase) -> Move:
        moves = legal_moves_or_raise(state)
        placements = [move for move in moves if isinstance(move, SetMove)]
        if not placements:  # unreachable in a running game (stuck colours are eliminated)
            return moves[0]
        color = state.current_color
        opponents = TEAM_COLOURS[color.team.opponent]
        ranked = sorted(
            placements,
            key=lambda m: (m.kind.size, anchors_after(state, m), self.rng.random()),
            reverse=True,
        )
        best, best_value = ranked[0], float("-inf")
        for move in ranked[: self.candidates]:
            child = state.clone()
            child.apply(move)
            value = self.size_weight * move.kind.size + mobility(child, color)
            value -= sum(
                mobility(child, other) for other in opponents if other in child.valid_colors
            )
            if value > best_value:
                best, best_value = move, value
        return best


def make_player(name: str, seed: int | None = None, **options: float | int) -> Player:
    """A built-in player by name (``random``, ``greedy``, ``search``, ``strong``).

    ``options`` go to :class:`SearchPlayer` (``candidates``, ``size_weight``) or to
    :class:`~botarena.games.blokus.strong.StrongPlayer` (``time_ms``).
    """
    check_player_options(name, options, PLAYER_OPTIONS)
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "strong":
        from botarena.games.blokus.strong import (  # noqa: PLC0415 - it imports this module
            DEFAULT_TIME_MS,
            StrongPlayer,
        )

        return StrongPlayer(seed, time_ms=float(options.get("time_ms", DEFAULT_TIME_MS)))
    return SearchPlayer(
        seed,
        candidates=int(options.get("candidates", SEARCH_CANDIDATES)),
        size_weight=float(options.get("size_weight", SEARCH_SIZE_WEIGHT)),
    )
