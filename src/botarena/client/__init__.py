"""The bot SDK: what a bot author imports.

A bot is one function of the game state, or a small class with optional hooks::

    from botarena.client import run

    def calculate_move(state):
        return state.legal_moves()[0]

    run(calculate_move, game_type="swc_2019_piranhas")

``run`` reads the official clients' flags from the command line (``-h/--host``,
``-p/--port``, ``-r/--reservation``, plus ``--room``, ``--name``, ``--reservations-stdin``);
arguments given to it win. :class:`BotBase` adds the hooks ``on_welcome(color)``,
``on_state(state)``, ``on_game_over(result)`` and ``on_error(message)``. The state is the
game engine's own state (``botarena.games.<game>``), so ``state.legal_moves()`` and the
engine's rules are at hand. A bot prints one line when it joined and waits for an
opponent, and one with the result (:mod:`botarena.client.report`).
:func:`bot_argument_parser` gives the same flags to a bot that parses its own command line.
"""

from botarena.client.cli_args import bot_argument_parser
from botarena.client.codecs import GameCodec, codec_for, sc_codecs
from botarena.client.run import BotError, exit_code, run
from botarena.client.session import Bot, BotBase, BotSession, FunctionBot, JoinRoom

__all__ = [
    "Bot",
    "BotBase",
    "BotError",
    "BotSession",
    "FunctionBot",
    "GameCodec",
    "JoinRoom",
    "bot_argument_parser",
    "codec_for",
    "exit_code",
    "run",
    "sc_codecs",
]
