"""The move list of a replay or room: the move that led to each state, in the season's
notation (``render.move_text``, as ``botarena play`` prints it).

Every season's state names its last move (``<lastMove>``); the engine reads it back, and the
season's renderer writes it. The first state (and a state that names no move, or that the
engine cannot read) has ``None``; a game without XML states (Mau-Mau) has ``None`` everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from botarena.games.registry import lookup
from botarena.web.move_offers import read_state


def move_notations(game: str, states: Sequence[str], first: int = 0) -> list[str | None]:
    """The notation of the move that led to each of ``states`` (``states[0]`` is state
    number ``first`` of its game; state 0 has no move)."""
    spec = lookup(game)
    if spec is None or not spec.protocol.xml_states:
        return [None] * len(states)
    move_text: Callable[[Any], str] = spec.part("render:move_text")
    notations: list[str | None] = []
    for index, state_xml in enumerate(states, start=first):
        notations.append(None if index == 0 else _notation(spec, move_text, state_xml))
    return notations


def _notation(spec: Any, move_text: Callable[[Any], str], state_xml: str) -> str | None:
    try:
        move = read_state(spec, state_xml).last_move
    except Exception:  # a state the engine cannot read: the list says nothing for it
        return None
    return None if move is None else move_text(move)
