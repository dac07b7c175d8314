"""A small Piranhas bot process for the runner tests, with deliberate misbehaviours.

Usage: piranhas_bot.py MODE --host H --port P --reservation R
MODE: random (plays uniform legal moves), crash_start, exit_mid, garbage, illegal, silent,
slow (answers after SLOW_S), twice (connects a second time with the same reservation and
plays on that refused connection), never_connect.
"""

from __future__ import annotations

import argparse
import random
import socket
import sys
import time

from lxml import etree

from botarena.games.piranhas import xml as piranhas_xml
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded

SLOW_S = 3.0
MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


def connect(host: str, port: int, reservation: str) -> socket.socket:
    sock = socket.create_connection((host, port))
    sock.sendall(f'<protocol><joinPrepared reservationCode="{reservation}"/>'.encode())
    return sock


def main() -> int:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("mode")
    parser.add_argument("--host", "-h", default="127.0.0.1")
    parser.add_argument("--port", "-p", type=int, default=13050)
    parser.add_argument("--reservation", "-r", default="")
    args = parser.parse_args()
    print(f"test bot {args.mode} starting", flush=True)
    if args.mode == "never_connect":
        time.sleep(3600)
    if args.mode == "crash_start":
        print("crashing on purpose", file=sys.stderr, flush=True)
        return 3
    sock = connect(args.host, args.port, args.reservation)
    if args.mode == "twice":
        sock = connect(args.host, args.port, args.reservation)  # refused: the code is used
    rng = random.Random(1)
    stream = ScStreamParser()
    state = None
    moves_made = 0
    while True:
        data = sock.recv(65536)
        if not data:
            return 0
        for event in stream.feed(data):
            if isinstance(event, StreamEnded):
                return 0
            assert isinstance(event, MessageReceived)
            element = event.element
            if element.tag == "left":
                return 0
            if element.tag != "room":
                continue
            room_id = element.get("roomId")
            payload = element.find("data")
            if payload is None:
                continue
            kind = payload.get("class")
            if kind == "memento":
                state = piranhas_xml.state_from_element(payload.find("state"))
            elif kind == MOVE_REQUEST and state is not None:
                if args.mode == "exit_mid" and moves_made >= 2:
                    print("exiting mid-game on purpose", file=sys.stderr, flush=True)
                    return 4
                if args.mode == "garbage":
                    sock.sendall(b"<<<this is not xml&&&>>>")
                    continue
                if args.mode == "silent":
                    time.sleep(3600)
                if args.mode == "slow":
                    time.sleep(SLOW_S)
                moves = list(state.legal_moves())
                if args.mode == "illegal":
                    data_element = etree.Element("data")
                    data_element.set("class", "move")
                    data_element.set("x", "0")
                    data_element.set("y", "0")
                    data_element.set("direction", "UP")
                else:
                    data_element = piranhas_xml.move_to_element(rng.choice(moves))
                room = etree.Element("room")
                room.set("roomId", room_id or "")
                room.append(data_element)
                sock.sendall(etree.tostring(room))
                moves_made += 1


if __name__ == "__main__":
    sys.exit(main())
