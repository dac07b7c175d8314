"""``python -m botarena.conformance obstacles FILE.jsonl [-v]``: check official Piranhas boards
(schema ``piranhas2019-obstacles/1``) against the obstacle placement constraints (spec §2).

Each board must have exactly two obstacles in the inner 6x6 area sharing no column, row or
diagonal, its ``fields_by_x`` must show exactly those obstacles on the standard start
position, and our generator must be able to produce the pair.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botarena.conformance.jsonl_check import LineReport, Mode, check_lines, run
from botarena.games.piranhas.obstacles import inner_squares, obstacle_violations, share_a_line
from botarena.games.piranhas.rules import PiranhasState

SCHEMA = "piranhas2019-obstacles/1"


def _generable_pairs() -> set[frozenset[tuple[int, int]]]:
    """Every unordered pair the official two-step generator can draw (340 of them)."""
    squares = inner_squares()
    return {
        frozenset((a, b)) for a in squares for b in squares if a != b and not share_a_line(a, b)
    }


GENERABLE_PAIRS = _generable_pairs()


def check_board(data: dict[str, Any]) -> list[str]:
    """Problems with one board (empty when it satisfies every constraint)."""
    if data.get("schema") != SCHEMA:
        return [f"schema is {data.get('schema')!r}, expected {SCHEMA!r}"]
    obstacles = [(int(x), int(y)) for x, y in data["obstacles"]]
    problems = obstacle_violations(obstacles)
    if not problems and frozenset(obstacles) not in GENERABLE_PAIRS:
        problems.append(f"pair {obstacles} cannot come from the official generator")
    try:
        expected = PiranhasState.start(obstacles).fields_by_x()
    except ValueError as error:
        problems.append(f"obstacles do not fit the board: {error}")
    else:
        if data["fields_by_x"] != expected:
            problems.append("fields_by_x is not the start position with these obstacles")
    return problems


def main(argv: list[str]) -> int:
    """``python -m botarena.conformance obstacles FILE [-v]``: every mismatching board, then
    ``obstacles: N checked, M mismatches, P distinct pairs of 340 possible``."""
    pairs: set[frozenset[tuple[int, int]]] = set()

    def check_line(data: dict[str, Any], report: LineReport) -> None:
        report.problems += check_board(data)
        pairs.add(frozenset(tuple(o) for o in data["obstacles"]))

    def check_file(path: Path) -> list[LineReport]:
        return check_lines(path, check_line, "board", (ValueError, KeyError, TypeError))

    def summary(reports: list[LineReport]) -> str:
        failed = sum(1 for report in reports if report.problems)
        return (
            f"obstacles: {len(reports)} checked, {failed} mismatches, "
            f"{len(pairs)} distinct pairs of {len(GENERABLE_PAIRS)} possible"
        )

    description = "Check official Piranhas 2019 boards against the obstacle constraints."
    file_help = "a piranhas2019-obstacles/1 JSON-lines file"
    mode = Mode("obstacles", description, file_help, "show every problem", check_file, summary, 50)
    return run(mode, argv)
