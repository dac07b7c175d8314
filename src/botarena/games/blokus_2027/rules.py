"""The Blokus 2027 game state and its rules: validation, application, elimination, scoring.

Follows ``shared/spec/blokus-2027.md`` (official backend 27.0.4, Kotlin code over the rules
page where they disagree): first pieces go to the **border**, the start piece may be
PENTO_X, the game ends at ``round >= 25`` (turn 96), points are
``89 - squares left`` (+15 when all 21 are placed, +5 more when MONO was last).

The board is one bitboard per colour (geometry of :mod:`botarena.games.blokus.board`), the
undeployed shapes one 21-bit set per colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Self

from botarena.core import (
    InvalidMove,
    Outcome,
    ScoreAggregation,
    ScoreFragment,
    Seat,
    SeededRandom,
    Team,
)
from botarena.games.blokus.board import BOARD_SIZE, STRIDE, bit, diagonal_neighbours, fields
from botarena.games.blokus.colors import COLOURS, TEAM_COLOURS, Color
from botarena.games.blokus.moves import Move, SetMove, SkipMove
from botarena.games.blokus.shapes import (
    ALL_SHAPES,
    ALL_SHAPES_BITS,
    ORIENTATIONS,
    TOTAL_SQUARES,
    Shape,
)
from botarena.games.blokus_2027.movegen import (
    BORDER_MASK,
    POSITION_SLOTS,
    free_fields,
    has_placement,
    placement_keys,
    target_fields,
)
from botarena.games.blokus_2027.moves import InvalidBlokusMove, MoveMistake

GAME_TYPE = "swc_2027_blokus"
"""The official ``gameType`` of the Software-Challenge server."""

ROUND_LIMIT = 25
"""The game is over once ``round >= ROUND_LIMIT`` (official ``Constants.ROUND_LIMIT``)."""
TURN_LIMIT = 4 * (ROUND_LIMIT - 1)
"""``round = 1 + turn // 4 >= 25`` iff ``turn >= 96``: 24 rounds are played."""
ALL_PLACED_BONUS = 15
"""Extra points for a colour that placed all 21 shapes."""
MONO_LAST_BONUS = 5
"""Further points when the last placed shape was MONO."""

START_PIECES: tuple[Shape, ...] = tuple(shape for shape in ALL_SHAPES if shape.size == 5)
"""The start shape is drawn among all 12 pentominoes (PENTO_X included, unlike 2021)."""

GAME_OVER_TEXT = "the game is over: no further moves are accepted"

WIN_POINTS_FRAGMENT = ScoreFragment("Siegpunkte", ScoreAggregation.SUM)
"""The official first fragment (match points 2/1/0); the framework writes it."""
POINTS_FRAGMENT = ScoreFragment("Punkte", ScoreAggregation.AVERAGE)
"""The official second fragment: the team's points."""


class WinReason(Enum):
    """The official ``BlokusWinReason`` with its German message (``%s`` = winner's name)."""

    DIFFERING_SCORES = "%s hat am meisten Punkte erzielt."
    TIE = "Beide Spieler sind gleichauf"

    def message(self, winner_name: str = "") -> str:
        return self.value.replace("%s", winner_name)


_KEYS_PER_COLOUR = len(ORIENTATIONS) * POSITION_SLOTS
_MOVE_TABLE: list[SetMove | None] = [None] * (len(COLOURS) * _KEYS_PER_COLOUR)
"""Every canonical SetMove, made on first use and shared (moves are immutable)."""


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


def _moves_of(color: Color, keys: list[int]) -> list[SetMove]:
    base = color * _KEYS_PER_COLOUR
    table = _MOVE_TABLE
    return [table[base + key] or _make_move(base + key) for key in keys]


def shape_bits(shapes: Iterable[Shape]) -> int:
    """A set of shapes as a 21-bit int (bit ``shape.value``)."""
    result = 0
    for shape in shapes:
        result |= 1 << shape.value
    return result


def draw_start_piece(rng: SeededRandom) -> Shape:
    """The start shape, uniform among the 12 pentominoes (spec §1)."""
    return rng.choice(START_PIECES)


