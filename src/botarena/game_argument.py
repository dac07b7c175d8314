"""How every command reads a game from its command line: through the one registry.

``play``, ``test`` and ``tournament`` take the game the same way: as their first positional
word or as ``--game GAME`` (both at once only if they name the same season). The first word
is the game when the registry knows it (a game type, a ``NAME-YEAR`` id or a bare name);
otherwise it is the first bot. No built-in player is named like a game, and a bot command
named like one is given with a path (``./piranhas``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from botarena.games import registry

GAME_HELP = "Game: official type, NAME-YEAR id, or name for the newest season (botarena games)."
GAME_RULE = (
    "GAME is the first word or --game GAME (both only if they agree). A first word that names "
    "a game (botarena games) is the game, so a bot command named like a game needs a path "
    "(./piranhas)."
)
"""The rule, for the --help of every command that takes a game."""

CommandT = TypeVar("CommandT", bound=Callable[..., Any])


def is_game_name(text: str) -> bool:
    """Whether the registry knows ``text`` as a game (type, id or bare name)."""
    return registry.lookup(text) is not None or registry.newest(text) is not None


def game_option(help: str = GAME_HELP) -> Callable[[CommandT], CommandT]:
    """``--game GAME`` (passed as ``game_option``; ``None`` when not given)."""
    return click.option("--game", "game_option", default=None, metavar="GAME", help=help)


def split_game(
    words: Sequence[str], option: str | None, *, first_is_game: bool = False
) -> tuple[str | None, list[str]]:
    """The game named by the first of ``words`` or by ``--game`` (``None``: neither), and the
    words that remain (the bots). The first word is the game when it names one, or when
    ``first_is_game`` and ``--game`` is not given (the command has a game there: an unknown
    name is then refused as a game, not tried as a bot). Refuses a positional game and
    ``--game`` that differ."""
    named = bool(words) and is_game_name(words[0])
    taken = named or (bool(words) and first_is_game and option is None)
    first = words[0] if taken else None
    rest = list(words[1:] if taken else words)
    if named and option is not None:
        try:
            other = registry.resolve(option).id
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--game") from error
        if registry.resolve(words[0]).id != other:
            raise click.UsageError(
                f"GAME {words[0]!r} and --game {option!r} name different games; give one of them"
            )
    return first if first is not None else option, rest


def resolve_game(
    text: str, protocol: registry.WireProtocol | None = None, command: str = ""
) -> str:
    """The season's id of ``text`` (saying on stderr which season a bare name chose);
    ``protocol`` limits the games ``command`` plays (a Mau-Mau game gets what to run
    instead)."""
    try:
        spec = registry.resolve(text, notice=lambda note: click.echo(note, err=True))
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from error
    if protocol is not None and spec.protocol is not protocol:
        raise click.UsageError(_other_protocol(spec, command))
    return spec.id


def _other_protocol(spec: registry.GameSpec, command: str) -> str:
    what = f"botarena {command}" if command else "this command"
    if spec.protocol.builtins_in_process:
        return (
            f"{what} plays Software-Challenge games, not {spec.id}: for Mau-Mau run "
            f"`botarena tournament {spec.name} BOT BOT ...`, or `botarena serve` and "
            f"`botarena bot {spec.name} NAME --port {spec.port}` for each player"
        )
    return f"{what} does not play {spec.id} ({spec.protocol})"
