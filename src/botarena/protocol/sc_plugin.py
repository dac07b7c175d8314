"""The boundary between the game-agnostic SC server and one game (spec server-protocol §6).

The server owns connections, the lobby, rooms, slots, timers, results and replays; it never
interprets game XML. A :class:`GamePlugin` describes one game type (its protocol profile,
score definition, timeouts and colour names) and starts :class:`GameMatch` objects, one per
room, that hold the game state and speak the game's part of the wire format.

This module lives in the protocol layer so that a game package depends on the protocol only,
never on the server: a new season provides a plugin (subclasses of :class:`GamePlugin` and
:class:`GameMatch`) and one entry in :mod:`botarena.games.registry`; nothing in the framework
changes. Season-specific framework behaviour is data in :mod:`botarena.protocol.sc_profiles`.

Optional hooks have defaults in the base classes, so a plugin overrides only what its season
needs (and mypy checks the signatures):

* ``GamePlugin.echo_violating_move`` -- attach the offending ``<data>`` as ``originalRequest``
  to the error a rule violator gets (2018 Hase und Igel does, 2019 Piranhas does not); only
  payloads that parsed as a move are echoed, and ``GameMatch.move_echo`` supplies the echoed
  element (e.g. actions sorted by order);
* ``GameMatch.violation_message`` -- the text after "Ungueltiger Zug von 'NAME'." in the
  violator's error when it is not the result's reason (2021 Blokus prints the exception);
* ``GameMatch.move_text`` -- the official text of a move, quoted by 2021's not-your-turn error;
* ``GameMatch.result_override`` -- the official result when the generic rule of spec §4.5 does
  not give it (Hase und Igel TC-62: a violator whose partial move reached the goal).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, Self, TypeVar

from lxml import etree

from botarena.core import InvalidMove, Outcome, ScoreCause, ScoreFragment, SeededRandom
from botarena.protocol.sc_profiles import ProtocolProfile

Element = etree._Element


@dataclass(frozen=True, slots=True)
class MoveTimeouts:
    """The official move time limits of a game, in milliseconds (spec §4.2)."""

    soft_ms: int = 2000
    hard_ms: int = 10000


@dataclass(frozen=True, slots=True)
class GameSetup:
    """How a room's game starts: a seed for the random setup, or a fixed initial state.

    ``initial_state`` is whatever the plugin accepts as a starting position: an engine state
    object or a ``<state>`` element (e.g. the first state of a recorded transcript). When it is
    set, ``seed`` only feeds randomness the state does not fix.
    """

    seed: int | None = None
    initial_state: object | None = None


class MalformedMoveError(ValueError):
    """A move element the official server could not even deserialize (unknown direction,
    non-numeric coordinate, unknown child element). The sender is hard-closed and scored LEFT.

    ``packet``: when set and the profile has ``error_packets`` (2021), the sender instead gets
    ``<errorpacket message=packet>`` and a regular close (e.g. non-move data in a room);
    ``{room_id}`` in ``packet`` is replaced by the room's id.
    """

    def __init__(self, message: str, packet: str | None = None) -> None:
        super().__init__(message)
        self.packet = packet


ResultLine = tuple[ScoreCause, str | None, Sequence[int | float | str]]
"""One slot's official score: cause, reason (``None``: none), parts with the match points first."""


@dataclass(frozen=True, slots=True)
class SlotEnd:
    """How one slot's game ended when it was not by the rules."""

    cause: ScoreCause
    reason: str


class GameMatch(ABC):
    """One running game inside a room. Created when the room fills; lives until it ends."""

    __slots__ = ()

    @property
    @abstractmethod
    def turn(self) -> int:
        """Number of moves applied so far (the state's ``turn`` attribute)."""

    @abstractmethod
    def current_slot(self) -> int | None:
        """Slot of the player to move, ``None`` when the rules ended the game."""

    @abstractmethod
    def parse_move(self, slot: int, data: Element) -> object:
        """Turn the ``<data class=…>`` payload of a room message from ``slot`` into a move.

        Raises :class:`botarena.core.InvalidMove` when the payload is a registered message
        but not a move (official: "NAME hat kein Zug-Objekt gesendet.") and
        :class:`MalformedMoveError` when it cannot be deserialized at all.
        """

    @abstractmethod
    def apply(self, slot: int, move: object) -> None:
        """Apply ``move`` of ``slot``; raise :class:`botarena.core.InvalidMove` (official
        reason text) and leave the state unchanged when the rules reject it."""

    @abstractmethod
    def state_element(self) -> Element:
        """The ``<state class=…>`` element of the current state (field name ``state``)."""

    def state_xml(self, indent_level: int) -> str:
        """The state printed as XStream does at ``indent_level`` (the hot path of a room).

        A plugin may override this with a faster printer; it must equal this default
        (``xstream.to_xstream(self.state_element(), indent_level)``), pinned by a test.
        """
        from botarena.protocol.xstream import to_xstream  # noqa: PLC0415 - keep the boundary light

        return to_xstream(self.state_element(), indent_level)

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The rules' end of the game (regular causes only), ``None`` while it runs."""

    @abstractmethod
    def statistics(self, slot: int) -> Sequence[int | float | str]:
        """Score parts after the match points (e.g. largest swarm size), now."""

    # Optional hooks: the defaults are the 2018/2019 behaviour.

    def winner_element(self, slot: int) -> Element:
        """The ``<winner …/>`` element naming the player of ``slot`` (2018–2021 results).
        The 2026+ results name the winning team instead and never ask: the default raises."""
        raise NotImplementedError("this season's result names the winning team, not a player")

    def violation_message(self, invalid: InvalidMove) -> str:
        """The text after "Ungueltiger Zug von 'NAME'." in a rule violator's error."""
        return invalid.reason

    def move_text(self, move: object) -> str | None:
        """The official text of a move (quoted by 2021's not-your-turn error and 2026's
        violation reason); ``None`` when the season's server prints none."""
        return None

    def move_echo(self, move: object, data: Element) -> Element:
        """The ``originalRequest`` echoed to a rule violator (when the plugin echoes):
        by default the payload as received."""
        return data

    def result_override(
        self, ends: Mapping[int, SlotEnd]
    ) -> tuple[list[ResultLine], int | None] | None:
        """The official result when the generic rule of spec §4.5 does not give it: one
        line per slot and the winning slot, or ``None`` for the generic result. ``ends`` maps
        each violating slot to its :class:`SlotEnd` (empty for a regular end)."""
        return None


