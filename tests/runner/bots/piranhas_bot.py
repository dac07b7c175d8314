"""A small Piranhas bot process for the runner tests, with deliberate misbehaviours.

Usage: piranhas_bot.py MODE --host H --port P --reservation R
MODE: random (plays uniform legal moves), exit_second (with --reservations-stdin: exits
before its second game), crash_start, exit_mid, garbage, illegal, silent,
slow (answers after SLOW_S), twice (connects a second time with the same reservation and
plays on that refused connection), never_connect, weak (loses
WEAK_LOSS_RATE of its games by an illegal first move), slowish (every move after SLOWISH_S: a
run that can be interrupted), burn:S:N (uses S seconds of its own CPU time for each of its
first N moves), stall_once:PATH (at its first move sleeps for good unless PATH exists, which
it creates: the first game is stalled, the next plays), stall (sleeps at every first move).
"""

from __future__ import annotations

import argparse
import random
import socket
import sys
import time
import zlib
from pathlib import Path

from lxml import etree

from botarena.games.piranhas import xml as piranhas_xml
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded

SLOW_S = 3.0
WEAK_LOSS_RATE = 0.8
SLOWISH_S = 0.01
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
    parser.add_argument("--reservations-stdin", action="store_true")
    args = parser.parse_args()
    print(f"test bot {args.mode} starting", flush=True)
    if args.reservations_stdin:  # persistent mode: one game per line of stdin
        for games, line in enumerate(sys.stdin):
            if args.mode == "exit_second" and games == 1:
                print("exiting before the second game on purpose", file=sys.stderr, flush=True)
                return 5
            args.reservation = line.strip()
            play(args, "random" if args.mode == "exit_second" else args.mode)
        return 0
    return play(args, args.mode)


def play(args: argparse.Namespace, mode: str) -> int:
    """Play one game with ``args.reservation``, misbehaving as ``mode`` says."""
    if mode == "never_connect":
        time.sleep(3600)
    if mode == "crash_start":
        print("crashing on purpose", file=sys.stderr, flush=True)
        return 3
    sock = connect(args.host, args.port, args.reservation)
    if mode == "twice":
        sock = connect(args.host, args.port, args.reservation)  # refused: the code is used
    rng: random.Random | None = None  # seeded by the first state: the same game, the same play
    weak = False
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
                state_element = payload.find("state")
                assert state_element is not None
                state = piranhas_xml.state_from_element(state_element)
                if rng is None:
                    rng = random.Random(zlib.crc32(etree.tostring(state_element)))
                    weak = rng.random() < WEAK_LOSS_RATE
            elif kind == MOVE_REQUEST and state is not None and rng is not None:
                misbehave(mode, moves_made)
                if mode == "exit_mid" and moves_made >= 2:
                    print("exiting mid-game on purpose", file=sys.stderr, flush=True)
                    return 4
                if mode == "garbage":
                    sock.sendall(b"<<<this is not xml&&&>>>")
                    continue
                if mode == "silent":
                    time.sleep(3600)
                if mode == "slow":
                    time.sleep(SLOW_S)
                if mode == "slowish":
                    time.sleep(SLOWISH_S)
                moves = list(state.legal_moves())
                if mode == "illegal" or (mode == "weak" and moves_made == 0 and weak):
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


def burn(seconds: float) -> None:
    """Use ``seconds`` of this process's CPU time (whatever the wall time it takes)."""
    until = time.process_time() + seconds
    while time.process_time() < until:
        pass


def misbehave(mode: str, moves_made: int) -> None:
    """The CPU-clock modes (``burn:S:N``, ``stall_once:PATH``, ``stall``)."""
    if mode.startswith("burn:"):
        _, seconds, moves = mode.split(":")
        if moves_made < int(moves):
            burn(float(seconds))
    elif mode == "stall" and moves_made == 0:
        time.sleep(3600)
    elif mode.startswith("stall_once:") and moves_made == 0:
        marker = Path(mode.split(":", 1)[1])
        if not marker.exists():
            marker.touch()
            time.sleep(3600)


if __name__ == "__main__":
    sys.exit(main())
