"""Hase und Igel 2018 as the season object the registry lists (its rules load on first
use)."""

from __future__ import annotations

from typing import Any

from botarena.games.season import Offer, Season


def hare_place(state: Any, move: Any) -> Offer:
    """A move on the web board: the field the hare ends on when it advances (eating salad,
    exchanging carrots, falling back or skipping has none: a button)."""
    from botarena.games.hase_und_igel.actions import Advance  # noqa: PLC0415 - on first use

    if not any(isinstance(action, Advance) for action in move.actions or ()):
        return {}
    after = state.clone()
    mover = after.mover
    after.apply(move)
    return {"field": after.player_states[mover].index}


SEASON = Season(
    "hase_und_igel",
    2018,
    __name__,
    "game:HaseUndIgel",
    read_state="xml:engine_state_from_element",
    move_place=hare_place,
)
