"""Built-in Hase und Igel 2018 players: random, greedy (one ply) and search (alpha-beta).

Every player is an object with a ``name`` and ``choose_move(state) -> Move`` (the
:class:`HarePlayer` protocol, the same shape as the other games' built-in players), used
in-process by the runner and wrapped as a process by the bot SDK. Randomness comes from a
:class:`botarena.core.SeededRandom`.

The greedy evaluation follows what wins this game: the goal (which needs every salad eaten
and at most 10 carrots left), otherwise the field index at the round limit. So a position is
worth its progress along the track plus its eaten salads, minus how far its carrots are from
the budget needed to cover the remaining distance in the remaining moves (too few carrots
stall the hare, too many keep it out of the goal). The search player looks further ahead
with the same evaluation (iterative-deepening negamax with alpha-beta pruning within a time
budget), working on the rules engine's own states, so there is one copy of the rules.
"""

from __future__ import annotations

import math
import time
from typing import TypeAlias

from botarena.core import SeededRandom
from botarena.core.players import GreedyPlayer as _GreedyPlayer
from botarena.core.players import Player as BuiltInPlayer
from botarena.core.players import (
    PlayerTable,
    legal_moves_or_raise,
)
from botarena.core.players import RandomPlayer as _RandomPlayer
from botarena.games.hase_und_igel.actions import CardType, Move
from botarena.games.hase_und_igel.board import GOAL_INDEX, Board, FieldType
from botarena.games.hase_und_igel.rules import (
    GOAL_MAX_CARROTS,
    INITIAL_SALADS,
    ROUND_LIMIT_TURNS,
    HaseUndIgelState,
    Player,
    cost,
    must_leave,
)

FIELD_WEIGHT = 10.0
"""Value of one field of progress."""
SALAD_WEIGHT = 60.0
"""Value of one eaten salad (all five are needed to enter the goal)."""
CARROT_SHORTFALL_WEIGHT = 1.5
"""Penalty per carrot missing from the budget to reach the goal in time."""
CARROT_SURPLUS_WEIGHT = 0.3
"""Penalty per carrot above the budget (they must be shed before entering the goal)."""
STRANDED_SALAD_WEIGHT = 150.0
"""Penalty per salad that no salad field ahead (nor the EAT_SALAD card) can take any more:
such a salad forces a long fall back before the goal can be entered."""
WIN_VALUE = 1_000_000.0
"""Value of a won game (a lost one is its negative)."""


def carrot_budget(index: int, moves_left: int) -> int:
    """Carrots needed to cover the rest of the track evenly in ``moves_left`` moves, plus the
    allowance that may be kept when entering the goal."""
    distance = GOAL_INDEX - index
    if distance <= 0:
        return 0
    moves = max(1, min(moves_left, distance))
    step, longer = divmod(distance, moves)
    # ``longer`` moves of ``step + 1`` fields, the rest of ``step`` fields
    return longer * cost(step + 1) + (moves - longer) * cost(step) + GOAL_MAX_CARROTS // 2


def player_value(board: Board, player: Player, moves_left: int) -> float:
    """How good a player's own situation is (higher is better)."""
    if player.index == GOAL_INDEX:
        return FIELD_WEIGHT * GOAL_INDEX + SALAD_WEIGHT * INITIAL_SALADS
    budget = carrot_budget(player.index, moves_left)
    gap = player.carrots - budget
    carrots = CARROT_SURPLUS_WEIGHT * gap if gap > 0 else CARROT_SHORTFALL_WEIGHT * -gap
    eaten = INITIAL_SALADS - player.salads
    stranded = max(0, player.salads - salad_chances(board, player))
    return (
        FIELD_WEIGHT * player.index
        + SALAD_WEIGHT * eaten
        - carrots
        - STRANDED_SALAD_WEIGHT * stranded
    )


def salad_chances(board: Board, player: Player) -> int:
    """Salads the player can still eat without going back: salad fields ahead (and the one
    it stands on, if not eaten there yet) plus the EAT_SALAD card."""
    chances = sum(1 for index in board.salad_indices if index > player.index)
    if board.fields[player.index] is FieldType.SALAD and not must_leave(board, player):
        chances += 1
    if CardType.EAT_SALAD in player.cards:
        chances += 1
    return chances


