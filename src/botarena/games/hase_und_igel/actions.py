"""Moves and actions of Hase und Igel 2018 (spec 3.1, 5.6).

A move is an ordered list of actions, each carrying the integer ``order`` it was sent with.
Actions keep every attribute exactly as sent (e.g. a ``value`` on an EAT_SALAD card), because
the official server echoes them in ``lastMove`` and ``lastNonSkipAction``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum


class CardType(Enum):
    """The four hare cards; the value is the wire name."""

    TAKE_OR_DROP_CARROTS = "TAKE_OR_DROP_CARROTS"
    EAT_SALAD = "EAT_SALAD"
    HURRY_AHEAD = "HURRY_AHEAD"
    FALL_BACK = "FALL_BACK"


INITIAL_CARDS: tuple[CardType, ...] = (
    CardType.TAKE_OR_DROP_CARROTS,
    CardType.EAT_SALAD,
    CardType.HURRY_AHEAD,
    CardType.FALL_BACK,
)
"""Hand order at the start of every game (cards are never replenished)."""

TAKE_OR_DROP_VALUES: tuple[int, ...] = (20, 0, -20)
"""The legal ``value`` of a TAKE_OR_DROP_CARROTS card."""
EXCHANGE_VALUES: tuple[int, ...] = (10, -10)
"""The legal ``value`` of ExchangeCarrots."""


@dataclass(frozen=True, slots=True)
class Advance:
    """Move ``distance`` fields forward, paying ``distance * (distance + 1) / 2`` carrots."""

    distance: int
    order: int = 0


@dataclass(frozen=True, slots=True)
class Card:
    """Play a hare card. ``value`` matters only for TAKE_OR_DROP_CARROTS (20, 0 or -20)."""

    type: CardType
    value: int = 0
    order: int = 0


@dataclass(frozen=True, slots=True)
class ExchangeCarrots:
    """Take (``value`` 10) or give away (-10) carrots on a carrot field."""

    value: int
    order: int = 0


@dataclass(frozen=True, slots=True)
class _OrderOnly:
    """An action with nothing but the ``order`` it was sent with (equal only to an action
    of its own class)."""

    order: int = 0


class EatSalad(_OrderOnly):
    """Eat a salad on a salad field."""

    __slots__ = ()


class FallBack(_OrderOnly):
    """Retreat to the previous hedgehog field, earning 10 carrots per field."""

    __slots__ = ()


class Skip(_OrderOnly):
    """Pass; only legal when nothing else is."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class UntypedCard:
    """A ``<card>`` element without ``type``, as a client may send it.

    The official server reads it, then crashes when it plays it: the game ends as if the
    player had left (LEFT), with the actions before it still applied (spec 4.2, open
    question 2). Never part of a legal move.
    """

    value: int = 0
    order: int = 0


Action = Advance | Card | UntypedCard | ExchangeCarrots | EatSalad | FallBack | Skip


@dataclass(frozen=True, slots=True)
class Move:
    """One player's move.

    ``actions`` is ``None`` when the move had no action elements at all (the official server
    then answers ``Aktionen sind null``); an empty tuple is the programmatic empty list
    (``Keine Aktionen vorhanden.``). ``hints`` are debug texts without effect on the game.
    """

    actions: tuple[Action, ...] | None
    hints: tuple[str, ...] = ()

    @classmethod
    def of(cls, *actions: Action, hints: tuple[str, ...] = ()) -> Move:
        """A move whose actions get the orders 0, 1, 2, ... in the given sequence."""
        return cls(
            tuple(replace(action, order=order) for order, action in enumerate(actions)), hints
        )

    def sorted_actions(self) -> tuple[Action, ...]:
        """The actions sorted by ``order`` (stable, as the official server sorts them)."""
        if self.actions is None:
            return ()
        return tuple(sorted(self.actions, key=_order))


def _order(action: Action) -> int:
    return action.order
