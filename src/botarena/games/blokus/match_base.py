"""What the Blokus seasons' SC server plugins share: a match holding a state and the two
display names, and the plugin settings both seasons have (2 s / 10 s, the violating move
echoed, welcome colours ``ONE``/``TWO``)."""

from __future__ import annotations

from typing import Generic, TypeVar

from botarena.core import Team
from botarena.games.blokus.moves import SetMove, SkipMove
from botarena.games.blokus.state_base import BlokusStateBase
from botarena.protocol.sc_plugin import GameMatch, GamePlugin, MoveTimeouts

StateT = TypeVar("StateT", bound=BlokusStateBase)

WELCOME_COLORS = (Team.ONE.name, Team.TWO.name)
"""The welcome message's ``color``: the team name in upper case."""


class BlokusMatchBase(GameMatch, Generic[StateT]):
    """One Blokus game in a room; seats are the teams (slot 0 is team ONE)."""

    __slots__ = ("names", "state")

    def __init__(self, state: StateT, names: tuple[str, str]) -> None:
        self.state = state
        self.names = names

    @property
    def turn(self) -> int:
        """The state's ``turn`` (a slot counter: eliminated colours use turn numbers too)."""
        return self.state.turn

    def current_slot(self) -> int | None:
        return self.state.current_seat

    def apply(self, slot: int, move: object) -> None:
        if slot != self.state.current_seat:
            raise ValueError(f"slot {slot} is not to move")
        if not isinstance(move, SetMove | SkipMove):
            raise TypeError(f"not a Blokus move: {move!r}")
        self.state.apply(move)


class BlokusPluginBase(GamePlugin):
    """2 s / 10 s, the violating move attached to the error (``originalMessage``), welcome
    colours ``ONE``/``TWO``."""

    timeouts = MoveTimeouts(soft_ms=2000, hard_ms=10000)
    echo_violating_move = True

    def welcome_color(self, slot: int) -> str:
        return WELCOME_COLORS[slot]
