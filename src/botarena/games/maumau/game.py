"""The Mau-Mau :class:`botarena.core.Game`: identity, score definition, new games."""

from __future__ import annotations

from botarena.core import ScoreAggregation, ScoreFragment, SeededRandom
from botarena.games.maumau.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    DeckScript,
    MauMauState,
    RuleOptions,
)


class MauMauGame:
    """Free-Hack Coding Contest 2017 Mau-Mau (2-4 players, hidden hands)."""

    name = "maumau"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    score_fragments: tuple[ScoreFragment, ...] = (
        ScoreFragment("Gültige Züge", ScoreAggregation.AVERAGE),
        ScoreFragment("Karten übrig", ScoreAggregation.AVERAGE, relevant_for_ranking=False),
    )

    def __init__(self, options: RuleOptions | None = None) -> None:
        self.options = options or RuleOptions()

    def new_initial_state(
        self, rng: SeededRandom, players: int = 2, script: DeckScript | None = None
    ) -> MauMauState:
        """A new game shuffled by ``rng`` (or dealt as ``script`` forces it)."""
        return MauMauState(rng, players, self.options, script)
