"""The ``botarena`` command line: one entry point for every job.

Each command is a thin adapter: it parses options and calls the package that does the work.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

from botarena import __version__
from botarena.cli_options import move_grace_option
from botarena.games import registry
from botarena.move_clock_limits import MAX_PACE_MS
from botarena.web.limits import DEFAULT_WEB_PORT

if TYPE_CHECKING:
    from botarena.runner.run import ClusterGames

DEFAULT_HOST = "127.0.0.1"
DEFAULT_SC_PORT = registry.SC_PORT
DEFAULT_MAUMAU_PORT = registry.MAUMAU_PORT
WEB_PATH = click.Path(path_type=Path, exists=True)
"""A replay file or a run or tournament folder that the web UI may open."""

PASSTHROUGH = {"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []}
"""For commands whose own argparse parser reads the arguments (and prints their --help)."""


@click.group(context_settings={"help_option_names": ["--help"]})
@click.version_option(__version__, prog_name="botarena")
def cli() -> None:
    """botarena: game servers, bots and a mass-test runner for bot contests."""
    from botarena.runner.cli import CLUSTER_GAMES

    click.get_current_context().meta[CLUSTER_GAMES] = _cluster_games


async def _cluster_games(address: str, token: str) -> ClusterGames:
    """``botarena test --cluster``: the runner's games on the league's Dask executor (composed
    here, above both, so that the runner does not import the league)."""
    from botarena.league.executors import ClusterGames

    return await ClusterGames.connect(address, token)


@cli.command(context_settings={"show_default": True})
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
    help="Mau-Mau JSON-lines port.",
)
@click.option(
    "--maumau-players",
    type=click.IntRange(2, 4),
    default=2,
    help="Players per Mau-Mau game.",
)
@click.option("--no-maumau", is_flag=True, help="Do not start the Mau-Mau server.")
@click.option(
    "--pace-ms",
    type=click.IntRange(0, MAX_PACE_MS),
    default=0,
    help="Leave at least this many ms between two SC messages to one connection "
    "(for clients that read exactly one message per read, like the 2019 C++ client): to "
    "every connection, or only to those named by --pace-client. A paced player's move "
    "clock starts when its move request is written.",
)
@click.option(
    "--pace-client",
    "pace_clients",
    multiple=True,
    metavar="NAME|ADDR",
    help="Pace only this client: its IP address, or the display name of its seat "
    "(repeatable; needs --pace-ms).",
)
@move_grace_option()
@click.option(
    "--default-game",
    default=None,
    metavar="GAME",
    help="Game type a <join/> without gameType joins (socha clients) [default: the newest "
    "season offered].",
)
@click.option(
    "--web-port",
    type=int,
    default=DEFAULT_WEB_PORT,
    help="Port of the web UI (live games, replays, human play).",
)
@click.option("--no-web", is_flag=True, help="Do not start the web UI.")
@click.option(
    "--web-root",
    "web_roots",
    type=WEB_PATH,
    multiple=True,
    help="A replay, run or tournament folder the web UI may open (repeatable).",
)
@click.option(
    "--web-name",
    "web_names",
    multiple=True,
    metavar="NAME",
    help="A host name the web UI answers to besides its IP addresses and localhost "
    "(repeatable; requests naming any other host are refused).",
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
    pace_ms: int,
    pace_clients: tuple[str, ...],
    move_grace_ms: int | None,
    default_game: str | None,
    web_port: int,
    no_web: bool,
    web_roots: tuple[Path, ...],
    web_names: tuple[str, ...],
) -> None:
    """Run the game servers (and the web UI on http://127.0.0.1:13080/) until Ctrl-C.

    The Software-Challenge XML server (swc_2019_piranhas, swc_2018_hase_und_igel,
    swc_2021_blokus, swc_2026_piranhas, swc_2027_blokus) listens on 127.0.0.1:13050 and the
    Mau-Mau server on 127.0.0.1:1338. A socha client started without a reservation sends
    <join/> and plays the default game. Without server.properties the admin password is
    new at each start: printed, and written where botarena test --server finds it.
    """
    from botarena.serve import run_all
    from botarena.server.config import config_from_options
    from botarena.server.maumau import ServerOptions

    if pace_clients and not pace_ms:
        raise click.UsageError("--pace-client needs --pace-ms N (the pace of those clients)")
    try:
        sc_config = config_from_options(
            host=host,
            port=port,
            config_path=config_path,
            no_timeout=no_timeout,
            replays=replays,
            paused=paused,
            pace_ms=pace_ms or None,
            pace_clients=pace_clients or None,
            move_grace_ms=move_grace_ms,
            default_game=_default_game(default_game),
        )
        maumau = (
            None
            if no_maumau
            else ServerOptions(host=sc_config.bind_host, port=maumau_port, players=maumau_players)
        )
        web = None
        if not no_web:
            from botarena.web.app import WebConfig

            web = WebConfig(
                host=sc_config.bind_host,
                port=web_port,
                roots=list(web_roots),
                names=list(web_names),
            )
        run_all(sc_config, maumau, web)
    except (OSError, ValueError) as error:
        raise click.ClickException(str(error)) from error
    except KeyboardInterrupt:
        pass


VIEW_PORT_ENV = "BOTARENA_VIEW_PORT"
"""The port ``botarena view`` tries first without ``--port`` (default ``DEFAULT_WEB_PORT``)."""


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=WEB_PATH)
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Address to bind.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_WEB_PORT,
    envvar=VIEW_PORT_ENV,
    help=f"Port of the UI [default: {DEFAULT_WEB_PORT} (${VIEW_PORT_ENV}), or a free port "
    "when that is taken, e.g. by botarena serve].",
)
@click.pass_context
def view(ctx: click.Context, paths: tuple[Path, ...], host: str, port: int) -> None:
    """Open the web UI on replay files (.xml, .xml.gz) or run/tournament folders.

    A viewer of files: no game server runs. It prints the address to open (a replay's
    viewer, a folder's report). Ctrl-C stops it.
    """
    from botarena.web.view import run_view

    given = ctx.get_parameter_source("port") is ParameterSource.COMMANDLINE
    try:
        run_view(list(paths), host, port, port_given=given)
    except OSError as error:
        raise click.ClickException(str(error)) from error
    except KeyboardInterrupt:
        pass


def _default_game(given: str | None) -> str:
    """The game type a ``<join/>`` without one joins: ``--default-game`` (any name of the
    registry), else the newest SC season, so that the lobby speaks its protocol (2026+:
    errorpackets, never a bare close for a socha client)."""
    if given is None:
        return registry.newest_sc_game().game_type
    spec = registry.resolve(given)
    if not spec.protocol.xml_states:
        message = f"{spec.id} is not a Software-Challenge game"
        raise click.BadParameter(message, param_hint="--default-game")
    return spec.game_type


class GameCommands(click.Group):
    """``botarena bot GAME``: one subcommand per game, named as :func:`registry.resolve`
    accepts (game type, ``NAME-YEAR`` id, or bare name for the newest season)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [spec.id for spec in registry.GAMES]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        try:
            spec = registry.resolve(cmd_name, notice=lambda text: click.echo(text, err=True))
        except ValueError:
            return None
        if not spec.protocol.xml_states:  # the SDK's bots play SC seasons; Mau-Mau has its own
            return bot_maumau
        from botarena.client.cli import bot_command

        return bot_command(spec.game_type)


@cli.group(cls=GameCommands)
def bot() -> None:
    """Run a built-in bot as a client process: botarena bot GAME NAME [options]."""


@click.command("maumau", context_settings=PASSTHROUGH)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def bot_maumau(args: tuple[str, ...]) -> None:
    """A Mau-Mau bot: NAME (random|heuristic) --host H --port P [--seed S] [--name N]."""
    from botarena.client.maumau import main as maumau_bot_main

    sys.exit(maumau_bot_main(list(args)))


@cli.command()
def games() -> None:
    """List every game and season with its ids, protocol, built-in players and port."""
    rows = [("GAME TYPE", "ID", "NAME", "PROTOCOL", "PORT", "PLAYERS")]
    for spec in registry.GAMES:
        newest = registry.newest(spec.name) is spec
        name = spec.name if newest else "-"
        players = ", ".join(spec.player_names)
        rows.append((spec.game_type, spec.id, name, spec.protocol.name, str(spec.port), players))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        click.echo("  ".join(cells).rstrip())
    from botarena.native.strong import engine_note

    click.echo(engine_note())


@cli.command()
def doctor() -> None:
    """Say what this machine offers: the Python, the engine core, the games."""
    from botarena.doctor import report_lines

    for line in report_lines():
        click.echo(line)


# Commands defined in their own packages register here.
__import__("botarena.runner.cli").runner.cli.register_commands(cli)  # runner: test, play
cli.add_command(__import__("botarena.league.cli").league.cli.tournament)  # tournament GAME
cli.add_command(__import__("botarena.arena.cli").arena.cli.arena)  # arena init | serve | ...


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
