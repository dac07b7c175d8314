"""The boundary between the Mau-Mau server and its game, as :mod:`sc_plugin` is for SC.

The server (:mod:`botarena.server.maumau`) owns connections, seating, time limits,
transcripts and listeners; it never reads a card. A :class:`MauMauPlugin` describes the game
(its handshake lines, table sizes, rule options) and starts one :class:`MauMauTable` per
game: the rules and the game's own messages, with no I/O. The server finds the plugin through
the registry (the one game of the Mau-Mau JSON-lines protocol), so it imports no game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from botarena.core import Outcome, SeededRandom
from botarena.protocol.maumau_json import Line


@dataclass(frozen=True, slots=True)
class TableView:
    """The table as everyone at it sees it at one moment."""

    top_card: int
    wish: int
    """The wished suit, -1 for none."""
    hand_sizes: tuple[int, ...]
    turn_of: int | None
    """The seat whose turn was just announced; ``None`` once the game is over."""
    action: str | None = None
    """What the seat before did, in words (``Ann plays Herz Bube, wishes Kreuz``, ``Ben
    draws``, ``Ben is skipped``); ``None`` at the deal."""


@dataclass(frozen=True, slots=True)
class Send:
    """A message for one seat, or (``seat`` ``None``) for every seat still online."""

    seat: int | None
    data: bytes


@dataclass(slots=True)
class Step:
    """What the game did since the last step: the messages to send in order, the tables
    observers see (a turn announcement, or the end), and the ending once it is over."""

    sends: list[Send] = field(default_factory=list)
    tables: list[TableView] = field(default_factory=list)
    ending: str | None = None


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished game's figures for its record."""

    outcome: Outcome
    turns: int
    valid_plays: list[int]
    cards_left: list[int]


FixSink = Callable[[str, str, int | None], None]
"""Told ``(fix, detail, seat)`` where the game deliberately behaves differently from the
original server (spec §13.2); ``seat`` ``None`` for the whole table."""


@dataclass(frozen=True, slots=True)
class TableSetup:
    """How a game is set up besides its players and random generator."""

    rules: object
    """The game's rule options (its own type: :meth:`MauMauPlugin.default_rules` or given)."""
    script: object | None
    """A forced deal (conformance replays), the game's own type; ``None``: shuffled."""
    lenient_json: bool
    """Accept json-simple's sloppy JSON in the seats' lines."""
    on_fix: FixSink


class MauMauTable(ABC):
    """One running game: the rules' state and the messages they cause."""

    @property
    @abstractmethod
    def current_seat(self) -> int | None:
        """The seat to move, ``None`` when the game is over."""

    @abstractmethod
    def is_online(self, seat: int) -> bool:
        """Whether ``seat`` still plays (it has not left or been dropped)."""

    @abstractmethod
    def step(self) -> Step:
        """The messages and tables of everything that happened since the last step."""

    @abstractmethod
    def answer(self, line: Line) -> None:
        """The line the seat to move sent (or that it sent one too long): its move, or a
        penalty for a bad or illegal one."""

    @abstractmethod
    def leave(self, *seats: int) -> None:
        """``seats`` left (closed, timed out): they are offline from now on."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> TableResult:
        """The figures of the finished game."""


class MauMauPlugin(ABC):
    """The game a Mau-Mau server plays."""

    game_type: str
    min_players: int
    max_players: int
    send_name: bytes
    """The server's first line to a new connection (asks for the bot's name)."""
    game_start: bytes
    """The line every seat gets when its game starts."""

    @abstractmethod
    def default_rules(self) -> object:
        """The rule options of a server that was given none (the contest's rules)."""

    @abstractmethod
    def read_name(self, line: Line, lenient_json: bool) -> tuple[str | None, str]:
        """The bot's name from its name line, or ``None`` and why it cannot be used."""

    @abstractmethod
    def name_reply(self, name: str, accepted: bool) -> bytes:
        """The line confirming the name (``accepted`` False: the fallback name)."""

    @abstractmethod
    def new_table(self, rng: SeededRandom, names: list[str], setup: TableSetup) -> MauMauTable:
        """A new game for ``names`` (seat order), dealt from ``rng`` unless ``setup`` forces
        the deal. Raises ``TypeError`` for rules or a script of another type."""
