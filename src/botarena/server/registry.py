"""Which game plugins the server offers: one entry per game type, imported on demand.

A season's plugin registers itself by being listed here as ``module:attribute``; the
attribute is a ready :class:`~botarena.server.plugin.GamePlugin`. A listed module that is not
installed (a game still being written) is skipped, so the server starts with what exists.
"""

from __future__ import annotations

import importlib
import logging

from botarena.server.plugin import GamePlugin

log = logging.getLogger(__name__)

PLUGINS: dict[str, str] = {
    "swc_2019_piranhas": "botarena.games.piranhas.plugin:PLUGIN",
    "swc_2018_hase_und_igel": "botarena.games.hase_und_igel.plugin:PLUGIN",
    "swc_2021_blokus": "botarena.games.blokus.plugin:PLUGIN",
    "swc_2026_piranhas": "botarena.games.piranhas_2026.plugin:PLUGIN",
    "swc_2027_blokus": "botarena.games.blokus_2027.plugin:PLUGIN",
}


def load_plugin(game_type: str) -> GamePlugin:
    """The plugin of ``game_type``; raises ``KeyError``/``ImportError`` when it is missing."""
    module_name, attribute = PLUGINS[game_type].split(":")
    module = importlib.import_module(module_name)
    plugin: GamePlugin = getattr(module, attribute)
    if plugin.game_type != game_type:
        raise ImportError(f"{PLUGINS[game_type]} is {plugin.game_type!r}, not {game_type!r}")
    return plugin


def installed_plugins(game_types: list[str] | None = None) -> list[GamePlugin]:
    """Every installed plugin (or those of ``game_types``), skipping games not written yet."""
    plugins: list[GamePlugin] = []
    for game_type in game_types or list(PLUGINS):
        try:
            plugins.append(load_plugin(game_type))
        except (ImportError, AttributeError) as error:
            if game_types:
                raise
            log.debug("game %s not available: %s", game_type, error)
    return plugins
