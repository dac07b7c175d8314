"""The official clients' command line: ``-h/--host``, ``-p/--port``, ``-r/--reservation``.

``-h`` means host, as in the official clients; help is ``--help``.
"""

from __future__ import annotations

import argparse

from botarena.client.run import DEFAULT_HOST, DEFAULT_PORT


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
    return parser
