"""A stand-alone Piranhas client process for the end-to-end tests (like a contestant's bot).

``python tests/server/client_process.py --host H --port P [--reservation CODE] [--seed N]``
connects with blocking sockets, joins (or takes its reservation), answers every move request
with a seeded random legal move, prints ``result <cause> <cause> winner=<colour|none>``,
sends the close element after ``left`` and exits 0. Any protocol surprise exits 1.
"""

from __future__ import annotations

import argparse
import socket
import sys

from botarena.core import SeededRandom
from botarena.games.piranhas import xml as piranhas_xml
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded, StreamLimits

MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


def play(host: str, port: int, reservation: str | None, seed: int) -> int:
    rng = SeededRandom(seed)
    parser = ScStreamParser(StreamLimits(max_message_bytes=1 << 24))
    with socket.create_connection((host, port), timeout=30) as sock:
        request = (
            f'<joinPrepared reservationCode="{reservation}"/>'
            if reservation
            else '<join gameType="swc_2019_piranhas"/>'
        )
        sock.sendall(f"<protocol>{request}".encode())
        state = None
        room_id = None
        result_line = None
        while True:
            chunk = sock.recv(1 << 16)
            if not chunk:
                print("unexpected end of stream", file=sys.stderr)
                return 1
            for event in parser.feed(chunk):
                if isinstance(event, StreamEnded):
                    print("server closed the stream", file=sys.stderr)
                    return 1
                assert isinstance(event, MessageReceived)
                message = event.element
                if message.tag == "joined":
                    room_id = message.get("roomId")
                elif message.tag == "left":
                    print(result_line)
                    sock.sendall(b"<sc.protocol.responses.CloseConnection/></protocol>")
                    return 0 if result_line else 1
                elif message.tag == "room":
                    data = message[0]
                    kind = data.get("class")
                    if kind == "memento":
                        state = piranhas_xml.state_from_element(data[0])
                    elif kind == MOVE_REQUEST:
                        assert state is not None
                        move = rng.choice(state.legal_moves())
                        sock.sendall(
                            f'<room roomId="{room_id}"><data class="move" x="{move.x}" '
                            f'y="{move.y}" direction="{move.direction.value}"/></room>'.encode()
                        )
                    elif kind == "result":
                        causes = " ".join(s.get("cause", "?") for s in data.findall("score"))
                        winner = data.find("winner")
                        colour = "none" if winner is None else winner.get("color")
                        result_line = f"result {causes} winner={colour}"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--reservation")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    return play(args.host, args.port, args.reservation, args.seed)


if __name__ == "__main__":
    sys.exit(main())
