"""What the Blokus seasons' SC server plugins share: a match holding a state and the two
display names, and the plugin settings both seasons have (2 s / 10 s, the violating move
echoed, welcome colours ``ONE``/``TWO``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from botarena.core import Team
from botarena.games.blokus.moves import SetMove, SkipMove
from botarena.games.blokus.state_base import BlokusStateBase
from botarena.protocol.sc_plugin import (
    GameMatch,
    GamePlugin,
    GameSetup,
    MoveTimeouts,
)

StateT = TypeVar("StateT", bound=BlokusStateBase)
MatchT = TypeVar("MatchT", bound=GameMatch)

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


class BlokusPluginBase(GamePlugin, Generic[StateT, MatchT]):
    """2 s / 10 s, the violating move attached to the error (``originalMessage``), welcome
    colours ``ONE``/``TWO``. A season's subclass sets ``game_type``, ``profile`` and
    ``score_definition``; its instance is made with the season's match class and the
    function that gives a match's starting state (from the setup's seed, a given state or
    a given ``<state>``: :func:`~botarena.protocol.sc_plugin.setup_state`)."""

    timeouts = MoveTimeouts(soft_ms=2000, hard_ms=10000)
    echo_violating_move = True
    welcome_colors = WELCOME_COLORS

    def __init__(
        self,
        match: Callable[[StateT, tuple[str, str]], MatchT],
        starting_state: Callable[[GameSetup], StateT],
    ) -> None:
        self._match = match
        self._starting_state = starting_state

    def new_match(self, display_names: Sequence[str], setup: GameSetup) -> MatchT:
        return self._match(self._starting_state(setup), (display_names[0], display_names[1]))
