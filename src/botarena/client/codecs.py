"""What the bot SDK needs to know about each Software-Challenge game: how to read the
``<state>`` of a memento into the engine's state, how to write a move as the ``<data>``
payload of a room packet, and which built-in players the game has.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lxml import etree

from botarena.games.blokus import players as blokus_players
from botarena.games.blokus import xml as blokus_xml
from botarena.games.blokus_2027 import players as blokus_2027_players
from botarena.games.blokus_2027 import xml as blokus_2027_xml
from botarena.games.hase_und_igel import players as hui_players
from botarena.games.hase_und_igel import xml as hui_xml
from botarena.games.piranhas import players as piranhas_players
from botarena.games.piranhas import xml as piranhas_xml
from botarena.games.piranhas_2026 import players as piranhas_2026_players
from botarena.games.piranhas_2026 import xml as piranhas_2026_xml

Element = etree._Element


@dataclass(frozen=True)
class GameCodec:
    """The SDK's view of one game."""

    name: str
    """Short name used on the command line (``botarena bot NAME``)."""
    game_type: str
    """The plugin id sent in ``<join gameType=…/>``."""
    parse_state: Callable[[Element], Any]
    encode_move: Callable[[Any], Element]
    make_player: Callable[..., Any]
    player_options: dict[str, tuple[str, ...]]


def _hui_state(element: Element) -> Any:
    state, _names = hui_xml.state_from_element(element)
    return state


CODECS: dict[str, GameCodec] = {
    codec.name: codec
    for codec in (
        GameCodec(
            "piranhas",
            "swc_2019_piranhas",
            piranhas_xml.state_from_element,
            piranhas_xml.move_to_element,
            piranhas_players.make_player,
            piranhas_players.PLAYER_OPTIONS,
        ),
        GameCodec(
            "hase_und_igel",
            "swc_2018_hase_und_igel",
            _hui_state,
            hui_xml.move_to_element,
            hui_players.make_player,
            hui_players.PLAYER_OPTIONS,
        ),
        GameCodec(
            "blokus",
            "swc_2021_blokus",
            blokus_xml.state_from_element,
            blokus_xml.move_to_element,
            blokus_players.make_player,
            blokus_players.PLAYER_OPTIONS,
        ),
        GameCodec(
            "piranhas2026",
            "swc_2026_piranhas",
            piranhas_2026_xml.state_from_element,
            piranhas_2026_xml.move_to_element,
            piranhas_2026_players.make_player,
            piranhas_2026_players.PLAYER_OPTIONS,
        ),
        GameCodec(
            "blokus2027",
            "swc_2027_blokus",
            blokus_2027_xml.state_from_element,
            blokus_2027_xml.move_to_element,
            blokus_2027_players.make_player,
            blokus_2027_players.PLAYER_OPTIONS,
        ),
    )
}


def codec_for(game: str) -> GameCodec:
    """The codec of a game given by short name (``piranhas``) or game type."""
    for codec in CODECS.values():
        if game in (codec.name, codec.game_type):
            return codec
    known = ", ".join(f"{c.name} ({c.game_type})" for c in CODECS.values())
    raise ValueError(f"unknown game {game!r}; the SDK plays {known}")
