"""Piranhas 2026 on the Software-Challenge server (registry entry ``swc_2026_piranhas``).

The glue between the framework's :class:`botarena.protocol.sc_plugin.GamePlugin` and this package's
rules and codec: the 2026+ protocol profile, the score definition (``Siegpunkte``,
``Schwarmgröße``), 2 s / 10 s move timeouts, welcome colours ``ONE``/``TWO``, and per room a
:class:`Piranhas2026Match` that parses moves, applies them and prints the state as XStream
does (spec ``piranhas-2026.md`` §5). Seat 0 is team ONE, seat 1 team TWO.
"""

from __future__ import annotations

from collections.abc import Sequence

from botarena.core import InvalidMove, ScoreFragment, SeededRandom, Team
from botarena.games import sc_match
from botarena.games.piranhas_2026 import rules
from botarena.games.piranhas_2026 import xml as piranhas_xml
from botarena.games.piranhas_2026.board import SIZE
from botarena.games.piranhas_2026.model import Mistake, Move
from botarena.games.piranhas_2026.rules import (
    GAME_TYPE,
    SWARM_FRAGMENT,
    WINNER_FRAGMENT,
    Piranhas2026Game,
    Piranhas2026State,
)
from botarena.protocol.sc_plugin import (
    Element,
    GamePlugin,
    GameSetup,
    MalformedMoveError,
    MoveTimeouts,
)
from botarena.protocol.sc_profiles import PROFILE_2026, ProtocolProfile

WELCOME_COLORS = (Team.ONE.name, Team.TWO.name)
"""The welcome message's ``color`` per seat (the team)."""


def state_xml(state: Piranhas2026State, level: int) -> str:
    """``xstream.to_xstream(state_to_element(state), level)`` without building 111 elements
    (a memento is printed after every move; ``tests/server/test_plugins_2026.py`` pins
    it to the generic printer)."""
    pad = "\n" + "  " * level
    child = pad + "  "
    grandchild = child + "  "
    field_pad = grandchild + "  "
    union = "" if state.first_union is None else f' firstUnion="{state.first_union.name}"'
    start_team = rules.START_TEAM.name
    parts = [f'{pad}<state class="state" startTeam="{start_team}" turn="{state.turn}"{union}>']
    move = state.last_move
    if move is not None:
        parts.append(
            f'{child}<lastMove>{grandchild}<from x="{move.x}" y="{move.y}"/>'
            f"{grandchild}<direction>{move.direction.name}</direction>{child}</lastMove>"
        )
    parts.append(f"{child}<board>")
    for y in range(SIZE):
        parts.append(f"{grandchild}<row>")
        parts.extend(f"{field_pad}<field>{state.field(x, y).value}</field>" for x in range(SIZE))
        parts.append(f"{grandchild}</row>")
    parts.append(f"{child}</board>{pad}</state>")
    return "".join(parts)


class Piranhas2026Match(sc_match.StateMatch[Piranhas2026State]):
    """One Piranhas 2026 game in a room."""

    __slots__ = ()
    to_element = staticmethod(piranhas_xml.state_to_element)
    to_xml = staticmethod(state_xml)

    def current_slot(self) -> int | None:
        return None if self.state.is_over() else int(self.state.current_team)

    def parse_move(self, slot: int, data: Element) -> Move:
        """A move from ``<data class="move">``. Another registered class is the official
        ``INVALID_FORMAT`` rule violation; a move element that cannot be read raises
        :class:`MalformedMoveError` (a rule violation in the 2026 profile, with the detail)."""
        data_class = data.get("class")
        if data_class not in piranhas_xml.MOVE_CLASSES:
            raise InvalidMove(Mistake.INVALID_FORMAT.message)
        try:
            return piranhas_xml.move_from_element(data)
        except piranhas_xml.MoveFormatError as error:
            raise MalformedMoveError(f"{Mistake.INVALID_FORMAT.message}: {error}") from error

    def apply(self, slot: int, move: object) -> None:
        if slot != self.current_slot():
            raise ValueError(f"slot {slot} is not to move")
        if not isinstance(move, Move):
            raise TypeError(f"not a Piranhas 2026 move: {move!r}")
        self.state.apply(move)

    def violation_message(self, invalid: InvalidMove) -> str:
        """The room error's text after ``Ungueltiger Zug von 'NAME'.``: the official
        ``InvalidMoveException(mistake=…, move=…)``."""
        if isinstance(invalid, rules.PiranhasInvalidMove):
            return invalid.exception_text
        return invalid.reason

    def move_text(self, move: object) -> str:
        """``Schwimme von [x|y] in Richtung DIR`` (the official ``Move.toString``)."""
        if not isinstance(move, Move):
            raise TypeError(f"not a Piranhas 2026 move: {move!r}")
        return move.official_text()


class Piranhas2026Plugin(GamePlugin):
    """``swc_2026_piranhas``: 2026 profile, 2 s / 10 s, ``Siegpunkte`` + ``Schwarmgröße``."""

    game_type = GAME_TYPE
    profile: ProtocolProfile = PROFILE_2026
    score_definition: tuple[ScoreFragment, ...] = (WINNER_FRAGMENT, SWARM_FRAGMENT)
    timeouts = MoveTimeouts(soft_ms=2000, hard_ms=10000)
    echo_violating_move = True
    """The room error carries the rejected move as ``originalMessage`` (spec §5.5)."""

    welcome_colors = WELCOME_COLORS

    def __init__(self) -> None:
        self._game = Piranhas2026Game()

    def new_match(self, display_names: Sequence[str], setup: GameSetup) -> Piranhas2026Match:
        one, two = display_names[0], display_names[1]
        initial = setup.initial_state
        if initial is None:
            state = self._game.new_initial_state(
                SeededRandom(setup.seed), one_name=one, two_name=two
            )
        elif isinstance(initial, Piranhas2026State):
            state = initial.clone()
            state.one_name, state.two_name = one, two
        elif isinstance(initial, Element):
            element = initial if initial.tag == "state" else initial.find(".//state")
            if element is None:
                raise ValueError("no Piranhas 2026 <state> in the given element")
            try:
                state = piranhas_xml.state_from_element(element, one, two)
            except piranhas_xml.XmlFormatError as error:
                raise ValueError(f"not a Piranhas 2026 state: {error}") from error
        else:
            raise ValueError(f"not a Piranhas 2026 initial state: {type(initial).__name__}")
        return Piranhas2026Match(state)


PLUGIN = Piranhas2026Plugin()

__all__ = ["PLUGIN", "Piranhas2026Match", "Piranhas2026Plugin", "state_xml"]
