"""The seeded board generator and board validation (spec 1.2, 1.3)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from botarena.conformance.fixture_io import read_text
from botarena.core import SeededRandom
from botarena.games.hase_und_igel import (
    GAME,
    REFERENCE_BOARD,
    Board,
    FieldType,
    InvalidBoardError,
    generate_board,
)
from botarena.games.hase_und_igel.board import FIXED_FIELDS, SEGMENTS
from tests.conftest import fixture_file

TOTALS = {
    FieldType.START: 1,
    FieldType.GOAL: 1,
    FieldType.SALAD: 4,
    FieldType.HEDGEHOG: 9,
    FieldType.HARE: 12,
    FieldType.CARROT: 25,
    FieldType.POSITION_1: 5,
    FieldType.POSITION_2: 8,
}


def test_generated_boards_keep_fixed_fields_and_totals():
    for seed in range(50):
        board = generate_board(SeededRandom(seed))
        assert Counter(board.fields) == TOTALS
        for index, field in FIXED_FIELDS.items():
            assert board.type_at(index) is field


def test_the_same_seed_gives_the_same_board_and_seeds_differ():
    assert generate_board(SeededRandom(7)) == generate_board(SeededRandom(7))
    boards = {generate_board(SeededRandom(seed)).letters() for seed in range(30)}
    assert len(boards) == 30


def test_game_states_are_seeded_too():
    first = GAME.new_initial_state(SeededRandom(11))
    again = GAME.new_initial_state(SeededRandom(11))
    assert first.board == again.board
    assert first == again
    with pytest.raises(ValueError, match="exactly 2 players"):
        GAME.new_initial_state(SeededRandom(1), players=3)


def test_every_segment_position_takes_every_type_of_its_multiset():
    seen: dict[int, set[FieldType]] = {}
    for seed in range(300):
        board = generate_board(SeededRandom(seed))
        for indices, _ in SEGMENTS:
            for index in indices:
                seen.setdefault(index, set()).add(board.fields[index])
    for indices, multiset in SEGMENTS:
        for index in indices:
            assert seen[index] == set(multiset)


def test_reference_board_matches_the_spec_table():
    assert REFERENCE_BOARD.type_at(0) is FieldType.START
    assert REFERENCE_BOARD.type_at(2) is FieldType.HARE
    assert REFERENCE_BOARD.type_at(4) is FieldType.POSITION_2
    assert REFERENCE_BOARD.type_at(36) is FieldType.POSITION_2
    assert REFERENCE_BOARD.type_at(62) is FieldType.HARE
    assert REFERENCE_BOARD.type_at(64) is FieldType.GOAL
    assert REFERENCE_BOARD.type_at(65) is FieldType.INVALID
    assert REFERENCE_BOARD.type_at(-1) is FieldType.INVALID


def test_prev_hedgehog():
    assert REFERENCE_BOARD.prev_hedgehog(0) is None
    assert REFERENCE_BOARD.prev_hedgehog(11) is None
    assert REFERENCE_BOARD.prev_hedgehog(12) == 11
    assert REFERENCE_BOARD.prev_hedgehog(15) == 11
    assert REFERENCE_BOARD.prev_hedgehog(64) == 56


def test_all_recorded_official_boards_are_valid(fixtures_dir):
    path = fixture_file(fixtures_dir / "hase-und-igel-2018", "games.jsonl")
    boards = [json.loads(line) for line in read_text(path).splitlines()]
    recorded = [entry for entry in boards if entry["board"] is not None]
    assert len(recorded) >= 40
    for entry in recorded:
        board = Board.from_letters(entry["board"])
        assert board.letters() == entry["board"]
        assert Board.from_types(entry["board_types"]) == board


@pytest.mark.parametrize(
    ("letters", "message"),
    [
        ("S" * 64, "65 fields"),
        ("X" + REFERENCE_BOARD.letters()[1:], "unknown board letter 'X'"),
        ("C" + REFERENCE_BOARD.letters()[1:], "field 0 must be START"),
        (REFERENCE_BOARD.letters()[:1] + "H" + REFERENCE_BOARD.letters()[2:], "fields 1..9"),
    ],
)
def test_invalid_boards_are_rejected_with_a_reason(letters, message):
    with pytest.raises(InvalidBoardError, match=message):
        Board.from_letters(letters)


def test_unknown_wire_field_type_is_rejected():
    names = [field.value for field in REFERENCE_BOARD.fields]
    names[5] = "RABBIT"
    with pytest.raises(InvalidBoardError, match="RABBIT"):
        Board.from_types(names)
