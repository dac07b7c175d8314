"""The bot SDK for Mau-Mau (the Free-Hack contest's JSON-lines protocol).

:class:`MauMauSession` is one bot's game without I/O: it takes the bytes the server sent,
decodes each line into a typed message (:mod:`botarena.games.maumau.wire`), keeps what the
bot knows in a :class:`~botarena.games.maumau.players.BotView`, asks the strategy for a move
when the server requests one, and returns the bytes to send back. :func:`play_over_socket`
(blocking) and :func:`play_async` (asyncio) run a session over TCP. :func:`run` makes a bot
process of a strategy (flags ``--host --port --name --seed --games``); :func:`main` is
``botarena bot maumau NAME [flags]`` for the built-in strategies.

A strategy is a function ``(view, rng) -> Play | DRAW``; ``rng`` is the session's seeded
generator, for every random choice the strategy makes.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys
from collections.abc import Callable
from typing import Final

from botarena.core import SeededRandom
from botarena.games.maumau.players import STRATEGIES, BotView, Strategy
from botarena.games.maumau.rules import Play
from botarena.games.maumau.wire import (
    DrawReply,
    GameStart,
    GameWon,
    SendName,
    ServerMessage,
    SetName,
    TurnAnnouncement,
    TurnRequest,
    UnknownMessageError,
    decode_server_message,
    encode_move,
    encode_name,
)
from botarena.games.registry import MAUMAU_PORT
from botarena.protocol.maumau_json import MAX_LINE_BYTES, Line, LineReader

READ_TIMEOUT_S: Final = 60.0
"""Seconds :func:`play_over_socket` waits for the server's next bytes during a game before
giving up (waiting for opponents before the game starts has no limit)."""
WAITING_HINT_S: Final = 30.0
"""Seconds without a game start after which a waiting bot says once more what it waits for."""
RECV_BYTES: Final = 65536
"""Bytes read from the socket at a time."""


class MauMauSession:
    """One bot's game, sans I/O: server bytes in (:meth:`feed`), the bot's bytes out.

    A line that is no server message raises :class:`UnknownMessageError` (saying why);
    lines after the game-over message are ignored.
    """

    def __init__(
        self,
        name: str,
        strategy: Strategy,
        rng: SeededRandom | None = None,
        max_line_bytes: int = MAX_LINE_BYTES,
    ) -> None:
        self.name = name
        self.strategy = strategy
        self.rng = rng if rng is not None else SeededRandom()
        self.view = BotView(name=name)
        self.pending_play: int | None = None
        """The held card sent in the last answer, until the server accepts or rejects it."""
        self.winner: str | None = None
        self.seated = False
        """The server confirmed a name (ours or its fallback ``Bot <seat>``): we wait for
        the other players."""
        self.started = False
        """The game has started (``gameStart``)."""
        self.over = False
        self._lines = LineReader(max_line_bytes)

    def feed(self, data: bytes) -> bytes:
        """The server's next bytes; returns what to send back (often nothing)."""
        return self._answer(self._lines.feed(data))

    def finish(self) -> bytes:
        """The server closed the connection: an unterminated last line still counts."""
        return self._answer(self._lines.finish())

    def _answer(self, lines: list[Line]) -> bytes:
        out = b""
        for line in lines:
            if self.over:
                break
            reply = self.receive(line)
            if reply is not None:
                out += reply
        return out

    def receive(self, line: Line) -> bytes | None:
        """One server line (terminator optional); the line to send back, if any."""
        return self.handle(decode_server_message(line))

    def handle(self, message: ServerMessage) -> bytes | None:
        """One typed server message; the line to send back, if any."""
        view = self.view
        if isinstance(message, SendName):
            return encode_name(self.name)
        if isinstance(message, SetName):
            self.seated = True
            if message.name is not None:
                self.name = view.name = message.name
        elif isinstance(message, GameStart):
            self.started = True
        elif isinstance(message, TurnAnnouncement):
            view.cards_left[message.turn_of] = message.cards_left
        elif isinstance(message, TurnRequest):
            return self._turn(message)
        elif isinstance(message, DrawReply):
            if message.penalty and self.pending_play is not None:
                view.hand.append(self.pending_play)  # the play was rejected
            if message.card >= 0:
                view.hand.append(message.card)
            self.pending_play = None
        elif isinstance(message, GameWon):
            self.over = True
            self.winner = message.winner
        return None

    def _turn(self, request: TurnRequest) -> bytes:
        view = self.view
        self.pending_play = None
        if request.hand is not None:
            view.hand = list(request.hand)  # the first request: the whole hand
        elif request.draw_two:
            view.hand += request.drawn
        view.top_card = request.top_card
        view.wish = request.wish
        move = self.strategy(view, self.rng)
        if isinstance(move, Play) and move.card in view.hand:
            view.hand.remove(move.card)
            self.pending_play = move.card
        return encode_move(move)


Echo = Callable[[str], None]


def print_line(text: str) -> None:
    """Print one line for the bot's author on stdout, at once (the protocol runs over TCP)."""
    print(text, flush=True)


