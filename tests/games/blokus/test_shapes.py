"""Shapes, transformations and the orientation table against the spec (§2, Appendix A).

Appendix A of the spec was produced by the official code; it is parsed here and compared
entry by entry.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from botarena.conformance.fixture_io import read_text
from botarena.games.blokus import ORIENTATION_OF_PAIR, ORIENTATIONS, SHAPE_ORIENTATIONS, Shape
from botarena.games.blokus.shapes import (
    PAIR_ORDER,
    START_PIECES,
    TOTAL_SQUARES,
    Rotation,
    transform,
)
from tests.conftest import fixture_file
from tests.games.blokus.helpers import setm

SECTION = re.compile(r"^\*\*(\d+)\. `(\w+)`\*\* — (\d+) distinct orientation", re.MULTILINE)
ROW = re.compile(r"^\| (\w+), (true|false) \| ([^|]*) \| ([^|]*) \|", re.MULTILINE)


def parse_appendix_a(text: str) -> dict[str, Any]:
    """{shape name: [(canonical pair, other pairs, cells)]} from the spec's Appendix A."""
    appendix = text[text.index("### Appendix A") : text.index("### Appendix B")]
    table: dict[str, Any] = {}
    sections = list(SECTION.finditer(appendix))
    for number, match in enumerate(sections):
        end = sections[number + 1].start() if number + 1 < len(sections) else len(appendix)
        rows = []
        for row in ROW.finditer(appendix, match.end(), end):
            canonical = (Rotation[row.group(1)], row.group(2) == "true")
            others = set()
            if row.group(3).strip() != "—":
                for pair in row.group(3).split(","):
                    rotation, flipped = pair.strip().split("/")
                    others.add((Rotation[rotation], flipped == "true"))
            cells = tuple((int(x), int(y)) for x, y in re.findall(r"\((\d+),(\d+)\)", row.group(4)))
            rows.append((canonical, others, cells))
        assert len(rows) == int(match.group(3))
        table[match.group(2)] = rows
    return table


@pytest.fixture(scope="module")
def appendix_a(fixtures_dir):
    return parse_appendix_a(read_text(fixture_file(fixtures_dir / "spec", "blokus-2021.md")))


def test_appendix_a_matches_every_orientation(appendix_a):
    assert set(appendix_a) == {shape.name for shape in Shape}
    for shape in Shape:
        ours = SHAPE_ORIENTATIONS[shape]
        official = appendix_a[shape.name]
        assert len(ours) == len(official), shape
        for orientation, (canonical, others, cells) in zip(ours, official, strict=True):
            assert (orientation.rotation, orientation.flipped) == canonical
            assert orientation.cells == cells
            equivalent = {
                pair for pair in PAIR_ORDER if ORIENTATION_OF_PAIR[(shape, *pair)] is orientation
            }
            assert equivalent == others | {canonical}


def test_counts():
    assert len(ORIENTATIONS) == 91
    assert [len(SHAPE_ORIENTATIONS[s]) for s in Shape] == [
        1,
        2,
        4,
        2,
        1,
        4,
        2,
        8,
        4,
        8,
        4,
        4,
        8,
        4,
        2,
        8,
        4,
        4,
        8,
        1,
        8,
    ]
    assert TOTAL_SQUARES == 89
    assert [s.size for s in Shape].count(5) == 12
    assert len(START_PIECES) == 11 and Shape.PENTO_X not in START_PIECES
    assert [o.index for o in ORIENTATIONS] == list(range(91))


def test_seed_picture_of_pento_l():
    expected = {
        ("NONE", False): {(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)},
        ("RIGHT", False): {(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)},
        ("MIRROR", False): {(0, 0), (1, 0), (1, 1), (1, 2), (1, 3)},
        ("LEFT", False): {(3, 0), (0, 1), (1, 1), (2, 1), (3, 1)},
        ("LEFT", True): {(0, 0), (0, 1), (1, 1), (2, 1), (3, 1)},
    }
    for (rotation, flipped), cells in expected.items():
        assert set(transform(Shape.PENTO_L, Rotation[rotation], flipped)) == cells


def test_position_is_the_bounding_box_corner_not_a_cell():
    move = setm(None, Shape.PENTO_X, x=4, y=7)
    assert (4, 7) not in move.cells()
    assert set(move.cells()) == {(5, 7), (4, 8), (5, 8), (6, 8), (5, 9)}


def test_canonical_keeps_the_placement():
    move = setm(None, Shape.TRIO_L, "MIRROR", False, 3, 3)
    canonical = move.canonical()
    assert (canonical.rotation, canonical.flipped) == (Rotation.RIGHT, True)
    assert canonical.placement() == move.placement()
    assert canonical.canonical() is canonical


def test_orientation_masks_agree_with_cells():
    for orientation in ORIENTATIONS:
        assert orientation.mask == sum(1 << (21 * y + x) for x, y in orientation.cells)
        assert orientation.width == 1 + max(x for x, _ in orientation.cells)
        assert min(x for x, _ in orientation.cells) == 0
        assert min(y for _, y in orientation.cells) == 0
