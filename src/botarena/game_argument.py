"""How every command reads a game from its command line: through the one registry."""

from __future__ import annotations

from collections.abc import Callable

import click

from botarena.games import registry

GAME_HELP = "Game: official type, NAME-YEAR id, or name for the newest season (botarena games)."


def season_callback(
    protocol: str | None = None,
) -> Callable[[click.Context, click.Parameter, str], str]:
    """A click callback turning a game type, ``NAME-YEAR`` id or bare name into the
    season's id (saying which season a bare name chose); ``protocol`` limits the games."""

    def callback(ctx: click.Context, param: click.Parameter, value: str) -> str:
        try:
            spec = registry.resolve(value, notice=lambda text: click.echo(text, err=True))
        except ValueError as error:
            raise click.BadParameter(str(error)) from error
        if protocol is not None and spec.protocol != protocol:
            raise click.BadParameter(f"{spec.id} is not played over {protocol}")
        return spec.id

    return callback
