"""Seats and teams.

A *seat* is a player's index in a game, ``0 .. players - 1``, in the order the players were
seated (slot order on the Software-Challenge server, connection order in Mau-Mau). Games
give seats their own names (Piranhas: RED/BLUE; Blokus: teams ONE/TWO playing two colours each).
"""

from __future__ import annotations

from enum import IntEnum

Seat = int
"""Index of a player in a game, starting at 0."""


class Team(IntEnum):
    """The two sides of a two-team game; the value is the seat index."""

    ONE = 0
    TWO = 1

    @property
    def opponent(self) -> Team:
        return Team.TWO if self is Team.ONE else Team.ONE
