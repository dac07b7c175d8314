"""The blocking bot client: connect, join, play one game, leave.

No polling and no regex framing: the socket blocks until the server sends something, the
stream parser frames messages, and a MoveRequest is answered in the same read that
delivered it. TCP_NODELAY sends each answer at once.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable
from typing import Any

from botarena.client.codecs import codec_for
from botarena.client.session import Bot, BotSession, JoinRequest, JoinRoom, as_bot
from botarena.protocol import sc_messages as msg

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 13050
RECEIVE_BYTES = 65536
CONNECT_TIMEOUT_S = 10.0
"""How long to wait for the server to accept the connection."""
CLOSE_TIMEOUT_S = 5.0
"""After we end our stream, how long to wait for the server to close the connection."""


class BotError(Exception):
    """The game could not be played to its end (the message says why)."""


def run(
    bot: Bot | Callable[[Any], Any],
    *,
    game_type: str,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    reservation: str | None = None,
    room: str | None = None,
) -> BotSession:
    """Play one game with ``bot`` (an object with ``calculate_move`` or just that function).

    ``game_type`` is a game type (``swc_2019_piranhas``) or short name (``piranhas``). With
    a ``reservation`` the bot takes a prepared slot (``joinPrepared``); with a ``room`` it
    takes a free unreserved slot of that prepared room (``joinRoom``, 2021 protocol only:
    2019/2018 servers refuse it); otherwise it joins any open room of the game (``join``).
    Returns the finished session (``result``, ``errors``, ``color``, ``room_id``); raises
    :class:`BotError` when the connection fails and ``ValueError`` for bad arguments.
    """
    codec = codec_for(game_type)
    join = join_request(codec.game_type, reservation, room)
    session = BotSession(as_bot(bot), codec, join)
    try:
        sock = socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S)
    except OSError as error:
        raise BotError(f"cannot connect to {host}:{port}: {error}") from error
    with sock:
        sock.settimeout(None)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            sock.sendall(session.start())
            while not session.finished:
                data = sock.recv(RECEIVE_BYTES)
                if not data:
                    session.connection_lost()
                    break
                reply = session.receive(data)
                if reply:
                    sock.sendall(reply)
            if session.closed_by_us:
                _wait_for_close(sock)
        except OSError as error:
            raise BotError(f"connection to {host}:{port} failed: {error}") from error
    return session


def join_request(game_type: str, reservation: str | None, room: str | None) -> JoinRequest:
    """The opening request: ``joinPrepared``, ``joinRoom`` or ``join``."""
    if reservation is not None and room is not None:
        raise ValueError("give either a reservation or a room, not both")
    if reservation is not None:
        return msg.JoinPrepared(reservation)
    if room is not None:
        return JoinRoom(room)
    return msg.Join(game_type)


def _wait_for_close(sock: socket.socket) -> None:
    """Read until the server closes (it does after our ``</protocol>``), bounded in time."""
    sock.settimeout(CLOSE_TIMEOUT_S)
    try:
        while sock.recv(RECEIVE_BYTES):
            pass
    except OSError:
        pass


def exit_code(session: BotSession) -> int:
    """0 when the game ended with a result and we caused no error, 1 otherwise."""
    if session.result is None:
        reasons = "; ".join(session.errors) or "no reason given"
        print(f"the game ended without a result: {reasons}", file=sys.stderr)
        return 1
    return 1 if session.errors else 0
