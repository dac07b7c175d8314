"""Click commands of the runner: ``botarena test`` and ``botarena play``.

``botarena.cli`` imports this module for every command, bot processes included, so the
runner, the server and rich are imported only inside the commands that need them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from botarena.cli_options import (
    bot_timeout_options,
    cluster_option,
    concurrency_option,
    confinement_of,
    confinement_options,
    move_grace_option,
    optional_count,
    output_options,
    pace_option,
    seed_option,
    shown_option,
)
from botarena.game_argument import GAME_RULE, game_option, resolve_game, split_game
from botarena.games import registry
from botarena.interruption import interrupt_exit_code, resume_hint, terminate_as_interrupt
from botarena.move_clock_limits import ClockKind

SPRT_MODELS = ("normalized", "logistic", "bayesian")
"""The values of :class:`botarena.runner.stats.SprtModel` (a test pins them together)."""
DEFAULT_GAME = "piranhas"
"""The game of ``test`` and ``play`` when none is given (the newest Piranhas season)."""
DEFAULT_GAMES = 100
"""Games of a new ``botarena test`` run without ``-n``."""


@click.command("test", epilog=GAME_RULE)
@game_option()
@click.option(
    "-n",
    "--games",
    "games",
    type=click.IntRange(1),
    default=None,
    help=f"Games to play [default: {DEFAULT_GAMES}; with --resume: the run's].",
)
@concurrency_option("Games at once [default: number of cores].")
@seed_option("Base seed of the run [default: random].")
@output_options(
    "botarena-runs",
    "Continue the interrupted run in --out: its game, bots and -n are the saved ones.",
)
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
@optional_count("--soft-timeout-ms", help="Override the game's soft move timeout.")
@optional_count("--hard-timeout-ms", help="Override the game's hard move timeout.")
@move_grace_option()
@pace_option("--pace-ms-a", "BOT_A")
@pace_option("--pace-ms-b", "BOT_B")
@bot_timeout_options("Seconds after which the watchdog aborts a game.")
@click.option(
    "--server",
    default=None,
    metavar="HOST:PORT",
    help="Play on a running SC server (admin protocol) [default: an embedded one].",
)
@click.option(
    "--password",
    default=None,
    envvar="BOTARENA_ADMIN_PASSWORD",
    help="Admin password of --server [default: $BOTARENA_ADMIN_PASSWORD, else the password "
    "a botarena serve on this machine generated for that port]. The bots never get it.",
)
@click.option(
    "--persistent",
    is_flag=True,
    help="Start each bot once per lane with --reservations-stdin and feed it one reservation "
    "per line (many games per process). The built-in players and bots using "
    "botarena.client.run() accept it.",
)
@shown_option(
    "--replays",
    click.Choice(["all", "failed", "none"]),
    "all",
    "Which games keep a replay (games/game-NNNNNN/replay.xml.gz): every game, only "
    "irregular ones, or none.",
)
@cluster_option("Play every game as a task on this Dask scheduler's workers (see README).")
@optional_count("--stop-after", help=None, hidden=True)
@confinement_options()
@click.argument("words", nargs=-1, metavar="[GAME] BOT_A BOT_B")
def test_command(  # noqa: PLR0917 - click passes options by keyword
    game_option: str | None,
    games: int | None,
    concurrency: int,
    seed: int | None,
    out_dir: Path | None,
    resume: bool,
    sprt: tuple[float, float, float, float] | None,
    sprt_model: str,
    no_timeout: bool,
    soft_timeout_ms: int | None,
    hard_timeout_ms: int | None,
    move_grace_ms: int | None,
    pace_ms_a: int,
    pace_ms_b: int,
    connect_timeout: float,
    game_timeout: float,
    server: str | None,
    password: str | None,
    persistent: bool,
    replays: str,
    cluster: str | None,
    stop_after: int | None,
    sandbox: str,
    memory_mb: int,
    max_processes: int,
    clock: ClockKind,
    words: tuple[str, ...],
) -> None:
    """Play many games BOT_A against BOT_B in GAME (default: piranhas), in seed pairs with
    sides swapped.

    A BOT is a built-in player (random, greedy, search) or a command line; it is started as
    `CMD --host H --port P --reservation R` (a .jar with `java -jar`), in its own process
    group, which is ended with the game.

    `--resume --out DIR` continues an interrupted run with its saved game, bots and -n;
    others given with it are refused.

    Exit code 0 when every game measured the bots; 1 when a bot could not start or connect in
    some game, a game ended without result, or the run stopped because the same bot failed to
    start or connect in several games in a row.
    """
    import asyncio  # noqa: PLC0415 - see the module docstring

    from botarena.runner.driver import DriverLimits  # noqa: PLC0415
    from botarena.runner.run import (  # noqa: PLC0415
        RunConfig,
        default_out_dir,
        refuse_for_server,
        run_test,
        saved_run_settings,
        settings_a_server_cannot_take,
    )
    from botarena.runner.stats import Sprt, SprtModel  # noqa: PLC0415
    from botarena.runner.store import StoreError  # noqa: PLC0415

    game, bots = split_game(words, game_option, first_is_game=len(words) == 3)
    if game is not None:
        game = resolve_game(game, registry.SC_XML, "test")
    if resume:
        if out_dir is None:
            raise click.UsageError("--resume needs --out DIR (the run to continue)")
        if bots and len(bots) != 2:
            raise click.UsageError("give both bots (BOT_A BOT_B) or none with --resume")
    elif len(bots) != 2:
        raise click.UsageError(f"test needs two bots: [GAME] BOT_A BOT_B, got {len(bots)}")
    run_dir = out_dir if out_dir is not None else default_out_dir()  # an interrupt names it
    try:
        sprt_test = None
        if sprt is not None:
            elo0, elo1, alpha, beta = sprt
            sprt_test = Sprt(elo0, elo1, alpha, beta, SprtModel(sprt_model))
        if resume:
            saved = saved_run_settings(run_dir)
            game = game or saved["game"]
            bots = bots or [bot["spec"] for bot in saved["bots"]]
            games = games or int(saved["games"])
        config = RunConfig(
            game=game or resolve_game(DEFAULT_GAME, registry.SC_XML, "test"),
            bot_a=bots[0],
            bot_b=bots[1],
            games=games or DEFAULT_GAMES,
            concurrency=concurrency,
            seed=seed,
            out_dir=run_dir,
            resume=resume,
            sprt=sprt_test,
            no_timeout=no_timeout,
            soft_timeout_ms=soft_timeout_ms,
            hard_timeout_ms=hard_timeout_ms,
            limits=DriverLimits(
                connect_timeout_s=connect_timeout, game_timeout_s=game_timeout, clock=clock
            ),
            server=server,
            password=password,
            persistent=persistent,
            replays=replays,
            stop_after=stop_after,
            cluster=cluster,
            cluster_games=click.get_current_context().meta.get(CLUSTER_GAMES),
            pace_ms=(pace_ms_a, pace_ms_b),
            move_grace_ms=move_grace_ms,
            confinement=confinement_of(sandbox, memory_mb, max_processes),
        )
        refused = settings_a_server_cannot_take(config)
        if refused and server is not None:
            raise click.UsageError(refuse_for_server(refused, server))
        with terminate_as_interrupt():
            outcome = asyncio.run(run_test(config))
    except (StoreError, ValueError, OSError) as error:
        raise click.ClickException(str(error)) from error
    except KeyboardInterrupt as interrupt:  # Ctrl-C or SIGTERM
        click.echo(f"interrupted; continue with {resume_hint('test', run_dir)}", err=True)
        sys.exit(interrupt_exit_code(interrupt))
    if not outcome.complete:
        click.echo(f"stopped before the end; continue with {resume_hint('test', outcome.out_dir)}")
    sys.exit(outcome.exit_code)


@click.command("play", epilog=GAME_RULE)
@game_option()
@click.argument("words", nargs=-1, metavar="[GAME] BOT_A BOT_B")
@seed_option("Seed of the game [default: random].")
@shown_option("--delay", click.FloatRange(0.0), 0.0, "Seconds to wait before showing each move.")
@confinement_options()
def play_command(  # noqa: PLR0917 - click passes options by keyword
    game_option: str | None,
    words: tuple[str, ...],
    seed: int | None,
    delay: float,
    sandbox: str,
    memory_mb: int,
    max_processes: int,
    clock: ClockKind,
) -> None:
    """Play one game BOT_A (moves first) against BOT_B in GAME (default: piranhas) and print
    the board after each move.

    A BOT is a built-in player (random, greedy, search) or a command line, as for `botarena
    test`; two built-in players play in-process, otherwise the bots play on an embedded
    server. Exit code 1 when a bot could not start or connect.
    """
    from botarena.runner.play import play_one  # noqa: PLC0415 - see the module docstring

    game, bots = split_game(words, game_option, first_is_game=len(words) == 3)
    season = resolve_game(game or DEFAULT_GAME, registry.SC_XML, "play")
    if len(bots) != 2:
        raise click.UsageError(f"play needs two bots: [GAME] BOT_A BOT_B, got {len(bots)}")
    try:
        confinement = confinement_of(sandbox, memory_mb, max_processes)
        record = play_one(
            season,
            bots[0],
            bots[1],
            seed=seed,
            echo=click.echo,
            delay_s=delay,
            confinement=confinement,
            clock=clock,
        )
    except (ValueError, OSError) as error:
        raise click.ClickException(str(error)) from error
    for failure in record.get("startup_failures", []):
        click.echo(f"botarena play: {failure}", err=True)
    if record.get("startup_failures"):
        sys.exit(1)


CLUSTER_GAMES = "botarena.runner.cluster_games"
"""Key of the context's ``meta`` under which the command line that composes the runner puts
how ``test --cluster`` plays on a cluster (a :data:`botarena.runner.run.ClusterConnect`)."""


def register_commands(group: click.Group) -> None:
    """Called by ``botarena.cli`` to add ``test`` and ``play``."""
    group.add_command(test_command)
    group.add_command(play_command)
