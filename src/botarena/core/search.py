"""Iterative-deepening negamax alpha-beta for two-player, zero-sum games: the search player
that several games' built-in players share.

A game's search player subclasses :class:`AlphaBetaPlayer` and says only what is its own:
the value of a position at the horizon (:meth:`~AlphaBetaPlayer.leaf_value`), the value of a
finished game (:meth:`~AlphaBetaPlayer.terminal_value`) and the transposition-table key of a
position (:meth:`~AlphaBetaPlayer.table_key`). The state is the rules engine's own
(:class:`SearchState`: ``clone``, ``generate_moves``, ``apply_unchecked``), so there is one
copy of the rules. Values are for the side to move; wins are worth ``WIN_SCORE - ply``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from botarena.core.game import GameState
from botarena.core.players import GreedyPlayer, legal_moves_or_raise
from botarena.core.rng import SeededRandom

DEFAULT_TIME_BUDGET = 1.5
"""Seconds per move of a search player (the official soft limit is 2 s)."""
MAX_SEARCH_DEPTH = 64
"""Iterative deepening stops here at the latest."""
CLOCK_CHECK_INTERVAL = 64
"""Nodes between two clock reads: a node costs well under 0.5 ms, so overrun stays small."""
TT_MAX_ENTRIES = 1_000_000
"""The transposition table stops growing here (memory bound; ~50 s of search at 20k nodes/s)."""
KILLER_SLOTS = 2
"""Killer moves remembered per ply."""
WIN_SCORE = 1_000_000.0
"""Score of a won position; wins found ``n`` plies deeper are worth ``n`` less."""
WIN_THRESHOLD = WIN_SCORE - 1_000.0
"""Scores beyond this are wins or losses at a known distance."""

_EXACT, _LOWER, _UPPER = 0, 1, 2

MoveT = TypeVar("MoveT")
StateT = TypeVar("StateT", bound="SearchState[Any]")


class SearchState(GameState[MoveT], Protocol[MoveT]):
    """What the search needs of a rules engine's state besides the game API: the moves
    without the end check and without legality checks on apply (both for speed)."""

    def generate_moves(self) -> Sequence[MoveT]: ...

    def apply_unchecked(self, move: MoveT) -> None: ...


class GameEnd(Protocol):
    """A finished game's result as the rules give it: the winning seat, ``None`` for a draw."""

    @property
    def winner(self) -> int | None: ...


def end_value(end: GameEnd | None, side: int, ply: int) -> float | None:
    """The value of a finished game for ``side``: ``WIN_SCORE - ply`` for a win, its negation
    for a loss, 0 for a draw; ``None`` while the game runs (``end`` is ``None``)."""
    if end is None:
        return None
    winner = end.winner
    if winner is None:
        return 0.0
    return WIN_SCORE - ply if winner == side else -(WIN_SCORE - ply)


class _OutOfTime(Exception):  # noqa: N818 - internal control flow
    """The budget ran out; ``best`` is the root result so far that may be trusted, if any."""

    def __init__(self, best: tuple[object, float] | None = None) -> None:
        super().__init__()
        self.best = best


@dataclass(frozen=True, slots=True)
class SearchStats(Generic[MoveT]):
    """What one ``choose_move`` of a search player did."""

    move: MoveT
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
class _TTEntry(Generic[MoveT]):
    depth: int
    score: float
    flag: int
    move: MoveT | None


