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
    """One game and season: its names and where its parts live.

    The parts follow the layout of a season package (``package``): ``players.py`` with
    ``make_player`` and ``PLAYER_OPTIONS``, ``render.py`` with ``render_board(state) -> str``, and
    for SC games ``plugin.py`` with ``PLUGIN`` and ``xml.py`` with ``state_from_element`` and
    ``move_to_element``. A field names a part only where a package differs.
    """

    name: str
    """The game's name without season (``piranhas``); a bare name means the newest season."""
    year: int
    """The season (``2019``)."""
    game_type: str
    """The official game type (``swc_2019_piranhas``; ``maumau`` for Mau-Mau)."""
    package: str
    """The season's package (``botarena.games.piranhas``)."""
    rules: str
    """The game factory (``Game`` protocol of :mod:`botarena.core`), ``module:Class``
    relative to the package (``rules:PiranhasGame``)."""
    protocol: str = SC_XML
    """:data:`SC_XML` or :data:`MAUMAU_JSON`."""
    player_names: tuple[str, ...] = ("random", "greedy", "search")
    """The built-in players, the default first."""
    read_state: str = "xml:state_from_element"
    """SC games: reads a ``<state>`` element into an engine state (relative to the package)."""

    @property
    def id(self) -> str:
        """``NAME-YEAR``: the season's id on the command line and in file names."""
        return f"{self.name}-{self.year}"

    @property
    def port(self) -> int:
        return SC_PORT if self.protocol == SC_XML else MAUMAU_PORT

    def names(self) -> tuple[str, ...]:
        """The names that always mean this season: its game type and its id."""
        return (self.game_type, self.id)

    def part(self, relative: str) -> Any:
        """The package's part named ``module:attribute`` relative to the package."""
        return load(f"{self.package}.{relative}")

    def load_rules(self) -> Any:
        return self.part(self.rules)()

    def load_players(self) -> Any:
        return self.part("players")

    def load_plugin(self) -> GamePlugin:
        if self.protocol != SC_XML:
            raise ValueError(f"{self.id} is not a Software-Challenge game")
        plugin: GamePlugin = self.part("plugin:PLUGIN")
        if plugin.game_type != self.game_type:
            found, wanted = plugin.game_type, self.game_type
            raise ImportError(f"{self.package}.plugin is {found!r}, not {wanted!r}")
        return plugin

    def load_render(self) -> Any:
        """The package's ``render`` module: ``render_board(state)`` (a text board with
        coordinates), and for two-player games ``move_text(move)`` and ``score_text(state)``."""
        return self.part("render")

    def render_state(self, state: object) -> str:
        renderer: Callable[[object], str] = self.part("render:render_board")
        return renderer(state)


BLOKUS_PLAYERS = ("random", "greedy", "search", "strong")
"""Both Blokus seasons' built-in players (``strong`` is the native core's MCTS)."""

GAMES: tuple[GameSpec, ...] = (
    GameSpec(
        "piranhas", 2019, "swc_2019_piranhas", "botarena.games.piranhas", "rules:PiranhasGame"
    ),
    GameSpec(
        "hase_und_igel",
        2018,
        "swc_2018_hase_und_igel",
        "botarena.games.hase_und_igel",
        "game:HaseUndIgel",
        read_state="xml:engine_state_from_element",
    ),
    GameSpec(
        "blokus",
        2021,
        "swc_2021_blokus",
        "botarena.games.blokus",
        "game:BlokusGame",
        player_names=BLOKUS_PLAYERS,
    ),
    GameSpec(
        "piranhas",
        2026,
        "swc_2026_piranhas",
        "botarena.games.piranhas_2026",
        "rules:Piranhas2026Game",
    ),
    GameSpec(
        "blokus",
        2027,
        "swc_2027_blokus",
        "botarena.games.blokus_2027",
        "rules:BlokusGame",
        player_names=BLOKUS_PLAYERS,
    ),
    GameSpec(
        "maumau",
        2017,
        "maumau",
        "botarena.games.maumau",
        "game:MauMauGame",
        protocol=MAUMAU_JSON,
        player_names=("random", "heuristic"),
    ),
)
"""Every game and season, in the order ``botarena games`` lists them."""


def sc_games() -> tuple[GameSpec, ...]:
    """The games of the Software-Challenge XML server."""
    return tuple(spec for spec in GAMES if spec.protocol == SC_XML)


def newest_sc_game() -> GameSpec:
    """The newest Software-Challenge season (the SC server's default game)."""
    return max(sc_games(), key=lambda spec: (spec.year, spec.game_type))


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
