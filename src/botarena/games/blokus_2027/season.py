"""Blokus 2027 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from botarena.games.blokus.season import piece_place
from botarena.games.season import WITH_STRONG, Season

SEASON = Season(
    "blokus", 2027, __name__, "rules:BlokusGame", move_place=piece_place, player_names=WITH_STRONG
)