class BlokusState:
    """A Blokus 2027 position (mutable: :meth:`apply` changes it, :meth:`clone` copies).

    Implements :class:`botarena.core.GameState`; the seat is the team index (ONE = 0).
    """

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
        if start_piece not in START_PIECES:
            raise ValueError(f"the start piece must be a pentomino, not {start_piece.name}")
        if turn < 0:
            raise ValueError(f"turn must not be negative, got {turn}")
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

    def anchors(self, color: Color) -> list[tuple[int, int]]:
        """Fields one of which ``color``'s next piece must cover, row-major: free border
        fields on its first move, else free diagonal neighbours without an own edge
        neighbour (the official ``getValidFields``)."""
        first = self.is_first_move(color)
        return list(fields(target_fields(self.own[color], self.occupied, first)))

    # ----------------------------------------------------------------------------- scoring

    def points(self, color: Color) -> int:
        """Official ``getPointsFromUndeployed``: 89 minus the squares of the shapes left;
        104 when all are placed, 109 when the last one was MONO."""
        bits = self.undeployed[color]
        if not bits:
            bonus = MONO_LAST_BONUS if self.last_move_mono.get(color) else 0
            return TOTAL_SQUARES + ALL_PLACED_BONUS + bonus
        unplaced = sum(shape.size for shape in ALL_SHAPES if bits >> shape.value & 1)
        return TOTAL_SQUARES - unplaced

    def team_points(self, team: Team) -> int:
        first, second = TEAM_COLOURS[team]
        return self.points(first) + self.points(second)

    def win_condition(self) -> tuple[Team | None, WinReason] | None:
        """The official ``winCondition``: ``None`` while running, else the winning team
        (``None`` for a draw) and the reason."""
        if not self.is_terminal():
            return None
        one, two = self.team_points(Team.ONE), self.team_points(Team.TWO)
        if one == two:
            return None, WinReason.TIE
        return (Team.ONE if one > two else Team.TWO), WinReason.DIFFERING_SCORES

    # ---------------------------------------------------------------- GameState protocol

    @property
    def players(self) -> int:
        return 2

    @property
    def current_seat(self) -> Seat | None:
        return None if self.is_terminal() else int(self.current_team)

    def is_terminal(self) -> bool:
        """Official ``isOver``: no colour left, or ``round >= ROUND_LIMIT``."""
        return not self.valid_colors or self.turn >= TURN_LIMIT

    def outcome(self) -> Outcome | None:
        condition = self.win_condition()
        if condition is None:
            return None
        winner, _ = condition
        return Outcome(winner=None if winner is None else int(winner))

    def returns(self) -> tuple[float, ...]:
        outcome = self.outcome()
        return (0.5, 0.5) if outcome is None else outcome.returns(2)

    def scores(self, seat: Seat) -> tuple[int | float, ...]:
        """The second score fragment (``Punkte``): the team's points."""
        return (self.team_points(Team(seat)),)

    def view(self, seat: Seat) -> object:
        return self

    # -------------------------------------------------------------------------- move lists

    def placement_keys(self, color: Color | None = None) -> list[int]:
        """The legal placements of ``color`` (default: current) as movegen keys."""
        color = self.current_color if color is None else color
        if self.is_first_move(color):
            return placement_keys(self.own[color], self.occupied, True, 1 << self.start_piece.value)
        return placement_keys(self.own[color], self.occupied, False, self.undeployed[color])

    def set_moves(self, color: Color | None = None) -> list[SetMove]:
        """Every legal SetMove of ``color`` (default: the current colour) as if it were to
        move: one move per distinct cell set, with the canonical (rotation, flipped) pair.
        Does not look at whether the game is over; :meth:`legal_moves` does."""
        color = self.current_color if color is None else color
        return _moves_of(color, self.placement_keys(color))

    def has_set_move(self, color: Color) -> bool:
        """Whether ``color`` could place any piece (the elimination test)."""
        if self.is_first_move(color):
            return has_placement(self.own[color], self.occupied, True, 1 << self.start_piece.value)
        return has_placement(self.own[color], self.occupied, False, self.undeployed[color])

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

    def check(self, move: Move) -> None:
        """Raise :class:`InvalidBlokusMove` if ``move`` is illegal now (spec §2.1 order).

        When several cells fail different per-cell checks, the first failing cell in
        row-major order decides (officially Java ``HashSet`` order).
        """
        color = self.current_color
        if move.color != color:
            raise InvalidBlokusMove(MoveMistake.WRONG_COLOR, move)
        first = self.is_first_move(color)
        if isinstance(move, SkipMove):
            if first:
                raise InvalidBlokusMove(MoveMistake.SKIP_FIRST_TURN, move)
            return
        if first:
            if move.kind is not self.start_piece:
                raise InvalidBlokusMove(MoveMistake.WRONG_SHAPE, move)
        elif not self.undeployed[color] >> move.kind.value & 1:
            raise InvalidBlokusMove(MoveMistake.DUPLICATE_SHAPE, move)
        own = self.own[color]
        occupied = self.occupied
        allowed = free_fields(own, occupied)
        mask = 0
        for x, y in move.cells():
            if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE):
                raise InvalidBlokusMove(MoveMistake.OUT_OF_BOUNDS, move)
            cell = 1 << (y * STRIDE + x)
            if occupied & cell:
                raise InvalidBlokusMove(MoveMistake.OBSTRUCTED, move)
            if not allowed & cell:
                raise InvalidBlokusMove(MoveMistake.TOUCHES_SAME_COLOR, move)
            mask |= cell
        if first:
            if not mask & BORDER_MASK:
                raise InvalidBlokusMove(MoveMistake.NOT_ON_BORDER, move)
        elif not mask & diagonal_neighbours(own):
            raise InvalidBlokusMove(MoveMistake.NO_SHARED_CORNER, move)

    def apply(self, move: Move) -> None:
        """Validate and perform ``move`` (official ``performMoveDirectly`` followed by
        ``removeInvalidColors``); a rejected move changes nothing."""
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


class BlokusGame:
    """Blokus 2027: two teams of two colours each on a 20×20 board."""

    name = "blokus2027"
    game_type = GAME_TYPE
    min_players = 2
    max_players = 2
    score_fragments: tuple[ScoreFragment, ...] = (POINTS_FRAGMENT,)

    def new_initial_state(self, rng: SeededRandom, players: int = 2) -> BlokusState:
        if players != 2:
            raise ValueError(f"Blokus is played by exactly 2 players, not {players}")
        return BlokusState(draw_start_piece(rng))
