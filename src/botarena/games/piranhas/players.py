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

The search player works on the rules engine's own state (``clone``, ``generate_moves``,
``apply_unchecked``, ``outcome``), so there is one copy of the rules.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from botarena.core import SeededRandom
from botarena.core.players import Player as BuiltInPlayer
from botarena.core.players import RandomPlayer as _RandomPlayer
from botarena.core.players import (
    check_player_options,
    choose_best,
    legal_moves_or_raise,
)
from botarena.games.piranhas.board import SIZE, SQUARES, largest_swarm
from botarena.games.piranhas.model import Move
from botarena.games.piranhas.rules import PiranhasState

# --------------------------------------------------------------------------- evaluation

SWARM_WEIGHT = 100.0
"""Value of having all fish in the largest swarm (scaled by the share of fish in it)."""
SPREAD_WEIGHT = 4.0
"""Penalty per unit of coordinate variance (x and y summed; 25.5 at the start position)."""
FISH_WEIGHT = 1.0
"""Value of each fish."""
WIN_SCORE = 1_000_000.0
"""Score of a won position; wins found ``n`` plies deeper are worth ``n`` less."""
_WIN_THRESHOLD = WIN_SCORE - 1_000.0
"""Scores beyond this are wins or losses at a known distance."""


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
    outcome = state.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.0
    return WIN_SCORE - ply if outcome.winner == state.turn & 1 else -(WIN_SCORE - ply)


def leaf_terminal_value(state: PiranhasState, ply: int = 0) -> float | None:
    """A cheaper end check for the search horizon: the official 19.2.1 swarm check only.

    :meth:`PiranhasState.outcome` also looks for a blocked player, which means generating
    every move, the larger part of a leaf's cost. At the horizon the search accepts missing
    the rare blocked position and the rare equal-swarms draw (the static value of two united
    equal swarms is near the draw value 0 anyway); inner nodes use the exact outcome.
    """
    outcome = state.official_outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.0
    return WIN_SCORE - ply if outcome.winner == state.turn & 1 else -(WIN_SCORE - ply)


# --------------------------------------------------------------------------- players


Player: TypeAlias = BuiltInPlayer[PiranhasState, Move]
"""A built-in player of this game (see :class:`botarena.core.players.Player`)."""


class RandomPlayer(_RandomPlayer[Move]):
    """A uniformly random legal move."""


class GreedyPlayer:
    """The best move after one ply by :func:`evaluate` (a won game first); random among ties."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def choose_move(self, state: PiranhasState) -> Move:
        def value_of(move: Move) -> float:
            child = state.clone()
            child.apply_unchecked(move)
            # The child is seen from the opponent's side: negate.
            end = terminal_value(child)
            return -(end if end is not None else evaluate(child))

        return choose_best(legal_moves_or_raise(state), value_of, self.rng)


# --------------------------------------------------------------------------- search

DEFAULT_TIME_BUDGET = 1.5
"""Seconds per move of the search player (the official soft limit is 2 s)."""
MAX_SEARCH_DEPTH = 64
"""Iterative deepening stops here at the latest (a game has at most 60 plies)."""
CLOCK_CHECK_INTERVAL = 64
"""Nodes between two clock reads: a node costs well under 0.5 ms, so overrun stays small."""
TT_MAX_ENTRIES = 1_000_000
"""The transposition table stops growing here (memory bound; ~50 s of search at 20k nodes/s)."""
KILLER_SLOTS = 2

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfTime(Exception):  # noqa: N818 - internal control flow
    """The budget ran out; ``best`` is the root result so far that may be trusted, if any."""

    def __init__(self, best: tuple[Move, float] | None = None) -> None:
        super().__init__()
        self.best = best


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What one ``choose_move`` of the search player did."""

    move: Move
    score: float
    """Value of ``move`` for the player to move (``±WIN_SCORE`` region for forced results)."""
    depth: int
    """Deepest fully searched iteration (plies)."""
    nodes: int
    seconds: float

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@dataclass(slots=True)
class _TTEntry:
    depth: int
    score: float
    flag: int
    move: Move | None


