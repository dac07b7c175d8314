"""Hase und Igel 2018 on the Software-Challenge server: the glue between the framework and
this package's rules engine and XML (registry entry ``swc_2018_hase_und_igel``).

The SC server owns the message flow; this module answers the game
questions of :class:`botarena.protocol.sc_plugin.GamePlugin`. Two official behaviours go through
the interface as follows:

* an invalid move is **not rolled back** (spec 3.2): :meth:`HaseUndIgelMatch.apply` raises
  ``InvalidMove`` with the state partially updated, so :meth:`statistics` (field, carrots)
  reports the partial state, as the official result does;
* a card without ``type`` crashes the official server when it is played: :meth:`apply`
  applies the actions before it and then raises ``MalformedMoveError`` (sender dropped,
  scored LEFT).

Two optional framework hooks (methods of the base classes) carry the remaining 2018 details:

* ``echo_violating_move``: the rule violator's error carries the move as
  ``<originalRequest class="move">`` (actions sorted by order, hints kept);
* ``result_override``: after a violation whose partial move reached the goal (spec 4.4,
  TC-62) the official result follows the win condition of the partial state: the innocent
  player gets the win condition's reason and the ``<winner>`` is whoever the win condition
  names (possibly the violator). :func:`scoring.official_scores` and
  :func:`scoring.result_winner` compute these values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from botarena.core import Outcome, ScoreFragment, SeededRandom
from botarena.games import sc_match
from botarena.games.hase_und_igel import printer
from botarena.games.hase_und_igel import xml as hui_xml
from botarena.games.hase_und_igel.actions import Move
from botarena.games.hase_und_igel.game import GAME
from botarena.games.hase_und_igel.rules import HaseUndIgelState, UnplayableMoveError
from botarena.games.hase_und_igel.scoring import (
    GAME_TYPE,
    SCORE_FRAGMENTS,
    WINNER_FRAGMENT,
    official_scores,
    result_winner,
)
from botarena.protocol.sc_plugin import (
    Element,
    GamePlugin,
    GameSetup,
    MalformedMoveError,
    MoveTimeouts,
    ResultLine,
    SlotEnd,
    initial_state_element,
)
from botarena.protocol.sc_profiles import PROFILE_2018, ProtocolProfile

NON_MOVE_CLASSES = sc_match.FRAMEWORK_NON_MOVE_CLASSES
"""Registered classes that are not moves: sending one is a rule violation (official:
"NAME hat kein Zug-Objekt gesendet."). Any other class cannot be deserialised at all and
hard-closes the sender (scored LEFT)."""

WELCOME_COLORS = ("red", "blue")


class HaseUndIgelMatch(sc_match.StateMatch[HaseUndIgelState]):
    """One Hase und Igel game in a room."""

    __slots__ = ("names",)

    def __init__(self, state: HaseUndIgelState, names: Sequence[str]) -> None:
        super().__init__(state)
        self.names = (names[0], names[1])

    def current_slot(self) -> int | None:
        return self.state.current_seat

    def parse_move(self, slot: int, data: Element) -> Move:
        return sc_match.read_move_or_not_a_move(
            data,
            hui_xml.MOVE_CLASSES,
            NON_MOVE_CLASSES,
            hui_xml.move_from_element,
            self.names[slot],
        )

    def apply(self, slot: int, move: object) -> None:
        if slot != self.state.current_seat:
            raise ValueError(f"slot {slot} is not to move")
        if not isinstance(move, Move):
            raise TypeError(f"not a Hase und Igel move: {move!r}")
        try:
            self.state.apply(move)
        except UnplayableMoveError as error:
            raise MalformedMoveError(str(error)) from error

    def move_echo(self, move: object, data: Element) -> Element:
        """The ``originalRequest`` of a rule violation: actions sorted by order, hints kept."""
        if not isinstance(move, Move):
            raise TypeError(f"not a Hase und Igel move: {move!r}")
        return hui_xml.move_to_element(move)

    def state_element(self) -> Element:
        return hui_xml.state_to_element(self.state, self.names)

    def state_xml(self, indent_level: int) -> str:
        return printer.state_xml(self.state, self.names, indent_level)

    def outcome(self) -> Outcome | None:
        outcome = self.state.outcome()
        return outcome if outcome is not None and outcome.is_regular else None

    def winner_element(self, slot: int) -> Element:
        return hui_xml.winner_to_element(self.state, slot, self.names[slot])

    def result_override(
        self, ends: Mapping[int, SlotEnd]
    ) -> tuple[list[ResultLine], int | None] | None:
        """The official result when a violation leaves a state the win condition has ended.

        The official server scores from the partially applied move (no rollback): when that
        move already reached the goal, the win condition decides the innocent player's
        reason and the ``<winner>`` (TC-62: the violator is named winner). Every other end
        follows the framework's generic rule, so ``None`` is returned for it.
        """
        if len(ends) != 1 or self.state.win_condition() is None:
            return None
        ((culprit, end),) = ends.items()
        irregular = Outcome.violation(culprit, end.cause, end.reason)
        lines: list[ResultLine] = []
        for seat, score in enumerate(official_scores(self.state, irregular)):
            reason = end.reason if seat == culprit else score.reason
            lines.append((score.cause, reason or None, score.parts))
        return lines, result_winner(self.state, irregular)


class HaseUndIgelPlugin(GamePlugin):
    """``swc_2018_hase_und_igel``: 2018 profile, 2 s / 10 s, Gewinner, ∅ Feldnummer, ∅ Karotten."""

    game_type = GAME_TYPE
    profile: ProtocolProfile = PROFILE_2018
    score_definition: tuple[ScoreFragment, ...] = (WINNER_FRAGMENT, *SCORE_FRAGMENTS)
    timeouts = MoveTimeouts(soft_ms=2000, hard_ms=10000)
    echo_violating_move = True
    """2018 attaches the violating move to the error (``originalRequest``)."""

    def welcome_color(self, slot: int) -> str:
        return WELCOME_COLORS[slot]

    def new_match(self, display_names: Sequence[str], setup: GameSetup) -> HaseUndIgelMatch:
        initial = setup.initial_state
        if initial is None:
            state = GAME.new_initial_state(SeededRandom(setup.seed))
        else:
            state = self._state_from(initial)
        return HaseUndIgelMatch(state, display_names)

    @staticmethod
    def _state_from(initial: object) -> HaseUndIgelState:
        if isinstance(initial, HaseUndIgelState):
            return initial.clone()
        if isinstance(initial, Element):
            element = initial_state_element(initial, "Hase und Igel")
            return hui_xml.state_from_element(element)[0]
        raise ValueError(f"not a Hase und Igel initial state: {type(initial).__name__}")


PLUGIN = HaseUndIgelPlugin()