def play_over_socket(
    host: str,
    port: int,
    session: MauMauSession,
    timeout: float | None = READ_TIMEOUT_S,
    *,
    echo: Echo | None = None,
    waiting_hint_s: float = WAITING_HINT_S,
) -> str | None:
    """Connect, play one game (blocking), return the announced winner's name.

    Until the game starts there is no time limit: opponents may take their time. With
    ``echo`` the bot says when it is seated and waits (naming the address), and once more
    after ``waiting_hint_s`` seconds without a game. During the game a silence of
    ``timeout`` seconds raises :class:`TimeoutError`."""
    label = f"maumau bot {session.name}"
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(waiting_hint_s if echo is not None else None)
        while not session.over:
            try:
                data = sock.recv(RECV_BYTES)
            except TimeoutError:
                if session.started:
                    raise
                sock.settimeout(None)  # say it once, then wait as long as it takes
                if echo is not None:
                    echo(still_waiting_line(label, host, port, waiting_hint_s))
                continue
            seated = session.seated
            reply = session.feed(data) if data else session.finish()
            if echo is not None and session.seated and not seated:
                echo(waiting_line(label, session.name, host, port))
            if session.started and sock.gettimeout() != timeout:
                sock.settimeout(timeout)
            if reply:
                sock.sendall(reply)
            if not data:
                break
    return session.winner


def waiting_line(label: str, seat_name: str, host: str, port: int) -> str:
    return f"{label}: seated as {seat_name!r} on {host}:{port}, waiting for an opponent (Mau-Mau)"


def still_waiting_line(label: str, host: str, port: int, seconds: float) -> str:
    return (
        f"{label}: still no game after {seconds:.0f} s: is another bot connecting to {host}:{port}?"
    )


def result_line(session: MauMauSession) -> str:
    """``game over: heuristic wins; MyBot holds 3 cards`` (the protocol names the winner,
    never the reason)."""
    winner = "no winner" if session.winner is None else f"{session.winner} wins"
    held = len(session.view.hand)
    return f"game over: {winner}; {session.name} holds {held} card{'' if held == 1 else 's'}"


async def play_async(host: str, port: int, session: MauMauSession) -> str | None:
    """:func:`play_over_socket` on an asyncio event loop (for in-process bots)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        while not session.over:
            data = await reader.read(RECV_BYTES)
            reply = session.feed(data) if data else session.finish()
            if reply:
                writer.write(reply)
                await writer.drain()
            if not data:
                break
    finally:
        writer.close()
    return session.winner


def bot_argument_parser(
    description: str, default_name: str | None = None
) -> argparse.ArgumentParser:
    """The flags of a Mau-Mau bot process: ``--host --port --name --seed --games``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=MAUMAU_PORT)
    parser.add_argument("--name", default=default_name, help="player name")
    parser.add_argument("--seed", type=int, default=None, help="seed of the bot's generator")
    parser.add_argument("--games", type=int, default=1, help="games to play one after another")
    return parser


def play_games(  # noqa: PLR0917 - the process's flags
    strategy: Strategy,
    name: str,
    host: str = "127.0.0.1",
    port: int = MAUMAU_PORT,
    seed: int | None = None,
    games: int = 1,
) -> int:
    """Play ``games`` games one after another, print each winner; the exit code (1 when the
    server cannot be reached or sends something that is no message of the protocol)."""
    rng = SeededRandom(seed)
    for _ in range(games):
        session = MauMauSession(name, strategy, rng)
        try:
            play_over_socket(host, port, session, echo=print_line)
        except TimeoutError:
            print(
                f"maumau bot {name}: the server on {host}:{port} sent nothing for "
                f"{READ_TIMEOUT_S:.0f} s during the game",
                file=sys.stderr,
            )
            return 1
        except OSError as error:
            print(f"maumau bot {name}: cannot play on {host}:{port}: {error}", file=sys.stderr)
            return 1
        except UnknownMessageError as error:
            print(f"maumau bot {name}: the server sent a bad line: {error}", file=sys.stderr)
            return 1
        print_line(f"maumau bot {name} (seed {rng.seed_value}): {result_line(session)}")
    return 0


def run(
    strategy: Strategy,
    name: str = "bot",
    argv: list[str] | None = None,
    description: str = "a Mau-Mau bot",
) -> int:
    """A bot process around ``strategy``: reads the flags of :func:`bot_argument_parser`
    from ``argv`` (default: the command line), plays, returns the exit code."""
    args = bot_argument_parser(description, name).parse_args(argv)
    return play_games(strategy, args.name, args.host, args.port, args.seed, args.games)


def main(argv: list[str] | None = None) -> int:
    """``botarena bot maumau NAME [flags]``: one of the built-in strategies as a process."""
    parser = bot_argument_parser("a built-in Mau-Mau bot")
    parser.add_argument("strategy", choices=sorted(STRATEGIES))
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    name = args.name or args.strategy
    return play_games(STRATEGIES[args.strategy], name, args.host, args.port, args.seed, args.games)


if __name__ == "__main__":
    sys.exit(main())
