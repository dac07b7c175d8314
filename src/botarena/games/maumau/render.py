"""A text view of a Mau-Mau table for the terminal: top card, wish, hands."""

from __future__ import annotations

from typing import Any

from botarena.games.maumau.cards import NO_WISH, SUIT_NAMES, card_name, is_card, is_jack
from botarena.games.maumau.rules import MauMauState


def render_board(state: MauMauState) -> str:
    """The top card, the wished suit, every seat's hand and whose turn it is."""
    lines = [f"top card: {card_name(state.top_card)}"]
    if state.wish != NO_WISH:
        lines.append(f"wished suit: {SUIT_NAMES[state.wish]}")
    for seat, hand in enumerate(state.hands):
        cards = ", ".join(card_name(card) for card in hand)
        lines.append(f"seat {seat} ({len(hand)} cards): {cards}")
    lines.append(f"talon: {len(state.talon)} cards; seat {state.current_seat} to move")
    return "\n".join(lines)


def move_words(name: str, answer: dict[str, Any]) -> str:
    """A seat's answer in words: ``A plays Herz Bube, wishes Kreuz``, ``B draws``; an
    answer the server refused (``"refused": True``) says so."""
    card = answer.get("selectedCard")
    if answer.get("status") == "skip":  # any other status plays, as the official dealer reads it
        return f"{name} draws"
    if answer.get("refused"):
        tried = card_name(card) if isinstance(card, int) and is_card(card) else "an unusable answer"
        return f"{name} tries {tried}: refused, draws a penalty card"
    if not is_card(card):
        return f"{name} sends no card"
    assert isinstance(card, int)
    wish = answer.get("wishedColor")
    return play_words(name, card, wish if type(wish) is int else NO_WISH)


def play_words(name: str, card: int, wish: int) -> str:
    """``Ann plays Herz 7``; a jack names its wish (``wish``: a suit, else none)."""
    text = f"{name} plays {card_name(card)}"
    if is_jack(card) and 0 <= wish < len(SUIT_NAMES):
        text += f", wishes {SUIT_NAMES[wish]}"
    return text
