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

The state builds on the 2019 package's :mod:`~botarena.games.piranhas.state_base` and its
move generator (:mod:`~botarena.games.piranhas.movegen`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

from botarena.core import (
    InvalidMove,
    Outcome,
    ScoreAggregation,
    ScoreFragment,
    Seat,
    SeededRandom,
    Team,
)
from botarena.games.piranhas.movegen import SHIFT, MoveGenerator, jump_target
from botarena.games.piranhas.state_base import PiranhasGameBase, PiranhasStateBase
from botarena.games.piranhas_2026.board import (
    FULL_BOARD,
    JUMP_STRIDE,
    LINES,
    SIZE,
    generate_board,
    is_connected,
    largest_swarm_weight,
    square,
)
from botarena.games.piranhas_2026.model import (
    DIRECTION_INDEX,
    DIRECTION_VECTORS,
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

_GENERATOR = MoveGenerator(Move)
_CHECKS = _GENERATOR.checks
moves_of = _GENERATOR.moves_of
"""``moves_of(own, opp, squids)``: the legal moves of the side with fish ``own``
(bitboards), without any caching (see :class:`~botarena.games.piranhas.movegen.MoveGenerator`)."""
has_move = _GENERATOR.has_move
"""``has_move(own, opp, squids)``: whether the side with fish ``own`` has any legal move."""


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


class StateDetails(TypedDict, total=False):
    """The keywords of :class:`Piranhas2026State` (and its other constructors) after
    ``turn``."""

    last_move: Move | None
    first_union: Team | None
    one_name: str
    two_name: str


def _check_rows(rows: Sequence[str]) -> None:
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError("a board is 10 strings of 10 characters")


class Piranhas2026State(PiranhasStateBase[Move, WinCondition]):
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
        "first_union",
        "one",
        "one_name",
        "squids",
        "two",
        "two_name",
        "w1",
        "w2",
    )

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
        super().__init__(turn, last_move)
        self.one, self.two, self.squids = one, two, squids
        self.w1, self.w2 = w1, w2
        self.first_union = first_union
        self.one_name, self.two_name = one_name, two_name
        self._connected_one: bool | None = None  # known connectivity of this position
        self._connected_two: bool | None = None

    # ----------------------------------------------------------------- construction

    @classmethod
    def from_fields(
        cls,
        fields: Iterable[tuple[tuple[int, int], FieldState]],
        turn: int = 0,
        **details: Unpack[StateDetails],
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
        return cls(masks[Team.ONE], masks[Team.TWO], squids, w1, w2, turn=turn, **details)

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[str],
        turn: int = 0,
        **details: Unpack[StateDetails],
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
            **details,
        )

    # ----------------------------------------------------------------- reading

    @property
    def current_team(self) -> Team:
        """The team whose turn it is by parity (also when the game is over)."""
        return Team.TWO if self.turn & 1 else Team.ONE

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

    # ----------------------------------------------------------------- moves

    def _generate(self) -> list[Move]:
        if self.turn & 1:
            return moves_of(self.two, self.one, self.squids)
        return moves_of(self.one, self.two, self.squids)

    def has_legal_move(self) -> bool:
        if self._moves is not None:
            return bool(self._moves)
        if self.turn & 1:
            return has_move(self.two, self.one, self.squids)
        return has_move(self.one, self.two, self.squids)

    def move_error(self, move: Move) -> Mistake | None:
        """The official mistake that rejects ``move`` now, or ``None`` if it is legal."""
        error = self._first_error(move)
        return error.mistake if isinstance(error, PiranhasInvalidMove) else None

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
        entry = _CHECKS[s * 88 + d * JUMP_STRIDE + n]
        if entry is not None and not entry[0] & (opp | ((own | self.squids) << SHIFT)):
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

    def apply_unchecked(self, move: Move) -> None:
        """Perform a move known to be legal (e.g. from :meth:`generate_moves`), for search.

        No validation: an illegal move corrupts the state.
        """
        s = SIZE * move.x + move.y
        d = DIRECTION_INDEX[move.direction]
        self._perform(move, jump_target(s, d, self.one | self.two))  # type: ignore[arg-type]

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
        return self._end() is not None

    def win_condition(self) -> WinCondition | None:
        """How the game ended by the official rules, ``None`` while it runs (cached).

        ``isOver`` first, then ``winCondition``, then the framework's score fallback.
        """
        return self._end()

    def _compute_end(self) -> WinCondition | None:
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

    def scores(self, seat: Seat) -> tuple[int, ...]:
        """The score after match points: ``(largest swarm weight,)`` (``Schwarmgröße``;
        -1 without fish)."""
        return (largest_swarm_weight(self.two if seat else self.one, self.w1, self.w2),)

    # ----------------------------------------------------------------- copies

    def clone(self) -> Piranhas2026State:
        """An independent copy (a shallow slot copy: everything in it is immutable)."""
        copy = Piranhas2026State.__new__(Piranhas2026State)
        copy.one, copy.two, copy.squids = self.one, self.two, self.squids
        copy.w1, copy.w2 = self.w1, self.w2
        copy.turn, copy.last_move, copy.first_union = self.turn, self.last_move, self.first_union
        copy.one_name, copy.two_name = self.one_name, self.two_name
        copy._moves = self._moves
        copy._outcome, copy._outcome_known = self._outcome, self._outcome_known
        copy._connected_one, copy._connected_two = self._connected_one, self._connected_two
        return copy

    # ----------------------------------------------------------------- comparison

    def position_key(self) -> tuple[int, int, int, int, int, int, Team | None]:
        """What determines the rules' future: fish, weights, squids, turn and firstUnion."""
        return (self.one, self.two, self.squids, self.w1, self.w2, self.turn, self.first_union)

    def _identity(self) -> tuple[object, ...]:
        return (self.position_key(), self.last_move, self.one_name, self.two_name)

    def __repr__(self) -> str:
        return (
            f"Piranhas2026State(turn={self.turn}, rows={self.rows()!r}, "
            f"last_move={self.last_move!r}, first_union={self.first_union!r})"
        )


class Piranhas2026Game(PiranhasGameBase):
    """The game ``piranhas2026`` (``swc_2026_piranhas``): two players, board from the rng."""

    score_fragments: tuple[ScoreFragment, ...] = (SWARM_FRAGMENT,)
    """After the match-point fragment :data:`WINNER_FRAGMENT` (``Siegpunkte``, SUM)."""
    name = "piranhas2026"
    game_type = GAME_TYPE

    def new_initial_state(
        self,
        rng: SeededRandom,
        players: int = 2,
        one_name: str = "",
        two_name: str = "",
    ) -> Piranhas2026State:
        """The start position drawn like the official generator (:func:`generate_board`)
        from ``rng`` itself: ``SeededRandom(seed)`` gives the fixture board of that seed."""
        self.check_players(players)
        return Piranhas2026State.from_rows(
            generate_board(rng), one_name=one_name, two_name=two_name
        )
