"""Blokus 2027 on the Software-Challenge server (registry entry ``swc_2027_blokus``).

The glue between the framework's :class:`botarena.protocol.sc_plugin.GamePlugin` and this package's
rules and codec: the 2026+ protocol profile, ``Siegpunkte`` + ``Punkte``, 2 s / 10 s, welcome
colours ``ONE``/``TWO``. Seats are the teams: slot 0 is team ONE (BLUE, RED), slot 1 team TWO
(YELLOW, GREEN); the move request goes to the team of the current colour, so a player can get
two requests in a row once colours are out (spec ``blokus-2027.md`` §4.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from botarena.core import InvalidMove, Outcome, ScoreFragment
from botarena.games.blokus.match_base import BlokusMatchBase, BlokusPluginBase
from botarena.games.blokus.moves import Move
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
    GameSetup,
    MalformedMoveError,
    read_state_element,
    setup_state,
)
from botarena.protocol.sc_profiles import PROFILE_2026, ProtocolProfile

GAME = "Blokus 2027"
"""The name in error messages."""
MOVE_CLASSES = frozenset(
    {
        blokus_xml.SET_MOVE_CLASS,
        blokus_xml.SKIP_MOVE_CLASS,
        blokus_xml.SET_MOVE_ALIAS,
        blokus_xml.SKIP_MOVE_ALIAS,
    }
)


class Blokus2027Match(BlokusMatchBase[BlokusState]):
    """One Blokus 2027 game in a room."""

    __slots__ = ()

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


class Blokus2027Plugin(BlokusPluginBase[BlokusState, Blokus2027Match]):
    """``swc_2027_blokus``: 2026+ profile, 2 s / 10 s, ``Siegpunkte`` + ``Punkte``."""

    game_type = GAME_TYPE
    profile: ProtocolProfile = PROFILE_2026
    score_definition: tuple[ScoreFragment, ...] = (WIN_POINTS_FRAGMENT, POINTS_FRAGMENT)


def _starting_state(setup: GameSetup) -> BlokusState:
    return setup_state(setup, GAME, BlokusState, BlokusGame().new_initial_state, _read)


def _read(given: Element) -> BlokusState:
    return read_state_element(given, GAME, blokus_xml.state_from_element, blokus_xml.XmlFormatError)


PLUGIN = Blokus2027Plugin(Blokus2027Match, _starting_state)

__all__ = ["PLUGIN", "Blokus2027Match", "Blokus2027Plugin"]
