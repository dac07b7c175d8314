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
from botarena.client.session import Bot, BotSession, as_bot
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
    game: str,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    reservation: str | None = None,
) -> BotSession:
    """Play one game with ``bot`` (an object with ``calculate_move`` or just that function).

    ``game`` is a short name (``piranhas``) or game type (``swc_2019_piranhas``). With a
    ``reservation`` the bot takes a prepared slot (``joinPrepared``), otherwise it joins any
    open room of the game (``join``). Returns the finished session (``result``, ``errors``,
    ``color``); raises :class:`BotError` when the connection fails.
    """
    codec = codec_for(game)
    join: msg.Join | msg.JoinPrepared = (
        msg.JoinPrepared(reservation) if reservation is not None else msg.Join(codec.game_type)
    )
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
        print("the game ended without a result: " + "; ".join(session.errors), file=sys.stderr)
        return 1
    return 1 if session.errors else 0
