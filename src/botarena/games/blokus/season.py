"""Blokus 2021 as the season object the registry lists (its rules load on first use)."""

from __future__ import annotations

from typing import Any

from botarena.games.season import WITH_STRONG, Offer, Season


def piece_place(state: Any, move: Any) -> Offer:
    """A placement on the web board: its piece, colour and the cells it covers (both
    Blokus seasons); a skip has none."""
    cells = getattr(move, "cells", None)
    if cells is None:  # a skip
        return {}
    colour = None if move.color is None else move.color.name
    return {"piece": move.kind.name, "color": colour, "cells": [list(cell) for cell in cells()]}


def piece_orientations() -> dict[str, list[list[list[int]]]]:
    """Each piece's cells in its eight (rotation, flipped) orientations, in the official
    order (both Blokus seasons): what the web's piece tray draws and rotates."""
    from botarena.games.blokus.shapes import PAIR_ORDER, Shape, transform  # noqa: PLC0415

    return {
        shape.name: [[list(cell) for cell in transform(shape, *pair)] for pair in PAIR_ORDER]
        for shape in Shape
    }


TEAM_SIDE_COLOURS = (("BLUE", "RED"), ("YELLOW", "GREEN"))
"""The colours of team ONE and team TWO (both Blokus seasons; ``colors.TEAM_COLOURS``)."""


SEASON = Season(
    "blokus",
    2021,
    __name__,
    "game:BlokusGame",
    move_place=piece_place,
    side_colours=TEAM_SIDE_COLOURS,
    piece_orientations=piece_orientations,
    player_names=WITH_STRONG,
)
