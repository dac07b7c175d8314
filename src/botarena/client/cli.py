"""``botarena bot GAME NAME``: a built-in player as a client process.

Flags as the official clients have them: ``-h/--host``, ``-p/--port``,
``-r/--reservation`` (``-h`` is the host; help is ``--help``), plus ``--seed`` and the
player's options (``--time-budget``, ``--max-depth`` for the search players).
"""

from __future__ import annotations

import sys
from typing import Any

import click

from botarena.client.cli_args import DEFAULT_HOST, DEFAULT_PORT
from botarena.client.codecs import GameCodec, codec_for
from botarena.client.run import BotError, exit_code, play_one_game
from botarena.core import SeededRandom

OPTION_TYPES: dict[str, type] = {  # options not listed here are read as numbers (float)
    "time_budget": float,
    "time_ms": float,
    "max_depth": int,
    "candidates": int,
    "size_weight": float,
}


def _bot_command(codec: GameCodec) -> click.Command:
    names = list(codec.player_options)
    extra = sorted({option for options in codec.player_options.values() for option in options})

    def play(
        *,
        name: str,
        host: str,
        port: int,
        reservation: str | None,
        room: str | None,
        display_name: str | None,
        seed: int | None,
        reservations_stdin: bool,
        **options: Any,
    ) -> None:
        if reservation is not None and room is not None:
            raise click.UsageError("give either --reservation or --room, not both")
        if reservations_stdin and (reservation is not None or room is not None):
            raise click.UsageError(
                "--reservations-stdin reads the codes; drop --reservation/--room"
            )
        given = {key: value for key, value in options.items() if value is not None}
        rng = SeededRandom(seed)
        try:
            player = codec.make_player(name, rng.seed_value, **given)
        except ValueError as error:
            raise click.UsageError(str(error)) from error
        click.echo(f"{codec.name} {name} bot, seed {rng.seed_value}", err=True)

        def play_one(code: str | None) -> int:
            try:
                session = play_one_game(
                    player,
                    game_type=codec.game_type,
                    host=host,
                    port=port,
                    reservation=code,
                    room=room,
                    name=display_name or name,
                )
            except BotError as error:
                raise click.ClickException(str(error)) from error
            return exit_code(session)

        if not reservations_stdin:
            sys.exit(play_one(reservation))
        # One game per reservation line, one after another, until stdin ends: the runner's
        # persistent mode saves a process start per game.
        worst = 0
        for line in sys.stdin:
            if line.strip():
                worst = max(worst, play_one(line.strip()))
                sys.stderr.flush()
        sys.exit(worst)

    command = click.Command(
        codec.name,
        callback=play,
        help=f"A built-in {codec.name} player ({', '.join(names)}) as a client of an SC server.",
        params=[
            click.Argument(["name"], type=click.Choice(names)),
            click.Option(["-h", "--host"], default=DEFAULT_HOST, show_default=True),
            click.Option(["-p", "--port"], type=int, default=DEFAULT_PORT, show_default=True),
            click.Option(["-r", "--reservation"], default=None, help="Prepared slot's code."),
            click.Option(
                ["--room"],
                default=None,
                help="Join a free unreserved slot of this prepared room (joinRoom, 2021 only).",
            ),
            click.Option(
                ["--name", "display_name"],
                default=None,
                help="Display name sent with the join [default: the player's name].",
            ),
            click.Option(["--seed"], type=int, default=None, help="Seed of the player's RNG."),
            click.Option(
                ["--reservations-stdin"],
                is_flag=True,
                help="Play one game per reservation code read from stdin (one per line).",
            ),
            *(
                click.Option(
                    [f"--{option.replace('_', '-')}"], type=OPTION_TYPES.get(option, float)
                )
                for option in extra
            ),
        ],
        context_settings={"help_option_names": ["--help"]},
    )
    return command


def bot_command(game: str) -> click.Command:
    """``botarena bot GAME``: the command of the SC season named ``game`` (type, id or name)."""
    return _bot_command(codec_for(game))
