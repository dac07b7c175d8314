"""What the seasons' SC matches share: a :class:`~botarena.protocol.sc_plugin.GameMatch` that
is one rules state, and the 2018/2019 servers' way of reading a ``<data class=…>`` payload.

A season's match subclasses :class:`StateMatch` with its two printers (``to_element``: the
``<state>`` element; ``to_xml``: the same text printed directly) and its move handling.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Generic, Protocol, TypeVar

from botarena.core import InvalidMove, Outcome
from botarena.protocol.sc_plugin import Element, GameMatch, MalformedMoveError

NOT_A_MOVE = "{name} hat kein Zug-Objekt gesendet."
"""The 2018/2019 servers' rule violation for a registered class that is not a move."""
FRAMEWORK_NON_MOVE_CLASSES = frozenset(
    {
        "welcomeMessage",
        "memento",
        "error",
        "result",
        "paused",
        "sc.framework.plugins.protocol.MoveRequest",
        "state",
        "player",
    }
)
"""The classes the 2018/2019 framework registers that are not moves (a season adds its own)."""


class _RulesState(Protocol):
    @property
    def turn(self) -> int: ...

    def outcome(self) -> Outcome | None: ...

    def scores(self, seat: int) -> Sequence[int]: ...


StateT = TypeVar("StateT", bound=_RulesState)
MoveT = TypeVar("MoveT")


class StateMatch(GameMatch, Generic[StateT]):
    """A match that is one rules state: its turn, outcome and statistics are the state's, and
    it is printed by the season's ``to_element`` and ``to_xml``."""

    __slots__ = ("state",)

    def __init__(self, state: StateT) -> None:
        self.state = state

    @staticmethod
    def to_element(state: Any, /) -> Element:
        """The season's ``<state>`` element of ``state``."""
        raise NotImplementedError

    @staticmethod
    def to_xml(state: Any, indent_level: int, /) -> str:
        """The season's printed ``<state>`` of ``state`` (as XStream prints ``to_element``)."""
        raise NotImplementedError

    @property
    def turn(self) -> int:
        return self.state.turn

    def state_element(self) -> Element:
        return self.to_element(self.state)

    def state_xml(self, indent_level: int) -> str:
        return self.to_xml(self.state, indent_level)

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def statistics(self, slot: int) -> Sequence[int]:
        return self.state.scores(slot)


def read_move_or_not_a_move(
    data: Element,
    move_classes: Collection[str],
    non_move_classes: Collection[str],
    read_move: Callable[[Element], MoveT],
    sender: str,
) -> MoveT:
    """How the 2018/2019 servers read ``<data class=…>`` from ``sender``: a move class is read
    (an unreadable one raises :class:`MalformedMoveError`); another registered class is the
    rule violation :data:`NOT_A_MOVE`; any other class cannot be deserialised at all
    (:class:`MalformedMoveError`: the sender is dropped)."""
    data_class = data.get("class")
    if data_class in move_classes:
        try:
            return read_move(data)
        except ValueError as error:
            raise MalformedMoveError(str(error)) from error
    if data_class in non_move_classes:
        raise InvalidMove(NOT_A_MOVE.format(name=sender))
    raise MalformedMoveError(f"unknown data class {data_class!r}")
