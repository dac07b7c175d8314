"""Blokus, Software-Challenge Germany 2021 (``swc_2021_blokus``, official release 21.4.0).

Rules engine (:class:`BlokusState`), moves, the 21 shapes and their 91 orientations, a
bitboard move generator, and the built-in players in :mod:`botarena.games.blokus.players`.
"""

from typing import TYPE_CHECKING

from botarena.games.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from botarena.games.blokus.board import BOARD_SIZE
    from botarena.games.blokus.colors import COLOURS, TEAM_COLOURS, Color
    from botarena.games.blokus.game import GAME_TYPE, BlokusGame, draw_start_piece
    from botarena.games.blokus.moves import (
        InvalidBlokusMove,
        Move,
        MoveMistake,
        SetMove,
        SkipMove,
        violation_reason,
    )
    from botarena.games.blokus.shapes import (
        ORIENTATION_OF_PAIR,
        ORIENTATIONS,
        SHAPE_ORIENTATIONS,
        START_PIECES,
        Orientation,
        Rotation,
        Shape,
    )
    from botarena.games.blokus.state import ROUND_LIMIT, BlokusState


__all__ = [
    "BOARD_SIZE",
    "COLOURS",
    "GAME_TYPE",
    "ORIENTATIONS",
    "ORIENTATION_OF_PAIR",
    "ROUND_LIMIT",
    "SHAPE_ORIENTATIONS",
    "START_PIECES",
    "TEAM_COLOURS",
    "BlokusGame",
    "BlokusState",
    "Color",
    "InvalidBlokusMove",
    "Move",
    "MoveMistake",
    "Orientation",
    "Rotation",
    "SetMove",
    "Shape",
    "SkipMove",
    "draw_start_piece",
    "violation_reason",
]

__getattr__ = lazy_exports(
    __name__,
    __all__,
    (
        "botarena.games.blokus.board",
        "botarena.games.blokus.colors",
        "botarena.games.blokus.game",
        "botarena.games.blokus.moves",
        "botarena.games.blokus.shapes",
        "botarena.games.blokus.state",
    ),
)
