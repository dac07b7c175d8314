"""``python -m botarena.conformance obstacles FILE.jsonl [-v]``: check official Piranhas boards
(schema ``piranhas2019-obstacles/1``) against the obstacle placement constraints (spec §2).

Each board must have exactly two obstacles in the inner 6x6 area sharing no column, row or
diagonal, its ``fields_by_x`` must show exactly those obstacles on the standard start
position, and our generator must be able to produce the pair.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

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
    parser = argparse.ArgumentParser(
        prog="python -m botarena.conformance obstacles",
        description="Check official Piranhas 2019 boards against the obstacle constraints.",
    )
    parser.add_argument("file", type=Path, help="a piranhas2019-obstacles/1 JSON-lines file")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every board")
    args = parser.parse_args(argv)
    checked = failed = 0
    pairs: set[frozenset[tuple[int, int]]] = set()
    try:
        with args.file.open(encoding="utf-8") as lines:
            for number, line in enumerate(lines, start=1):
                if not line.strip():
                    continue
                checked += 1
                try:
                    data = json.loads(line)
                    if not isinstance(data, dict):
                        raise TypeError("a line must hold a JSON object")
                    problems = check_board(data)
                    pairs.add(frozenset(tuple(o) for o in data["obstacles"]))
                except (ValueError, KeyError, TypeError) as error:
                    problems = [f"malformed board: {type(error).__name__}: {error}"]
                if problems:
                    failed += 1
                    print(f"MISMATCH line {number}: " + "; ".join(problems))
                elif args.verbose:
                    print(f"ok line {number}: obstacles {data['obstacles']}")
    except OSError as error:
        print(f"obstacles: cannot read {args.file}: {error.strerror or error}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as error:
        print(f"obstacles: {args.file} is not UTF-8 text: {error}", file=sys.stderr)
        return 2
    print(
        f"obstacles: {checked} checked, {failed} mismatches, "
        f"{len(pairs)} distinct pairs of {len(GENERABLE_PAIRS)} possible"
    )
    return 1 if failed else 0
