"""What the browser needs to let a person pick a move: the legal moves, from our engine, with
where each one acts on the board, and a state's score parts.

The browser never decides legality: a board module only shows these offers and answers
with the index of the chosen one. An offer is a JSON object with ``label`` (the season's
``render.move_text``) and, where the move has a place on the board:

- Piranhas (both seasons): ``from`` and ``to``, the fish's field and its target ``[x, y]``;
- Hase und Igel: ``field``, the index the hare ends on, for a move that advances
  (eating salad, exchanging carrots, falling back or skipping has none: a button);
- Blokus (both seasons): ``piece``, ``color``, ``cells`` (the ``[x, y]`` fields the piece
  covers); a skip has none. The turn message adds the pieces' orientations for the tray
  (:attr:`botarena.games.season.Season.piece_orientations`).

Where a move acts is the season's own answer (:attr:`botarena.games.season.Season.move_place`,
in the game package's ``season.py``); a season without one offers labelled buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lxml import etree

from botarena.games.registry import GameSpec
from botarena.games.season import Offer

__all__ = ["Offer", "move_offers", "read_state", "score_text"]


def read_state(spec: GameSpec, state_xml: str) -> Any:
    """The engine state of a ``<state>`` element's text."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return spec.state_reader()(etree.fromstring(state_xml.encode("utf-8"), parser))


def move_offers(spec: GameSpec, state: Any) -> tuple[list[str], list[Offer]]:
    """The legal moves of ``state`` as the ``<data>`` texts to send, and their offers."""
    to_element = spec.part("xml:move_to_element")
    move_text: Callable[[Any], str] = spec.part("render:move_text")
    where = spec.move_place
    moves, offers = [], []
    for move in state.legal_moves():
        moves.append(etree.tostring(to_element(move), encoding="unicode"))
        offers.append({"label": move_text(move), **where(state, move)})
    return moves, offers


def score_text(spec: GameSpec, state_xml: str) -> str:
    """The season's score parts of the state (``render.score_text``)."""
    scorer: Callable[[Any], str] = spec.part("render:score_text")
    return scorer(read_state(spec, state_xml))
