"""``python -m botarena.conformance hui FILE``: replay the official Hase und Igel 2018 cases.

Each line of ``conformance.txt`` (its header documents the format) is one move on a given
state, with the outcome the official 2018 rules engine produced: OK or the exact failure
message, the win condition, the turn and both players afterwards (after a failure: the
partially updated state, spec 3.2 "No rollback"). We apply the move with our engine and
compare every field as text.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from botarena.conformance.fixture_io import open_text
from botarena.core import InvalidMove
from botarena.games.hase_und_igel.board import Board, InvalidBoardError
from botarena.games.hase_und_igel.notation import (
    NotationError,
    format_player,
    parse_move,
    parse_player,
)
from botarena.games.hase_und_igel.rules import COLORS, REASON_GOAL, HaseUndIgelState

FIELDS_PER_LINE = 10
MAX_REPORTED_MISMATCHES = 20
"""Mismatches printed in full; the rest are only counted."""
FIELD_NAMES = ("outcome", "win condition", "turn", "RED", "BLUE")


@dataclass(frozen=True, slots=True)
class Mismatch:
    line_number: int
    text: str


def run_case(fields: list[str]) -> list[str]:
    """Apply the case's move; return our fields 6-10 (outcome .. BLUE after)."""
    board = Board.from_letters(fields[0])
    turn = int(fields[1])
    state = HaseUndIgelState(board, parse_player(fields[2]), parse_player(fields[3]), turn)
    move = parse_move(fields[4])
    try:
        state.perform(move)
    except InvalidMove as error:
        outcome = f"FAIL:{error.reason}"
        # after a failure the file records only whom the goal check names (turn unchanged)
        condition = state.win_condition()
        goal = condition is not None and condition.reason == REASON_GOAL
        win = COLORS[condition.winner] if condition is not None and goal else "-"
    else:
        outcome = "OK"
        condition = state.win_condition()
        if condition is None:
            win = "-"
        else:
            kind = "GOAL" if condition.reason == REASON_GOAL else "LIMIT"
            win = f"{COLORS[condition.winner]}:{kind}"
    return [outcome, win, str(state.turn), format_player(state.red), format_player(state.blue)]


def check_line(line: str, line_number: int) -> Mismatch | None:
    fields = line.rstrip("\n").split("|")
    if len(fields) != FIELDS_PER_LINE:
        return Mismatch(line_number, f"expected {FIELDS_PER_LINE} '|'-separated fields")
    try:
        ours = run_case(fields)
    except (NotationError, InvalidBoardError, ValueError) as error:
        return Mismatch(line_number, f"malformed case: {error}")
    expected = fields[5:]
    differences = [
        f"{name}: expected {want!r}, got {got!r}"
        for name, want, got in zip(FIELD_NAMES, expected, ours, strict=True)
        if want != got
    ]
    if differences:
        return Mismatch(line_number, "; ".join(differences))
    return None


def check_file(path: Path) -> tuple[int, list[Mismatch]]:
    cases = 0
    mismatches: list[Mismatch] = []
    with open_text(path) as stream:
        for line_number, line in enumerate(stream, start=1):
            if line.startswith("#") or not line.strip():
                continue
            cases += 1
            mismatch = check_line(line, line_number)
            if mismatch is not None:
                mismatches.append(mismatch)
    return cases, mismatches


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m botarena.conformance hui FILE", file=sys.stderr)
        return 2
    path = Path(argv[0])
    try:
        cases, mismatches = check_file(path)
    except (OSError, UnicodeDecodeError) as error:
        print(f"hui: cannot read {path}: {error}", file=sys.stderr)
        return 2
    for mismatch in mismatches[:MAX_REPORTED_MISMATCHES]:
        print(f"{path}:{mismatch.line_number}: {mismatch.text}")
    if len(mismatches) > MAX_REPORTED_MISMATCHES:
        print(f"... and {len(mismatches) - MAX_REPORTED_MISMATCHES} more mismatches")
    print(f"hui: {cases} cases, {len(mismatches)} mismatches")
    return 1 if mismatches else 0
