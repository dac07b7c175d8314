"""Blokus 2021 on the Software-Challenge server: the glue between the framework and the
rules engine / XML codec of this package (registry entry ``swc_2021_blokus``).

The SC server owns the message flow; this module answers the game
questions of :class:`botarena.protocol.sc_plugin.GamePlugin`: how a state looks on the wire, what a
move element means, who moves, how the game ended and what the scores are. Seats are the
teams: slot 0 is team ONE (BLUE, RED), slot 1 team TWO (YELLOW, GREEN).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lxml import etree

from botarena.core import (
    InvalidMove,
    Outcome,
    ScoreAggregation,
    ScoreCause,
    ScoreFragment,
    Team,
)
from botarena.games.blokus import xml as blokus_xml
from botarena.games.blokus.board import BOARD_SIZE, STRIDE
from botarena.games.blokus.colors import COLOURS
from botarena.games.blokus.game import GAME_TYPE, BlokusGame
from botarena.games.blokus.match_base import BlokusMatchBase, BlokusPluginBase
from botarena.games.blokus.moves import (
    InvalidBlokusMove,
    Move,
    SetMove,
    SkipMove,
    violation_reason,
)
from botarena.games.blokus.shapes import ALL_SHAPES
from botarena.games.blokus.state import BlokusState
from botarena.protocol.sc_plugin import (
    Element,
    GameSetup,
    MalformedMoveError,
    ResultLine,
    SlotEnd,
    initial_state_element,
    read_state_element,
    setup_state,
)
from botarena.protocol.sc_profiles import PROFILE_2021, ProtocolProfile
from botarena.protocol.xstream import escape_attribute

WINNER_FRAGMENT = ScoreFragment("Gewinner", ScoreAggregation.SUM)
POINTS_FRAGMENT = BlokusGame.score_fragments[0]
MOVE_CLASSES = frozenset({blokus_xml.SET_MOVE_CLASS, blokus_xml.SKIP_MOVE_CLASS})
NON_MOVE_PACKET = "Received non-move packet: {data_class}"
"""21.4.0 answers any other ``data`` in a room with a GameRoomException (client dropped)."""
REGISTERED_NON_MOVE_CLASSES = frozenset(
    {
        "sc.framework.plugins.protocol.MoveRequest",
        "welcomeMessage",
        "memento",
        "error",
        "result",
        "paused",
    }
)
"""Room payload classes 21.4.0 can deserialise that are not moves: answered with an
``errorpacket`` (GameRoomException). Any other class cannot be read: silent drop."""
NON_MOVE_PACKET_TEXT = (
    "sc.api.plugins.exceptions.GameRoomException: Received non-move packet: "
    "RoomPacket(roomId={{room_id}}, data={data_class}@0)"
)
"""The welcome message's ``color``: the team name in upper case since 21.2.1 (issue 7)."""

_FIELD_TABLES: dict[int, list[str]] = {}
_SHAPE_TABLES: dict[int, list[str]] = {}


def _field_table(level: int) -> list[str]:
    """``<field …/>`` lines for every (colour, bit index) at a given state ``level``."""
    table = _FIELD_TABLES.get(level)
    if table is None:
        pad = "\n" + "  " * (level + 2)
        table = [""] * (len(COLOURS) * BOARD_SIZE * STRIDE)
        for color in COLOURS:
            for y in range(BOARD_SIZE):
                for x in range(BOARD_SIZE):
                    table[color * BOARD_SIZE * STRIDE + y * STRIDE + x] = (
                        f'{pad}<field x="{x}" y="{y}" content="{color.name}"/>'
                    )
        _FIELD_TABLES[level] = table
    return table


def _shape_table(level: int) -> list[str]:
    table = _SHAPE_TABLES.get(level)
    if table is None:
        pad = "\n" + "  " * (level + 2)
        table = [f"{pad}<shape>{shape.name}</shape>" for shape in ALL_SHAPES]
        _SHAPE_TABLES[level] = table
    return table


