"""Built-in Piranhas 2026 players: random, greedy (one ply) and search (iterative-deepening
alpha-beta), with the same ``make_player``/``PLAYER_OPTIONS`` shape as the 2019 players.

Every player is an object with a ``name`` and ``choose_move(state) -> Move`` (the
:class:`botarena.core.players.Player` protocol); randomness comes from a
:class:`botarena.core.SeededRandom`, so a seed fixes every choice.

The evaluation follows how 2026 is won: at the end (a team united at the end of a round, a
blocked side, or turn 60) the **heavier largest swarm** wins, so uniting a light swarm early
is no win by itself. For each team: the weight of its largest swarm, the total weight of its
fish (material: captures lower the opponent's ceiling), minus how spread out its fish are
(variance of their coordinates, which is what makes uniting slow). The greedy and search
players are the shared ones of :mod:`botarena.core.search` with this evaluation; they work on
the rules engine's own state (``clone``, ``generate_moves``, ``apply_unchecked``,
``win_condition``), so there is one copy of the rules.
"""

from __future__ import annotations

from typing import TypeAlias

from botarena.core.players import Player as BuiltInPlayer
from botarena.core.players import PlayerTable, RandomPlayer
from botarena.core.search import WIN_SCORE, AlphaBetaPlayer, NegamaxGreedyPlayer, end_value
from botarena.games.piranhas.players import coordinate_variance, season_players
from botarena.games.piranhas_2026.board import largest_swarm_weight
from botarena.games.piranhas_2026.model import Move
from botarena.games.piranhas_2026.rules import Piranhas2026State
from botarena.native.piranhas import Strong2026

# --------------------------------------------------------------------------- evaluation

SWARM_WEIGHT = 10.0
"""Value per weight unit of a team's largest swarm (what decides the game)."""
MATERIAL_WEIGHT = 3.0
"""Value per weight unit of all of a team's fish."""
SPREAD_WEIGHT = 2.0
"""Penalty per unit of coordinate variance (x and y summed; about 25 at the start)."""


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
    return end_value(state.win_condition(), state.turn & 1, ply)


# --------------------------------------------------------------------------- players


Player: TypeAlias = BuiltInPlayer[Piranhas2026State, Move]
"""A built-in player of this game (see :class:`botarena.core.players.Player`)."""


class GreedyPlayer(NegamaxGreedyPlayer[Piranhas2026State, Move]):
    """The best move after one ply by :func:`evaluate` (a won game first); random among ties."""

    terminal_value = staticmethod(terminal_value)
    evaluate = staticmethod(evaluate)


_Key: TypeAlias = tuple[int, int, int, int, int, int]


class SearchPlayer(AlphaBetaPlayer[Piranhas2026State, Move]):
    """Iterative-deepening alpha-beta (:class:`botarena.core.search.AlphaBetaPlayer`) with
    :func:`evaluate` and the exact end check (:func:`terminal_value`) at every node."""

    terminal_value = staticmethod(terminal_value)

    def leaf_value(self, state: Piranhas2026State, ply: int) -> float:
        end = terminal_value(state, ply)
        return end if end is not None else evaluate(state)

    def table_key(self, state: Piranhas2026State) -> _Key:
        union = -1 if state.first_union is None else int(state.first_union)
        return (state.one, state.two, state.w1, state.w2, state.turn, union)


PLAYERS: PlayerTable[Player] = season_players(
    RandomPlayer[Move], GreedyPlayer, SearchPlayer, Strong2026
)
"""The built-in players (see :func:`botarena.games.piranhas.players.season_players`)."""
PLAYER_OPTIONS = PLAYERS.options
PLAYER_NAMES = PLAYERS.names
make_player = PLAYERS.make_player
