"""The Blokus 2021 game description: identity, score definition, initial state."""

from __future__ import annotations

from botarena.core import ScoreAggregation, ScoreFragment, SeededRandom
from botarena.games.blokus.shapes import START_PIECES, Shape
from botarena.games.blokus.state import BlokusState

GAME_TYPE = "swc_2021_blokus"
"""The official ``gameType`` of the Software-Challenge server."""


def draw_start_piece(rng: SeededRandom) -> Shape:
    """The start shape, uniform among the 11 pentominoes other than PENTO_X (spec §1.5)."""
    return rng.choice(START_PIECES)


class BlokusGame:
    """Blokus 2021: two teams of two colours each on a 20×20 board."""

    name = "blokus"
    game_type = GAME_TYPE
    min_players = 2
    max_players = 2
    score_fragments: tuple[ScoreFragment, ...] = (
        ScoreFragment("∅ Punkte", ScoreAggregation.AVERAGE),
    )

    def new_initial_state(self, rng: SeededRandom, players: int = 2) -> BlokusState:
        if players != 2:
            raise ValueError(f"Blokus is played by exactly 2 players, not {players}")
        return BlokusState(draw_start_piece(rng))
