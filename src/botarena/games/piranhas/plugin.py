"""Piranhas 2019 on the Software-Challenge server: the glue between the framework and the
rules engine / state XML of this package (registry entry ``swc_2019_piranhas``).

The SC server owns the message flow; this module answers the game
questions of :class:`botarena.protocol.sc_plugin.GamePlugin`: how a state looks on the wire, what a
move element means, who moves, how the game ended and what the scores are.
"""

from __future__ import annotations

from collections.abc import Sequence

from botarena.core import ScoreFragment, SeededRandom
from botarena.games import sc_match
from botarena.games.piranhas import xml as piranhas_xml
from botarena.games.piranhas.board import SIZE
from botarena.games.piranhas.model import Move, PlayerColor
from botarena.games.piranhas.rules import (
    GAME_TYPE,
    SWARM_FRAGMENT,
    WINNER_FRAGMENT,
    PiranhasGame,
    PiranhasState,
)
from botarena.protocol import sc_messages
from botarena.protocol.sc_plugin import (
    Element,
    GamePlugin,
    GameSetup,
    initial_state_element,
    setup_state,
)
from botarena.protocol.sc_profiles import PROFILE_2019, ProtocolProfile
from botarena.protocol.xstream import escape_attribute

MOVE_CLASSES = frozenset({"move", "sc.plugin2019.Move"})
"""``class`` values the official server deserialises as a Piranhas move."""
NON_MOVE_CLASSES = sc_match.FRAMEWORK_NON_MOVE_CLASSES | {"sc.plugin2019.GameState"}
"""Registered classes that are not moves: sending one is a rule violation, not a protocol
error (official: "NAME hat kein Zug-Objekt gesendet."). Any other class cannot be
deserialised at all and hard-closes the sender (scored LEFT)."""

WELCOME_COLORS = ("red", "blue")

_FIELD_STATES = ("EMPTY", "RED", "BLUE", "OBSTRUCTED")
_BOARD_TABLES: dict[int, tuple[tuple[str, str], tuple[tuple[str, ...], ...]]] = {}


def _board_table(level: int) -> tuple[tuple[str, str], tuple[tuple[str, ...], ...]]:
    """Pre-printed ``<fields>`` brackets and ``<field …/>`` lines (one per square and state)
    for a state printed at ``level``, so printing a board is 100 table look-ups."""
    table = _BOARD_TABLES.get(level)
    if table is None:
        columns = "\n" + "  " * (level + 2)
        field_pad = "\n" + "  " * (level + 3)
        fields = tuple(
            tuple(
                f'{field_pad}<field x="{square // SIZE}" y="{square % SIZE}" state="{state}"/>'
                for state in _FIELD_STATES
            )
            for square in range(SIZE * SIZE)
        )
        table = _BOARD_TABLES[level] = ((f"{columns}<fields>", f"{columns}</fields>"), fields)
    return table


def state_xml(state: PiranhasState, level: int) -> str:
    """``xstream.to_xstream(state_to_element(state), level)``, about 30 times faster.

    A memento is printed once per move and sent to every recipient; this is the server's
    hot path (benchmarks/server_throughput.py). ``tests/games/piranhas/test_plugin.py`` pins
    it to the generic printer on random states with hints and odd names.
    """
    pad = "\n" + "  " * level
    child = pad + "  "
    current = "BLUE" if state.turn & 1 else "RED"
    parts = [
        f'{pad}<state class="sc.plugin2019.GameState" startPlayerColor="RED" '
        f'currentPlayerColor="{current}" turn="{state.turn}">'
    ]
    move = state.last_move
    if move is not None:
        opening = (
            f'{child}<lastMove class="move" x="{move.x}" y="{move.y}" '
            f'direction="{move.direction.value}"'
        )
        if move.hints:
            parts.append(opening + ">")
            hint_pad = child + "  "
            parts.extend(f'{hint_pad}<hint content="{escape_attribute(h)}"/>' for h in move.hints)
            parts.append(f"{child}</lastMove>")
        else:
            parts.append(opening + "/>")
    parts.append(f'{child}<red displayName="{escape_attribute(state.red_name)}" color="RED"/>')
    parts.append(f'{child}<blue displayName="{escape_attribute(state.blue_name)}" color="BLUE"/>')
    parts.append(f"{child}<board>")
    red, blue, obstacles = state.red, state.blue, state.obstacles
    cache = _COLUMN_CACHE
    if len(cache) > MAX_CACHED_COLUMNS:
        cache.clear()
    for x in range(SIZE):
        shift = SIZE * x
        key = (
            level,
            x,
            (red >> shift) & _COLUMN_MASK,
            (blue >> shift) & _COLUMN_MASK,
            (obstacles >> shift) & _COLUMN_MASK,
        )
        column = cache.get(key)
        if column is None:
            column = cache[key] = _column_xml(*key)
        parts.append(column)
    parts.append(f"{child}</board>{pad}</state>")
    return "".join(parts)


