"""The wire protocols botarena speaks, as objects a season points to and callers ask.

Each season names its protocol (:attr:`botarena.games.season.Season.protocol`); code that
treats the protocols differently asks the object (``spec.protocol.xml_states``) instead of
comparing protocol names, so a third protocol is one more object here, not a search for
every ``== "sc-xml"``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WireProtocol:
    """One protocol: its name, its server's port and what its games are like."""

    name: str
    """What ``botarena games`` and the web's ``/api/info`` print (``sc-xml``)."""
    title: str
    port: int
    """The official server's port."""
    xml_states: bool
    """A game's states are Software-Challenge ``<state>`` elements: the bot SDK's seasons,
    ``botarena test``/``play``, XML replays, start-from-here and the web's score panel."""
    fixed_seats: int | None
    """How many players every game seats (``None``: the server's option decides)."""
    builtins_in_process: bool
    """A tournament plays the built-in players inside its own process (Mau-Mau) instead of
    starting each as a ``botarena bot GAME NAME`` client process."""

    def __str__(self) -> str:
        return self.name


SC_XML = WireProtocol(
    "sc-xml",
    "Software-Challenge XML",
    13050,
    xml_states=True,
    fixed_seats=2,
    builtins_in_process=False,
)
"""The Software-Challenge XML protocol (one TCP server for every SC game and season)."""

MAUMAU_JSON = WireProtocol(
    "maumau-json",
    "Free-Hack Mau-Mau JSON lines",
    1338,
    xml_states=False,
    fixed_seats=None,
    builtins_in_process=True,
)
"""The Free-Hack Mau-Mau JSON-lines protocol (one game, 2 to 4 players a table)."""
