"""The one table of games: every game and season botarena plays, and where its parts live.

The server, the bot SDK, the runner, ``botarena play``, the tournaments, the web and the
conformance tools all read this table; a new season is one package under
:mod:`botarena.games` whose ``season.py`` exports its :class:`~botarena.games.season.Season`,
and one line here that lists it in :data:`GAMES` (and one that imports it).

Importing the table imports each season's object and rules; its players, codec, plugin and
renderer are imported on first use, so a bot process that plays Piranhas never imports
Blokus's players or the server.

A game is named on the command line by its official game type (``swc_2019_piranhas``), its
``NAME-YEAR`` id (``piranhas-2019``), or its bare name (``piranhas``), which means the newest
season of that game (:func:`resolve` says so when it chooses).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING

from botarena.games.blokus.season import SEASON as BLOKUS_2021
from botarena.games.blokus_2027.season import SEASON as BLOKUS_2027
from botarena.games.hase_und_igel.season import SEASON as HASE_UND_IGEL_2018
from botarena.games.maumau.season import SEASON as MAUMAU_2017
from botarena.games.piranhas.season import SEASON as PIRANHAS_2019
from botarena.games.piranhas_2026.season import SEASON as PIRANHAS_2026
from botarena.games.season import Season
from botarena.protocol.wire_protocol import MAUMAU_JSON, SC_XML, WireProtocol

if TYPE_CHECKING:
    from botarena.protocol.sc_plugin import GamePlugin

__all__ = [
    "GAMES",
    "MAUMAU_JSON",
    "MAUMAU_PORT",
    "SC_PORT",
    "SC_XML",
    "GameSpec",
    "Season",
    "WireProtocol",
    "choices",
    "games_of",
    "load_plugin",
    "lookup",
    "newest",
    "newest_of",
    "newest_sc_game",
    "only_game_of",
    "resolve",
    "sc_games",
    "sc_plugins",
]

SC_PORT = SC_XML.port
"""The official Software-Challenge server port."""
MAUMAU_PORT = MAUMAU_JSON.port
"""The Free-Hack Mau-Mau contest server port."""


GameSpec = Season
"""The registry's name for a season object (:class:`botarena.games.season.Season`)."""

GAMES: tuple[Season, ...] = (
    PIRANHAS_2019,
    HASE_UND_IGEL_2018,
    BLOKUS_2021,
    PIRANHAS_2026,
    BLOKUS_2027,
    MAUMAU_2017,
)
"""Every game and season, in the order ``botarena games`` lists them."""


def sc_games() -> tuple[GameSpec, ...]:
    """The games of the Software-Challenge XML server."""
    return games_of(SC_XML)


def games_of(protocol: WireProtocol) -> tuple[GameSpec, ...]:
    """The games a server of ``protocol`` plays."""
    return tuple(spec for spec in GAMES if spec.protocol is protocol)


def only_game_of(protocol: WireProtocol) -> GameSpec:
    """The one game of a single-game protocol (Mau-Mau JSON lines: its server, transcripts
    and live tables play only it)."""
    games = games_of(protocol)
    if len(games) != 1:
        raise LookupError(f"{protocol} plays {len(games)} games, not one")
    return games[0]


def newest_sc_game() -> GameSpec:
    """The newest Software-Challenge season (the SC server's default game)."""
    return max(sc_games(), key=lambda spec: (spec.year, spec.game_type))


def newest_of(game_types: Iterable[str]) -> str | None:
    """The newest season among ``game_types`` by the years their seasons say (the SC
    server's default game); a game type the table does not list counts as year 0."""

    def year(game_type: str) -> tuple[int, str]:
        spec = lookup(game_type)
        return (0 if spec is None else spec.year, game_type)

    return max(game_types, key=year, default=None)


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


def choices(protocol: WireProtocol | None = None) -> list[str]:
    """Every accepted game name (for ``--help`` and shell completion)."""
    names: list[str] = []
    for spec in GAMES:
        if protocol is None or spec.protocol is protocol:
            for name in (spec.name, *spec.names()):
                if name not in names:
                    names.append(name)
    return names
