"""A text view of a Mau-Mau table for the terminal: top card, wish, hands."""

from __future__ import annotations

from botarena.games.maumau.cards import NO_WISH, SUIT_NAMES, card_name
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
