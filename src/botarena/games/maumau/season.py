"""Mau-Mau (the Free-Hack contest of 2017) as the season object the registry lists (its
rules load on first use)."""

from __future__ import annotations

from botarena.games.season import Season
from botarena.protocol.wire_protocol import MAUMAU_JSON

SEASON = Season(
    "maumau",
    2017,
    __name__,
    "game:MauMauGame",
    game_type="maumau",
    protocol=MAUMAU_JSON,
    player_names=("random", "heuristic"),
)
