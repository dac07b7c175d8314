"""The Hase und Igel 2018 :class:`botarena.core.Game`: creates seeded initial states."""

from __future__ import annotations

from botarena.core import ScoreFragment, SeededRandom
from botarena.games.hase_und_igel.board import generate_board
from botarena.games.hase_und_igel.rules import HaseUndIgelState
from botarena.games.hase_und_igel.scoring import SCORE_FRAGMENTS

BOARD_RNG_LABEL = "hase_und_igel.board"
"""The board comes from ``rng.derive(BOARD_RNG_LABEL)``, so other draws do not change it."""


class HaseUndIgel:
    """Hase und Igel, Software-Challenge Germany 2018 (``swc_2018_hase_und_igel``)."""

    name = "hase_und_igel"
    min_players = 2
    max_players = 2
    score_fragments: tuple[ScoreFragment, ...] = SCORE_FRAGMENTS

    def new_initial_state(self, rng: SeededRandom, players: int = 2) -> HaseUndIgelState:
        if players != 2:
            raise ValueError(f"Hase und Igel is played by exactly 2 players, not {players}")
        return HaseUndIgelState(generate_board(rng.derive(BOARD_RNG_LABEL)))


GAME = HaseUndIgel()
