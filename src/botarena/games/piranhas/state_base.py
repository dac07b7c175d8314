"""What the Piranhas states of 2019 and 2026 do the same way: the turn, the last move, the
per-position caches of the moves and of the end, and the parts of the game API built on them.

Each season's state subclasses :class:`PiranhasStateBase` with its bitboards and gives
``_generate`` (the moves of the side to move), ``_validate``/``_perform`` (a move's official
checks and its execution), ``_compute_end`` (its end check, cached by ``_end``),
``outcome``, ``move_distance`` and ``_identity`` (what equality compares).

A state is a handful of ints (bitboards, see :mod:`botarena.games.piranhas.board`), so
``clone`` is a shallow slot copy and search can clone freely.
"""

from __future__ import annotations

from typing import ClassVar, Generic, Protocol, Self, TypeVar

from botarena.core import InvalidMove, Outcome, Seat
from botarena.games.piranhas.model import Direction


class _Move(Protocol):
    @property
    def x(self) -> int: ...
    @property
    def y(self) -> int: ...
    @property
    def direction(self) -> Direction: ...


MoveT = TypeVar("MoveT", bound=_Move)
EndT = TypeVar("EndT")


class PiranhasGameBase:
    """What the game objects of both seasons share: exactly two players."""

    min_players = 2
    max_players = 2

    @staticmethod
    def check_players(players: int) -> None:
        if players != 2:
            raise ValueError(f"Piranhas is a two-player game, not {players}")


class PiranhasStateBase(Generic[MoveT, EndT]):
    """A two-player Piranhas position; mutable: ``apply`` changes it in place. The first seat
    moves at even turns, the second at odd turns."""

    __slots__ = ("_moves", "_outcome", "_outcome_known", "last_move", "turn")

    players: ClassVar[int] = 2
    turn: int
    last_move: MoveT | None
    _moves: tuple[MoveT, ...] | None
    _outcome: EndT | None
    _outcome_known: bool

    def __init__(self, turn: int, last_move: MoveT | None) -> None:
        self.turn = turn
        self.last_move = last_move
        self._moves = None
        self._outcome = None
        self._outcome_known = False

    # ----------------------------------------------------------------- season hooks

    def _generate(self) -> list[MoveT]:
        raise NotImplementedError

    def _validate(self, move: MoveT) -> int:
        raise NotImplementedError

    def _perform(self, move: MoveT, target_bit: int) -> None:
        raise NotImplementedError

    def _compute_end(self) -> EndT | None:
        raise NotImplementedError

    def move_distance(self, x: int, y: int, direction: Direction) -> int:
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def _identity(self) -> tuple[object, ...]:
        """What equal states have in common: the position and what the wire shows of it."""
        raise NotImplementedError

    # ----------------------------------------------------------------- reading

    @property
    def current_seat(self) -> Seat | None:
        """The seat to move, or ``None`` when the game is over."""
        return None if self.is_terminal() else self.turn & 1

    @property
    def round(self) -> int:
        return self.turn // 2

    def move_target(self, move: MoveT) -> tuple[int, int]:
        """Where ``move`` lands (may be off the board); its start must be on the board."""
        n = self.move_distance(move.x, move.y, move.direction)
        dx, dy = move.direction.vector
        return move.x + n * dx, move.y + n * dy

    # ----------------------------------------------------------------- moves

    def generate_moves(self) -> tuple[MoveT, ...]:
        """Every legal move of the side to move, ignoring whether the game is over.

        The hot path of search (cached per position until the next move). Square order (x,
        then y), per square the official direction order; the Move objects are shared.
        """
        moves = self._moves
        if moves is None:
            moves = self._moves = tuple(self._generate())
        return moves

    def legal_moves(self) -> tuple[MoveT, ...]:
        """Every legal move of the side to move; empty when the game is over."""
        if self.is_terminal():
            return ()
        return self.generate_moves()

    def _first_error(self, move: MoveT) -> InvalidMove | None:
        """The official rejection of ``move`` now (the first failing check), or ``None``."""
        try:
            self._validate(move)
        except InvalidMove as error:
            return error
        return None

    def apply(self, move: MoveT) -> None:
        """Validate (official order and texts) and perform ``move``; unchanged on error.

        Raises :class:`botarena.core.InvalidMove`. ``last_move`` becomes ``move`` as given
        (hints included, so the next state's XML echoes them). Like the official server
        (2019 ``Move.perform``, 2026 ``performMoveDirectly``) this checks the move rules
        only, not whether the game is over: the caller (a room, a search) stops at
        :meth:`is_terminal`.
        """
        self._perform(move, self._validate(move))

    # ----------------------------------------------------------------- end of game

    def _end(self) -> EndT | None:
        """The season's end check (``_compute_end``), cached per position."""
        if self._outcome_known:
            return self._outcome
        result = self._compute_end()
        self._outcome = result
        self._outcome_known = True
        return result

    def is_terminal(self) -> bool:
        return self._end() is not None

    def view(self, seat: Seat) -> Self:
        """Perfect information: every seat sees the whole state."""
        return self

    def returns(self) -> tuple[float, ...]:
        outcome = self.outcome()
        return (0.5, 0.5) if outcome is None else outcome.returns(2)

    # ----------------------------------------------------------------- comparison

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._identity() == other._identity()

    __hash__ = None  # type: ignore[assignment]  # mutable
