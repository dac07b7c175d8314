"""The four colours, their turn order and their teams (spec §1.2, §1.3)."""

from __future__ import annotations

from enum import IntEnum

from botarena.core import Team


class Color(IntEnum):
    """The official ``Color``; the value is the position in the turn order."""

    BLUE = 0
    YELLOW = 1
    RED = 2
    GREEN = 3

    @property
    def team(self) -> Team:
        """Team ONE plays BLUE and RED, team TWO plays YELLOW and GREEN."""
        return Team.ONE if self.value % 2 == 0 else Team.TWO

    @property
    def german(self) -> str:
        """The German display name used in the official move texts."""
        return GERMAN_NAMES[self]

    @property
    def text(self) -> str:
        """The official ``Color.toString()``, e.g. ``Farbe Blau``."""
        return f"Farbe {GERMAN_NAMES[self]}"


GERMAN_NAMES: dict[Color, str] = {
    Color.BLUE: "Blau",
    Color.YELLOW: "Gelb",
    Color.RED: "Rot",
    Color.GREEN: "Grün",
}

COLOURS: tuple[Color, ...] = tuple(Color)
"""Turn order: BLUE → YELLOW → RED → GREEN; the colour to move is COLOURS[turn % 4]."""

TEAM_COLOURS: dict[Team, tuple[Color, Color]] = {
    Team.ONE: (Color.BLUE, Color.RED),
    Team.TWO: (Color.YELLOW, Color.GREEN),
}
