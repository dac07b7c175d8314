"""Built-in Piranhas 2026 players: random, greedy (one ply) and search (iterative-deepening
alpha-beta), with the same ``make_player``/``PLAYER_OPTIONS`` shape as the 2019 players.

Every player is an object with a ``name`` and ``choose_move(state) -> Move`` (the
:class:`botarena.core.players.Player` protocol); randomness comes from a
:class:`botarena.core.SeededRandom`, so a seed fixes every choice.

The evaluation follows how 2026 is won: at the end (a team united at the end of a round, a
blocked side, or turn 60) the **heavier largest swarm** wins, so uniting a light swarm early
is no win by itself. For each team: the weight of its largest swarm, the total weight of its
fish (material: captures lower the opponent's ceiling), minus how spread out its fish are
(variance of their coordinates, which is what makes uniting slow). The search player works on
the rules engine's own state (``clone``, ``generate_moves``, ``apply_unchecked``,
``win_condition``), so there is one copy of the rules.
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
from botarena.core.players import check_player_options, choose_best, legal_moves_or_raise
from botarena.games.piranhas.players import coordinate_variance
from botarena.games.piranhas_2026.board import largest_swarm_weight
from botarena.games.piranhas_2026.model import Move
from botarena.games.piranhas_2026.rules import Piranhas2026State

# --------------------------------------------------------------------------- evaluation

SWARM_WEIGHT = 10.0
"""Value per weight unit of a team's largest swarm (what decides the game)."""
MATERIAL_WEIGHT = 3.0
"""Value per weight unit of all of a team's fish."""
SPREAD_WEIGHT = 2.0
"""Penalty per unit of coordinate variance (x and y summed; about 25 at the start)."""
WIN_SCORE = 1_000_000.0
"""Score of a won position; wins found ``n`` plies deeper are worth ``n`` less."""
_WIN_THRESHOLD = WIN_SCORE - 1_000.0


def team_value(fish: int, w1: int, w2: int) -> float:
    """How good a team's fish (bitboard) are; higher is better."""
    if not fish:
        return -WIN_SCORE / 2
    weight = (fish & w1).bit_count() + 2 * (fish & w2).bit_count()
    return (
        SWARM_WEIGHT * largest_swarm_weight(fish, w1, w2)
        + MATERIAL_WEIGHT * weight
        - SPREAD_WEIGHT * coordinate_variance(fish)
    )


def evaluate(state: Piranhas2026State) -> float:
    """Static value of a running game for the team to move (own minus the opponent's)."""
    one = team_value(state.one, state.w1, state.w2)
    two = team_value(state.two, state.w1, state.w2)
    return two - one if state.turn & 1 else one - two


def terminal_value(state: Piranhas2026State, ply: int = 0) -> float | None:
    """``±(WIN_SCORE - ply)`` or 0 if the game is over (for the team to move), else ``None``."""
    condition = state.win_condition()
    if condition is None:
        return None
    if condition.winner is None:
        return 0.0
    return WIN_SCORE - ply if int(condition.winner) == state.turn & 1 else -(WIN_SCORE - ply)


# --------------------------------------------------------------------------- players


Player: TypeAlias = BuiltInPlayer[Piranhas2026State, Move]
"""A built-in player of this game (see :class:`botarena.core.players.Player`)."""


class RandomPlayer(_RandomPlayer[Move]):
    """A uniformly random legal move."""


class GreedyPlayer:
    """The best move after one ply by :func:`evaluate` (a won game first); random among ties."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def choose_move(self, state: Piranhas2026State) -> Move:
        def value_of(move: Move) -> float:
            child = state.clone()
            child.apply_unchecked(move)
            end = terminal_value(child)  # seen from the opponent's side: negate
            return -(end if end is not None else evaluate(child))

        return choose_best(legal_moves_or_raise(state), value_of, self.rng)


# --------------------------------------------------------------------------- search

DEFAULT_TIME_BUDGET = 1.5
"""Seconds per move of the search player (the official soft limit is 2 s)."""
MAX_SEARCH_DEPTH = 64
"""Iterative deepening stops here at the latest (a game has at most 60 plies)."""
CLOCK_CHECK_INTERVAL = 64
"""Nodes between two clock reads."""
TT_MAX_ENTRIES = 1_000_000
"""The transposition table stops growing here (memory bound)."""
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


_Key: TypeAlias = tuple[int, int, int, int, int, int]


def _key(state: Piranhas2026State) -> _Key:
    union = -1 if state.first_union is None else int(state.first_union)
    return (state.one, state.two, state.w1, state.w2, state.turn, union)


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
        self._table: dict[_Key, _TTEntry] = {}
        self._killers: list[list[Move | None]] = []
        self._history: dict[int, int] = {}
        self._nodes = 0
        self._deadline = math.inf

    def choose_move(self, state: Piranhas2026State) -> Move:
        moves = list(legal_moves_or_raise(state))
        start = self.clock()
        self._deadline = math.inf if self.time_budget is None else start + self.time_budget
        self._nodes = 0
        self._killers = [[None] * KILLER_SLOTS for _ in range(MAX_SEARCH_DEPTH + 2)]
        self._history = {}
        self._table = {}  # a fresh table per move keeps memory and GC pauses small
        self.rng.shuffle(moves)  # equal moves are not always chosen in board order
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

    def _search_root(
        self,
        state: Piranhas2026State,
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
                raise _OutOfTime(best if index > 0 else None) from None
            root_scores[move] = score
            if best is None or score > best[1]:
                best = (move, score)
                alpha = max(alpha, score)
        assert best is not None
        return best

    def _negamax(
        self, state: Piranhas2026State, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        self._nodes += 1
        if not self._nodes % CLOCK_CHECK_INTERVAL and self.clock() >= self._deadline:
            raise _OutOfTime
        end = terminal_value(state, ply)
        if end is not None:
            return end
        if depth <= 0:
            return evaluate(state)

        key = _key(state)
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
        # The engine shares one Move object per (square, direction): id() is an exact key.
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
