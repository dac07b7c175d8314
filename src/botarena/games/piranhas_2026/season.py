"""Piranhas 2026 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from botarena.games.piranhas.season import fish_place
from botarena.games.season import WITH_STRONG, Season

SEASON = Season(
    "piranhas",
    2026,
    __name__,
    "rules:Piranhas2026Game",
    move_place=fish_place,
    player_names=WITH_STRONG,
)
