"""Differential test: random Blokus games (2021 and 2027) played in the Python engine and in
the native core side by side, compared at every ply: legal moves (as sets of Python move
values), colour to move, turn, valid colours, points, game end and winner; and the core's
state carried along by its own ``apply`` hashes like the same position loaded afresh."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.games.blokus import BlokusState as State2021
from botarena.games.blokus.colors import COLOURS
from botarena.games.blokus.moves import SkipMove
from botarena.games.blokus.shapes import START_PIECES as START_2021
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus.state_base import BlokusStateBase
from botarena.games.blokus_2027 import START_PIECES as START_2027
from botarena.games.blokus_2027 import BlokusState as State2027
from botarena.native import blokus as native_blokus

GAMES_PER_SEASON = 6
"""Random games per season and run (well under a second each)."""


def compare(state: BlokusStateBase, position: Any) -> None:
    moves = native_blokus.moves_of_keys(
        COLOURS[position.current_colour],
        position.legal_keys(),
    )
    assert set(moves) == set(state.legal_moves())
    assert position.is_terminal() == state.is_terminal()
    assert position.turn == state.turn
    assert position.valid == sum(1 << c for c in state.valid_colors)
    assert [position.points(c) for c in COLOURS] == [state.points(c) for c in COLOURS]
    fresh = native_blokus.to_native(state)
    assert fresh.zobrist() == position.zobrist()


def play(state: BlokusStateBase, seed: int, skip_rate: float) -> None:
    rng = random.Random(seed)
    position = native_blokus.to_native(state)
    while True:
        compare(state, position)
        if state.is_terminal():
            break
        moves = state.legal_moves()
        skip = moves[-1] if isinstance(moves[-1], SkipMove) else None
        move = skip if skip is not None and rng.random() < skip_rate else rng.choice(moves)
        state.apply(move)
        position.apply_key(native_blokus.key_of(move))
    one, two = position.team_points()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winner == (None if one == two else (0 if one > two else 1))


@settings(max_examples=GAMES_PER_SEASON, deadline=None)
@given(
    piece=st.sampled_from(START_2021),
    seed=st.integers(0, 2**32),
    skip_rate=st.sampled_from([0.0, 0.1, 0.5]),
)
def test_random_2021_games_agree_at_every_ply(piece: Shape, seed: int, skip_rate: float) -> None:
    play(State2021(piece), seed, skip_rate)


@settings(max_examples=GAMES_PER_SEASON, deadline=None)
@given(
    piece=st.sampled_from(START_2027),
    seed=st.integers(0, 2**32),
    skip_rate=st.sampled_from([0.0, 0.1, 0.5]),
)
def test_random_2027_games_agree_at_every_ply(piece: Shape, seed: int, skip_rate: float) -> None:
    play(State2027(piece), seed, skip_rate)
