"""Built-in Mau-Mau bots: ``random`` (any legal card) and ``heuristic`` (sensible play).

A strategy is a function of what the bot knows (:class:`BotView`) and a seeded generator,
returning a :class:`~botarena.games.maumau.rules.Play` or :data:`DRAW`. :class:`BotSession`
keeps that knowledge up to date from the server's messages (sans I/O), and :func:`main` runs
a bot as a process against a server: ``python -m botarena.games.maumau.players heuristic
--host 127.0.0.1 --port 1338`` (the CLI's ``botarena bot maumau NAME`` calls ``main``).
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
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


class BotSession:
    """Tracks one bot's knowledge from server messages and decides its answers (no I/O).

    :meth:`receive` takes one server line and returns the line to send back, if any.
    """

    def __init__(self, name: str, strategy: Strategy, rng: SeededRandom) -> None:
        self.name = name
        self.strategy = strategy
        self.rng = rng
        self.view = BotView(name=name)
        self.pending_play: int | None = None
        self.winner: str | None = None
        self.over = False

    def receive(self, line: bytes | str) -> bytes | None:
        message = json.loads(line)
        if not isinstance(message, dict):
            return None
        if message.get("sendName"):
            return json.dumps({"status": "okay", "name": self.name}).encode() + b"\n"
        if "setName" in message:
            self.name = self.view.name = str(message.get("name"))
            return None
        if message.get("won"):
            self.over = True
            self.winner = message.get("nameOfWinner")
            return None
        if "topCard" in message:
            self.view.cards_left[str(message.get("turnOf"))] = int(message["cardsLeft"])
            return None
        if "topcard" in message:
            return self._turn(message)
        if "drawedCards" in message:
            card = message["drawedCards"]
            if message.get("status") == "error" and self.pending_play is not None:
                self.view.hand.append(self.pending_play)  # the play was rejected
            if isinstance(card, int) and card >= 0:
                self.view.hand.append(card)
            self.pending_play = None
        return None

    def _turn(self, message: dict[str, object]) -> bytes:
        view = self.view
        self.pending_play = None
        hand = message.get("hand")
        if isinstance(hand, list):
            view.hand = [int(card) for card in hand]
        elif message.get("drawTwoCards") is True:
            drawn = message.get("drawedCards")
            if isinstance(drawn, list):
                view.hand += [int(card) for card in drawn]
        view.top_card = int(message["topcard"])  # type: ignore[call-overload]
        view.wish = int(message["wishedColor"])  # type: ignore[call-overload]
        move = self.strategy(view, self.rng)
        if isinstance(move, Play):
            if move.card in view.hand:
                view.hand.remove(move.card)
            self.pending_play = move.card
            wish = NO_WISH if move.wish is None else move.wish
            answer = {"status": "turn", "selectedCard": move.card, "wishedColor": wish}
        else:
            answer = {"status": "skip", "selectedCard": -1, "wishedColor": NO_WISH}
        answer["skipped"] = False
        return json.dumps(answer, separators=(",", ":")).encode() + b"\n"


def play_over_socket(
    host: str, port: int, session: BotSession, timeout: float | None = 60.0
) -> str | None:
    """Connect, play one game, return the announced winner's name."""
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        stream = sock.makefile("rb")
        for line in stream:
            answer = session.receive(line)
            if answer is not None:
                sock.sendall(answer)
            if session.over:
                break
    return session.winner


def main(argv: list[str] | None = None) -> int:
    """Run one built-in bot as a process: ``NAME --host --port [--seed] [--name] [--games]``."""
    parser = argparse.ArgumentParser(description="a built-in Mau-Mau bot")
    parser.add_argument("strategy", choices=sorted(STRATEGIES))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=1338)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--name", default=None, help="player name (default: the strategy)")
    parser.add_argument("--games", type=int, default=1, help="games to play one after another")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    rng = SeededRandom(args.seed)
    name = args.name or args.strategy
    for _ in range(args.games):
        session = BotSession(name, STRATEGIES[args.strategy], rng)
        try:
            winner = play_over_socket(args.host, args.port, session)
        except OSError as error:
            print(
                f"maumau bot {name}: cannot play on {args.host}:{args.port}: {error}",
                file=sys.stderr,
            )
            return 1
        print(f"maumau bot {name} (seed {rng.seed_value}): winner {winner}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
