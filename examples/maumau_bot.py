#!/usr/bin/env python3
"""A complete Mau-Mau bot for the Free-Hack contest protocol, standard library only.

Start here to write your own bot: change ``choose_card``. Run it against a server with

    python examples/maumau_bot.py --host 127.0.0.1 --port 1338 --name MyBot

Protocol in short (one JSON object per line, both directions):
  server {"sendName":true,...}             -> you send {"status":"okay","name":"MyBot"}
  server {"topCard":..,"turnOf":..,...}    -> someone's turn (no answer)
  server {"topcard":..,"wishedColor":..,"hand":[..]?,"drawedCards":[..]?,...}
                                           -> YOUR turn: answer exactly one line
        {"status":"turn","selectedCard":CARD,"wishedColor":SUIT}  or  {"status":"skip"}
  server {"drawedCards":N,"status":"okay"}  -> you drew card N (after "skip")
  server {"drawedCards":N,"status":"error"} -> your move was invalid; penalty card N
  server {"won":true,"nameOfWinner":..}     -> game over
An accepted card gets no reply. Cards are 0..31: suit = card % 4, rank = card // 4
(rank 0 = 7: next player draws two, 1 = 8: next player is skipped, 4 = jack: wish a suit).
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
from collections import Counter

JACK = 4


def fits(card: int, top: int, wish: int) -> bool:
    if wish != -1:
        return card % 4 == wish and card // 4 != JACK
    return card % 4 == top % 4 or card // 4 == top // 4 or card // 4 == JACK


def choose_card(hand: list[int], top: int, wish: int) -> int | None:
    """The card to play, or None to draw. Jacks are kept for when nothing else fits."""
    playable = [card for card in hand if fits(card, top, wish)]
    plain = [card for card in playable if card // 4 != JACK]
    if plain:
        return plain[0]
    return playable[0] if playable else None


def favourite_suit(hand: list[int]) -> int:
    counts = Counter(card % 4 for card in hand if card // 4 != JACK)
    return counts.most_common(1)[0][0] if counts else 0


def play(host: str, port: int, name: str) -> str | None:
    hand: list[int] = []
    played: int | None = None
    with socket.create_connection((host, port)) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for raw in sock.makefile("rb"):
            message = json.loads(raw)
            reply: dict[str, object] | None = None
            if message.get("sendName"):
                reply = {"status": "okay", "name": name}
            elif message.get("won"):
                winner = message.get("nameOfWinner")
                return None if winner is None else str(winner)
            elif "topcard" in message:  # our turn (lower-case c!)
                played = None
                if "hand" in message:
                    hand = list(message["hand"])
                elif message.get("drawTwoCards"):
                    hand += message["drawedCards"]
                card = choose_card(hand, message["topcard"], message["wishedColor"])
                if card is None:
                    reply = {"status": "skip"}
                else:
                    hand.remove(card)
                    played = card
                    reply = {
                        "status": "turn",
                        "selectedCard": card,
                        "wishedColor": favourite_suit(hand),
                    }
            elif "drawedCards" in message:
                if message["status"] == "error" and played is not None:
                    hand.append(played)  # the server refused our card
                if message["drawedCards"] >= 0:
                    hand.append(message["drawedCards"])
                played = None
            if reply is not None:
                sock.sendall(json.dumps(reply).encode() + b"\n")
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=1338)
    parser.add_argument("--name", default="ExampleBot")
    args = parser.parse_args(argv)
    try:
        winner = play(args.host, args.port, args.name)
    except OSError as error:
        print(f"cannot play: {error}", file=sys.stderr)
        return 1
    print(f"game over, winner: {winner}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