def evaluate(state: HaseUndIgelState, seat: int) -> float:
    """The value of ``state`` for ``seat``: a decided game, else own minus opponent's value."""
    outcome = state.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return WIN_VALUE if outcome.winner == seat else -WIN_VALUE
    moves_left = max(1, (ROUND_LIMIT_TURNS - state.turn + 1) // 2)
    own = player_value(state.board, state.player_states[seat], moves_left)
    other = player_value(state.board, state.player_states[1 - seat], moves_left)
    return own - other


HarePlayer: TypeAlias = BuiltInPlayer[HaseUndIgelState, Move]
"""A built-in player of this game (see :class:`botarena.core.players.Player`)."""


class RandomPlayer(_RandomPlayer[Move]):
    """A uniformly random legal move."""


class GreedyPlayer(_GreedyPlayer[HaseUndIgelState, Move]):
    """The best move after one ply by :func:`evaluate`; random among equally good moves."""

    def move_value(self, state: HaseUndIgelState, move: Move) -> float:
        child = state.clone()
        child.apply(move)
        return evaluate(child, state.turn & 1)


DEFAULT_TIME_BUDGET = 1.0
"""Seconds per move of the search player (the official soft limit is 2 s)."""
MAX_SEARCH_DEPTH = 60
"""Iterative deepening stops here at the latest (a game has at most 60 plies)."""
CLOCK_CHECK_INTERVAL = 128
"""Nodes between two clock reads."""
_WIN_THRESHOLD = WIN_VALUE / 2


class _OutOfTime(Exception):  # noqa: N818 - internal control flow
    pass


class SearchPlayer:
    """Iterative-deepening negamax with alpha-beta pruning over :func:`evaluate`.

    Each finished depth's best move is searched first at the next depth; when the time
    budget runs out during a depth, the best move of the last finished depth is played.
    Wins found nearer the root score higher (a quicker win, a later loss).
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = DEFAULT_TIME_BUDGET,
        max_depth: int = MAX_SEARCH_DEPTH,
    ) -> None:
        if time_budget <= 0 or max_depth < 1:
            raise ValueError("time_budget must be positive and max_depth at least 1")
        self.rng = SeededRandom(seed)
        self.time_budget = time_budget
        self.max_depth = max_depth
        self.nodes = 0
        self.depth_reached = 0
        self._deadline = 0.0

    def choose_move(self, state: HaseUndIgelState) -> Move:
        moves = list(legal_moves_or_raise(state))
        if len(moves) == 1:
            return moves[0]
        self.rng.shuffle(moves)  # seeded variety among equally good moves
        self._deadline = time.perf_counter() + self.time_budget
        self.nodes = 0
        self.depth_reached = 0
        best = moves[0]
        for depth in range(1, self.max_depth + 1):
            try:
                best = self._search_root(state, moves, depth)
            except _OutOfTime:
                break
            self.depth_reached = depth
            moves.remove(best)
            moves.insert(0, best)
        return best

    def _search_root(self, state: HaseUndIgelState, moves: list[Move], depth: int) -> Move:
        alpha = -math.inf
        best = moves[0]
        for move in moves:
            child = state.clone()
            child.apply(move)
            value = -self._negamax(child, depth - 1, -math.inf, -alpha, 1)
            if value > alpha:
                alpha, best = value, move
        return best

    def _negamax(
        self, state: HaseUndIgelState, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        self.nodes += 1
        if self.nodes % CLOCK_CHECK_INTERVAL == 0 and time.perf_counter() > self._deadline:
            raise _OutOfTime
        mover = state.turn & 1
        if depth == 0 or state.is_terminal():
            value = evaluate(state, mover)
            if value >= _WIN_THRESHOLD:
                return value - ply
            if value <= -_WIN_THRESHOLD:
                return value + ply
            return value
        best = -math.inf
        for move in state.legal_moves():
            child = state.clone()
            child.apply(move)
            value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


def _search_player(
    seed: int | None = None,
    time_budget: float = DEFAULT_TIME_BUDGET,
    max_depth: int = MAX_SEARCH_DEPTH,
) -> SearchPlayer:
    return SearchPlayer(seed, time_budget=float(time_budget), max_depth=int(max_depth))


PLAYERS = PlayerTable[HarePlayer](random=RandomPlayer, greedy=GreedyPlayer, search=_search_player)
"""The built-in players; ``search`` takes ``time_budget`` and ``max_depth``."""
PLAYER_OPTIONS = PLAYERS.options
PLAYER_NAMES = PLAYERS.names
make_player = PLAYERS.make_player
