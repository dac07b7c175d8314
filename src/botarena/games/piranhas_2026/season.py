"""Piranhas 2026 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from botarena.games.piranhas.season import fish_place
from botarena.games.season import Season

if TYPE_CHECKING:
    from botarena.games.piranhas_2026.rules import Piranhas2026Game


def new_game() -> Piranhas2026Game:
    from botarena.games.piranhas_2026.rules import Piranhas2026Game  # noqa: PLC0415

    return Piranhas2026Game()


assert __package__ is not None
SEASON = Season(
    "piranhas",
    2026,
    "swc_2026_piranhas",
    __package__,
    new_game,
    move_place=fish_place,
    player_names=("random", "greedy", "search", "strong"),
)