class AlphaBetaPlayer(Generic[StateT, MoveT]):
    """Iterative-deepening negamax alpha-beta with a transposition table.

    Move ordering: the transposition-table move, then two killer moves per ply, then the
    history heuristic; at the root, the previous iteration's scores. Searches until
    ``time_budget`` seconds have passed (``None``: no limit) or ``max_depth`` is done, and
    plays the best move of the deepest iteration (or of the unfinished one, once its first
    move, the previous best, has been searched). ``last_stats`` describes the last search.

    The engine must share one move object per distinct move (killers and history are kept
    by identity, which is exact and cheaper than a dataclass hash).
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
        self.last_stats: SearchStats[MoveT] | None = None
        self.total_nodes = 0
        self.total_seconds = 0.0
        self._table: dict[Hashable, _TTEntry[MoveT]] = {}
        self._killers: list[list[MoveT | None]] = []
        self._history: dict[int, int] = {}
        self._nodes = 0
        self._deadline = math.inf

    # ----------------------------------------------------------------- the game's part

    def leaf_value(self, state: StateT, ply: int) -> float:
        """The value at the search horizon (a finished game's or a static evaluation)."""
        raise NotImplementedError

    def terminal_value(self, state: StateT, ply: int) -> float | None:
        """The value of a finished game (see :func:`end_value`), ``None`` if it runs on."""
        raise NotImplementedError

    def table_key(self, state: StateT) -> Hashable:
        """What determines the position's future, as a transposition-table key."""
        raise NotImplementedError

    # ----------------------------------------------------------------- public

    def choose_move(self, state: StateT) -> MoveT:
        moves: list[MoveT] = list(legal_moves_or_raise(state))
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
        root_scores: dict[MoveT, float] = {}
        for depth in range(1, self.max_depth + 1):
            ordered = sorted(moves, key=lambda m: -root_scores.get(m, -math.inf))
            try:
                move, score = self._search_root(state, ordered, depth, root_scores)
            except _OutOfTime as partial:
                if partial.best is not None:
                    best_move, best_score = partial.best  # type: ignore[assignment]
                break
            best_move, best_score, depth_done = move, score, depth
            if abs(score) >= WIN_THRESHOLD or len(moves) == 1:
                break  # a forced result or a forced move: deeper search changes nothing
        seconds = self.clock() - start
        self.last_stats = SearchStats(best_move, best_score, depth_done, self._nodes, seconds)
        self.total_nodes += self._nodes
        self.total_seconds += seconds
        return best_move

    # ----------------------------------------------------------------- internals

    def _search_root(
        self, state: StateT, moves: list[MoveT], depth: int, root_scores: dict[MoveT, float]
    ) -> tuple[MoveT, float]:
        alpha, beta = -math.inf, math.inf
        best: tuple[MoveT, float] | None = None
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

    def _negamax(self, state: StateT, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._nodes += 1
        if not self._nodes % CLOCK_CHECK_INTERVAL and self.clock() >= self._deadline:
            raise _OutOfTime
        if depth <= 0:
            return self.leaf_value(state, ply)
        end = self.terminal_value(state, ply)
        if end is not None:
            return end

        key = self.table_key(state)
        entry = self._table.get(key)
        tt_move: MoveT | None = None
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
        best_move: MoveT | None = None
        moves: Sequence[MoveT] = state.generate_moves()
        for move in self._ordered(moves, tt_move, ply):
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

    def _ordered(self, moves: Sequence[MoveT], tt_move: MoveT | None, ply: int) -> list[MoveT]:
        # One move object per distinct move: identity and id() are cheap, exact keys here
        # (a move's dataclass hash is recomputed on every call).
        history = self._history
        first, second = self._killers[ply]

        def priority(move: MoveT) -> int:
            if move is tt_move:
                return -(1 << 62)
            if move is first or move is second:
                return -(1 << 61)
            return -history.get(id(move), 0)

        return sorted(moves, key=priority)

    def _remember_cutoff(self, move: MoveT, ply: int, depth: int) -> None:
        killers = self._killers[ply]
        if killers[0] is not move:
            killers[1] = killers[0]
            killers[0] = move
        self._history[id(move)] = self._history.get(id(move), 0) + depth * depth


def _to_table(score: float, ply: int) -> float:
    """Win scores are stored relative to the node, so they stay right in other paths."""
    if score >= WIN_THRESHOLD:
        return score + ply
    if score <= -WIN_THRESHOLD:
        return score - ply
    return score


def _from_table(score: float, ply: int) -> float:
    if score >= WIN_THRESHOLD:
        return score - ply
    if score <= -WIN_THRESHOLD:
        return score + ply
    return score


class NegamaxGreedyPlayer(GreedyPlayer[StateT, MoveT]):
    """The best move after one ply by the values a game's search uses: a finished game's
    :meth:`terminal_value`, else the static :meth:`evaluate`, both for the side to move in
    the child and so negated (a won game comes first); random among ties."""

    def terminal_value(self, state: StateT, ply: int) -> float | None:
        """The value of a finished game for the side to move, ``None`` if it runs on."""
        raise NotImplementedError

    def evaluate(self, state: StateT) -> float:
        """The static value of a running game for the side to move."""
        raise NotImplementedError

    def move_value(self, state: StateT, move: MoveT) -> float:
        child = state.clone()
        child.apply_unchecked(move)
        end = self.terminal_value(child, 0)
        return -(end if end is not None else self.evaluate(child))
