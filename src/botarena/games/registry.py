"""The one table of games: every game and season botarena plays, and where its parts live.

The server, the bot SDK, the runner, ``botarena play``, the tournaments and the conformance
tools all read this table; a new season is one package under :mod:`botarena.games` and one
:class:`GameSpec` entry in :data:`GAMES`.

Parts are named as ``"module:attribute"`` strings and imported on first use, so reading the
table is cheap: a bot process that plays Piranhas never imports Blokus or the server.

A game is named on the command line by its official game type (``swc_2019_piranhas``), its
``NAME-YEAR`` id (``piranhas-2019``), or its bare name (``piranhas``), which means the newest
season of that game (:func:`resolve` says so when it chooses).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from botarena.protocol.sc_plugin import GamePlugin

SC_XML = "sc-xml"
"""The Software-Challenge XML protocol (one TCP server for every SC game and season)."""
MAUMAU_JSON = "maumau-json"
"""The Free-Hack Mau-Mau JSON-lines protocol."""

SC_PORT = 13050
"""The official Software-Challenge server port."""
MAUMAU_PORT = 1338
"""The Free-Hack Mau-Mau contest server port."""


def load(reference: str) -> Any:
    """The attribute named by ``"package.module:attribute"`` (or the module itself)."""
    module_name, _, attribute = reference.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game and season: its names and where its parts live."""

    name: str
    """The game's name without season (``piranhas``); the bot SDK's and CLI's short name."""
    year: int
    """The season (``2019``)."""
    game_type: str
    """The official game type (``swc_2019_piranhas``; ``maumau`` for Mau-Mau)."""
    protocol: str
    """:data:`SC_XML` or :data:`MAUMAU_JSON`."""
    rules: str
    """The game factory (``Game`` protocol of :mod:`botarena.core`): ``module:Class``."""
    players: str
    """Module with ``make_player(name, seed=…, **options)`` and ``PLAYER_OPTIONS``."""
    player_names: tuple[str, ...]
    """The built-in players, the default first."""
    render: str
    """``module:function`` turning a state into a text board (``botarena play``)."""
    plugin: str | None = None
    """SC games: the server plugin (``module:PLUGIN``)."""
    read_state: str | None = None
    """SC games: ``module:function`` reading a ``<state>`` element into an engine state."""
    write_move: str | None = None
    """SC games: ``module:function`` writing a move as its ``<data>`` element."""

    @property
    def id(self) -> str:
        """``NAME-YEAR``: the season's id on the command line and in file names."""
        return f"{self.name}-{self.year}"

    @property
    def port(self) -> int:
        return SC_PORT if self.protocol == SC_XML else MAUMAU_PORT

    def names(self) -> tuple[str, ...]:
        """Every name this season answers to (type, id; the bare name only if newest)."""
        return (self.game_type, self.id)

    def load_rules(self) -> Any:
        return load(self.rules)()

    def load_players(self) -> Any:
        return load(self.players)

    def load_plugin(self) -> GamePlugin:
        if self.plugin is None:
            raise ValueError(f"{self.id} is not a Software-Challenge game")
        plugin: GamePlugin = load(self.plugin)
        if plugin.game_type != self.game_type:
            raise ImportError(f"{self.plugin} is {plugin.game_type!r}, not {self.game_type!r}")
        return plugin

    def render_state(self, state: object) -> str:
        renderer: Callable[[object], str] = load(self.render)
        return renderer(state)


GAMES: tuple[GameSpec, ...] = (
    GameSpec(
        name="piranhas",
        year=2019,
        game_type="swc_2019_piranhas",
        protocol=SC_XML,
        rules="botarena.games.piranhas.rules:PiranhasGame",
        players="botarena.games.piranhas.players",
        player_names=("random", "greedy", "search"),
        render="botarena.games.piranhas.render:render",
        plugin="botarena.games.piranhas.plugin:PLUGIN",
        read_state="botarena.games.piranhas.xml:state_from_element",
        write_move="botarena.games.piranhas.xml:move_to_element",
    ),
    GameSpec(
        name="hase_und_igel",
        year=2018,
        game_type="swc_2018_hase_und_igel",
        protocol=SC_XML,
        rules="botarena.games.hase_und_igel.game:HaseUndIgel",
        players="botarena.games.hase_und_igel.players",
        player_names=("random", "greedy", "search"),
        render="botarena.games.hase_und_igel.render:render",
        plugin="botarena.games.hase_und_igel.plugin:PLUGIN",
        read_state="botarena.games.hase_und_igel.xml:engine_state_from_element",
        write_move="botarena.games.hase_und_igel.xml:move_to_element",
    ),
    GameSpec(
        name="blokus",
        year=2021,
        game_type="swc_2021_blokus",
        protocol=SC_XML,
        rules="botarena.games.blokus.game:BlokusGame",
        players="botarena.games.blokus.players",
        player_names=("random", "greedy", "search"),
        render="botarena.games.blokus.render:render",
        plugin="botarena.games.blokus.plugin:PLUGIN",
        read_state="botarena.games.blokus.xml:state_from_element",
        write_move="botarena.games.blokus.xml:move_to_element",
    ),
    GameSpec(
        name="maumau",
        year=2017,
        game_type="maumau",
        protocol=MAUMAU_JSON,
        rules="botarena.games.maumau.game:MauMauGame",
        players="botarena.games.maumau.players",
        player_names=("random", "heuristic"),
        render="botarena.games.maumau.render:render",
    ),
)
"""Every game and season, in the order ``botarena games`` lists them."""


def sc_games() -> tuple[GameSpec, ...]:
    """The games of the Software-Challenge XML server."""
    return tuple(spec for spec in GAMES if spec.protocol == SC_XML)


def sc_plugins() -> list[GamePlugin]:
    """The server plugins of every Software-Challenge season."""
    return [spec.load_plugin() for spec in sc_games()]


def load_plugin(game: str) -> GamePlugin:
    """The server plugin of ``game`` (game type, id or bare name)."""
    return resolve(game).load_plugin()


def newest(name: str) -> GameSpec | None:
    """The newest season of the game called ``name``, if any."""
    seasons = [spec for spec in GAMES if spec.name == name]
    return max(seasons, key=lambda spec: spec.year) if seasons else None


@cache
def _by_name() -> dict[str, GameSpec]:
    table: dict[str, GameSpec] = {}
    for spec in GAMES:
        for name in spec.names():
            table[name] = spec
    return table


def lookup(text: str) -> GameSpec | None:
    """The season named exactly by its game type or id (no bare-name choice)."""
    return _by_name().get(text)


def resolve(text: str, notice: Callable[[str], None] | None = None) -> GameSpec:
    """The season named by ``text``: a game type, a ``NAME-YEAR`` id or a bare name.

    A bare name means the newest season of that game; ``notice`` (if given) is told which
    one was chosen. Raises ``ValueError`` naming every known game otherwise.
    """
    spec = lookup(text)
    if spec is not None:
        return spec
    spec = newest(text)
    if spec is not None:
        if notice is not None and sum(s.name == text for s in GAMES) > 1:
            notice(f"{text} means {spec.id} ({spec.game_type}), the newest season")
        return spec
    known = ", ".join(f"{s.id} ({s.game_type})" for s in GAMES)
    raise ValueError(f"unknown game {text!r}; known games: {known}")


def choices(protocol: str | None = None) -> list[str]:
    """Every accepted game name (for ``--help`` and shell completion)."""
    names: list[str] = []
    for spec in GAMES:
        if protocol is None or spec.protocol == protocol:
            for name in (spec.name, *spec.names()):
                if name not in names:
                    names.append(name)
    return names
