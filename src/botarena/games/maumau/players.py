"""Built-in Mau-Mau strategies: ``random`` (any legal card) and ``heuristic`` (sensible play).

A strategy is a function of what the bot knows (:class:`BotView`) and a seeded generator,
returning a :class:`~botarena.games.maumau.rules.Play` or :data:`DRAW`. The bot SDK
(:mod:`botarena.client.maumau`) keeps a :class:`BotView` up to date from the server's
messages and runs a strategy as a process: ``botarena bot maumau heuristic --port 1338``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from botarena.core import SeededRandom
from botarena.games.maumau.cards import NO_WISH, SUITS, is_eight, is_jack, is_seven, rank, suit
from botarena.games.maumau.rules import DRAW, Move, Play


@dataclass
class BotView:
    """What a bot knows at its turn: its hand, the top card, the wish, others' hand sizes."""

    hand: list[int] = field(default_factory=list)
    top_card: int = -1
    wish: int = NO_WISH
    cards_left: dict[str, int] = field(default_factory=dict)
    name: str = ""

    def legal_cards(self) -> list[int]:
        top = self.top_card
        if self.wish != NO_WISH:
            return [c for c in self.hand if suit(c) == self.wish and not is_jack(c)]
        return [c for c in self.hand if suit(c) == suit(top) or rank(c) == rank(top) or is_jack(c)]

    def fewest_opponent_cards(self) -> int:
        others = [n for who, n in self.cards_left.items() if who != self.name]
        return min(others, default=7)


Strategy = Callable[[BotView, SeededRandom], Move]


def _best_suit(hand: Sequence[int], rng: SeededRandom) -> int:
    counts = Counter(suit(card) for card in hand if not is_jack(card))
    if not counts:
        return rng.randrange(SUITS)
    return max(sorted(counts), key=lambda s: counts[s])


def random_strategy(view: BotView, rng: SeededRandom) -> Move:
    """Any legal card, uniformly (with a random wish); draws only when nothing fits."""
    cards = view.legal_cards()
    if not cards:
        return DRAW
    card = rng.choice(cards)
    return Play(card, rng.randrange(SUITS))


def heuristic_strategy(view: BotView, rng: SeededRandom) -> Move:
    """Plays a card whenever possible: 7s and 8s first when an opponent is close to winning,
    jacks last (they fit everywhere), otherwise the suit it holds most of; wishes its
    strongest suit."""
    cards = view.legal_cards()
    if not cards:
        return DRAW
    hand = view.hand
    suit_count = Counter(suit(card) for card in hand)
    danger = view.fewest_opponent_cards() <= 2

    def score(card: int) -> tuple[int, int, int]:
        special = 1 if (is_seven(card) or is_eight(card)) else 0
        return (
            0 if is_jack(card) else 1,  # keep jacks
            special * (2 if danger else 1),
            suit_count[suit(card)],
        )

    best = max(score(card) for card in cards)
    card = rng.choice([c for c in cards if score(c) == best])
    rest = [c for c in hand if c != card]
    return Play(card, _best_suit(rest, rng))


STRATEGIES: dict[str, Strategy] = {"random": random_strategy, "heuristic": heuristic_strategy}
