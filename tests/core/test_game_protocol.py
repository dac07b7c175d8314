"""Every game plugin satisfies the uniform game API of botarena.core.

The annotations are checked by mypy (``Game[XState]`` must type-check); the test plays one
seeded random game of each through nothing but the protocol.
"""

from __future__ import annotations

from typing import Any

import pytest

from botarena.core import Game, SeededRandom
from botarena.games.blokus import BlokusGame, BlokusState
from botarena.games.hase_und_igel.game import HaseUndIgel
from botarena.games.hase_und_igel.rules import HaseUndIgelState
from botarena.games.maumau import MauMauGame, MauMauState
from botarena.games.piranhas import PiranhasGame, PiranhasState

PIRANHAS: Game[PiranhasState] = PiranhasGame()
BLOKUS: Game[BlokusState] = BlokusGame()
HASE_UND_IGEL: Game[HaseUndIgelState] = HaseUndIgel()
MAUMAU: Game[MauMauState] = MauMauGame()

MAX_PLIES = 5000
"""No game of these rules lasts this long; reaching it would mean a game that never ends."""


@pytest.mark.parametrize("game", [PIRANHAS, BLOKUS, HASE_UND_IGEL, MAUMAU], ids=lambda g: g.name)
def test_a_random_game_through_the_uniform_api_ends_with_an_outcome(game: Game[Any]) -> None:
    rng = SeededRandom(2026)
    state = game.new_initial_state(rng.derive("setup"), players=game.min_players)
    for _ in range(MAX_PLIES):
        if state.is_terminal():
            break
        assert state.current_seat is not None
        copy = state.clone()
        state.apply(rng.choice(list(state.legal_moves())))
        assert copy.legal_moves() is not None  # the clone stays usable after the original moved
    outcome = state.outcome()
    assert outcome is not None, f"{game.name} did not end within {MAX_PLIES} plies"
    assert state.current_seat is None
    assert sum(state.returns()) == pytest.approx(1.0)  # two seats: win+loss or draw+draw
