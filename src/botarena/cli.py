"""The ``botarena`` command line: one entry point for every job.

Each command is a thin adapter: it parses options and calls the package that does the work.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from botarena import __version__

DEFAULT_HOST = "127.0.0.1"
DEFAULT_SC_PORT = 13050
DEFAULT_MAUMAU_PORT = 1338

PASSTHROUGH = {"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []}
"""For commands whose own argparse parser reads the arguments (and prints their --help)."""


@click.group(context_settings={"help_option_names": ["--help"]})
@click.version_option(__version__, prog_name="botarena")
def cli() -> None:
    """botarena: game servers, bots and a mass-test runner for bot contests."""


@cli.command()
@click.option("--host", default=None, help=f"Address to bind [default: {DEFAULT_HOST}].")
@click.option("--port", type=int, default=None, help=f"SC XML port [default: {DEFAULT_SC_PORT}].")
@click.option(
    "--config",
    "config_path",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="server.properties file [default: ./server.properties if present].",
)
@click.option("--no-timeout", is_flag=True, help="Never time out a player (debugging).")
@click.option("--paused", is_flag=True, help="Start prepared games paused.")
@click.option(
    "--replays",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="Write one replay per game into this folder.",
)
@click.option(
    "--maumau-port",
    type=int,
    default=DEFAULT_MAUMAU_PORT,
    show_default=True,
    help="Mau-Mau JSON-lines port.",
)
@click.option(
    "--maumau-players",
    type=click.IntRange(2, 4),
    default=2,
    show_default=True,
    help="Players per Mau-Mau game.",
)
@click.option("--no-maumau", is_flag=True, help="Do not start the Mau-Mau server.")
@click.option(
    "--default-game",
    default=None,
    metavar="GAME",
    help="Game type a <join/> without gameType joins (socha clients) [default: the newest "
    "season offered].",
)
def serve(
    host: str | None,
    port: int | None,
    config_path: Path | None,
    no_timeout: bool,
    paused: bool,
    replays: Path | None,
    maumau_port: int,
    maumau_players: int,
    no_maumau: bool,
    default_game: str | None,
) -> None:
    """Run the game servers until Ctrl-C.

    The Software-Challenge XML server (swc_2019_piranhas, swc_2018_hase_und_igel,
    swc_2021_blokus, swc_2026_piranhas, swc_2027_blokus) listens on 127.0.0.1:13050 and the
    Mau-Mau server on 127.0.0.1:1338. A socha client started without a reservation sends
    <join/> and plays the default game.
    """
    from botarena.server.config import config_from_options
    from botarena.server.maumau import ServerOptions
    from botarena.server.serve_all import run_all

    try:
        sc_config = config_from_options(
            host=host,
            port=port,
            config_path=config_path,
            no_timeout=no_timeout,
            replays=replays,
            paused=paused,
            default_game=default_game or _newest_game(),
        )
        maumau = (
            None
            if no_maumau
            else ServerOptions(host=sc_config.bind_host, port=maumau_port, players=maumau_players)
        )
        run_all(sc_config, maumau)
    except (OSError, ValueError) as error:
        raise click.ClickException(str(error)) from error
    except KeyboardInterrupt:
        pass


def _newest_game() -> str | None:
    """The newest installed season: ``botarena serve``'s default game, so that the lobby
    speaks its protocol (2026+: errorpackets, never a bare close for a socha client)."""
    from botarena.server.plugin import newest_game
    from botarena.server.registry import installed_plugins

    return newest_game(plugin.game_type for plugin in installed_plugins())


@cli.group()
def bot() -> None:
    """Run a built-in bot as a client process."""


@bot.command("maumau", context_settings=PASSTHROUGH)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def bot_maumau(args: tuple[str, ...]) -> None:
    """A Mau-Mau bot: NAME (random|heuristic) --host H --port P [--seed S] [--name N]."""
    from botarena.games.maumau.players import main as maumau_bot_main

    sys.exit(maumau_bot_main(list(args)))


@cli.group()
def tournament() -> None:
    """Tournaments between bots."""


@tournament.command("maumau", context_settings=PASSTHROUGH)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def tournament_maumau(args: tuple[str, ...]) -> None:
    """A Mau-Mau K.O. tournament: --format ko BOT... (see --help)."""
    from botarena.runner.maumau_tournament import main as tournament_main

    sys.exit(tournament_main(list(args)))


# Commands defined in their own packages register here.
__import__("botarena.client.cli").client.cli.register_commands(bot)  # bot piranhas|…|blokus
__import__("botarena.runner.cli").runner.cli.register_commands(cli)  # runner: test, play


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
