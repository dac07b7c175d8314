"""``botarena tournament GAME --format roundrobin|gauntlet|swiss|ko BOT...``."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from botarena import cli_options as opt
from botarena.game_argument import GAME_RULE, game_option, resolve_game, split_game
from botarena.games import registry
from botarena.league.formats import FORMATS, MAX_TABLE, MIN_TABLE
from botarena.league.jobs import MAUMAU_MOVE_TIMEOUT_S
from botarena.move_clock_limits import MAX_PACE_MS, ClockKind
from botarena.protocol.wire_protocol import MAUMAU_JSON


def _pace_callback(
    _context: click.Context, _param: click.Parameter, values: tuple[str, ...]
) -> dict[str, int]:
    """``--pace LABEL=MS`` (repeatable) → label → ms."""
    paces: dict[str, int] = {}
    for value in values:
        label, _, text = value.rpartition("=")
        if not label or not text.isdigit() or not 0 < int(text) <= MAX_PACE_MS:
            raise click.BadParameter(
                f"expected LABEL=MS with MS in 1..{MAX_PACE_MS}, got {value!r}",
                param_hint="--pace",
            )
        paces[label] = int(text)
    return paces


@click.command("tournament", epilog=GAME_RULE)
@game_option()
@click.argument("words", nargs=-1, metavar="[GAME] BOT...")
@click.option(
    "--format", "format_", type=click.Choice(FORMATS), default="roundrobin", show_default=True
)
@opt.shown_option(
    "--table-size", click.IntRange(MIN_TABLE, MAX_TABLE), 2, "Seats per game (Mau-Mau: 2 to 4)."
)
@opt.optional_count(
    "--games-per-pairing", help="Games per pairing or table [default: the table size]."
)
@opt.optional_count("--rounds", help="Swiss rounds [default: ceil(log2(bots)) + 1].")
@click.option(
    "--challenger", default=None, metavar="BOT", help="Gauntlet: the bot that plays every other."
)
@opt.shown_option("--best-of", click.IntRange(1), 3, "K.O.: games per match (odd).")
@opt.seed_option("Base seed [default: random, logged].")
@opt.concurrency_option("Local games at once [default: number of cores].")
@opt.cluster_option("Play every game as a task on this Dask scheduler's workers.")
@opt.output_options("botarena-tournaments", "Continue the interrupted tournament in --out.")
@opt.bot_timeout_options("Seconds after which a game is aborted.")
@opt.shown_option(
    "--move-timeout",
    click.FloatRange(0.01),
    MAUMAU_MOVE_TIMEOUT_S,
    "Mau-Mau: seconds a seat has to answer its turn.",
)
@click.option(
    "--pace",
    "paces",
    multiple=True,
    metavar="LABEL=MS",
    callback=_pace_callback,
    help="SC games: write the server's messages to this bot at least MS ms apart (for "
    "clients that read one message per read); its move clock starts when its move request "
    "is written, and no other bot is slowed (repeatable).",
)
@opt.confinement_options()
def tournament(  # noqa: PLR0917
    game_option: str | None,
    words: tuple[str, ...],
    format_: str,
    table_size: int,
    games_per_pairing: int | None,
    rounds: int | None,
    challenger: str | None,
    best_of: int,
    seed: int | None,
    concurrency: int,
    cluster: str | None,
    out_dir: Path | None,
    resume: bool,
    connect_timeout: float,
    game_timeout: float,
    move_timeout: float,
    paces: dict[str, int],
    sandbox: str,
    memory_mb: int,
    max_processes: int,
    clock: ClockKind,
) -> None:
    """A tournament of BOTs in GAME: built-in names (random, greedy, search; Mau-Mau:
    random, heuristic) or commands, NAME=BOT to name one. SC bots are started as
    CMD --host H --port P --reservation R, Mau-Mau bots as CMD --host H --port P --name N
    (or with {host} {port} {name} placeholders).

    `--resume --out DIR` continues an interrupted tournament with its saved game, bots and
    seed; others given with it are refused."""
    from botarena.league.jobs import JobLimits  # noqa: PLC0415
    from botarena.league.tournament import TournamentConfig, main_sync  # noqa: PLC0415

    game, bots = split_game(words, game_option, first_is_game=not resume)
    if resume and out_dir is None:
        raise click.UsageError("--resume needs --out DIR")
    if game is None and not resume:
        raise click.UsageError("a tournament needs a GAME (botarena games)")
    if game is not None:
        game = resolve_game(game)
    if not resume and len(bots) + (challenger is not None) < 2:
        raise click.UsageError("a tournament needs at least two bots")
    if clock == "cpu" and game is not None and registry.resolve(game).protocol is MAUMAU_JSON:
        raise click.UsageError(
            "--clock cpu: the Mau-Mau server times its turns by the wall clock (--move-timeout)"
        )
    config = TournamentConfig(
        game=game,
        format=format_,
        bots=list(bots),
        table_size=table_size,
        games_per_pairing=games_per_pairing,
        rounds=rounds,
        challenger=challenger,
        best_of=best_of,
        seed=seed,
        concurrency=concurrency,
        out_dir=out_dir,
        resume=resume,
        cluster=cluster,
        limits=JobLimits(connect_timeout, game_timeout, clock=clock, move_timeout_s=move_timeout),
        pace_ms=paces,
        confinement=opt.confinement_of(sandbox, memory_mb, max_processes),
    )
    sys.exit(main_sync(config))
