"""Click commands of the runner: ``botarena test`` and ``botarena play``.

``botarena.cli`` imports this module for every command, bot processes included, so the
runner, the server and rich are imported only inside the commands that need them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from botarena.runner.bots import GAME_TYPES
from botarena.runner.limits import CONNECT_TIMEOUT_S, GAME_TIMEOUT_S

GAMES = click.Choice(sorted(GAME_TYPES) + sorted(GAME_TYPES.values()))
"""A short name (``piranhas2026``) or the game type (``swc_2026_piranhas``)."""
SHORT_NAMES = {game_type: name for name, game_type in GAME_TYPES.items()}
SPRT_MODELS = ("normalized", "logistic", "bayesian")
"""The values of :class:`botarena.runner.stats.SprtModel` (a test pins them together)."""


@click.command("test")
@click.option("--game", type=GAMES, default="piranhas", show_default=True)
@click.option("-n", "--games", "games", type=click.IntRange(1), default=100, show_default=True)
@click.option(
    "--concurrency",
    type=click.IntRange(1),
    default=None,
    help="Games at once [default: number of cores].",
)
@click.option("--seed", type=int, default=None, help="Base seed of the run [default: random].")
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="Output folder [default: botarena-runs/<timestamp>].",
)
@click.option("--resume", is_flag=True, help="Continue the interrupted run in --out.")
@click.option(
    "--sprt",
    nargs=4,
    type=float,
    default=None,
    metavar="ELO0 ELO1 ALPHA BETA",
    help="Stop early when the SPRT decides (normalized Elo, like fastchess).",
)
@click.option(
    "--sprt-model",
    type=click.Choice(SPRT_MODELS),
    default="normalized",
    show_default=True,
)
@click.option("--no-timeout", is_flag=True, help="No move timeouts (debugging).")
@click.option(
    "--soft-timeout-ms",
    type=click.IntRange(1),
    default=None,
    help="Override the game's soft move timeout.",
)
@click.option(
    "--hard-timeout-ms",
    type=click.IntRange(1),
    default=None,
    help="Override the game's hard move timeout.",
)
@click.option(
    "--connect-timeout",
    type=click.FloatRange(0.1),
    default=CONNECT_TIMEOUT_S,
    show_default=True,
    help="Seconds a bot has to join its game.",
)
@click.option(
    "--game-timeout",
    type=click.FloatRange(1.0),
    default=GAME_TIMEOUT_S,
    show_default=True,
    help="Seconds after which the watchdog aborts a game.",
)
@click.option(
    "--server",
    default=None,
    metavar="HOST:PORT",
    help="Play on a running SC server (admin protocol) [default: an embedded one].",
)
@click.option(
    "--password", default=None, help="Admin password of --server [default: examplepassword]."
)
@click.option(
    "--persistent",
    is_flag=True,
    help="Start each bot once per lane with --reservations-stdin and feed it one reservation "
    "per line (many games per process).",
)
@click.option("--stop-after", type=click.IntRange(1), default=None, hidden=True)
@click.argument("bot_a")
@click.argument("bot_b")
def test_command(  # noqa: PLR0917 - click passes options by keyword
    game: str,
    games: int,
    concurrency: int | None,
    seed: int | None,
    out_dir: Path | None,
    resume: bool,
    sprt: tuple[float, float, float, float] | None,
    sprt_model: str,
    no_timeout: bool,
    soft_timeout_ms: int | None,
    hard_timeout_ms: int | None,
    connect_timeout: float,
    game_timeout: float,
    server: str | None,
    password: str | None,
    persistent: bool,
    stop_after: int | None,
    bot_a: str,
    bot_b: str,
) -> None:
    """Play many games BOT_A against BOT_B, in seed pairs with sides swapped.

    A BOT is a built-in player (random, greedy, search) or a command line; it is started as
    `CMD --host H --port P --reservation R` (a .jar with `java -jar`).
    """
    import asyncio  # noqa: PLC0415 - see the module docstring

    from botarena.runner.driver import DriverLimits  # noqa: PLC0415
    from botarena.runner.run import (  # noqa: PLC0415
        DEFAULT_ADMIN_PASSWORD,
        RunConfig,
        default_concurrency,
        run_test,
    )
    from botarena.runner.stats import Sprt, SprtModel  # noqa: PLC0415
    from botarena.runner.store import StoreError  # noqa: PLC0415

    try:
        sprt_test = None
        if sprt is not None:
            elo0, elo1, alpha, beta = sprt
            sprt_test = Sprt(elo0, elo1, alpha, beta, SprtModel(sprt_model))
        if resume and out_dir is None:
            raise click.UsageError("--resume needs --out DIR (the run to continue)")
        config = RunConfig(
            game=SHORT_NAMES.get(game, game),
            bot_a=bot_a,
            bot_b=bot_b,
            games=games,
            concurrency=concurrency or default_concurrency(),
            seed=seed,
            out_dir=out_dir,
            resume=resume,
            sprt=sprt_test,
            no_timeout=no_timeout,
            soft_timeout_ms=soft_timeout_ms,
            hard_timeout_ms=hard_timeout_ms,
            limits=DriverLimits(connect_timeout_s=connect_timeout, game_timeout_s=game_timeout),
            server=server,
            password=password if password is not None else DEFAULT_ADMIN_PASSWORD,
            persistent=persistent,
            stop_after=stop_after,
        )
        outcome = asyncio.run(run_test(config))
    except (StoreError, ValueError, OSError) as error:
        raise click.ClickException(str(error)) from error
    except KeyboardInterrupt:
        click.echo("interrupted; continue with --resume --out DIR", err=True)
        sys.exit(130)
    if not outcome.complete:
        click.echo(f"stopped before the end; continue with --resume --out {outcome.out_dir}")


@click.command("play")
@click.argument("game", type=GAMES)
@click.argument("bot_a")
@click.argument("bot_b")
@click.option("--seed", type=int, default=None, help="Seed of the game [default: random].")
def play_command(game: str, bot_a: str, bot_b: str, seed: int | None) -> None:
    """Play one game BOT_A (moves first) against BOT_B and print the board after each move."""
    from botarena.runner.play import play_one  # noqa: PLC0415 - see the module docstring

    try:
        play_one(SHORT_NAMES.get(game, game), bot_a, bot_b, seed=seed, echo=click.echo)
    except ValueError as error:
        raise click.ClickException(str(error)) from error


def register_commands(group: click.Group) -> None:
    """Called by ``botarena.cli`` to add ``test`` and ``play``."""
    group.add_command(test_command)
    group.add_command(play_command)
