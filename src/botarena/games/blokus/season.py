"""Blokus 2021 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from typing import Any

from botarena.games.season import WITH_STRONG, Offer, Season


def piece_place(state: Any, move: Any) -> Offer:
    """A placement on the web board: its piece and the cells it covers (both Blokus
    seasons); a skip has none."""
    cells = getattr(move, "cells", None)
    if cells is None:  # a skip
        return {}
    return {"piece": move.kind.name, "cells": [list(cell) for cell in cells()]}


SEASON = Season(
    "blokus", 2021, __name__, "game:BlokusGame", move_place=piece_place, player_names=WITH_STRONG
)