def _move_lines(move: Move, level: int) -> str:
    pad, child = "\n" + "  " * (level + 1), "\n" + "  " * (level + 2)
    if isinstance(move, SetMove):
        color = "" if move.color is None else f' color="{move.color.name}"'
        flipped = "true" if move.flipped else "false"
        return (
            f'{pad}<lastMove class="{blokus_xml.SET_MOVE_CLASS}">'
            f'{child}<piece{color} kind="{move.kind.name}" rotation="{move.rotation.name}" '
            f'isFlipped="{flipped}">{child}  <position x="{move.x}" y="{move.y}"/>'
            f"{child}</piece>{pad}</lastMove>"
        )
    if move.color is None:
        return f'{pad}<lastMove class="{blokus_xml.SKIP_MOVE_CLASS}"/>'
    return (
        f'{pad}<lastMove class="{blokus_xml.SKIP_MOVE_CLASS}">'
        f"{child}<color>{move.color.name}</color>{pad}</lastMove>"
    )


def state_xml(state: BlokusState, first_name: str, second_name: str, level: int) -> str:
    """``xstream.to_xstream(state_to_element(state, …), level)``, several times faster.

    A memento is printed once per move and sent to every recipient; this is the server's hot
    path. ``tests/games/blokus/test_plugin.py`` pins it to the generic printer.
    """
    pad = "\n" + "  " * level
    child = pad + "  "
    grandchild = child + "  "
    parts = [
        f'{pad}<state class="state" turn="{state.turn}" round="{state.round}" '
        f'startPiece="{state.start_piece.name}">',
        f'{child}<startTeam class="team">ONE</startTeam>',
    ]
    shapes = _shape_table(level)
    for color in COLOURS:
        tag = blokus_xml.SHAPE_LIST_TAGS[color]
        bits = state.undeployed[color]
        if bits:
            parts.append(f"{child}<{tag}>")
            parts.extend(shapes[i] for i in range(len(shapes)) if bits >> i & 1)
            parts.append(f"{child}</{tag}>")
        else:
            parts.append(f"{child}<{tag}/>")
    if state.valid_colors:
        parts.append(f"{child}<validColors>")
        parts.extend(f"{grandchild}<color>{c.name}</color>" for c in state.valid_colors)
        parts.append(f"{child}</validColors>")
    else:
        parts.append(f"{child}<validColors/>")
    for tag, name, team in (("first", first_name, "ONE"), ("second", second_name, "TWO")):
        parts.append(
            f'{child}<{tag} displayName="{escape_attribute(name)}">'
            f'{grandchild}<color class="team">{team}</color>{child}</{tag}>'
        )
    occupied = state.occupied
    if occupied:
        parts.append(f"{child}<board>")
        fields = _field_table(level)
        own = state.own
        offsets = [color * BOARD_SIZE * STRIDE for color in COLOURS]
        while occupied:
            low = occupied & -occupied
            index = low.bit_length() - 1
            owner = 0 if own[0] & low else 1 if own[1] & low else 2 if own[2] & low else 3
            parts.append(fields[offsets[owner] + index])
            occupied ^= low
        parts.append(f"{child}</board>")
    else:
        parts.append(f"{child}<board/>")
    if state.last_move is not None:
        parts.append(_move_lines(state.last_move, level))
    mono = state.last_move_mono
    if mono:
        parts.append(f"{child}<lastMoveMono>")
        for color in COLOURS:
            if color in mono:
                value = "true" if mono[color] else "false"
                parts.append(
                    f"{grandchild}<entry>{grandchild}  <color>{color.name}</color>"
                    f"{grandchild}  <boolean>{value}</boolean>{grandchild}</entry>"
                )
        parts.append(f"{child}</lastMoveMono>")
    else:
        parts.append(f"{child}<lastMoveMono/>")
    parts.append(f"{pad}</state>")
    return "".join(parts)


def winner_element(display_name: str, team: Team) -> Element:
    """``<winner displayName="…"><color class="team">ONE</color></winner>`` (spec §7.10)."""
    element = etree.Element("winner", {"displayName": display_name})
    etree.SubElement(element, "color", {"class": "team"}).text = team.name
    return element


