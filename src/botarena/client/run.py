"""The blocking bot client: connect, join, play one game, leave.

No polling and no regex framing: the socket blocks until the server sends something, the
SC client core (through its blocking wrapper, :mod:`botarena.client.sc_connection`) frames
and decodes the messages, and a MoveRequest is answered in the same read that delivered
it. TCP_NODELAY sends each answer at once.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from botarena.client.cli_args import DEFAULT_HOST, DEFAULT_PORT, parse_bot_options, script_name
from botarena.client.codecs import codec_for
from botarena.client.report import WAITING_HINT_S, result_line, still_waiting_line, waiting_line
from botarena.client.sc_connection import CONNECT_TIMEOUT_S, BlockingScConnection
from botarena.client.session import Bot, BotSession, JoinRequest, JoinRoom, as_bot
from botarena.protocol import sc_messages as msg

CLOSE_TIMEOUT_S = 5.0
"""After we end our stream, how long to wait for the server to close the connection."""


class BotError(Exception):
    """The game could not be played to its end (the message says why)."""


Echo = Callable[[str], None]


def print_line(text: str) -> None:
    """Print one line for the bot's author on stdout, at once (not when the buffer fills)."""
    print(text, flush=True)


def run(
    bot: Bot | Callable[[Any], Any],
    *,
    game_type: str,
    host: str | None = None,
    port: int | None = None,
    reservation: str | None = None,
    room: str | None = None,
    name: str | None = None,
    reservations_stdin: bool | None = None,
    argv: Sequence[str] | None = None,
) -> BotSession:
    """Play with ``bot`` (an object with ``calculate_move`` or just that function).

    Where to play comes from the command line (``argv``, by default ``sys.argv[1:]``) with
    the official clients' flags ``-h/--host``, ``-p/--port``, ``-r/--reservation``, plus
    ``--room``, ``--name`` and ``--reservations-stdin``; an explicit argument wins over its
    flag, and ``argv=()`` ignores the command line. So the shortest bot works by hand
    (``python3 my_bot.py``: 127.0.0.1:13050, any open room) and under ``botarena test``,
    which starts it as ``my_bot.py --host H --port P --reservation R``.

    ``game_type`` is a game type (``swc_2019_piranhas``) or short name (``piranhas``). With
    a ``reservation`` the bot takes a prepared slot (``joinPrepared``); with a ``room`` it
    takes a free unreserved slot of that prepared room (``joinRoom``, 2021 protocol only);
    otherwise it joins any open room of the game (``join``). ``name`` (default: the
    script's file name) is sent as the botarena ``displayName`` attribute, which official
    servers ignore. With ``reservations_stdin`` it plays one game per reservation code read
    from stdin until stdin ends (``botarena test --persistent``).

    It prints on stdout that it joined and waits for an opponent (game type, address, room)
    and at the end the result (``NAME: game over: NAME wins (REASON); scores ...``).

    Returns the finished session (of the last game with ``reservations_stdin``: ``result``,
    ``errors``, ``color``, ``room_id``); raises :class:`BotError` when the connection fails
    and ``ValueError`` for bad arguments.
    """
    options = parse_bot_options(sys.argv[1:] if argv is None else argv)
    host = options.host if host is None else host
    port = options.port if port is None else port
    room = options.room if room is None else room
    name = name or options.name or script_name()
    if reservations_stdin is None:
        reservations_stdin = options.reservations_stdin
    if not reservations_stdin:
        reservation = options.reservation if reservation is None else reservation
        return play_one_game(
            bot,
            game_type=game_type,
            host=host,
            port=port,
            reservation=reservation,
            room=room,
            name=name,
        )
    if reservation is not None or room is not None:
        raise ValueError("--reservations-stdin reads the codes; give no reservation or room")
    last: BotSession | None = None
    for line in sys.stdin:
        code = line.strip()
        if not code:
            continue
        try:
            last = play_one_game(
                bot, game_type=game_type, host=host, port=port, reservation=code, name=name
            )
        except BotError as error:  # this game is lost; the next code may still work
            print(f"game with reservation {code}: {error}", file=sys.stderr, flush=True)
        sys.stderr.flush()
    if last is None:
        raise BotError("--reservations-stdin: no game played (no reservation code on stdin)")
    return last


def play_one_game(
    bot: Bot | Callable[[Any], Any],
    *,
    game_type: str,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    reservation: str | None = None,
    room: str | None = None,
    name: str | None = None,
    echo: Echo = print_line,
    waiting_hint_s: float = WAITING_HINT_S,
) -> BotSession:
    """One game with exactly these arguments (no command line): see :func:`run`.

    Says through ``echo`` (stdout) that it joined and waits for an opponent (once, naming
    the game type and the address), once more after ``waiting_hint_s`` seconds without an
    opponent, and the result with the winner at the end."""
    codec = codec_for(game_type)
    join = join_request(codec.game_type, reservation, room)
    session = BotSession(as_bot(bot), codec, join, display_name=name)
    label = name or f"{codec.name} bot"
    try:
        connection = BlockingScConnection.connect(
            host, port, session.client, timeout=CONNECT_TIMEOUT_S
        )
    except OSError as error:
        raise BotError(f"cannot connect to {host}:{port}: {error}") from error
    with connection:
        joined = False
        hint_after: float | None = None  # while seated without an opponent: say so once more
        try:
            session.begin()
            connection.flush()
            while not session.finished:
                if not connection.receive(timeout=hint_after):
                    echo(still_waiting_line(label, codec.game_type, host, port, waiting_hint_s))
                    hint_after = None
                    continue
                session.handle_events()
                connection.flush()
                if not joined and session.room_id is not None:
                    joined = True
                    echo(waiting_line(label, codec.game_type, host, port, session.room_id))
                    if session.color is None:
                        hint_after = waiting_hint_s
                if session.color is not None:
                    hint_after = None  # the game has started
            if session.closed_by_us:
                connection.wait_closed(CLOSE_TIMEOUT_S)
        except OSError as error:
            raise BotError(f"connection to {host}:{port} failed: {error}") from error
    if session.result is not None:
        echo(result_line(label, session.color, session.result))
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


def exit_code(session: BotSession) -> int:
    """0 when the game ended with a result and we caused no error, 1 otherwise."""
    if session.result is None:
        reasons = "; ".join(session.errors) or "no reason given"
        print(f"the game ended without a result: {reasons}", file=sys.stderr)
        return 1
    return 1 if session.errors else 0
