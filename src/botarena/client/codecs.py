"""What the bot SDK needs to know about each Software-Challenge season, taken from the one
game table :mod:`botarena.games.registry`: how to read the ``<state>`` of a memento into the
engine's state, how to write a move as the ``<data>`` payload of a room packet, and which
built-in players the game has.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from lxml import etree

from botarena.games import registry

Element = etree._Element


@dataclass(frozen=True)
class GameCodec:
    """The SDK's view of one season."""

    name: str
    """The season's ``NAME-YEAR`` id (``piranhas-2019``)."""
    game_type: str
    """The official game type sent in ``<join gameType=…/>``."""
    parse_state: Callable[[Element], Any]
    encode_move: Callable[[Any], Element]
    make_player: Callable[..., Any]
    player_options: dict[str, tuple[str, ...]]


@cache
def _codec(spec: registry.GameSpec) -> GameCodec:
    if not spec.protocol.xml_states:
        raise ValueError(f"{spec.id} is not a Software-Challenge game; the SDK plays SC games")
    players = spec.load_players()
    return GameCodec(
        spec.id,
        spec.game_type,
        spec.state_reader(),
        spec.part("xml:move_to_element"),
        players.make_player,
        players.PLAYER_OPTIONS,
    )


def codec_for(game: str) -> GameCodec:
    """The codec of a season given by game type, ``NAME-YEAR`` id or bare name (newest)."""
    return _codec(registry.resolve(game))


def sc_codecs() -> list[GameCodec]:
    """The codecs of every Software-Challenge season."""
    return [_codec(spec) for spec in registry.sc_games()]
