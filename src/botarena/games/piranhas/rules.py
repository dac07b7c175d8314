"""Piranhas 2019 rules: the game state, move validation and execution, end of game, scores.

Follows ``shared/spec/piranhas-2019.md`` (release 19.2.1) with the two decided deviations of
the seed rules document (see :func:`PiranhasState.outcome`); :meth:`PiranhasState.official_outcome`
keeps the exact 19.2.1 end check for conformance checks and for anyone who needs it.
The state's parts that 2026 shares are in :mod:`botarena.games.piranhas.state_base`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypedDict, Unpack

from botarena.core import InvalidMove, Outcome, ScoreAggregation, ScoreFragment, Seat, SeededRandom
from botarena.games.piranhas.board import (
    FULL_BOARD,
    JUMP_STRIDE,
    JUMPS,
    LINES,
    SIZE,
    is_connected,
    largest_swarm,
    mask_of,
    square,
)
from botarena.games.piranhas.model import (
    DIRECTION_INDEX,
    Direction,
    FieldState,
    Move,
    PlayerColor,
)
from botarena.games.piranhas.movegen import MoveGenerator, jump_target
from botarena.games.piranhas.obstacles import generate_obstacles
from botarena.games.piranhas.state_base import PiranhasGameBase, PiranhasStateBase

GAME_TYPE = "swc_2019_piranhas"
ROUND_LIMIT = 30
ROUND_LIMIT_TURNS = 2 * ROUND_LIMIT
"""The game ends at the latest when ``turn`` reaches 60 (after blue's 30th move)."""
DEFAULT_DISPLAY_NAME = "Unknown"
"""What the official server calls players that joined without a prepared slot."""

# Official reason texts (data, verbatim).
REASON_SWARM_CONNECTED = "Das Spiel ist beendet.\nEin Spieler hat seinen Schwarm vereint."
REASON_ROUND_LIMIT = "Das Rundenlimit wurde erreicht."
REASON_EQUAL_SWARMS = "Beide Spieler haben einen Schwarm gleicher Größe gebildet."
REASON_BLOCKED = "{winner} hat den Gegner blockiert, sodass er keinen Zug mehr machen kann"

# Official InvalidMoveException texts, in validation order (spec §3.4).
ERROR_OUT_OF_RANGE = "x or y are not within the field range"
ERROR_NOT_OWN_FISH = "Field does not belong to the current player"
ERROR_OFF_BOARD = "Move in that direction would not be on the board"
ERROR_PATH_BLOCKED = "Path to the new position is not clear"
ERROR_OWN_FISH_ON_TARGET = "Field obstructed with own piranha"
ERROR_OBSTRUCTED = "Field is obstructed"

WINNER_FRAGMENT = ScoreFragment("Gewinner", ScoreAggregation.SUM)
SWARM_FRAGMENT = ScoreFragment("∅ Schwarm", ScoreAggregation.AVERAGE)

_GENERATOR = MoveGenerator(Move)
moves_of = _GENERATOR.moves_of
"""``moves_of(own, opp, obstacles)``: the legal moves of the side with fish ``own``
(bitboards), without any caching (see :class:`~botarena.games.piranhas.movegen.MoveGenerator`)."""


class StateDetails(TypedDict, total=False):
    """The keywords of :class:`PiranhasState` (and its other constructors) after ``turn``."""

    last_move: Move | None
    red_name: str
    blue_name: str


def _field_char(state: FieldState) -> str:
    return {"RED": "R", "BLUE": "B", "OBSTRUCTED": "O", "EMPTY": "."}[state.value]


class PiranhasState(PiranhasStateBase[Move, Outcome]):
    """A Piranhas position: fish and obstacles as bitboards, the turn and the last move.

    Mutable: :meth:`apply` changes it in place. Red moves at even turns, blue at odd turns.
    The bitboard attributes ``red``, ``blue`` and ``obstacles`` are for fast reading
    (bit ``10 * x + y``); change a state only through :meth:`apply`.
    """

    __slots__ = ("blue", "blue_name", "obstacles", "red", "red_name")

    def __init__(
        self,
        red: int,
        blue: int,
        obstacles: int,
        turn: int = 0,
        *,
        last_move: Move | None = None,
        red_name: str = DEFAULT_DISPLAY_NAME,
        blue_name: str = DEFAULT_DISPLAY_NAME,
    ) -> None:
        if red & blue or (red | blue) & obstacles:
            raise ValueError("a square holds more than one of red fish, blue fish, obstacle")
        if (red | blue | obstacles) & ~FULL_BOARD or min(red, blue, obstacles) < 0:
            raise ValueError("bitboards must only use bits 0..99")
        if not 0 <= turn <= ROUND_LIMIT_TURNS:
            raise ValueError(f"turn must be in 0..{ROUND_LIMIT_TURNS}, got {turn}")
        super().__init__(turn, last_move)
        self.red = red
        self.blue = blue
        self.obstacles = obstacles
        self.red_name = red_name
        self.blue_name = blue_name

    # ----------------------------------------------------------------- construction

    @classmethod
    def from_squares(
        cls,
        red: Iterable[tuple[int, int]],
        blue: Iterable[tuple[int, int]],
        obstacles: Iterable[tuple[int, int]] = (),
        turn: int = 0,
        **details: Unpack[StateDetails],
    ) -> PiranhasState:
        """A state from lists of ``(x, y)`` squares (for tests, tools and loading)."""
        return cls(mask_of(red), mask_of(blue), mask_of(obstacles), turn, **details)

    @classmethod
    def start(
        cls,
        obstacles: Iterable[tuple[int, int]] = (),
        red_name: str = DEFAULT_DISPLAY_NAME,
        blue_name: str = DEFAULT_DISPLAY_NAME,
    ) -> PiranhasState:
        """The standard start position (spec §1.3) with the given obstacles."""
        red = [(x, y) for x in (0, SIZE - 1) for y in range(1, SIZE - 1)]
        blue = [(x, y) for y in (0, SIZE - 1) for x in range(1, SIZE - 1)]
        return cls.from_squares(red, blue, obstacles, red_name=red_name, blue_name=blue_name)

    @classmethod
    def from_fields_by_x(
        cls,
        fields_by_x: Sequence[str],
        turn: int = 0,
        **details: Unpack[StateDetails],
    ) -> PiranhasState:
        """A state from 10 column strings of ``R``/``B``/``O``/``.`` (the fixtures' format)."""
        if len(fields_by_x) != SIZE or any(len(column) != SIZE for column in fields_by_x):
            raise ValueError("fields_by_x must be 10 strings of 10 characters")
        masks = {"R": 0, "B": 0, "O": 0}
        for x, column in enumerate(fields_by_x):
            for y, char in enumerate(column):
                if char in masks:
                    masks[char] |= 1 << square(x, y)
                elif char != ".":
                    raise ValueError(f"unknown field character {char!r} at ({x}, {y})")
        return cls(masks["R"], masks["B"], masks["O"], turn, **details)

    # ----------------------------------------------------------------- reading

    @property
    def current_color(self) -> PlayerColor:
        """The colour whose turn it is by parity (also when the game is over)."""
        return PlayerColor.BLUE if self.turn & 1 else PlayerColor.RED

    def fish_bits(self, color: PlayerColor) -> int:
        return self.red if color is PlayerColor.RED else self.blue

    def fish_count(self, color: PlayerColor) -> int:
        return (self.red if color is PlayerColor.RED else self.blue).bit_count()

    def swarm_size(self, color: PlayerColor) -> int:
        """Size of ``color``'s largest swarm (8-neighbourhood), 0 without fish."""
        return largest_swarm(self.red if color is PlayerColor.RED else self.blue)

    def is_connected(self, color: PlayerColor) -> bool:
        """Whether all fish of ``color`` form one swarm (0 or 1 fish count as connected)."""
        return is_connected(self.red if color is PlayerColor.RED else self.blue)

    def field(self, x: int, y: int) -> FieldState:
        bit = 1 << square(x, y)
        if self.red & bit:
            return FieldState.RED
        if self.blue & bit:
            return FieldState.BLUE
        if self.obstacles & bit:
            return FieldState.OBSTRUCTED
        return FieldState.EMPTY

    def fields_by_x(self) -> list[str]:
        """The board as 10 column strings of ``R``/``B``/``O``/``.`` (the fixtures' format)."""
        return ["".join(_field_char(self.field(x, y)) for y in range(SIZE)) for x in range(SIZE)]

    def move_distance(self, x: int, y: int, direction: Direction) -> int:
        """Fish of both colours on the line through ``(x, y)`` along ``direction`` (§3.3)."""
        return (
            LINES[square(x, y)][DIRECTION_INDEX[direction] & 3] & (self.red | self.blue)
        ).bit_count()

    # ----------------------------------------------------------------- moves

    def _generate(self) -> list[Move]:
        """Moves come in square order (x, then y) and, per square, in the official direction
        order."""
        if self.turn & 1:
            return moves_of(self.blue, self.red, self.obstacles)
        return moves_of(self.red, self.blue, self.obstacles)

    def has_legal_move(self) -> bool:
        return bool(self.generate_moves())

    def move_error(self, move: Move) -> str | None:
        """The official reason why ``move`` is illegal now (§3.4 order), or ``None`` if legal."""
        error = self._first_error(move)
        return None if error is None else error.reason

    def _validate(self, move: Move) -> int:
        """The target bit of ``move``; raises InvalidMove with the first failing §3.4 check."""
        x, y = move.x, move.y
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            raise InvalidMove(ERROR_OUT_OF_RANGE, move)
        s = SIZE * x + y
        if self.turn & 1:
            own, opp = self.blue, self.red
        else:
            own, opp = self.red, self.blue
        if not (own >> s) & 1:
            raise InvalidMove(ERROR_NOT_OWN_FISH, move)
        d = DIRECTION_INDEX[move.direction]
        n = (LINES[s][d & 3] & (own | opp)).bit_count()
        jump = JUMPS[(s * 8 + d) * JUMP_STRIDE + n]
        if jump is None:
            raise InvalidMove(ERROR_OFF_BOARD, move)
        target_bit, path = jump
        if path & opp:
            raise InvalidMove(ERROR_PATH_BLOCKED, move)
        if target_bit & own:
            raise InvalidMove(ERROR_OWN_FISH_ON_TARGET, move)
        if target_bit & self.obstacles:
            raise InvalidMove(ERROR_OBSTRUCTED, move)
        return target_bit

    def apply_unchecked(self, move: Move) -> None:
        """Perform a move known to be legal (e.g. from :meth:`generate_moves`), for search.

        No validation and no end-of-game check: an illegal move corrupts the state.
        """
        s = SIZE * move.x + move.y
        d = DIRECTION_INDEX[move.direction]
        self._perform(move, jump_target(s, d, self.red | self.blue))  # type: ignore[arg-type]

    def _perform(self, move: Move, target_bit: int) -> None:
        step = (1 << (SIZE * move.x + move.y)) | target_bit
        if self.turn & 1:
            self.red &= ~target_bit  # a capture
            self.blue ^= step
        else:
            self.blue &= ~target_bit
            self.red ^= step
        self.turn += 1
        self.last_move = move
        self._moves = None
        self._outcome_known = False
        self._outcome = None

    # ----------------------------------------------------------------- end of game

    def official_outcome(self) -> Outcome | None:
        """The end check of the official 19.2.1 server (spec §5.2), without our deviations.

        Equal connected swarms before turn 60 go on; a blocked player is not detected.
        """
        turn = self.turn
        if turn & 1:
            return None
        red, blue = self.red, self.blue
        red_connected = is_connected(red)
        blue_connected = is_connected(blue)
        if red_connected and blue_connected:
            red_size, blue_size = red.bit_count(), blue.bit_count()
            if red_size != blue_size:
                return Outcome(0 if red_size > blue_size else 1, reason=REASON_SWARM_CONNECTED)
        elif red_connected:
            return Outcome(0, reason=REASON_SWARM_CONNECTED)
        elif blue_connected:
            return Outcome(1, reason=REASON_SWARM_CONNECTED)
        if turn < ROUND_LIMIT_TURNS:
            return None
        return self._round_limit_outcome()

    def _round_limit_outcome(self) -> Outcome:
        red_size, blue_size = largest_swarm(self.red), largest_swarm(self.blue)
        if red_size == blue_size:
            return Outcome(None, reason=REASON_ROUND_LIMIT)
        return Outcome(0 if red_size > blue_size else 1, reason=REASON_ROUND_LIMIT)

    def outcome(self) -> Outcome | None:
        """How the game ended by the rules, or ``None`` while it runs (cached per position).

        The 19.2.1 end check with botarena's two decided deviations (seed rules):

        * both swarms connected and equal at the end of a round: a draw with reason
          ``Beide Spieler haben einen Schwarm gleicher Größe gebildet.``;
        * the player to move without a legal move loses at once (REGULAR, reason
          ``<winner> hat den Gegner blockiert, sodass er keinen Zug mehr machen kann``).
        """
        return self._end()

    def _compute_end(self) -> Outcome | None:
        turn = self.turn
        if not turn & 1:
            red, blue = self.red, self.blue
            red_connected = is_connected(red)
            blue_connected = is_connected(blue)
            if red_connected and blue_connected:
                red_size, blue_size = red.bit_count(), blue.bit_count()
                if red_size == blue_size:
                    return Outcome(None, reason=REASON_EQUAL_SWARMS)
                return Outcome(0 if red_size > blue_size else 1, reason=REASON_SWARM_CONNECTED)
            if red_connected:
                return Outcome(0, reason=REASON_SWARM_CONNECTED)
            if blue_connected:
                return Outcome(1, reason=REASON_SWARM_CONNECTED)
            if turn >= ROUND_LIMIT_TURNS:
                return self._round_limit_outcome()
        if not self.generate_moves():
            winner = 1 - (turn & 1)
            name = self.red_name if winner == 0 else self.blue_name
            return Outcome(winner, reason=REASON_BLOCKED.format(winner=name))
        return None

    def scores(self, seat: Seat) -> tuple[int, ...]:
        """The score after match points: ``(largest swarm size,)`` (fragment ``∅ Schwarm``)."""
        return (largest_swarm(self.red if seat == 0 else self.blue),)

    # ----------------------------------------------------------------- copies

    def clone(self) -> PiranhasState:
        """An independent copy (a shallow slot copy: everything in it is immutable)."""
        copy = PiranhasState.__new__(PiranhasState)
        copy.red, copy.blue, copy.obstacles = self.red, self.blue, self.obstacles
        copy.turn, copy.last_move = self.turn, self.last_move
        copy.red_name, copy.blue_name = self.red_name, self.blue_name
        copy._moves = self._moves
        copy._outcome, copy._outcome_known = self._outcome, self._outcome_known
        return copy

    # ----------------------------------------------------------------- comparison

    def position_key(self) -> tuple[int, int, int, int]:
        """What determines the rules' future: fish, obstacles and turn (for tables/caches)."""
        return (self.red, self.blue, self.obstacles, self.turn)

    def _identity(self) -> tuple[object, ...]:
        hints = self.last_move.hints if self.last_move else ()
        return (self.position_key(), self.last_move, hints, self.red_name, self.blue_name)

    def __repr__(self) -> str:
        return (
            f"PiranhasState(turn={self.turn}, fields_by_x={self.fields_by_x()!r}, "
            f"last_move={self.last_move!r})"
        )


class PiranhasGame(PiranhasGameBase):
    """The game ``piranhas`` (``swc_2019_piranhas``): two players, obstacles from the rng."""

    name = "piranhas"
    game_type = GAME_TYPE
    score_fragments: tuple[ScoreFragment, ...] = (SWARM_FRAGMENT,)
    """After the match-point fragment :data:`WINNER_FRAGMENT` (``Gewinner``, SUM)."""

    def new_initial_state(
        self,
        rng: SeededRandom,
        players: int = 2,
        red_name: str = DEFAULT_DISPLAY_NAME,
        blue_name: str = DEFAULT_DISPLAY_NAME,
    ) -> PiranhasState:
        """The start position with two obstacles drawn like the official generator.

        The obstacles use ``rng.derive("obstacles")``, so the same seed gives the same board.
        """
        self.check_players(players)
        obstacles = generate_obstacles(rng.derive("obstacles"))
        return PiranhasState.start(obstacles, red_name=red_name, blue_name=blue_name)
