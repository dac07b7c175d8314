"""Click options that several commands share (``botarena test``, ``botarena tournament``,
``botarena play``): one definition each, the command-specific wording as arguments.

Imported by every command module, so it imports nothing beyond click and the limits.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from botarena.move_clock_limits import (
    CLOCK_KINDS,
    CPU_WALL_CAP_FACTOR,
    MAX_MOVE_GRACE_MS,
    MAX_PACE_MS,
)
from botarena.runner.limits import CONNECT_TIMEOUT_S, GAME_TIMEOUT_S, default_concurrency

if TYPE_CHECKING:
    from botarena.confine import Confinement

CommandT = TypeVar("CommandT", bound=Callable[..., Any])


def all_of(*options: Callable[[CommandT], CommandT]) -> Callable[[CommandT], CommandT]:
    """One decorator of several options (they appear in ``--help`` in this order)."""

    def apply(command: CommandT) -> CommandT:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


def shown_option(
    name: str, type_: click.ParamType[Any], default: Any, help: str
) -> Callable[[CommandT], CommandT]:
    """``name`` of ``type_`` (usually a range), whose ``--help`` shows its default."""
    return click.option(name, type=type_, default=default, show_default=True, help=help)


def optional_count(
    *names: str, help: str | None, hidden: bool = False
) -> Callable[[CommandT], CommandT]:
    """An option of a whole number >= 1 that defaults to ``None`` (the command's own default)."""
    return click.option(*names, type=click.IntRange(1), default=None, help=help, hidden=hidden)


def concurrency_option(help: str) -> Callable[[CommandT], CommandT]:
    """``--concurrency N``: games at once; the command gets the number of cores when it is not
    given."""

    def cores_if_none(_context: click.Context, _param: click.Parameter, value: int | None) -> int:
        return value or default_concurrency()

    return click.option(
        "--concurrency", type=click.IntRange(1), default=None, callback=cores_if_none, help=help
    )


def seed_option(help: str) -> Callable[[CommandT], CommandT]:
    """``--seed N``: the base seed; ``None`` when not given (the command draws and logs one)."""
    return click.option("--seed", type=int, default=None, help=help)


def cluster_option(help: str) -> Callable[[CommandT], CommandT]:
    """``--cluster tcp://HOST:8786``: play the games on a Dask scheduler's workers."""
    return click.option("--cluster", default=None, metavar="tcp://HOST:8786", help=help)


def output_options(default_folder: str, resume_help: str) -> Callable[[CommandT], CommandT]:
    """``--out DIR`` (passed as ``out_dir``; default ``default_folder/<timestamp>``) and
    ``--resume`` (continue the interrupted run in ``--out``)."""
    out = click.option(
        "--out",
        "out_dir",
        type=click.Path(path_type=Path, file_okay=False),
        default=None,
        help=f"Output folder [default: {default_folder}/<timestamp>].",
    )
    resume = click.option("--resume", is_flag=True, help=resume_help)

    return all_of(out, resume)


def bot_timeout_options(game_timeout_help: str) -> Callable[[CommandT], CommandT]:
    """``--connect-timeout`` (seconds a bot has to join) and ``--game-timeout`` (seconds after
    which a game is aborted), with the runner's defaults."""
    connect = shown_option(
        "--connect-timeout",
        click.FloatRange(0.1),
        CONNECT_TIMEOUT_S,
        "Seconds a bot has to join its game.",
    )
    game = shown_option("--game-timeout", click.FloatRange(1.0), GAME_TIMEOUT_S, game_timeout_help)

    return all_of(connect, game)


def move_grace_option() -> Callable[[CommandT], CommandT]:
    """``--move-grace-ms N``: each seat's move clock starts N ms after its move request was
    written (``None``: the season's measured default)."""
    return click.option(
        "--move-grace-ms",
        type=click.IntRange(0, MAX_MOVE_GRACE_MS),
        default=None,
        help="Start each move clock this many ms after the move request was written (the "
        "official servers start it after a full GC) [default: the season's: 2018/2019 50, "
        "2021 35, 2026+ 350; a seat's first request gets two]. Moves charged within the "
        "limit only thanks to it are reported as near misses.",
    )


def pace_option(name: str, whom: str) -> Callable[[CommandT], CommandT]:
    """``--pace-ms-a N`` / ``--pace-ms-b N``: pace one bot's connection."""
    return click.option(
        name,
        type=click.IntRange(0, MAX_PACE_MS),
        default=0,
        show_default=True,
        help=f"Write the server's messages to {whom} at least this many ms apart (for clients "
        "that read one message per read, like the 2019 C++ client); its move clock starts "
        "when its move request is written, and nobody else is slowed.",
    )


def confinement_options(
    default: str = "off", clock_default: str | None = "wall"
) -> Callable[[CommandT], CommandT]:
    """``--sandbox`` (``default``: the arena's uploads start ``auto``), ``--memory-mb``,
    ``--max-processes`` (the command builds a :class:`botarena.confine.Confinement` of them;
    ``botarena doctor`` shows the tiers) and ``--clock`` (what each move of a bot the command
    starts is charged; ``clock_default`` ``None``: no such option, the arena's workers play
    each match on the clock its settings name)."""
    from botarena.confine.settings import (  # noqa: PLC0415 - click options stay light
        DEFAULT_MAX_PROCESSES,
        DEFAULT_MEMORY_MB,
        SANDBOX_MODES,
    )

    sandbox = shown_option(
        "--sandbox",
        click.Choice(SANDBOX_MODES),
        default,
        "Confine each bot: off (as before), rlimit (T0: setrlimit), bwrap (T1), auto "
        "(the strongest available); `botarena doctor` lists the tiers of this machine.",
    )
    memory = shown_option(
        "--memory-mb",
        click.IntRange(16),
        DEFAULT_MEMORY_MB,
        "Memory of one bot (T0: address space of this plus 1024 MB).",
    )
    processes = shown_option(
        "--max-processes",
        click.IntRange(1),
        DEFAULT_MAX_PROCESSES,
        "Processes one bot may run (T0: RLIMIT_NPROC, per user and not for root).",
    )

    clock = shown_option(
        "--clock",
        click.Choice(CLOCK_KINDS),
        clock_default,
        "What a move is charged: wall (as the official server) or cpu (the CPU time of "
        "the bot's processes from its move request to its answer; the soft limit applies to "
        f"it, a move still ends after {CPU_WALL_CAP_FACTOR:g}x the soft limit of wall time, "
        "and one that got there with little CPU is an infra error: not rated, played again).",
    )

    if clock_default is None:
        return all_of(sandbox, memory, processes)
    return all_of(sandbox, memory, processes, clock)


def confinement_of(sandbox: str, memory_mb: int, max_processes: int) -> Confinement:
    """The :class:`~botarena.confine.Confinement` of the three options; a sandbox this machine
    cannot give is refused here, with its reason, before anything starts."""
    from botarena.confine import Confinement, ConfinementError, effective_mode  # noqa: PLC0415

    confinement = Confinement(sandbox, memory_mb, max_processes)  # type: ignore[arg-type]
    try:
        effective_mode(confinement.mode)
    except ConfinementError as error:
        raise click.UsageError(str(error)) from None
    return confinement
