"""What the browser needs to let a person pick a move: the legal moves, from our engine, with
where each one acts on the board, and a state's score parts.

The browser never decides legality: a board module only shows these offers and answers
with the index of the chosen one. An offer is a JSON object with ``label`` (the season's
``render.move_text``) and, where the move has a place on the board:

- Piranhas (both seasons): ``from`` and ``to``, the fish's field and its target ``[x, y]``;
- Hase und Igel: ``field``, the index the hare ends on, for a move that advances
  (eating salad, exchanging carrots, falling back or skipping has none: a button);
- Blokus (both seasons): ``piece``, ``cells`` (the ``[x, y]`` fields the piece covers);
  a skip has none.

The adapters live here, not in the game packages: they only read the engines' public
state and moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lxml import etree

from botarena.games.registry import GameSpec

Offer = dict[str, Any]


def read_state(spec: GameSpec, state_xml: str) -> Any:
    """The engine state of a ``<state>`` element's text."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return spec.part(spec.read_state)(etree.fromstring(state_xml.encode("utf-8"), parser))


def move_offers(spec: GameSpec, state: Any) -> tuple[list[str], list[Offer]]:
    """The legal moves of ``state`` as the ``<data>`` texts to send, and their offers."""
    to_element = spec.part("xml:move_to_element")
    move_text: Callable[[Any], str] = spec.part("render:move_text")
    where = _PLACES.get(spec.name, _nowhere)
    moves, offers = [], []
    for move in state.legal_moves():
        moves.append(etree.tostring(to_element(move), encoding="unicode"))
        offers.append({"label": move_text(move), **where(state, move)})
    return moves, offers


def score_text(spec: GameSpec, state_xml: str) -> str:
    """The season's score parts of the state (``render.score_text``)."""
    scorer: Callable[[Any], str] = spec.part("render:score_text")
    return scorer(read_state(spec, state_xml))


def _nowhere(state: Any, move: Any) -> Offer:
    return {}


def _piranhas_place(state: Any, move: Any) -> Offer:
    return {"from": [move.x, move.y], "to": list(state.move_target(move))}


def _hare_place(state: Any, move: Any) -> Offer:
    from botarena.games.hase_und_igel.actions import Advance  # noqa: PLC0415 - on first use

    if not any(isinstance(action, Advance) for action in move.actions or ()):
        return {}
    after = state.clone()
    mover = after.mover
    after.apply(move)
    return {"field": after.player_states[mover].index}


def _blokus_place(state: Any, move: Any) -> Offer:
    cells = getattr(move, "cells", None)
    if cells is None:  # a skip
        return {}
    return {"piece": move.kind.name, "cells": [list(cell) for cell in cells()]}


_PLACES: dict[str, Callable[[Any, Any], Offer]] = {
    "piranhas": _piranhas_place,
    "hase_und_igel": _hare_place,
    "blokus": _blokus_place,
}
