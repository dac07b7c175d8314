"""The official clients' command line: ``-h/--host``, ``-p/--port``, ``-r/--reservation``.

``-h`` means host, as in the official clients; help is ``--help``. botarena adds ``--room``
(2021 ``joinRoom``), ``--name`` (the display name sent with the join) and
``--reservations-stdin`` (one game per reservation code read from stdin, the runner's
``--persistent`` mode).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 13050


def bot_argument_parser(description: str = "a botarena bot") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description, add_help=False)
    parser.add_argument("--help", action="help", help="show this help and exit")
    parser.add_argument("-h", "--host", default=DEFAULT_HOST, help="server address")
    parser.add_argument("-p", "--port", type=int, default=DEFAULT_PORT, help="server port")
    parser.add_argument(
        "-r", "--reservation", default=None, help="reservation code of a prepared slot"
    )
    parser.add_argument(
        "--room", default=None, help="join a free slot of this prepared room (2021 only)"
    )
    parser.add_argument(
        "--name", default=None, help="display name sent with the join [default: script name]"
    )
    parser.add_argument(
        "--reservations-stdin",
        action="store_true",
        help="play one game per reservation code read from stdin (one per line)",
    )
    return parser


@dataclass(frozen=True, slots=True)
class BotOptions:
    """Where and how a bot joins, from its command line."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    reservation: str | None = None
    room: str | None = None
    name: str | None = None
    reservations_stdin: bool = False
    unknown: tuple[str, ...] = ()
    """Arguments the official flags do not cover (the bot's own), left alone."""


def parse_bot_options(argv: Sequence[str], description: str = "a botarena bot") -> BotOptions:
    """The official flags in ``argv``; other arguments are returned in ``unknown``.

    Exits with a usage message (argparse) on a bad value, e.g. ``--port x``.
    """
    known, unknown = bot_argument_parser(description).parse_known_args(list(argv))
    # The parser's destinations are the fields of BotOptions, by name.
    return BotOptions(**vars(known), unknown=tuple(unknown))


def script_name() -> str | None:
    """The running script's file name (``my_bot.py``), the default display name."""
    program = sys.argv[0] if sys.argv else ""
    if not program or program in {"-c", "-m"}:
        return None
    return Path(program).name or None
