"""Blokus 2021 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botarena.games.season import Offer, Season

if TYPE_CHECKING:
    from botarena.games.blokus.game import BlokusGame


def piece_place(state: Any, move: Any) -> Offer:
    """A placement on the web board: its piece and the cells it covers (both Blokus
    seasons); a skip has none."""
    cells = getattr(move, "cells", None)
    if cells is None:  # a skip
        return {}
    return {"piece": move.kind.name, "cells": [list(cell) for cell in cells()]}


def new_game() -> BlokusGame:
    from botarena.games.blokus.game import BlokusGame  # noqa: PLC0415 - on first use

    return BlokusGame()


assert __package__ is not None
SEASON = Season(
    "blokus",
    2021,
    "swc_2021_blokus",
    __package__,
    new_game,
    move_place=piece_place,
    player_names=("random", "greedy", "search", "strong"),
)
