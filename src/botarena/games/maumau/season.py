"""Mau-Mau (the Free-Hack contest of 2017) as the season object the registry lists (its
rules load on first use)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from botarena.games.season import Season
from botarena.protocol.wire_protocol import MAUMAU_JSON

if TYPE_CHECKING:
    from botarena.games.maumau.game import MauMauGame


def new_game() -> MauMauGame:
    from botarena.games.maumau.game import MauMauGame  # noqa: PLC0415 - on first use

    return MauMauGame()


assert __package__ is not None
SEASON = Season(
    name="maumau",
    year=2017,
    game_type="maumau",
    package=__package__,
    new_game=new_game,
    protocol=MAUMAU_JSON,
    player_names=("random", "heuristic"),
)
