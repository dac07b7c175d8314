"""The 21 Blokus shapes, the (rotation, flip) transformations and the 91 distinct orientations.

Base cells and the canonical order of (rotation, isFlipped) pairs are the official ones
(spec §2.1, §2.5, Appendix A). Everything here is computed once at import time, so the move
generator and the validator only look values up.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from botarena.games.blokus.board import BOARD_SIZE, STRIDE

Cell = tuple[int, int]


class Shape(IntEnum):
    """The official ``PieceShape`` enum; the value is the ordinal (the canonical list order)."""

    MONO = 0
    DOMINO = 1
    TRIO_L = 2
    TRIO_I = 3
    TETRO_O = 4
    TETRO_T = 5
    TETRO_I = 6
    TETRO_L = 7
    TETRO_Z = 8
    PENTO_L = 9
    PENTO_T = 10
    PENTO_V = 11
    PENTO_S = 12
    PENTO_Z = 13
    PENTO_I = 14
    PENTO_P = 15
    PENTO_W = 16
    PENTO_U = 17
    PENTO_R = 18
    PENTO_X = 19
    PENTO_Y = 20

    @property
    def base_cells(self) -> tuple[Cell, ...]:
        """The official base cells, in the official listing order."""
        return BASE_CELLS[self]

    @property
    def size(self) -> int:
        """Number of squares (also the points the shape scores when placed)."""
        return len(BASE_CELLS[self])


BASE_CELLS: dict[Shape, tuple[Cell, ...]] = {
    Shape.MONO: ((0, 0),),
    Shape.DOMINO: ((0, 0), (1, 0)),
    Shape.TRIO_L: ((0, 0), (0, 1), (1, 1)),
    Shape.TRIO_I: ((0, 0), (0, 1), (0, 2)),
    Shape.TETRO_O: ((0, 0), (1, 0), (0, 1), (1, 1)),
    Shape.TETRO_T: ((0, 0), (1, 0), (2, 0), (1, 1)),
    Shape.TETRO_I: ((0, 0), (0, 1), (0, 2), (0, 3)),
    Shape.TETRO_L: ((0, 0), (0, 1), (0, 2), (1, 2)),
    Shape.TETRO_Z: ((0, 0), (1, 0), (1, 1), (2, 1)),
    Shape.PENTO_L: ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)),
    Shape.PENTO_T: ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2)),
    Shape.PENTO_V: ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)),
    Shape.PENTO_S: ((1, 0), (2, 0), (3, 0), (0, 1), (1, 1)),
    Shape.PENTO_Z: ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2)),
    Shape.PENTO_I: ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)),
    Shape.PENTO_P: ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)),
    Shape.PENTO_W: ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)),
    Shape.PENTO_U: ((0, 0), (0, 1), (1, 1), (2, 1), (2, 0)),
    Shape.PENTO_R: ((0, 1), (1, 1), (1, 2), (2, 1), (2, 0)),
    Shape.PENTO_X: ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    Shape.PENTO_Y: ((0, 1), (1, 0), (1, 1), (1, 2), (1, 3)),
}

ALL_SHAPES: tuple[Shape, ...] = tuple(Shape)
TOTAL_SQUARES = sum(shape.size for shape in ALL_SHAPES)  # 89
ALL_SHAPES_BITS = (1 << len(ALL_SHAPES)) - 1
"""The set of all 21 shapes as a bit set (bit ``shape.value``)."""

START_PIECES: tuple[Shape, ...] = tuple(
    shape for shape in ALL_SHAPES if shape.size == 5 and shape is not Shape.PENTO_X
)
"""The start shape is drawn among these 11 (PENTO_X cannot cover a board corner)."""


class Rotation(Enum):
    """The official ``Rotation``. MIRROR is a 180° turn, not a mirror image (spec §2.2)."""

    NONE = 0
    RIGHT = 1
    MIRROR = 2
    LEFT = 3

    def apply(self, cell: Cell) -> Cell:
        x, y = cell
        if self is Rotation.NONE:
            return (x, y)
        if self is Rotation.RIGHT:
            return (-y, x)
        if self is Rotation.MIRROR:
            return (-x, -y)
        return (y, -x)


PAIR_ORDER: tuple[tuple[Rotation, bool], ...] = tuple(
    (rotation, flipped) for rotation in Rotation for flipped in (False, True)
)
"""The official iteration order; the first pair giving a cell set is its canonical pair."""


def normalise(cells: list[Cell]) -> tuple[Cell, ...]:
    """Translate so that min x = min y = 0; return the cells in row-major order."""
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return tuple(sorted(((x - min_x, y - min_y) for x, y in cells), key=lambda c: (c[1], c[0])))


def transform(shape: Shape, rotation: Rotation, flipped: bool) -> tuple[Cell, ...]:
    """The normalised cells (row-major) of ``shape`` rotated, then flipped (spec §2.2)."""
    cells = [rotation.apply(cell) for cell in shape.base_cells]
    if flipped:
        cells = [(-x, y) for x, y in normalise(cells)]
    return normalise(cells)


@dataclass(frozen=True, slots=True, eq=False)
class Orientation:
    """One distinct normalised orientation of a shape, with its bitboard data.

    ``offsets`` are the bit offsets of the cells relative to the upper-left corner of the
    bounding box on the guarded bitboard (see :mod:`botarena.games.blokus.board`); ``mask`` is
    the piece placed at position (0, 0).
    """

    index: int
    shape: Shape
    rotation: Rotation
    flipped: bool
    cells: tuple[Cell, ...]
    width: int
    height: int
    offsets: tuple[int, ...]
    mask: int

    def __repr__(self) -> str:
        return f"Orientation({self.shape.name}, {self.rotation.name}, {self.flipped})"


def _build_tables() -> tuple[
    tuple[Orientation, ...],
    dict[Shape, tuple[Orientation, ...]],
    dict[tuple[Shape, Rotation, bool], Orientation],
]:
    orientations: list[Orientation] = []
    per_shape: dict[Shape, tuple[Orientation, ...]] = {}
    by_pair: dict[tuple[Shape, Rotation, bool], Orientation] = {}
    for shape in ALL_SHAPES:
        seen: dict[tuple[Cell, ...], Orientation] = {}
        for rotation, flipped in PAIR_ORDER:
            cells = transform(shape, rotation, flipped)
            if cells not in seen:
                offsets = tuple(y * STRIDE + x for x, y in cells)
                orientation = Orientation(
                    index=len(orientations),
                    shape=shape,
                    rotation=rotation,
                    flipped=flipped,
                    cells=cells,
                    width=1 + max(x for x, _ in cells),
                    height=1 + max(y for _, y in cells),
                    offsets=offsets,
                    mask=sum(1 << offset for offset in offsets),
                )
                seen[cells] = orientation
                orientations.append(orientation)
            by_pair[(shape, rotation, flipped)] = seen[cells]
        per_shape[shape] = tuple(seen.values())
    return tuple(orientations), per_shape, by_pair


ORIENTATIONS, SHAPE_ORIENTATIONS, ORIENTATION_OF_PAIR = _build_tables()
"""All 91 orientations; the orientations of each shape; (shape, rotation, flipped) -> one."""

assert len(ORIENTATIONS) == 91
assert BOARD_SIZE < STRIDE