class BlokusMatch(BlokusMatchBase[BlokusState]):
    """One Blokus 2021 game in a room."""

    __slots__ = ()

    def parse_move(self, slot: int, data: Element) -> Move:
        """A move from ``<data class=…>``; a SetMove without rotation or position raises
        :class:`botarena.core.InvalidMove` (a rule violation, issue 7), everything unreadable
        :class:`MalformedMoveError` (the client is dropped, ``LEFT``)."""
        data_class = data.get("class")
        if data_class not in MOVE_CLASSES:
            # Java prints the payload object with its identity hash, which cannot be
            # reproduced: ``@0`` stands for it (the comparison normalises ``@hash``).
            packet = None  # a class XStream cannot resolve: the client is dropped silently
            if data_class in REGISTERED_NON_MOVE_CLASSES:
                packet = NON_MOVE_PACKET_TEXT.format(data_class=data_class)
            raise MalformedMoveError(NON_MOVE_PACKET.format(data_class=data_class), packet)
        try:
            return blokus_xml.move_from_element(data)
        except blokus_xml.MoveFormatError as error:
            raise MalformedMoveError(str(error)) from error

    def move_text(self, move: object) -> str:
        """The official ``Move.toString()`` (quoted in 2021's not-your-turn texts)."""
        if not isinstance(move, SetMove | SkipMove):
            raise TypeError(f"not a Blokus move: {move!r}")
        return move.text()

    def violation_message(self, invalid: InvalidMove) -> str:
        """The error text 21.4.0 prints: the exception, not the result's reason."""
        if not isinstance(invalid, InvalidBlokusMove):
            return invalid.reason
        move = invalid.move if invalid.mistake.carries_move else None
        move_text = "null" if move is None else move.text()
        mistake = invalid.mistake.message
        if invalid.reason != violation_reason(invalid.mistake, invalid.move):
            mistake = invalid.reason  # our own detail, e.g. "… has no rotation attribute"
        return f"InvalidMoveException(mistake={mistake}, move={move_text})"

    def state_element(self) -> Element:
        return blokus_xml.state_to_element(self.state, *self.names)

    def state_xml(self, indent_level: int) -> str:
        return state_xml(self.state, self.names[0], self.names[1], indent_level)

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def statistics(self, slot: int) -> Sequence[int]:
        return (self.state.team_points(Team(slot)),)

    def result_override(
        self, ends: Mapping[int, SlotEnd]
    ) -> tuple[list[ResultLine], int | None] | None:
        """A game stopped before its end with nobody at fault (admin ``cancel``).

        21.4.0 then scores by its regular algorithm on a game that is not over: both
        players ``REGULAR`` with **0** match points (spec blokus-2021 §5.4), and the winner
        list by team points. On equal points the official server lists both players; we
        list none (spec server-protocol §4.6). Every other end uses the generic rule.
        """
        if ends or self.state.outcome() is not None:
            return None
        points = [self.state.team_points(team) for team in Team]
        lines = [(ScoreCause.REGULAR, "", (0, p)) for p in points]
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
        return list(lines), winner

    def winner_element(self, slot: int) -> Element:
        return winner_element(self.names[slot], Team(slot))


class BlokusPlugin(BlokusPluginBase[BlokusState, BlokusMatch]):
    """``swc_2021_blokus``: 2021 protocol profile, 2 s / 10 s, ``Gewinner`` + ``∅ Punkte``."""

    game_type = GAME_TYPE
    profile: ProtocolProfile = PROFILE_2021
    score_definition: tuple[ScoreFragment, ...] = (WINNER_FRAGMENT, POINTS_FRAGMENT)


def _starting_state(setup: GameSetup) -> BlokusState:
    return setup_state(setup, "Blokus", BlokusState, BlokusGame().new_initial_state, _read)


def _read(given: Element) -> BlokusState:
    return read_state_element(
        given,
        "Blokus 2021",
        blokus_xml.state_from_element,
        blokus_xml.XmlFormatError,
        lambda element, _: initial_state_element(element, "Blokus"),
    )


PLUGIN = BlokusPlugin(BlokusMatch, _starting_state)

__all__ = [
    "PLUGIN",
    "PROFILE_2021",
    "BlokusMatch",
    "BlokusPlugin",
    "state_xml",
    "winner_element",
]
