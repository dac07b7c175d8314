"""A season: one game of one year, as one typed object its package exports.

Each season package holds a ``season.py`` with ``SEASON = Season(...)``: its identity (name,
year, official game type, aliases, protocol), its rules factory, its built-in players' names,
the web board it is drawn with and where its legal moves act on that board. The registry
(:mod:`botarena.games.registry`) lists these objects; nothing outside the package knows
more about a season than its object says.

The heavier parts are modules of the package with fixed names, imported on first use, so
that a bot process playing one season imports no other season's players, codec or plugin,
and importing the rules never loads the server: ``players.py`` (``make_player``,
``PLAYER_OPTIONS``), ``render.py`` (``render_board``, ``move_text``, ``score_text``), and for
Software-Challenge seasons ``xml.py`` (``state_from_element``, ``state_to_element``,
``move_to_element``) and ``plugin.py`` (``PLUGIN``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from botarena.protocol.wire_protocol import SC_XML, WireProtocol

if TYPE_CHECKING:
    from botarena.protocol.maumau_plugin import MauMauPlugin
    from botarena.protocol.sc_plugin import GamePlugin

Offer = dict[str, Any]
"""Where a legal move acts on the web board (``from``/``to``, ``field``, ``cells`` …)."""


WITH_STRONG = ("random", "greedy", "search", "strong")
"""The built-in players of a season the native core covers."""


def no_place(state: Any, move: Any) -> Offer:
    """The web offer of a move without a place on the board (a labelled button)."""
    return {}


@dataclass(frozen=True, slots=True)
class Season:
    """One game and season: its names, its protocol and its parts."""

    name: str
    """The game's name without season (``piranhas``); a bare name means the newest season."""
    year: int
    """The season (``2019``)."""
    module: str
    """``__name__`` of the season's ``season.py``: its package holds the other parts."""
    rules: str
    """The rules: ``module:Factory`` in the package, a factory (usually the class) of the
    :class:`botarena.core.Game`, imported on first use."""
    game_type: str = ""
    """The official game type (default ``swc_YEAR_NAME``; ``maumau`` for Mau-Mau)."""
    protocol: WireProtocol = SC_XML
    player_names: tuple[str, ...] = ("random", "greedy", "search")
    """The built-in players, the default first."""
    aliases: tuple[str, ...] = ()
    """More names that always mean this season (beside its game type and id)."""
    read_state: str = "xml:state_from_element"
    """SC games: the codec's reader of a ``<state>`` element into an engine state."""
    board: str = ""
    """The web's board module ``static/boards/<board>.js`` (default: the season's id); a
    season drawn like another names that one."""
    move_place: Callable[[Any, Any], Offer] = no_place
    """The web's click-to-move: where a legal ``move`` of ``state`` acts on the board."""
    side_colours: tuple[tuple[str, ...], ...] = ()
    """The colours each seat plays, where a side has several (Blokus: team ONE plays BLUE
    and RED); empty: the side's name says it."""
    piece_orientations: Callable[[], dict[str, list[list[list[int]]]]] | None = None
    """The web's piece tray (Blokus): each piece's cells ``[x, y]`` in its eight
    orientations, in the order (rotation 0..3) × (not flipped, flipped); None: no tray."""

    def __post_init__(self) -> None:
        if not self.game_type:
            object.__setattr__(self, "game_type", f"swc_{self.year}_{self.name}")

    @property
    def package(self) -> str:
        """The season's package (``botarena.games.piranhas``)."""
        return self.module.rpartition(".")[0]

    @property
    def id(self) -> str:
        """``NAME-YEAR``: the season's id on the command line and in file names."""
        return f"{self.name}-{self.year}"

    @property
    def port(self) -> int:
        return self.protocol.port

    @property
    def board_name(self) -> str:
        return self.board or self.id

    def names(self) -> tuple[str, ...]:
        """The names that always mean this season: its game type, its id and its aliases."""
        return (self.game_type, self.id, *self.aliases)

    def part(self, relative: str) -> Any:
        """The package's part named ``module:attribute`` (or ``module``) relative to it."""
        module_name, _, attribute = relative.partition(":")
        module: ModuleType = importlib.import_module(f"{self.package}.{module_name}")
        return getattr(module, attribute) if attribute else module

    def load_rules(self) -> Any:
        """A new game of the season's rules."""
        return self.part(self.rules)()

    def load_players(self) -> Any:
        """The ``players`` module: ``make_player(name, seed=…, **options)``,
        ``PLAYER_OPTIONS``."""
        return self.part("players")

    def load_codec(self) -> Any:
        """SC games: the ``xml`` module (``state_to_element``, ``move_to_element``, …)."""
        return self.part("xml")

    def state_reader(self) -> Callable[[Any], Any]:
        """SC games: reads a ``<state>`` element into an engine state."""
        reader: Callable[[Any], Any] = self.part(self.read_state)
        return reader

    def load_plugin(self) -> GamePlugin:
        """The SC server's plugin (``plugin.PLUGIN``) of a Software-Challenge season."""
        if not self.protocol.xml_states:
            raise ValueError(f"{self.id} is not a Software-Challenge game")
        plugin: GamePlugin = self._server_plugin()
        return plugin

    def load_maumau_plugin(self) -> MauMauPlugin:
        """The Mau-Mau server's plugin (``plugin.PLUGIN``) of a Mau-Mau JSON-lines game."""
        if self.protocol.xml_states:
            raise ValueError(f"{self.id} is a Software-Challenge game")
        plugin: MauMauPlugin = self._server_plugin()
        return plugin

    def _server_plugin(self) -> Any:
        plugin = self.part("plugin:PLUGIN")
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