class SearchPlayer:
    """Iterative-deepening negamax alpha-beta with a transposition table.

    Move ordering: the transposition-table move, then two killer moves per ply, then the
    history heuristic; at the root, the previous iteration's scores. Searches until
    ``time_budget`` seconds have passed (``None``: no limit) or ``max_depth`` is done, and
    plays the best move of the deepest iteration (or of the unfinished one, once its first
    move, the previous best, has been searched). ``last_stats`` describes the last search.
    """

    name = "search"

    def __init__(
        self,
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        max_depth: int = MAX_SEARCH_DEPTH,
        seed: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if time_budget is not None and time_budget <= 0:
            raise ValueError(f"time_budget must be positive, got {time_budget!r}")
        if not 1 <= max_depth <= MAX_SEARCH_DEPTH:
            raise ValueError(f"max_depth must be in 1..{MAX_SEARCH_DEPTH}, got {max_depth!r}")
        self.time_budget = time_budget
        self.max_depth = max_depth
        self.rng = SeededRandom(seed)
        self.clock = clock
        self.last_stats: SearchStats | None = None
        self.total_nodes = 0
        self.total_seconds = 0.0
        self._table: dict[tuple[int, int, int], _TTEntry] = {}
        self._killers: list[list[Move | None]] = []
        self._history: dict[int, int] = {}
        self._nodes = 0
        self._deadline = math.inf

    # ----------------------------------------------------------------- public

    def choose_move(self, state: PiranhasState) -> Move:
        moves = list(legal_moves_or_raise(state))
        start = self.clock()
        self._deadline = math.inf if self.time_budget is None else start + self.time_budget
        self._nodes = 0
        self._killers = [[None] * KILLER_SLOTS for _ in range(MAX_SEARCH_DEPTH + 2)]
        self._history = {}
        # A fresh table per move keeps memory and garbage-collection pauses small; entries
        # from the previous move would mostly be positions that can no longer occur.
        self._table = {}
        # Shuffle once so that equal moves are not always chosen in board order.
        self.rng.shuffle(moves)
        best_move, best_score, depth_done = moves[0], -math.inf, 0
        root_scores: dict[Move, float] = {}
        for depth in range(1, self.max_depth + 1):
            ordered = sorted(moves, key=lambda m: -root_scores.get(m, -math.inf))
            try:
                move, score = self._search_root(state, ordered, depth, root_scores)
            except _OutOfTime as partial:
                if partial.best is not None:
                    best_move, best_score = partial.best
                break
            best_move, best_score, depth_done = move, score, depth
            if abs(score) >= _WIN_THRESHOLD or len(moves) == 1:
                break  # a forced result or a forced move: deeper search changes nothing
        seconds = self.clock() - start
        self.last_stats = SearchStats(best_move, best_score, depth_done, self._nodes, seconds)
        self.total_nodes += self._nodes
        self.total_seconds += seconds
        return best_move

    # ----------------------------------------------------------------- internals

    def _search_root(
        self,
        state: PiranhasState,
        moves: list[Move],
        depth: int,
        root_scores: dict[Move, float],
    ) -> tuple[Move, float]:
        alpha, beta = -math.inf, math.inf
        best: tuple[Move, float] | None = None
        for index, move in enumerate(moves):
            child = state.clone()
            child.apply_unchecked(move)
            try:
                score = -self._negamax(child, depth - 1, -beta, -alpha, 1)
            except _OutOfTime:
                # The first move is the previous best: once it is done, a better move found
                # in this iteration is a real improvement.
                raise _OutOfTime(best if index > 0 else None) from None
            root_scores[move] = score
            if best is None or score > best[1]:
                best = (move, score)
                alpha = max(alpha, score)
        assert best is not None
        return best

    def _negamax(
        self, state: PiranhasState, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        self._nodes += 1
        if not self._nodes % CLOCK_CHECK_INTERVAL and self.clock() >= self._deadline:
            raise _OutOfTime
        if depth <= 0:
            end = leaf_terminal_value(state, ply)
            return end if end is not None else evaluate(state)
        end = terminal_value(state, ply)
        if end is not None:
            return end

        key = (state.red, state.blue, state.turn)
        entry = self._table.get(key)
        tt_move: Move | None = None
        if entry is not None:
            tt_move = entry.move
            if entry.depth >= depth:
                score = _from_table(entry.score, ply)
                if entry.flag == _EXACT:
                    return score
                if entry.flag == _LOWER and score >= beta:
                    return score
                if entry.flag == _UPPER and score <= alpha:
                    return score

        original_alpha = alpha
        best_score = -math.inf
        best_move: Move | None = None
        for move in self._ordered(state.generate_moves(), tt_move, ply):
            child = state.clone()
            child.apply_unchecked(move)
            score = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if score > best_score:
                best_score = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._remember_cutoff(move, ply, depth)
                        break

        flag = _UPPER if best_score <= original_alpha else _LOWER if best_score >= beta else _EXACT
        if len(self._table) < TT_MAX_ENTRIES:
            self._table[key] = _TTEntry(depth, _to_table(best_score, ply), flag, best_move)
        return best_score

    def _ordered(self, moves: Sequence[Move], tt_move: Move | None, ply: int) -> list[Move]:
        # The engine shares one Move object per (square, direction), so identity and id()
        # are cheap, exact keys here (a Move's dataclass hash is recomputed on every call).
        history = self._history
        first, second = self._killers[ply]

        def priority(move: Move) -> int:
            if move is tt_move:
                return -(1 << 62)
            if move is first or move is second:
                return -(1 << 61)
            return -history.get(id(move), 0)

        return sorted(moves, key=priority)

    def _remember_cutoff(self, move: Move, ply: int, depth: int) -> None:
        killers = self._killers[ply]
        if killers[0] is not move:
            killers[1] = killers[0]
            killers[0] = move
        self._history[id(move)] = self._history.get(id(move), 0) + depth * depth


def _to_table(score: float, ply: int) -> float:
    """Win scores are stored relative to the node, so they stay right in other paths."""
    if score >= _WIN_THRESHOLD:
        return score + ply
    if score <= -_WIN_THRESHOLD:
        return score - ply
    return score


def _from_table(score: float, ply: int) -> float:
    if score >= _WIN_THRESHOLD:
        return score - ply
    if score <= -_WIN_THRESHOLD:
        return score + ply
    return score


PLAYER_OPTIONS: dict[str, tuple[str, ...]] = {
    "random": (),
    "greedy": (),
    "search": ("time_budget", "max_depth"),
}
"""Each built-in player and the options :func:`make_player` passes to it."""
PLAYER_NAMES = tuple(PLAYER_OPTIONS)


def make_player(name: str, seed: int | None = None, **options: float | int | None) -> Player:
    """A built-in player by name (``random``, ``greedy``, ``search``).

    ``options`` go to :class:`SearchPlayer` (``time_budget``, ``max_depth``).
    """
    check_player_options(name, options, PLAYER_OPTIONS)
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    return SearchPlayer(seed=seed, **options)  # type: ignore[arg-type]
