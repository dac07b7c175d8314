"""The Hase und Igel 2018 track: 65 fields, fixed salads and hedgehogs, shuffled segments.

Spec section 1. The board is random per game: START, GOAL, the four SALAD and the nine
HEDGEHOG fields are fixed, and the fields between them ("segments" A-J) are shuffled
independently. A :class:`Board` is immutable and precomputes the tables the rules look up on
every move (field type by index, previous hedgehog), because those lookups are the hot path
of move generation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import Enum

from botarena.core import SeededRandom


class FieldType(Enum):
    """A field of the track; the value is the wire name."""

    START = "START"
    CARROT = "CARROT"
    HARE = "HARE"
    SALAD = "SALAD"
    HEDGEHOG = "HEDGEHOG"
    POSITION_1 = "POSITION_1"
    POSITION_2 = "POSITION_2"
    GOAL = "GOAL"
    INVALID = "INVALID"
    """Internal only: the type of any index outside 0..64 (never sent on the wire)."""


BOARD_SIZE = 65
"""Number of fields, index 0 (START) to 64 (GOAL)."""
GOAL_INDEX = BOARD_SIZE - 1

FIXED_FIELDS: dict[int, FieldType] = {
    0: FieldType.START,
    **{index: FieldType.SALAD for index in (10, 22, 42, 57)},
    **{index: FieldType.HEDGEHOG for index in (11, 15, 19, 24, 30, 37, 43, 50, 56)},
    GOAL_INDEX: FieldType.GOAL,
}

_C, _H = FieldType.CARROT, FieldType.HARE
_P1, _P2 = FieldType.POSITION_1, FieldType.POSITION_2

SEGMENTS: tuple[tuple[tuple[int, ...], tuple[FieldType, ...]], ...] = (
    # (indices, multiset that is shuffled onto them), in the generation order A..J of the spec
    (tuple(range(1, 10)), (_H, _C, _H, _C, _C, _H, _P1, _P2, _C)),
    ((12, 13, 14), (_C, _C, _H)),
    ((16, 17, 18), (_P1, _P2, _C)),
    ((20, 21, 23), (_C, _C, _P2)),
    (tuple(range(25, 30)), (_H, _C, _C, _C, _P2)),
    (tuple(range(31, 37)), (_H, _P1, _C, _H, _P2, _C)),
    (tuple(range(38, 42)), (_C, _H, _C, _P2)),
    (tuple(range(44, 50)), (_C, _C, _H, _P2, _P1, _C)),
    (tuple(range(51, 56)), (_H, _C, _P2, _C, _C)),
    (tuple(range(58, 64)), (_H, _C, _P1, _C, _H, _C)),
)

LETTERS: dict[FieldType, str] = {
    FieldType.START: "S",
    FieldType.CARROT: "C",
    FieldType.HARE: "H",
    FieldType.POSITION_1: "1",
    FieldType.POSITION_2: "2",
    FieldType.SALAD: "L",
    FieldType.HEDGEHOG: "I",
    FieldType.GOAL: "G",
}
"""One-letter board notation of the fixtures (``games.jsonl``, ``conformance.txt``)."""
_BY_LETTER = {letter: field for field, letter in LETTERS.items()}


class InvalidBoardError(ValueError):
    """A board that the 2018 generator could not have produced."""


class Board:
    """An immutable 2018 track with precomputed lookup tables."""

    __slots__ = ("_prev_hedgehog", "fields", "salad_indices")

    def __init__(self, fields: Iterable[FieldType]) -> None:
        """Raises :class:`InvalidBoardError` unless ``fields`` is a board of spec 1.2."""
        self.fields: tuple[FieldType, ...] = tuple(fields)
        validate_fields(self.fields)
        previous: list[int | None] = []
        last: int | None = None
        for index, field in enumerate(self.fields):
            previous.append(last)  # strictly below ``index``
            if field is FieldType.HEDGEHOG:
                last = index
        self._prev_hedgehog: tuple[int | None, ...] = tuple(previous)
        self.salad_indices: tuple[int, ...] = tuple(
            index for index, field in enumerate(self.fields) if field is FieldType.SALAD
        )

    def type_at(self, index: int) -> FieldType:
        """The field type at ``index``; INVALID outside 0..64."""
        if 0 <= index < BOARD_SIZE:
            return self.fields[index]
        return FieldType.INVALID

    def prev_hedgehog(self, index: int) -> int | None:
        """The largest hedgehog index below ``index`` (a field index 0..64), or ``None``."""
        return self._prev_hedgehog[index]

    def letters(self) -> str:
        """The one-letter notation of the fixtures."""
        return "".join(LETTERS[field] for field in self.fields)

    @classmethod
    def from_letters(cls, letters: str) -> Board:
        """Parse the one-letter notation; raises :class:`InvalidBoardError` on bad input."""
        try:
            fields = [_BY_LETTER[letter] for letter in letters]
        except KeyError as error:
            raise InvalidBoardError(f"unknown board letter {error.args[0]!r}") from None
        return cls(fields)

    @classmethod
    def from_types(cls, names: Sequence[str]) -> Board:
        """Parse 65 wire names (``START``, ``CARROT``, ...)."""
        try:
            fields = [FieldType[name] for name in names]
        except KeyError as error:
            raise InvalidBoardError(f"unknown field type {error.args[0]!r}") from None
        return cls(fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.fields == self.fields

    def __hash__(self) -> int:
        return hash(self.fields)

    def __repr__(self) -> str:
        return f"Board.from_letters({self.letters()!r})"


def validate_fields(fields: Sequence[FieldType]) -> None:
    """Check the board rules of spec 1.2: fixed fields, and each segment a permutation."""
    if len(fields) != BOARD_SIZE:
        raise InvalidBoardError(f"a board has {BOARD_SIZE} fields, got {len(fields)}")
    for index, expected in FIXED_FIELDS.items():
        if fields[index] is not expected:
            raise InvalidBoardError(
                f"field {index} must be {expected.value}, got {fields[index].value}"
            )
    for indices, multiset in SEGMENTS:
        if Counter(fields[i] for i in indices) != Counter(multiset):
            raise InvalidBoardError(
                f"fields {indices[0]}..{indices[-1]} are not a permutation of "
                f"{sorted(field.value for field in multiset)}"
            )


def generate_board(rng: SeededRandom) -> Board:
    """A random board: one seeded shuffle per segment, in the order A..J of the spec."""
    fields: list[FieldType] = [FieldType.INVALID] * BOARD_SIZE
    for index, field in FIXED_FIELDS.items():
        fields[index] = field
    for indices, multiset in SEGMENTS:
        shuffled = list(multiset)
        rng.shuffle(shuffled)
        for index, field in zip(indices, shuffled, strict=True):
            fields[index] = field
    return Board(fields)


REFERENCE_BOARD = Board.from_letters(
    # board R of spec 1.3, used by all test cases of spec section 6
    "SCHH21CCHCLIHCCI1C2IC2LCICHC2CICHCH12ICCH2LICH1C2CICHC2CILC1HCHCG"
)
