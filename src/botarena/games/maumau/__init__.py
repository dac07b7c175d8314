"""Mau-Mau of the Free-Hack Coding Contest 2017: rules (``rules``), cards, its messages on
the wire (``wire``), built-in strategies (``players``) and a text renderer (``render``).

The JSON-lines framing is in :mod:`botarena.protocol.maumau_json` and the bot SDK in
:mod:`botarena.client.maumau`; the Mau-Mau server (in the server package) uses this one.
"""

from typing import TYPE_CHECKING

from botarena.games.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from botarena.games.maumau.cards import CARD_NAMES, DECK_SIZE, NO_WISH, card_name
    from botarena.games.maumau.game import MauMauGame
    from botarena.games.maumau.rules import (
        DRAW,
        HAND_SIZE,
        MAX_PLAYERS,
        MAX_TURNS_PER_GAME,
        MIN_PLAYERS,
        CardDrawn,
        CardPlayed,
        DeckScript,
        Draw,
        Event,
        GameOver,
        MauMauState,
        MauMauView,
        Move,
        Play,
        RuleOptions,
        SeatLeft,
        TurnAnnounced,
        TurnRequested,
    )


__all__ = [
    "CARD_NAMES",
    "DECK_SIZE",
    "DRAW",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MAX_TURNS_PER_GAME",
    "MIN_PLAYERS",
    "NO_WISH",
    "CardDrawn",
    "CardPlayed",
    "DeckScript",
    "Draw",
    "Event",
    "GameOver",
    "MauMauGame",
    "MauMauState",
    "MauMauView",
    "Move",
    "Play",
    "RuleOptions",
    "SeatLeft",
    "TurnAnnounced",
    "TurnRequested",
    "card_name",
]

__getattr__ = lazy_exports(
    __name__,
    __all__,
    (
        "botarena.games.maumau.cards",
        "botarena.games.maumau.game",
        "botarena.games.maumau.rules",
    ),
)