MAX_CACHED_COLUMNS = 50_000
"""Printed ``<fields>`` columns kept for reuse (a move changes at most two columns, so most
columns of the next state are already printed); ~1 KB each, cleared when full."""
_COLUMN_MASK = (1 << SIZE) - 1
_COLUMN_CACHE: dict[tuple[int, int, int, int, int], str] = {}


def _column_xml(level: int, x: int, red: int, blue: int, obstacles: int) -> str:
    (open_fields, close_fields), fields = _board_table(level)
    parts = [open_fields]
    for y in range(SIZE):
        bit = 1 << y
        code = 1 if red & bit else 2 if blue & bit else 3 if obstacles & bit else 0
        parts.append(fields[SIZE * x + y][code])
    parts.append(close_fields)
    return "".join(parts)


class PiranhasMatch(sc_match.StateMatch[PiranhasState]):
    """One Piranhas game in a room."""

    __slots__ = ("_names",)
    to_element = staticmethod(piranhas_xml.state_to_element)
    to_xml = staticmethod(state_xml)

    def __init__(self, state: PiranhasState) -> None:
        super().__init__(state)
        self._names = (state.red_name, state.blue_name)

    def current_slot(self) -> int | None:
        if self.state.outcome() is not None:
            return None
        return self.state.turn & 1

    def parse_move(self, slot: int, data: Element) -> Move:
        return sc_match.read_move_or_not_a_move(
            data, MOVE_CLASSES, NON_MOVE_CLASSES, piranhas_xml.move_from_element, self._names[slot]
        )

    def apply(self, slot: int, move: object) -> None:
        if slot != self.state.turn & 1:
            raise ValueError(f"slot {slot} is not to move")
        if not isinstance(move, Move):
            raise TypeError(f"not a Piranhas move: {move!r}")
        self.state.apply(move)

    def winner_element(self, slot: int) -> Element:
        color = PlayerColor.of_seat(slot)
        return sc_messages.winner(self._names[slot], color.value)


class PiranhasPlugin(GamePlugin):
    """``swc_2019_piranhas``: 2019 protocol profile, 2 s / 10 s, ``Gewinner`` + ``∅ Schwarm``."""

    game_type = GAME_TYPE
    profile: ProtocolProfile = PROFILE_2019
    score_definition: tuple[ScoreFragment, ...] = (WINNER_FRAGMENT, SWARM_FRAGMENT)
    welcome_colors = WELCOME_COLORS

    def new_match(self, display_names: Sequence[str], setup: GameSetup) -> PiranhasMatch:
        state = setup_state(setup, "Piranhas", PiranhasState, _new_state, _read)
        state.red_name, state.blue_name = display_names[0], display_names[1]
        return PiranhasMatch(state)


def _new_state(rng: SeededRandom) -> PiranhasState:
    return PiranhasGame().new_initial_state(rng)


def _read(given: Element) -> PiranhasState:
    return piranhas_xml.state_from_element(initial_state_element(given, "Piranhas"))


PLUGIN = PiranhasPlugin()
