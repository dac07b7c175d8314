"""Built-in Blokus 2027 players: the Blokus players of :mod:`botarena.games.blokus.players`,
which play any season's state.

* ``random``: a uniformly random legal move (SetMoves and, once allowed, the SkipMove).
* ``greedy``: the largest shape it can place; among those the placement that leaves the
  colour the most anchor fields (free corners to grow from); random among ties. It never
  skips while it can place a piece.
* ``search``: a one-ply lookahead. It takes the ``candidates`` best placements in greedy
  order, plays each on a copy and scores the result by ``size_weight`` × piece size + the
  mover's mobility (number of legal placements) − the opposing colours' mobility.

Every random choice comes from a :class:`SeededRandom` made from the player's seed.
"""

from __future__ import annotations

from typing import TypeAlias

from botarena.core.players import Player as BuiltInPlayer
from botarena.games.blokus.moves import Move
from botarena.games.blokus.players import (
    PLAYER_NAMES,
    PLAYER_OPTIONS,
    SEARCH_CANDIDATES,
    SEARCH_SIZE_WEIGHT,
    GreedyPlayer,
    RandomPlayer,
    SearchPlayer,
    anchors_after,
    make_player,
    mobility,
)
from botarena.games.blokus_2027.rules import BlokusState

__all__ = [
    "PLAYER_NAMES",
    "PLAYER_OPTIONS",
    "SEARCH_CANDIDATES",
    "SEARCH_SIZE_WEIGHT",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "anchors_after",
    "make_player",
    "mobility",
]

Player: TypeAlias = BuiltInPlayer[BlokusState, Move]
"""A built-in player of this game (see :class:`botarena.core.players.Player`)."""
