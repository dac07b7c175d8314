"""Blokus 2027 on the Software-Challenge server (registry entry ``swc_2027_blokus``).

The glue between the framework's :class:`botarena.server.plugin.GamePlugin` and this package's
rules and codec: the 2026+ protocol profile, ``Siegpunkte`` + ``Punkte``, 2 s / 10 s, welcome
colours ``ONE``/``TWO``. Seats are the teams: slot 0 is team ONE (BLUE, RED), slot 1 team TWO
(YELLOW, GREEN); the move request goes to the team of the current colour, so a player can get
two requests in a row once colours are out (spec ``blokus-2027.md`` §4.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from botarena.core import InvalidMove, Outcome, ScoreFragment, SeededRandom, Team
from botarena.games.blokus.moves import Move, SetMove, SkipMove
from botarena.games.blokus_2027 import xml as blokus_xml
from botarena.games.blokus_2027.moves import InvalidBlokusMove, MoveMistake
from botarena.games.blokus_2027.rules import (
    GAME_TYPE,
    POINTS_FRAGMENT,
    WIN_POINTS_FRAGMENT,
    BlokusGame,
    BlokusState,
)
from botarena.protocol.sc_plugin import (
    Element,
    GameMatch,
    GamePlugin,
    GameSetup,
    MalformedMoveError,
    MoveTimeouts,
)
from botarena.protocol.sc_profiles import PROFILE_2026, ProtocolProfile

WELCOME_COLORS = (Team.ONE.name, Team.TWO.name)
MOVE_CLASSES = frozenset(
    {
        blokus_xml.SET_MOVE_CLASS,
        blokus_xml.SKIP_MOVE_CLASS,
        blokus_xml.SET_MOVE_ALIAS,
        blokus_xml.SKIP_MOVE_ALIAS,
    }
)


class Blokus2027Match(GameMatch):
    """One Blokus 2027 game in a room."""

    __slots__ = ("names", "state")

    def __init__(self, state: BlokusState, names: tuple[str, str]) -> None:
        self.state = state
        self.names = names

    @property
    def turn(self) -> int:
        return self.state.turn

    def current_slot(self) -> int | None:
        return self.state.current_seat

    def parse_move(self, slot: int, data: Element) -> Move:
        """A move from ``<data class="sc.plugin2027.SetMove">`` (or ``SkipMove``, or the
        aliases). Another class is the official ``INVALID_FORMAT`` rule violation; a move
        element that cannot be read raises :class:`MalformedMoveError`."""
        if data.get("class") not in MOVE_CLASSES:
            raise InvalidMove(MoveMistake.INVALID_FORMAT.message)
        try:
            return blokus_xml.move_from_element(data)
        except blokus_xml.MoveFormatError as error:
            raise MalformedMoveError(f"{MoveMistake.INVALID_FORMAT.message}: {error}") from error

    def apply(self, slot: int, move: object) -> None:
        if slot != self.state.current_seat:
            raise ValueError(f"slot {slot} is not to move")
        if not isinstance(move, SetMove | SkipMove):
            raise TypeError(f"not a Blokus move: {move!r}")
        self.state.apply(move)

    def violation_message(self, invalid: InvalidMove) -> str:
        """The room error's text after ``Ungueltiger Zug von 'NAME'.``."""
        if isinstance(invalid, InvalidBlokusMove):
            return invalid.exception_text()
        return invalid.reason

    def state_element(self) -> Element:
        return blokus_xml.state_to_element(self.state)

    def outcome(self) -> Outcome | None:
        """The rules' end with the official reason text (the winner's display name, or its
        team when blank)."""
        condition = self.state.win_condition()
        if condition is None:
            return None
        winner, reason = condition
        if winner is None:
            return Outcome(None, reason=reason.message())
        name = self.names[int(winner)] or winner.name
        return Outcome(int(winner), reason=reason.message(name))

    def statistics(self, slot: int) -> Sequence[int | float]:
        return self.state.scores(slot)

    def winner_element(self, slot: int) -> Element:
        raise NotImplementedError("the 2027 result names the winning team, not a player")


class Blokus2027Plugin(GamePlugin):
    """``swc_2027_blokus``: 2026+ profile, 2 s / 10 s, ``Siegpunkte`` + ``Punkte``."""

    game_type = GAME_TYPE
    profile: ProtocolProfile = PROFILE_2026
    score_definition: tuple[ScoreFragment, ...] = (WIN_POINTS_FRAGMENT, POINTS_FRAGMENT)
    timeouts = MoveTimeouts(soft_ms=2000, hard_ms=10000)
    echo_violating_move = True
    """The room error carries the rejected move as ``originalMessage`` (spec §4.3)."""

    def __init__(self) -> None:
        self._game = BlokusGame()

    def welcome_color(self, slot: int) -> str:
        return WELCOME_COLORS[slot]

    def new_match(self, display_names: Sequence[str], setup: GameSetup) -> Blokus2027Match:
        names = (display_names[0], display_names[1])
        initial = setup.initial_state
        if initial is None:
            state = self._game.new_initial_state(SeededRandom(setup.seed))
        elif isinstance(initial, BlokusState):
            state = initial.clone()
        elif isinstance(initial, Element):
            element = initial if initial.tag == "state" else initial.find(".//state")
            if element is None:
                raise ValueError("no Blokus 2027 <state> in the given element")
            try:
                state = blokus_xml.state_from_element(element)
            except blokus_xml.XmlFormatError as error:
                raise ValueError(f"not a Blokus 2027 state: {error}") from error
        else:
            raise ValueError(f"not a Blokus 2027 initial state: {type(initial).__name__}")
        return Blokus2027Match(state, names)


PLUGIN = Blokus2027Plugin()

__all__ = ["PLUGIN", "Blokus2027Match", "Blokus2027Plugin"]
