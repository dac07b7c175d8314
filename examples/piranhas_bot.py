"""An example Piranhas (Software-Challenge 2019) bot: copy this file and make it yours.

Run a server in one terminal and this bot (twice, or against a built-in bot) in others::

    botarena serve
    python examples/piranhas_bot.py -h 127.0.0.1 -p 13050
    botarena bot piranhas-2019 greedy -h 127.0.0.1 -p 13050

(``piranhas-2019``: a bare ``piranhas`` means the newest season, 2026, whose bots wait in
rooms of their own.) The bot prints that it joined and waits for an opponent, and at the
end who won and why; ``botarena play piranhas-2019 "python3 examples/piranhas_bot.py" random``
plays one game without a second terminal.

The flags are those of the official clients: ``-h/--host``, ``-p/--port``,
``-r/--reservation`` (the code of a prepared slot; the test runner passes it), and
``--help``. Without a reservation the bot joins any open Piranhas game.

The bot is one function, ``calculate_move(state)``. ``state`` is botarena's own Piranhas
rules engine (:class:`botarena.games.piranhas.rules.PiranhasState`), so you can ask it for
``legal_moves()``, try a move on a ``clone()`` with ``apply(move)``, and read
``swarm_size(color)``, ``fish_count(color)`` and ``current_color``. Return one of the legal
moves; the SDK sends it to the server the moment the server asks.

The strategy here: a player wins by joining all fish into one swarm, so play the move
after which our largest swarm is biggest, and among those the one that leaves the
opponent's largest swarm smallest. Ties are broken by the order of ``legal_moves()``.
For the optional hooks (welcome, every state, game over, errors), subclass
``botarena.client.BotBase`` instead of writing a function.
"""

from __future__ import annotations

import sys

from botarena.client import BotError, bot_argument_parser, exit_code, run
from botarena.games.piranhas.model import Move
from botarena.games.piranhas.rules import PiranhasState


def calculate_move(state: PiranhasState) -> Move:
    """The move that keeps our largest swarm biggest (and the opponent's smallest)."""
    me = state.current_color
    opponent = me.opponent

    def value(move: Move) -> tuple[int, int]:
        after = state.clone()
        after.apply(move)
        return after.swarm_size(me), -after.swarm_size(opponent)

    return max(state.legal_moves(), key=value)


def main() -> int:
    args = bot_argument_parser("an example Piranhas bot (largest swarm)").parse_args()
    try:
        session = run(
            calculate_move,
            game_type="swc_2019_piranhas",
            host=args.host,
            port=args.port,
            reservation=args.reservation,
            room=args.room,
        )
    except BotError as error:  # e.g. no server at that address
        print(error, file=sys.stderr)
        return 1
    return exit_code(session)  # the SDK has printed the result


if __name__ == "__main__":
    sys.exit(main())
