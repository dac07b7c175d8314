"""What the Blokus seasons' states have in common: the bitboard position, turn order,
elimination, scoring, move validation and application.

Blokus 2021 (:mod:`botarena.games.blokus.state`) and Blokus 2027
(:mod:`botarena.games.blokus_2027.rules`) subclass :class:`BlokusStateBase` and supply what
differs between them: the turn limit (:attr:`BlokusStateBase.TURN_LIMIT`), the fields a
colour's first piece must cover (:attr:`BlokusStateBase.FIRST_MOVE_MASK` with its mistake;
the move generator of :mod:`botarena.games.blokus.movegen` reads it) and the season's
mistake table (:meth:`~BlokusStateBase.invalid`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, Self

from botarena.core import InvalidMove, Outcome, Seat, Team
from botarena.games.blokus.board import (
    BOARD_SIZE,
    STRIDE,
    bit,
    diagonal_neighbours,
    edge_neighbours,
    fields,
)
from botarena.games.blokus.colors import COLOURS, TEAM_COLOURS, Color
from botarena.games.blokus.movegen import (
    POSITION_SLOTS,
    free_fields,
    has_placement,
    placement_keys,
)
from botarena.games.blokus.moves import Move, SetMove, SkipMove
from botarena.games.blokus.shapes import (
    ALL_SHAPES,
    ALL_SHAPES_BITS,
    ORIENTATIONS,
    TOTAL_SQUARES,
    Shape,
)

ALL_PLACED_BONUS = 15
"""Extra points for a colour that placed all 21 shapes."""
MONO_LAST_BONUS = 5
"""Further points when the last placed shape was MONO."""

GAME_OVER_TEXT = "the game is over: no further moves are accepted"

_KEYS_PER_COLOUR = len(ORIENTATIONS) * POSITION_SLOTS
_MOVE_TABLE: list[SetMove | None] = [None] * (len(COLOURS) * _KEYS_PER_COLOUR)
"""Every canonical SetMove, made on first use and shared (moves are immutable): building
a frozen dataclass costs more than finding the placement, so generation looks moves up."""


def _make_move(key: int) -> SetMove:
    color, rest = divmod(key, _KEYS_PER_COLOUR)
    index, position = divmod(rest, POSITION_SLOTS)
    orientation = ORIENTATIONS[index]
    y, x = divmod(position, STRIDE)
    move = SetMove(
        COLOURS[color], orientation.shape, orientation.rotation, orientation.flipped, x, y
    )
    _MOVE_TABLE[key] = move
    return move


def moves_of(color: Color, keys: Iterable[int]) -> list[SetMove]:
    """The SetMoves of ``color`` for placement keys (canonical rotation/flip pairs)."""
    base = color * _KEYS_PER_COLOUR
    table = _MOVE_TABLE
    return [table[base + key] or _make_move(base + key) for key in keys]


def shape_bits(shapes: Iterable[Shape]) -> int:
    """A set of shapes as a 21-bit int (bit ``shape.value``)."""
    result = 0
    for shape in shapes:
        result |= 1 << shape.value
    return result


class BlokusStateBase:
    """A Blokus position (mutable: :meth:`apply` changes it in place, :meth:`clone` copies).

    Implements :class:`botarena.core.GameState`; the seat is the team index (ONE = 0). A
    season's subclass sets the class attributes and implements the abstract methods.
    """

    TURN_LIMIT: ClassVar[int]
    """The game is over once ``turn >= TURN_LIMIT``."""
    FIRST_MOVE_MASK: ClassVar[int]
    """A colour's first piece must cover one of these fields."""
    FIRST_MOVE_MISTAKE: ClassVar[str]
    """The name of the mistake when it does not."""

    __slots__ = (
        "_legal_cache",
        "last_move",
        "last_move_mono",
        "occupied",
        "own",
        "start_piece",
        "turn",
        "undeployed",
        "valid_colors",
    )

    def __init__(
        self,
        start_piece: Shape,
        *,
        own: Sequence[int] = (0, 0, 0, 0),
        undeployed: Sequence[int] = (ALL_SHAPES_BITS,) * 4,
        turn: int = 0,
        valid_colors: Iterable[Color] = COLOURS,
        last_move: Move | None = None,
        last_move_mono: Mapping[Color, bool] | None = None,
    ) -> None:
        self.check_setup(start_piece, turn)
        self.start_piece = start_piece
        self.own: list[int] = list(own)
        self.occupied = self.own[0] | self.own[1] | self.own[2] | self.own[3]
        self.undeployed: list[int] = list(undeployed)
        self.turn = turn
        valid = set(valid_colors)
        self.valid_colors: list[Color] = [color for color in COLOURS if color in valid]
        self.last_move = last_move
        self.last_move_mono: dict[Color, bool] = dict(last_move_mono or {})
        self._legal_cache: list[Move] | None = None

    def check_setup(self, start_piece: Shape, turn: int) -> None:
        """Raise :class:`ValueError` for a start piece or turn the season does not allow
        (the default allows any)."""

    # ----------------------------------------------------------------- construction helpers

    @classmethod
    def from_parts(
        cls,
        start_piece: Shape,
        board: Mapping[tuple[int, int], Color],
        undeployed: Mapping[Color, Iterable[Shape]],
        *,
        turn: int,
        valid_colors: Iterable[Color] = COLOURS,
        last_move: Move | None = None,
        last_move_mono: Mapping[Color, bool] | None = None,
    ) -> Self:
        """A state from readable parts: occupied fields and the undeployed shapes per colour
        (a colour missing from ``undeployed`` has all 21)."""
        own = [0, 0, 0, 0]
        for (x, y), color in board.items():
            if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE):
                raise ValueError(f"field ({x}, {y}) is not on the board")
            own[color] |= bit(x, y)
        return cls(
            start_piece,
            own=own,
            undeployed=[shape_bits(undeployed.get(color, ALL_SHAPES)) for color in COLOURS],
            turn=turn,
            valid_colors=valid_colors,
            last_move=last_move,
            last_move_mono=last_move_mono,
        )

    def clone(self) -> Self:
        copy = self.__class__.__new__(self.__class__)
        copy.start_piece = self.start_piece
        copy.own = self.own[:]
        copy.occupied = self.occupied
        copy.undeployed = self.undeployed[:]
        copy.turn = self.turn
        copy.valid_colors = self.valid_colors[:]
        copy.last_move = self.last_move
        copy.last_move_mono = dict(self.last_move_mono)
        copy._legal_cache = self._legal_cache
        return copy

    # ----------------------------------------------------------------------- derived values

    @property
    def round(self) -> int:
        return 1 + self.turn // 4

    @property
    def current_color(self) -> Color:
        return COLOURS[self.turn % 4]

    @property
    def current_team(self) -> Team:
        return self.current_color.team

    def is_first_move(self, color: Color) -> bool:
        """True iff ``color`` has not placed a piece yet (all 21 shapes undeployed)."""
        return self.undeployed[color] == ALL_SHAPES_BITS

    def undeployed_shapes(self, color: Color) -> tuple[Shape, ...]:
        """The shapes ``color`` has not placed, in enum order."""
        bits = self.undeployed[color]
        return tuple(shape for shape in ALL_SHAPES if bits >> shape.value & 1)

    def field(self, x: int, y: int) -> Color | None:
        """The colour on (x, y), or ``None`` for an empty field."""
        mask = bit(x, y)
        for color in COLOURS:
            if self.own[color] & mask:
                return color
        return None

    def board(self) -> dict[tuple[int, int], Color]:
        """Every occupied field with its colour."""
        return {cell: color for color in COLOURS for cell in fields(self.own[color])}

    # ----------------------------------------------------------------------------- scoring

    def points(self, color: Color) -> int:
        """Placed squares (89 minus the squares of the shapes left); 104 when all are
        placed, 109 when the last one was MONO."""
        bits = self.undeployed[color]
        if not bits:
            bonus = MONO_LAST_BONUS if self.last_move_mono.get(color) else 0
            return TOTAL_SQUARES + ALL_PLACED_BONUS + bonus
        unplaced = sum(shape.size for shape in ALL_SHAPES if bits >> shape.value & 1)
        return TOTAL_SQUARES - unplaced

    def team_points(self, team: Team) -> int:
        first, second = TEAM_COLOURS[team]
        return self.points(first) + self.points(second)

    # ---------------------------------------------------------------- GameState protocol

    @property
    def players(self) -> int:
        return 2

    @property
    def current_seat(self) -> Seat | None:
        return None if self.is_terminal() else int(self.current_team)

    def is_terminal(self) -> bool:
        """No colour left, or the turn limit reached."""
        return not self.valid_colors or self.turn >= self.TURN_LIMIT

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        one, two = self.team_points(Team.ONE), self.team_points(Team.TWO)
        if one == two:
            return Outcome(winner=None)
        return Outcome(winner=int(Team.ONE if one > two else Team.TWO))

    def returns(self) -> tuple[float, ...]:
        outcome = self.outcome()
        return (0.5, 0.5) if outcome is None else outcome.returns(2)

    def scores(self, seat: Seat) -> tuple[int | float, ...]:
        """The second score fragment: the team's points."""
        return (self.team_points(Team(seat)),)

    def view(self, seat: Seat) -> object:
        return self

    # -------------------------------------------------------------------------- move lists

    def generation_fields(self, color: Color) -> tuple[int, int, int]:
        """What the move generator needs for ``color``: the fields it may cover, the fields
        one of which it must cover (:attr:`FIRST_MOVE_MASK` on its first move, else its
        anchors) and the shapes it may place (only the start piece on its first move)."""
        own = self.own[color]
        free = free_fields(own, self.occupied)
        if self.undeployed[color] == ALL_SHAPES_BITS:
            return free, self.FIRST_MOVE_MASK & free, 1 << self.start_piece.value
        return free, diagonal_neighbours(own) & free, self.undeployed[color]

    def placement_keys(self, color: Color | None = None) -> list[int]:
        """The legal placements of ``color`` (default: current) as movegen keys, ordered by
        shape, orientation, then position."""
        color = self.current_color if color is None else color
        return placement_keys(*self.generation_fields(color))

    def set_moves(self, color: Color | None = None) -> list[SetMove]:
        """Every legal SetMove of ``color`` (default: the current colour) as if it were to
        move: one move per distinct cell set, with the canonical (rotation, flipped) pair.
        Does not look at whether the game is over; :meth:`legal_moves` does."""
        color = self.current_color if color is None else color
        return moves_of(color, self.placement_keys(color))

    def has_set_move(self, color: Color) -> bool:
        """Whether ``color`` could place any piece (the elimination test)."""
        return has_placement(*self.generation_fields(color))

    def legal_moves(self) -> list[Move]:
        """The current colour's legal SetMoves, then its SkipMove when skipping is allowed
        (always, except on the colour's first move). Empty when the game is over. Cached
        until the state changes; do not mutate the list."""
        if self._legal_cache is None:
            if self.is_terminal():
                self._legal_cache = []
            else:
                color = self.current_color
                moves: list[Move] = list(self.set_moves(color))
                if not self.is_first_move(color):
                    moves.append(SkipMove(color))
                self._legal_cache = moves
        return self._legal_cache

    # ------------------------------------------------------------------- validation, apply

    def invalid(self, mistake: str, move: Move) -> InvalidMove:
        """The season's rule-violation error for the mistake named ``mistake``."""
        raise NotImplementedError

    def check(self, move: Move) -> None:
        """Raise the season's invalid-move error if ``move`` is illegal now.

        When several cells fail different per-cell checks, the first failing cell in
        row-major order (y, then x) decides (officially Java ``HashSet`` order).
        """
        color = self.current_color
        if move.color != color:
            raise self.invalid("WRONG_COLOR", move)
        first = self.is_first_move(color)
        if isinstance(move, SkipMove):
            if first:
                raise self.invalid("SKIP_FIRST_TURN", move)
            return
        if first:
            if move.kind is not self.start_piece:
                raise self.invalid("WRONG_SHAPE", move)
        elif not self.undeployed[color] >> move.kind.value & 1:
            raise self.invalid("DUPLICATE_SHAPE", move)
        own = self.own[color]
        occupied = self.occupied
        touching = edge_neighbours(own)
        mask = 0
        for x, y in move.cells():
            if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE):
                raise self.invalid("OUT_OF_BOUNDS", move)
            cell = 1 << (y * STRIDE + x)
            if occupied & cell:
                raise self.invalid("OBSTRUCTED", move)
            if touching & cell:
                raise self.invalid("TOUCHES_SAME_COLOR", move)
            mask |= cell
        if first:
            if not mask & self.FIRST_MOVE_MASK:
                raise self.invalid(self.FIRST_MOVE_MISTAKE, move)
        elif not mask & diagonal_neighbours(own):
            raise self.invalid("NO_SHARED_CORNER", move)

    def apply(self, move: Move) -> None:
        """Validate and perform ``move``, then drop the colours that cannot move (officially
        ``performMoveDirectly`` and ``removeInvalidColors``); a rejected move changes
        nothing."""
        if self.is_terminal():
            raise InvalidMove(GAME_OVER_TEXT, move)
        self.check(move)
        if isinstance(move, SetMove):
            color = self.current_color
            mask = 0
            for x, y in move.cells():
                mask |= 1 << (y * STRIDE + x)
            self.own[color] |= mask
            self.occupied |= mask
            remaining = self.undeployed[color] & ~(1 << move.kind.value)
            self.undeployed[color] = remaining
            if not remaining:
                self.last_move_mono[color] = move.kind is Shape.MONO
        self._legal_cache = None
        self._advance()
        self.last_move = move
        self._eliminate()

    def _advance(self) -> None:
        valid = self.valid_colors
        if not valid:
            return
        self.turn += 1
        while COLOURS[self.turn % 4] not in valid:
            self.turn += 1

    def _eliminate(self) -> None:
        """Drop colours that cannot place a piece when their turn comes up (recursively)."""
        while self.valid_colors and not self.has_set_move(self.current_color):
            self.valid_colors.remove(self.current_color)
            self._advance()

    def __repr__(self) -> str:
        return (
            f"BlokusState(turn={self.turn}, current={self.current_color.name}, "
            f"start_piece={self.start_piece.name}, valid={[c.name for c in self.valid_colors]})"
        )
