"""Piranhas 2019 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from typing import Any

from botarena.games.season import WITH_STRONG, Offer, Season


def fish_place(state: Any, move: Any) -> Offer:
    """A swim on the web board: the fish's field and its target (both Piranhas seasons)."""
    return {"from": [move.x, move.y], "to": list(state.move_target(move))}


SEASON = Season(
    "piranhas",
    2019,
    __name__,
    "rules:PiranhasGame",
    move_place=fish_place,
    player_names=WITH_STRONG,
)