class GamePlugin(ABC):
    """A game type the server can host."""

    game_type: str
    """Plugin id used in ``join``/``prepare``, e.g. ``swc_2019_piranhas``."""
    profile: ProtocolProfile
    score_definition: Sequence[ScoreFragment]
    """All fragments in result order; fragment 0 is the match-point fragment."""
    timeouts: MoveTimeouts = MoveTimeouts()
    echo_violating_move: bool = False
    """Attach the violating move to the violator's error (2018 does, 2019 does not)."""
    welcome_colors: Sequence[str] = ()
    """The welcome message's ``color`` per slot, read by the default :meth:`welcome_color`."""

    def welcome_color(self, slot: int) -> str:
        """The ``color`` of the welcome message for ``slot`` (2019: ``red``/``blue``, 2021+:
        the team, ``ONE``/``TWO``)."""
        return self.welcome_colors[slot]

    @abstractmethod
    def new_match(self, display_names: Sequence[str], setup: GameSetup) -> GameMatch:
        """Start a game with players named ``display_names`` in slot order.

        Raises ``ValueError`` when ``setup.initial_state`` is not a state this plugin accepts.
        """


LOAD_GAME_INFO_TAG = "loadGameInfo"


def initial_state_element(given: Element, game: str) -> Element:
    """The ``<state>`` a starting position was given as: one rule for every plugin.

    Accepted shapes (spec §2.2.4): a ``<state>`` itself; ``<loadGameInfo class="state" …>``,
    the state aliased by XStream (2018/2019 ``prepare``; also recognised by a ``turn``
    attribute); a ``<loadGameInfo>`` wrapping a ``<state>`` (2021); any element holding a
    ``<state>`` (a memento, a replay packet). The result may be the given element renamed
    (a copy) and is only read. Raises ``ValueError`` naming ``game`` and the shapes
    otherwise.
    """
    if given.tag == "state":
        return given
    inner = given.find(".//state")
    aliased = given.tag == LOAD_GAME_INFO_TAG and (
        given.get("class") == "state" or given.get("turn") is not None
    )
    if aliased and inner is None:
        element = copy.deepcopy(given)
        element.tag = "state"
        return element
    if inner is not None:
        return inner
    raise ValueError(
        f'no {game} <state> in <{given.tag}>: expected <loadGameInfo class="state" …> '
        "(the state itself), a <loadGameInfo> holding a <state>, or a <state>"
    )


class _Clonable(Protocol):
    def clone(self) -> Self: ...


StateT = TypeVar("StateT", bound=_Clonable)


def state_in(given: Element, game: str) -> Element:
    """``given`` if it is a ``<state>``, else the first ``<state>`` inside it (2026+ plugins);
    ``ValueError`` naming ``game`` when there is none."""
    element = given if given.tag == "state" else given.find(".//state")
    if element is None:
        raise ValueError(f"no {game} <state> in the given element")
    return element


def read_state_element(
    given: Element,
    game: str,
    from_element: Callable[[Element], StateT],
    format_error: type[Exception],
    find_state: Callable[[Element, str], Element] = state_in,
) -> StateT:
    """A starting state read from a given element: ``find_state`` picks the ``<state>``
    (default :func:`state_in`; :func:`initial_state_element` for the older plugins),
    ``from_element`` reads it; its ``format_error`` becomes ``ValueError("not a GAME state:
    …")``."""
    element = find_state(given, game)
    try:
        return from_element(element)
    except format_error as error:
        raise ValueError(f"not a {game} state: {error}") from error


def setup_state(
    setup: GameSetup,
    game: str,
    state_type: type[StateT],
    new_state: Callable[[SeededRandom], StateT],
    read_element: Callable[[Element], StateT],
) -> StateT:
    """A match's starting state from ``setup``: a new one from its seed, a copy of a given
    ``state_type`` object, or ``read_element`` of a given element (e.g. a partial of
    :func:`read_state_element`); another kind is ``ValueError("not a GAME initial state: …")``."""
    initial = setup.initial_state
    if initial is None:
        return new_state(SeededRandom(setup.seed))
    if isinstance(initial, state_type):
        return initial.clone()
    if isinstance(initial, etree._Element):
        return read_element(initial)
    raise ValueError(f"not a {game} initial state: {type(initial).__name__}")
