#!/usr/bin/env python3
"""An example Mau-Mau bot (Free-Hack contest protocol): copy this file and make it yours.

Run a server and two bots (this one, and a built-in one) in three terminals, with the
virtual environment's programs (or after ``source .venv/bin/activate``)::

    .venv/bin/botarena serve
    .venv/bin/python examples/maumau_bot.py --host 127.0.0.1 --port 1338 --name MyBot
    .venv/bin/botarena bot maumau heuristic --port 1338

Each bot says that it waits for an opponent until the game starts, and at the end who won.
The protocol underneath is ``docs/maumau-protocol.md``; ``examples/maumau_bot.js`` speaks it
without the SDK.

The bot is one function, ``choose_move(view, rng)``, called whenever the server asks for a
move. ``view`` is what the bot knows (:class:`botarena.games.maumau.players.BotView`):
``hand`` (cards 0..31: suit = card % 4, rank = card // 4; rank 0 = 7: the next player draws
two, 1 = 8: the next player is skipped, 4 = jack: wish a suit), ``top_card``, ``wish`` (the
suit a jack wished, else -1), ``cards_left`` (hand sizes by player name) and
``legal_cards()``. Return ``Play(card, wished_suit)`` or ``DRAW``; ``rng`` is a seeded
generator for any random choice (``--seed`` makes it repeatable). The SDK
(:mod:`botarena.client.maumau`) does the rest: the flags, the handshake, keeping ``view`` up
to date and the JSON lines on the socket.
"""

from __future__ import annotations

import sys
from collections import Counter

from botarena.client.maumau import run
from botarena.core import SeededRandom
from botarena.games.maumau import DRAW, Move, Play
from botarena.games.maumau.players import BotView

JACK = 4
"""The rank of a jack (``card // 4``)."""


def choose_move(view: BotView, rng: SeededRandom) -> Move:
    """The first card that fits, jacks kept for when nothing else does; the wish is the suit
    we hold most of."""
    playable = view.legal_cards()
    if not playable:
        return DRAW
    plain = [card for card in playable if card // 4 != JACK]
    card = plain[0] if plain else playable[0]
    suits = Counter(c % 4 for c in view.hand if c != card and c // 4 != JACK)
    return Play(card, suits.most_common(1)[0][0] if suits else 0)


if __name__ == "__main__":
    # flags: --host (127.0.0.1), --port (1338), --name, --seed, --games (1)
    sys.exit(run(choose_move, name="ExampleBot", description="an example Mau-Mau bot"))
