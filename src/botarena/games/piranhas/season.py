"""Piranhas 2019 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botarena.games.season import Offer, Season

if TYPE_CHECKING:
    from botarena.games.piranhas.rules import PiranhasGame


def fish_place(state: Any, move: Any) -> Offer:
    """A swim on the web board: the fish's field and its target (both Piranhas seasons)."""
    return {"from": [move.x, move.y], "to": list(state.move_target(move))}


def new_game() -> PiranhasGame:
    from botarena.games.piranhas.rules import PiranhasGame  # noqa: PLC0415 - on first use

    return PiranhasGame()


assert __package__ is not None
SEASON = Season(
    "piranhas",
    2019,
    "swc_2019_piranhas",
    __package__,
    new_game,
    move_place=fish_place,
    player_names=("random", "greedy", "search", "strong"),
)
