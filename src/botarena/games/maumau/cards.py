"""The 32-card deck of the Free-Hack Mau-Mau contest: card ids 0..31, suits and ranks.

``suit = card % 4`` (0 Pik, 1 Karo, 2 Herz, 3 Kreuz) and ``rank = card // 4``
(0 = 7, 1 = 8, 2 = 9, 3 = 10, 4 = Bube, 5 = Dame, 6 = König, 7 = Ass), as on the wire.
"""

from __future__ import annotations

DECK_SIZE = 32
"""Number of cards in the deck; card ids are ``0 .. DECK_SIZE - 1``."""
SUITS = 4
NO_WISH = -1
"""The ``wishedColor`` value that means "no wish"."""

RANK_SEVEN = 0
RANK_EIGHT = 1
RANK_JACK = 4

SUIT_NAMES = ("Pik", "Karo", "Herz", "Kreuz")
RANK_NAMES = ("7", "8", "9", "10", "Bube", "Dame", "König", "Ass")

CARD_NAMES: tuple[str, ...] = tuple(
    f"{SUIT_NAMES[card % SUITS]} {RANK_NAMES[card // SUITS]}" for card in range(DECK_SIZE)
)
"""German card names exactly as the original prints them (data, kept verbatim)."""


def suit(card: int) -> int:
    return card % SUITS


def rank(card: int) -> int:
    return card // SUITS


def is_jack(card: int) -> bool:
    return card // SUITS == RANK_JACK


def is_seven(card: int) -> bool:
    return card // SUITS == RANK_SEVEN


def is_eight(card: int) -> bool:
    return card // SUITS == RANK_EIGHT


def is_card(value: object) -> bool:
    """Whether ``value`` is a valid card id (an int, not a bool, in 0..31)."""
    return type(value) is int and 0 <= value < DECK_SIZE


def card_name(card: int) -> str:
    return CARD_NAMES[card]
