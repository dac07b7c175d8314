"""Blokus 2027 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from botarena.games.blokus.season import TEAM_SIDE_COLOURS, piece_orientations, piece_place
from botarena.games.season import Season

if TYPE_CHECKING:
    from botarena.games.blokus_2027.rules import BlokusGame


def new_game() -> BlokusGame:
    from botarena.games.blokus_2027.rules import BlokusGame  # noqa: PLC0415 - on first use

    return BlokusGame()


assert __package__ is not None
SEASON = Season(
    "blokus",
    2027,
    "swc_2027_blokus",
    __package__,
    new_game,
    move_place=piece_place,
    side_colours=TEAM_SIDE_COLOURS,
    piece_orientations=piece_orientations,
    player_names=("random", "greedy", "search", "strong"),
)
