"""Piranhas 2026 rules: the game state, move validation and execution, end of game, scores.

Follows ``shared/spec/piranhas-2026.md`` and, where the rules page and the official Kotlin
code (backend 26.1.0, ``sc.plugin2026``) disagree, the code (``socha-clients.md``, Decisions 2):

* a move is ``(from, direction)``; distance = fish of both teams on the whole line through
  ``from`` (squids do not count); own fish and squids may be jumped, opponent fish not;
  landing on an opponent fish captures it; squids and own fish cannot be landed on;
* validation order and German texts of ``GameState.performMoveDirectly`` +
  ``GameRuleLogic.checkMove`` (:class:`~botarena.games.piranhas_2026.model.Mistake`);
* after each move ``firstUnion`` is set once, to the first of ONE, TWO whose fish are all
  connected, and never cleared;
* ``isOver``: (a team connected and ``turn`` even) or the side to move has no move or
  ``turn >= 60``; winner by ``winCondition`` (heavier largest swarm, then ``firstUnion``, then a
  tie, if any team is connected; else ``BLOCKED`` for the side that can still move), else the
  framework fallback (heavier largest swarm or tie) at the round limit.

The state is a handful of ints (bitboards, see :mod:`botarena.games.piranhas_2026.board`), so
:meth:`Piranhas2026State.clone` is a shallow slot copy and search can clone freely.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from botarena.core import (
    InvalidMove,
    Outcome,
    ScoreAggregation,
    ScoreFragment,
    Seat,
    SeededRandom,
    Team,
)
from botarena.games.piranhas_2026.board import (
    FULL_BOARD,
    JUMP_STRIDE,
    JUMPS,
    LINES,
    SIZE,
    SQUARES,
    coordinates,
    generate_board,
    is_connected,
    largest_swarm_weight,
    square,
)
from botarena.games.piranhas_2026.model import (
    DIRECTION_INDEX,
    DIRECTION_VECTORS,
    DIRECTIONS,
    Direction,
    FieldState,
    Mistake,
    Move,
    WinReason,
)

GAME_TYPE = "swc_2026_piranhas"
ROUND_LIMIT = 30
ROUND_LIMIT_TURNS = 2 * ROUND_LIMIT
"""``isOver`` once ``turn / 2 >= 30``, i.e. ``turn >= 60`` (after TWO's 30th move)."""
START_TEAM = Team.ONE

WINNER_FRAGMENT = ScoreFragment("Siegpunkte", ScoreAggregation.SUM)
SWARM_FRAGMENT = ScoreFragment("Schwarmgröße", ScoreAggregation.AVERAGE)

_SHIFT = SQUARES
"""Own fish and squids are checked at bits 100..199 of the blocker word (see _GEN)."""
if JUMP_STRIDE != 11:  # _validate indexes _GEN as s * 88 + d * 11 + n
    raise ImportError("the move tables assume 11 distances per (square, direction)")

_MOVES: tuple[Move, ...] = tuple(
    Move(*coordinates(s), direction) for s in range(SQUARES) for direction in DIRECTIONS
)
"""One shared Move object per (square, direction): generating moves allocates nothing."""


def _build_generation_table() -> tuple[tuple[int, Move, int] | None, ...]:
    """Per (square, direction, distance): ``(check_mask, move, target_bit)``, ``None`` off board.

    ``check_mask`` = squares passed over (must hold no opponent fish) plus the target
    shifted by 100 (must hold neither an own fish nor a squid), so one ``&`` against
    ``opponent | (own | squids) << 100`` decides legality.
    """
    table: list[tuple[int, Move, int] | None] = []
    for index, jump in enumerate(JUMPS):
        if jump is None:
            table.append(None)
        else:
            target_bit, path = jump
            table.append((path | (target_bit << _SHIFT), _MOVES[index // JUMP_STRIDE], target_bit))
    return tuple(table)


_GEN = _build_generation_table()


_ALWAYS = 1 << (2 * SQUARES)
"""A bit set in every blocker word: table entries for targets off the board check it."""


def _axis_entry(s: int, d: int, n: int) -> tuple[int, Move | None]:
    jump = JUMPS[(s * 8 + d) * JUMP_STRIDE + n]
    if jump is None:
        return (_ALWAYS, None)
    target_bit, path = jump
    return (path | (target_bit << _SHIFT), _MOVES[s * 8 + d])


_SquareTable = tuple[
    int,
    tuple[tuple[int, Move | None, int, Move | None], ...],
    int,
    tuple[tuple[int, Move | None, int, Move | None], ...],
    int,
    tuple[tuple[int, Move | None, int, Move | None], ...],
    int,
    tuple[tuple[int, Move | None, int, Move | None], ...],
]


def _build_square_tables() -> tuple[_SquareTable, ...]:
    """Per square: for each axis (column, rising diagonal, row, falling diagonal) its line
    mask and, per fish count ``n`` on that line, ``(check, move)`` for the direction and for
    its opposite (``d`` and ``d + 4``): ``check`` as in ``_GEN``, or ``_ALWAYS`` off board."""
    tables = []
    for s in range(SQUARES):
        row: list[object] = []
        for axis in range(4):
            row.append(LINES[s][axis])
            row.append(
                tuple(
                    _axis_entry(s, axis, n) + _axis_entry(s, axis + 4, n)
                    for n in range(JUMP_STRIDE)
                )
            )
        tables.append(tuple(row))
    return tuple(tables)  # type: ignore[arg-type]


_SQUARE_TABLES = _build_square_tables()


def moves_of(own: int, opp: int, squids: int) -> list[Move]:
    """The legal moves of the side with fish ``own`` (bitboards), without any caching.

    Square order (x, then y), per square the official direction order. Per fish: four line
    popcounts give the distances, one table row per axis gives both directions' check masks,
    and one ``&`` against a blocker word decides each direction (see ``_GEN``).
    """
    fish = own | opp
    blockers = opp | ((own | squids) << _SHIFT) | _ALWAYS
    tables = _SQUARE_TABLES
    result: list[Move] = []
    append = result.append
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        l0, t0, l1, t1, l2, t2, l3, t3 = tables[low.bit_length() - 1]
        a = t0[(l0 & fish).bit_count()]
        b = t1[(l1 & fish).bit_count()]
        c = t2[(l2 & fish).bit_count()]
        d = t3[(l3 & fish).bit_count()]
        if not a[0] & blockers:
            append(a[1])  # type: ignore[arg-type]  # UP
        if not b[0] & blockers:
            append(b[1])  # type: ignore[arg-type]  # UP_RIGHT
        if not c[0] & blockers:
            append(c[1])  # type: ignore[arg-type]  # RIGHT
        if not d[0] & blockers:
            append(d[1])  # type: ignore[arg-type]  # DOWN_RIGHT
        if not a[2] & blockers:
            append(a[3])  # type: ignore[arg-type]  # DOWN
        if not b[2] & blockers:
            append(b[3])  # type: ignore[arg-type]  # DOWN_LEFT
        if not c[2] & blockers:
            append(c[3])  # type: ignore[arg-type]  # LEFT
        if not d[2] & blockers:
            append(d[3])  # type: ignore[arg-type]  # UP_LEFT
    return result


def has_move(own: int, opp: int, squids: int) -> bool:
    """Whether the side with fish ``own`` has any legal move (stops at the first)."""
    fish = own | opp
    blockers = opp | ((own | squids) << _SHIFT) | _ALWAYS
    tables = _SQUARE_TABLES
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        table = tables[low.bit_length() - 1]
        for axis in range(0, 8, 2):
            entry = table[axis + 1][(table[axis] & fish).bit_count()]  # type: ignore[index,operator]
            if not entry[0] & blockers or not entry[2] & blockers:
                return True
    return False


class PiranhasInvalidMove(InvalidMove):
    """A move the official server rejects: ``reason`` is the German ``mistake.message``.

    ``exception_text`` is the official ``InvalidMoveException.toString()`` that the room error
    carries after ``Ungueltiger Zug von '<name>'.\\n``; ``violation_text`` is its ``message``,
    which the ``RULE_VIOLATION`` result reason quotes after ``Regelverletzung von <name>: ``.
    """

    def __init__(self, mistake: Mistake, move: Move) -> None:
        super().__init__(mistake.message, move)
        self.mistake = mistake

    @property
    def exception_text(self) -> str:
        return (
            f"InvalidMoveException(mistake={self.mistake.official_name}, "
            f"move={self.move.official_text()})"
        )

    @property
    def violation_text(self) -> str:
        return f"{self.mistake.message} bei '{self.move.official_text()}'"


@dataclass(frozen=True, slots=True)
class WinCondition:
    """The official ``WinCondition`` of a finished game: winner (``None`` = tie) and reason."""

    winner: Team | None
    reason: WinReason


def _check_rows(rows: Sequence[str]) -> None:
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError("a board is 10 strings of 10 characters")


class Piranhas2026State:
    """A Piranhas 2026 position: bitboards, the turn, the last move and ``firstUnion``.

    Mutable: :meth:`apply` changes it in place. ONE moves at even turns, TWO at odd turns.
    The bitboard attributes (bit ``10 * x + y``) are for fast reading: ``one``, ``two`` (fish
    of each team), ``squids``, ``w1``/``w2`` (weight bit planes of all fish: weight =
    ``w1 bit + 2 * w2 bit``). Change a state only through :meth:`apply`.
    ``one_name``/``two_name`` are the display names used in reason texts (blank: ``ONE``/``TWO``).
    """

    __slots__ = (
        "_connected_one",
        "_connected_two",
        "_moves",
        "_outcome",
        "_outcome_known",
        "first_union",
        "last_move",
        "one",
        "one_name",
        "squids",
        "turn",
        "two",
        "two_name",
        "w1",
        "w2",
    )

    players: ClassVar[int] = 2

    def __init__(
        self,
        one: int,
        two: int,
        squids: int,
        w1: int,
        w2: int,
        *,
        turn: int = 0,
        last_move: Move | None = None,
        first_union: Team | None = None,
        one_name: str = "",
        two_name: str = "",
    ) -> None:
        if one & two or (one | two) & squids:
            raise ValueError("a square holds more than one of: fish of ONE, fish of TWO, squid")
        if min(one, two, squids, w1, w2) < 0 or (one | two | squids) & ~FULL_BOARD:
            raise ValueError("bitboards must be non-negative and within the 10x10 board")
        if (w1 | w2) != (one | two):
            raise ValueError("every fish needs a weight 1..3 and only fish have weights")
        if turn < 0:
            raise ValueError(f"turn must not be negative, got {turn}")
        self.one = one
        self.two = two
        self.squids = squids
        self.w1 = w1
        self.w2 = w2
        self.turn = turn
        self.last_move = last_move
        self.first_union = first_union
        self.one_name = one_name
        self.two_name = two_name
        self._moves: tuple[Move, ...] | None = None
        self._outcome: WinCondition | None = None
        self._outcome_known = False
        self._connected_one: bool | None = None  # known connectivity of this position
        self._connected_two: bool | None = None

    # ----------------------------------------------------------------- construction

    @classmethod
    def from_fields(
        cls,
        fields: Iterable[tuple[tuple[int, int], FieldState]],
        turn: int = 0,
        *,
        last_move: Move | None = None,
        first_union: Team | None = None,
        one_name: str = "",
        two_name: str = "",
    ) -> Piranhas2026State:
        """A state from ``((x, y), FieldState)`` pairs; unlisted squares are empty."""
        masks = {Team.ONE: 0, Team.TWO: 0}
        squids = w1 = w2 = seen = 0
        for (x, y), field in fields:
            if not (0 <= x < SIZE and 0 <= y < SIZE):
                raise ValueError(f"square ({x}, {y}) is not on the 10x10 board")
            bit = 1 << square(x, y)
            if seen & bit:
                raise ValueError(f"square ({x}, {y}) is given twice")
            seen |= bit
            team = field.team
            if team is not None:
                masks[team] |= bit
                if field.size & 1:
                    w1 |= bit
                if field.size & 2:
                    w2 |= bit
            elif field is FieldState.SQUID:
                squids |= bit
        return cls(
            masks[Team.ONE],
            masks[Team.TWO],
            squids,
            w1,
            w2,
            turn=turn,
            last_move=last_move,
            first_union=first_union,
            one_name=one_name,
            two_name=two_name,
        )

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[str],
        turn: int = 0,
        *,
        last_move: Move | None = None,
        first_union: Team | None = None,
        one_name: str = "",
        two_name: str = "",
    ) -> Piranhas2026State:
        """A state from 10 row strings (row y = 0 first; ``a b c``/``x y z`` = ONE/TWO S M L,
        ``X`` squid, ``.`` empty: the fixtures' ``board`` format)."""
        _check_rows(rows)
        return cls.from_fields(
            (
                ((x, y), FieldState.from_char(char))
                for y, row in enumerate(rows)
                for x, char in enumerate(row)
                if char != "."
            ),
            turn,
            last_move=last_move,
            first_union=first_union,
            one_name=one_name,
            two_name=two_name,
        )

    # ----------------------------------------------------------------- reading

    @property
    def current_team(self) -> Team:
        """The team whose turn it is by parity (also when the game is over)."""
        return Team.TWO if self.turn & 1 else Team.ONE

    @property
    def current_seat(self) -> Seat | None:
        """The seat to move, or ``None`` when the game is over."""
        return None if self.is_terminal() else self.turn & 1

    @property
    def round(self) -> int:
        return self.turn // 2

    def fish_bits(self, team: Team) -> int:
        return self.two if team else self.one

    def fish_count(self, team: Team) -> int:
        return (self.two if team else self.one).bit_count()

    def fish_weight(self, team: Team) -> int:
        fish = self.two if team else self.one
        return (fish & self.w1).bit_count() + 2 * (fish & self.w2).bit_count()

    def swarm_size(self, team: Team) -> int:
        """Weight of ``team``'s heaviest swarm, -1 without fish (``greatestSwarmSize``)."""
        return largest_swarm_weight(self.two if team else self.one, self.w1, self.w2)

    def is_connected(self, team: Team) -> bool:
        """Whether ``team`` has fish and all of them form one swarm (``isSwarmConnected``)."""
        return is_connected(self.two if team else self.one)

    def field(self, x: int, y: int) -> FieldState:
        bit = 1 << square(x, y)
        if (self.one | self.two) & bit:
            size = (1 if self.w1 & bit else 0) + (2 if self.w2 & bit else 0)
            return FieldState.fish(Team.ONE if self.one & bit else Team.TWO, size)
        if self.squids & bit:
            return FieldState.SQUID
        return FieldState.EMPTY

    def rows(self) -> list[str]:
        """The board as 10 row strings (row y = 0 first), the fixtures' ``board`` format."""
        return ["".join(self.field(x, y).char for x in range(SIZE)) for y in range(SIZE)]

    def move_distance(self, x: int, y: int, direction: Direction) -> int:
        """1 + fish of both teams on the line through ``(x, y)`` other than its own square,
        i.e. fish on the whole line counting ``(x, y)`` as one (``movementDistance``)."""
        s = square(x, y)
        d = DIRECTION_INDEX[direction]
        return (LINES[s][d & 3] & (self.one | self.two) & ~(1 << s)).bit_count() + 1

    def move_target(self, move: Move) -> tuple[int, int]:
        """Where ``move`` lands (may be off the board); the start must be on the board."""
        n = self.move_distance(move.x, move.y, move.direction)
        dx, dy = move.direction.vector
        return move.x + n * dx, move.y + n * dy

    # ----------------------------------------------------------------- moves

    def generate_moves(self) -> tuple[Move, ...]:
        """Every legal move of the team to move, ignoring whether the game is over.

        The hot path of search (cached per position until the next move). Square order (x,
        then y), per square the official direction order; the Move objects are shared.
        """
        moves = self._moves
        if moves is None:
            if self.turn & 1:
                moves = tuple(moves_of(self.two, self.one, self.squids))
            else:
                moves = tuple(moves_of(self.one, self.two, self.squids))
            self._moves = moves
        return moves

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the team to move; empty when the game is over."""
        if self.is_terminal():
            return ()
        return self.generate_moves()

    def has_legal_move(self) -> bool:
        if self._moves is not None:
            return bool(self._moves)
        if self.turn & 1:
            return has_move(self.two, self.one, self.squids)
        return has_move(self.one, self.two, self.squids)

    def move_error(self, move: Move) -> Mistake | None:
        """The official mistake that rejects ``move`` now, or ``None`` if it is legal."""
        try:
            self._validate(move)
        except PiranhasInvalidMove as error:
            return error.mistake
        return None

    def _validate(self, move: Move) -> int:
        """The target bit of ``move``; raises :class:`PiranhasInvalidMove` with the first
        failing official check (order of ``performMoveDirectly`` and ``checkMove``)."""
        x, y = move.x, move.y
        if self.turn & 1:
            own, opp = self.two, self.one
        else:
            own, opp = self.one, self.two
        # 1. WRONG_START. (An off-board start makes the official server fail with an
        # ArrayIndexOutOfBoundsException; botarena reports WRONG_START, see the package doc.)
        if not (0 <= x < SIZE and 0 <= y < SIZE) or not (own >> (SIZE * x + y)) & 1:
            raise PiranhasInvalidMove(Mistake.WRONG_START, move)
        s = SIZE * x + y
        d = DIRECTION_INDEX[move.direction]
        n = (LINES[s][d & 3] & (own | opp)).bit_count()
        entry = _GEN[s * 88 + d * JUMP_STRIDE + n]
        if entry is not None and not entry[0] & (opp | ((own | self.squids) << _SHIFT)):
            return entry[2]
        # Illegal: walk like checkMove to report the official first mistake.
        dx, dy = DIRECTION_VECTORS[d]
        px, py = x, y
        for _ in range(n - 1):
            px, py = px + dx, py + dy
            if not (0 <= px < SIZE and 0 <= py < SIZE):
                raise PiranhasInvalidMove(Mistake.DESTINATION_OUT_OF_BOUNDS, move)
            if (opp >> (SIZE * px + py)) & 1:
                raise PiranhasInvalidMove(Mistake.JUMP_OVER_OPPONENT, move)
        px, py = px + dx, py + dy
        if not (0 <= px < SIZE and 0 <= py < SIZE):
            raise PiranhasInvalidMove(Mistake.DESTINATION_OUT_OF_BOUNDS, move)
        target = SIZE * px + py
        if (self.squids >> target) & 1:
            raise PiranhasInvalidMove(Mistake.DESTINATION_BLOCKED, move)
        if (own >> target) & 1:
            raise PiranhasInvalidMove(Mistake.DESTINATION_BLOCKED_BY_SELF, move)
        raise AssertionError(f"move {move} failed the fast check but no official check")

    def apply(self, move: Move) -> None:
        """Validate (official order and texts) and perform ``move``; unchanged on error.

        Raises :class:`PiranhasInvalidMove` (a :class:`botarena.core.InvalidMove`). Like the
        official ``performMoveDirectly`` this checks the move rules only, not whether the game
        is over: the caller (a room, a search) stops at :meth:`is_terminal`.
        """
        self._perform(move, self._validate(move))

    def apply_unchecked(self, move: Move) -> None:
        """Perform a move known to be legal (e.g. from :meth:`generate_moves`), for search.

        No validation: an illegal move corrupts the state.
        """
        s = SIZE * move.x + move.y
        d = DIRECTION_INDEX[move.direction]
        n = (LINES[s][d & 3] & (self.one | self.two)).bit_count()
        self._perform(move, JUMPS[(s * 8 + d) * JUMP_STRIDE + n][0])  # type: ignore[index]

    def _perform(self, move: Move, target_bit: int) -> None:
        start_bit = 1 << (SIZE * move.x + move.y)
        step = start_bit | target_bit
        if self.turn & 1:
            self.two ^= step
            self.one &= ~target_bit
        else:
            self.one ^= step
            self.two &= ~target_bit
        # weights: clear start and target, then the target takes the start's weight bits
        w1, w2 = self.w1, self.w2
        self.w1 = (w1 & ~step) | (target_bit if w1 & start_bit else 0)
        self.w2 = (w2 & ~step) | (target_bit if w2 & start_bit else 0)
        self.turn += 1
        self.last_move = move
        self._moves = None
        self._outcome_known = False
        self._outcome = None
        self._connected_one = self._connected_two = None
        if self.first_union is None:
            if is_connected(self.one):
                self._connected_one = True
                self.first_union = Team.ONE
            else:
                self._connected_one = False
                if is_connected(self.two):
                    self._connected_two = True
                    self.first_union = Team.TWO
                else:
                    self._connected_two = False

    # ----------------------------------------------------------------- end of game

    def is_over(self) -> bool:
        """The official ``isOver`` (cached with the result, see :meth:`win_condition`)."""
        return self.win_condition() is not None

    def win_condition(self) -> WinCondition | None:
        """How the game ended by the official rules, ``None`` while it runs (cached).

        ``isOver`` first, then ``winCondition``, then the framework's score fallback.
        """
        if self._outcome_known:
            return self._outcome
        result = self._compute_win_condition()
        self._outcome = result
        self._outcome_known = True
        return result

    def _compute_win_condition(self) -> WinCondition | None:
        turn = self.turn
        one, two = self.one, self.two
        one_connected = self._connected_one
        if one_connected is None:
            one_connected = self._connected_one = is_connected(one)
        two_connected = self._connected_two
        if two_connected is None:
            two_connected = self._connected_two = is_connected(two)
        connected = one_connected or two_connected
        if not (
            (connected and not turn & 1) or turn >= ROUND_LIMIT_TURNS or not self.has_legal_move()
        ):
            return None
        one_swarm = largest_swarm_weight(one, self.w1, self.w2)
        two_swarm = largest_swarm_weight(two, self.w1, self.w2)
        if connected:
            if one_swarm != two_swarm:
                return WinCondition(
                    Team.ONE if one_swarm > two_swarm else Team.TWO, WinReason.BIGGER_SWARM
                )
            if self.first_union is not None:
                return WinCondition(self.first_union, WinReason.FIRST_UNION)
            return WinCondition(None, WinReason.TIE)
        if not self.has_legal_move():
            return WinCondition(self.current_team.opponent, WinReason.BLOCKED)
        # Round limit, nobody connected: the framework falls back on fragment 2 (largest
        # swarm; its explanation is BIGGER_SWARM), a tie if equal.
        if one_swarm != two_swarm:
            return WinCondition(
                Team.ONE if one_swarm > two_swarm else Team.TWO, WinReason.BIGGER_SWARM
            )
        return WinCondition(None, WinReason.TIE)

    def display_name(self, team: Team) -> str:
        """The name in reason texts: the display name, or ``ONE``/``TWO`` if it is blank."""
        name = self.two_name if team else self.one_name
        return name if name.strip() else team.name

    def reason_text(self, condition: WinCondition) -> str:
        if condition.winner is None:
            return condition.reason.text()
        return condition.reason.text(self.display_name(condition.winner))

    def outcome(self) -> Outcome | None:
        """How the game ended by the rules (see :meth:`win_condition`), ``None`` while running.

        ``reason`` is the official text with the winner's display name.
        """
        condition = self.win_condition()
        if condition is None:
            return None
        winner = None if condition.winner is None else int(condition.winner)
        return Outcome(winner, reason=self.reason_text(condition))

    def is_terminal(self) -> bool:
        return self.win_condition() is not None

    def returns(self) -> tuple[float, ...]:
        outcome = self.outcome()
        return (0.5, 0.5) if outcome is None else outcome.returns(2)

    def scores(self, seat: Seat) -> tuple[int, ...]:
        """The score after match points: ``(largest swarm weight,)`` (``Schwarmgröße``;
        -1 without fish)."""
        return (largest_swarm_weight(self.two if seat else self.one, self.w1, self.w2),)

    # ----------------------------------------------------------------- copies

    def clone(self) -> Piranhas2026State:
        """An independent copy (a shallow slot copy: everything in it is immutable)."""
        copy = Piranhas2026State.__new__(Piranhas2026State)
        copy.one = self.one
        copy.two = self.two
        copy.squids = self.squids
        copy.w1 = self.w1
        copy.w2 = self.w2
        copy.turn = self.turn
        copy.last_move = self.last_move
        copy.first_union = self.first_union
        copy.one_name = self.one_name
        copy.two_name = self.two_name
        copy._moves = self._moves
        copy._outcome = self._outcome
        copy._outcome_known = self._outcome_known
        copy._connected_one = self._connected_one
        copy._connected_two = self._connected_two
        return copy

    def view(self, seat: Seat) -> Piranhas2026State:
        """Perfect information: every seat sees the whole state."""
        return self

    # ----------------------------------------------------------------- comparison

    def position_key(self) -> tuple[int, int, int, int, int, int, Team | None]:
        """What determines the rules' future: fish, weights, squids, turn and firstUnion."""
        return (self.one, self.two, self.squids, self.w1, self.w2, self.turn, self.first_union)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Piranhas2026State):
            return NotImplemented
        return (
            self.position_key() == other.position_key()
            and self.last_move == other.last_move
            and self.one_name == other.one_name
            and self.two_name == other.two_name
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"Piranhas2026State(turn={self.turn}, rows={self.rows()!r}, "
            f"last_move={self.last_move!r}, first_union={self.first_union!r})"
        )


class Piranhas2026Game:
    """The game ``piranhas2026`` (``swc_2026_piranhas``): two players, board from the rng."""

    name = "piranhas2026"
    game_type = GAME_TYPE
    min_players = 2
    max_players = 2
    score_fragments: tuple[ScoreFragment, ...] = (SWARM_FRAGMENT,)
    """After the match-point fragment :data:`WINNER_FRAGMENT` (``Siegpunkte``, SUM)."""

    def new_initial_state(
        self,
        rng: SeededRandom,
        players: int = 2,
        one_name: str = "",
        two_name: str = "",
    ) -> Piranhas2026State:
        """The start position drawn like the official generator (:func:`generate_board`)
        from ``rng`` itself: ``SeededRandom(seed)`` gives the fixture board of that seed."""
        if players != 2:
            raise ValueError(f"Piranhas is a two-player game, not {players}")
        return Piranhas2026State.from_rows(
            generate_board(rng), one_name=one_name, two_name=two_name
        )
