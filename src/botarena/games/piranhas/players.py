"""Built-in Piranhas players: random, greedy (one ply) and search (iterative-deepening alpha-beta).

Every player is an object with a ``name`` and ``choose_move(state) -> Move`` (the
:class:`Player` protocol), used in-process by the runner and the terminal game, and wrapped
as a process by the bot SDK. Randomness comes from a :class:`botarena.core.SeededRandom`.

The evaluation is swarm-oriented, because a Piranhas game is won by uniting one's fish
(spec: all fish in one 8-connected swarm at the end of a round, or the larger largest swarm
after round 30): for each colour, the share of its fish in its largest swarm, minus how
spread out its fish are (variance of their coordinates around the centroid), plus a little
for each fish (material gives mobility and blocking power, and capturing is not free: it also
makes the opponent's swarm smaller and so easier to unite).

The greedy and search players are the shared ones of :mod:`botarena.core.search` with this
evaluation; they work on the rules engine's own state (``clone``, ``generate_moves``,
``apply_unchecked``, ``outcome``), so there is one copy of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from botarena.core.players import STANDARD_PLAYER_OPTIONS, PlayerTable
from botarena.core.players import Player as BuiltInPlayer
from botarena.core.players import RandomPlayer as _RandomPlayer
from botarena.core.search import WIN_SCORE, AlphaBetaPlayer, NegamaxGreedyPlayer, end_value
from botarena.games.piranhas.board import SIZE, SQUARES, largest_swarm
from botarena.games.piranhas.model import Move
from botarena.games.piranhas.rules import PiranhasState
from botarena.native.piranhas import Strong2019
from botarena.native.strong import STRONG_OPTIONS

# --------------------------------------------------------------------------- evaluation

SWARM_WEIGHT = 100.0
"""Value of having all fish in the largest swarm (scaled by the share of fish in it)."""
SPREAD_WEIGHT = 4.0
"""Penalty per unit of coordinate variance (x and y summed; 25.5 at the start position)."""
FISH_WEIGHT = 1.0
"""Value of each fish."""


def _bit_planes(value_of_square: Callable[[int], int]) -> tuple[tuple[int, int], ...]:
    """``(weight, mask)`` pairs with ``sum(value(s) for s in fish)`` equal to
    ``sum(weight * popcount(fish & mask))``: a per-square sum in a few popcounts."""
    top = max(value_of_square(s) for s in range(SQUARES)).bit_length()
    return tuple(
        (1 << k, sum(1 << s for s in range(SQUARES) if value_of_square(s) >> k & 1))
        for k in range(top)
    )


_X_PLANES = _bit_planes(lambda s: s // SIZE)
_Y_PLANES = _bit_planes(lambda s: s % SIZE)
_R2_PLANES = _bit_planes(lambda s: (s // SIZE) ** 2 + (s % SIZE) ** 2)
# Unpacked for the hot path below (x, y < 16: four planes each; x² + y² < 256: eight).
(_, _X0), (_, _X1), (_, _X2), (_, _X3) = _X_PLANES
(_, _Y0), (_, _Y1), (_, _Y2), (_, _Y3) = _Y_PLANES
(_, _R0), (_, _R1), (_, _R2), (_, _R3), (_, _R4), (_, _R5), (_, _R6), (_, _R7) = _R2_PLANES


def coordinate_variance(fish: int) -> float:
    """Variance of the fish's x plus that of their y (0 for one fish; the fish must exist).

    Sums per-square values with popcounts of bit planes (about 4x faster than a loop over
    the fish, and this runs at every leaf of the search).
    """
    count = fish.bit_count()
    sum_x = (
        (fish & _X0).bit_count()
        + 2 * (fish & _X1).bit_count()
        + 4 * (fish & _X2).bit_count()
        + 8 * (fish & _X3).bit_count()
    )
    sum_y = (
        (fish & _Y0).bit_count()
        + 2 * (fish & _Y1).bit_count()
        + 4 * (fish & _Y2).bit_count()
        + 8 * (fish & _Y3).bit_count()
    )
    sum_r2 = (
        (fish & _R0).bit_count()
        + 2 * (fish & _R1).bit_count()
        + 4 * (fish & _R2).bit_count()
        + 8 * (fish & _R3).bit_count()
        + 16 * (fish & _R4).bit_count()
        + 32 * (fish & _R5).bit_count()
        + 64 * (fish & _R6).bit_count()
        + 128 * (fish & _R7).bit_count()
    )
    mean_x = sum_x / count
    mean_y = sum_y / count
    return sum_r2 / count - mean_x * mean_x - mean_y * mean_y


def swarm_value(fish: int) -> float:
    """How close the fish (a bitboard) are to one swarm; higher is better."""
    count = fish.bit_count()
    if count == 0:
        return -WIN_SCORE / 2
    return (
        SWARM_WEIGHT * largest_swarm(fish) / count
        - SPREAD_WEIGHT * coordinate_variance(fish)
        + FISH_WEIGHT * count
    )


def evaluate(state: PiranhasState) -> float:
    """Static value of a running game for the colour to move (own value minus the opponent's)."""
    red = swarm_value(state.red)
    blue = swarm_value(state.blue)
    return blue - red if state.turn & 1 else red - blue


def terminal_value(state: PiranhasState, ply: int = 0) -> float | None:
    """``±(WIN_SCORE - ply)`` or 0 if the game is over (for the colour to move), else ``None``."""
    return end_value(state.outcome(), state.turn & 1, ply)


def leaf_terminal_value(state: PiranhasState, ply: int = 0) -> float | None:
    """A cheaper end check for the search horizon: the official 19.2.1 swarm check only.

    :meth:`PiranhasState.outcome` also looks for a blocked player, which means generating
    every move, the larger part of a leaf's cost. At the horizon the search accepts missing
    the rare blocked position and the rare equal-swarms draw (the static value of two united
    equal swarms is near the draw value 0 anyway); inner nodes use the exact outcome.
    """
    return end_value(state.official_outcome(), state.turn & 1, ply)


# --------------------------------------------------------------------------- players


Player: TypeAlias = BuiltInPlayer[PiranhasState, Move]
"""A built-in player of this game (see :class:`botarena.core.players.Player`)."""


class RandomPlayer(_RandomPlayer[Move]):
    """A uniformly random legal move."""


class GreedyPlayer(NegamaxGreedyPlayer[PiranhasState, Move]):
    """The best move after one ply by :func:`evaluate` (a won game first); random among ties."""

    terminal_value = staticmethod(terminal_value)
    evaluate = staticmethod(evaluate)


class SearchPlayer(AlphaBetaPlayer[PiranhasState, Move]):
    """Iterative-deepening alpha-beta (:class:`botarena.core.search.AlphaBetaPlayer`) with
    :func:`evaluate`, the exact end check inside the tree and the cheaper
    :func:`leaf_terminal_value` at the horizon."""

    terminal_value = staticmethod(terminal_value)

    def leaf_value(self, state: PiranhasState, ply: int) -> float:
        end = leaf_terminal_value(state, ply)
        return end if end is not None else evaluate(state)

    def table_key(self, state: PiranhasState) -> tuple[int, int, int]:
        return (state.red, state.blue, state.turn)


def season_players(
    random: Callable[..., Any],
    greedy: Callable[..., Any],
    search: Callable[..., Any],
    strong: Callable[..., Any],
) -> PlayerTable[Any]:
    """A Piranhas season's built-in players (2019 and 2026 have the same four); ``search``
    takes ``time_budget`` and ``max_depth``, ``strong`` (the native core's search, or the
    Python search without the core) ``time_ms`` and ``max_depth``."""
    return PlayerTable(
        {**STANDARD_PLAYER_OPTIONS, "strong": STRONG_OPTIONS},
        random=random,
        greedy=greedy,
        search=search,
        strong=strong,
    )


PLAYERS: PlayerTable[Player] = season_players(RandomPlayer, GreedyPlayer, SearchPlayer, Strong2019)
"""The built-in players (see :func:`season_players`)."""
PLAYER_OPTIONS = PLAYERS.options
PLAYER_NAMES = PLAYERS.names
make_player = PLAYERS.make_player
