"""Built-in Hase und Igel 2018 players: random and greedy (one ply).

Every player is an object with a ``name`` and ``choose_move(state) -> Move`` (the
:class:`HarePlayer` protocol, the same shape as the other games' built-in players), used
in-process by the runner and wrapped as a process by the bot SDK. Randomness comes from a
:class:`botarena.core.SeededRandom`.

The greedy evaluation follows what wins this game: the goal (which needs every salad eaten
and at most 10 carrots left), otherwise the field index at the round limit. So a position is
worth its progress along the track plus its eaten salads, minus how far its carrots are from
the budget needed to cover the remaining distance in the remaining moves (too few carrots
stall the hare, too many keep it out of the goal).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from botarena.core import SeededRandom
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


class HarePlayer(Protocol):
    """A built-in player: a name and a move for any running position."""

    name: str

    def choose_move(self, state: HaseUndIgelState) -> Move:
        """A legal move for the player to move. Raises :class:`NoLegalMove` when over."""
        ...


class NoLegalMove(ValueError):  # noqa: N818 - reads as the condition, like InvalidMove
    """``choose_move`` was called on a finished game."""


def _legal_moves(state: HaseUndIgelState) -> Sequence[Move]:
    moves = state.legal_moves()
    if not moves:
        raise NoLegalMove(f"no legal move: the game is over ({state.outcome()})")
    return moves


class RandomPlayer:
    """A uniformly random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def choose_move(self, state: HaseUndIgelState) -> Move:
        return self.rng.choice(_legal_moves(state))


class GreedyPlayer:
    """The best move after one ply by :func:`evaluate`; random among equally good moves."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def choose_move(self, state: HaseUndIgelState) -> Move:
        seat = state.turn & 1
        best: list[Move] = []
        best_value = -math.inf
        for move in _legal_moves(state):
            child = state.clone()
            child.apply(move)
            value = evaluate(child, seat)
            if value > best_value:
                best_value = value
                best = [move]
            elif value == best_value:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)


PLAYER_NAMES = ("random", "greedy")


def make_player(name: str, seed: int | None = None) -> HarePlayer:
    """A built-in player by name (``random`` or ``greedy``)."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(PLAYER_NAMES)}")
