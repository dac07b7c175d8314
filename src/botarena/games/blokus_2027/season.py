"""Blokus 2027 as the season object the registry lists (its rules load on first use): 2021's
board, pieces and web parts with its own rules."""

from __future__ import annotations

from dataclasses import replace

from botarena.games.blokus.season import SEASON as BLOKUS_2021

SEASON = replace(
    BLOKUS_2021, year=2027, game_type="swc_2027_blokus", module=__name__, rules="rules:BlokusGame"
)
