"""A brute-force legal-move oracle: try candidate moves on copies with the official processing.

It knows nothing of the generator: it extends a move by another card only while the move so
far either succeeded or failed only for the missing card, because actions are judged one by
one in order and a move whose prefix fails at an action can never become valid.
"""

from __future__ import annotations

from botarena.core import InvalidMove
from botarena.games.hase_und_igel import (
    Action,
    Advance,
    Card,
    CardType,
    EatSalad,
    ExchangeCarrots,
    FallBack,
    HaseUndIgelState,
    Move,
    Skip,
)
from botarena.games.hase_und_igel.rules import MSG_MUST_PLAY_CARD

MAX_ACTIONS = 5
CARD_OPTIONS = (
    (CardType.TAKE_OR_DROP_CARROTS, 20),
    (CardType.TAKE_OR_DROP_CARROTS, 0),
    (CardType.TAKE_OR_DROP_CARROTS, -20),
    (CardType.TAKE_OR_DROP_CARROTS, 10),
    (CardType.EAT_SALAD, 0),
    (CardType.HURRY_AHEAD, 0),
    (CardType.FALL_BACK, 0),
)


def _judge(state: HaseUndIgelState, actions: tuple[Action, ...]) -> str | None:
    """None when valid, else the failure message."""
    copy = state.clone()
    try:
        copy.perform(Move(actions))
    except InvalidMove as error:
        return error.reason
    return None


def _extend(state: HaseUndIgelState, actions: tuple[Action, ...], found: set[tuple[Action, ...]]):
    verdict = _judge(state, actions)
    if verdict is None:
        found.add(actions)
    elif verdict != MSG_MUST_PLAY_CARD:
        return
    if len(actions) >= MAX_ACTIONS:
        return
    for card_type, value in CARD_OPTIONS:
        _extend(state, (*actions, Card(card_type, value, len(actions))), found)


def brute_force_moves(state: HaseUndIgelState) -> set[tuple[Action, ...]]:
    found: set[tuple[Action, ...]] = set()
    singles: list[Action] = [
        EatSalad(),
        FallBack(),
        Skip(),
        ExchangeCarrots(10),
        ExchangeCarrots(-10),
        ExchangeCarrots(20),
    ]
    for action in singles:
        if _judge(state, (action,)) is None:
            found.add((action,))
    for distance in range(-1, 66):
        _extend(state, (Advance(distance),), found)
    for card_type, value in CARD_OPTIONS:
        _extend(state, (Card(card_type, value, 0),), found)
    return found
