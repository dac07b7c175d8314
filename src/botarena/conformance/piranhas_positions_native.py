"""``python -m botarena.conformance --engine native positions FILE.jsonl [-v]``: the
Piranhas 2019 rule positions checked on the native core (``botarena._native``).

Per line, on the core's position loaded from the Python state: fish counts, largest swarms,
connectivity, both end checks (19.2.1 and botarena's, with the same expected deviations as
the Python mode), the legal moves **in the fixture's order** (square x, y, then the official
direction order), each move's distance, target and capture (read off the core's position
after the move), the state after each move, and that every illegal sample is not among the
core's moves. The official error texts stay with the Python rules (the server's authority).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from botarena.conformance import piranhas_positions
from botarena.conformance.jsonl_check import LineReport, run
from botarena.conformance.piranhas_positions import (
    SCHEMA,
    check_file_with,
    compare_outcomes,
    expected_outcome,
)
from botarena.games.piranhas.board import coordinates
from botarena.games.piranhas.model import DIRECTIONS, Direction, Move, PlayerColor
from botarena.games.piranhas.rules import PiranhasState
from botarena.native.piranhas import move_code, moves_2019, outcome_2019, position_2019

_SEATS = {color.value: color.seat for color in PlayerColor}


def _per_color(measure: Any) -> dict[str, object]:
    return {name: measure(seat) for name, seat in _SEATS.items()}


def _landing(before: Any, after: Any, seat: int) -> tuple[int, int] | None:
    """Where the fish of ``seat`` that moved from ``before`` to ``after`` landed."""
    old = before.red if seat == 0 else before.blue
    new = after.red if seat == 0 else after.blue
    added = new & ~old
    return None if added.bit_count() != 1 else coordinates(added.bit_length() - 1)


def _compare_ends(position: Any, expected: dict[str, Any], what: str, report: LineReport) -> None:
    """The native core's official end and botarena's end of ``position`` against the official
    outcome in ``expected``."""
    compare_outcomes(
        outcome_2019(position.official_end()),
        outcome_2019(position.end()),
        expected_outcome(expected),
        what,
        report,
    )


def check_position(data: dict[str, Any], report: LineReport) -> None:
    """Compare one ``piranhas2019-position/1`` object with the native core."""
    if data.get("schema") != SCHEMA:
        report.problems.append(f"schema is {data.get('schema')!r}, expected {SCHEMA!r}")
        return
    problems = report.problems
    state = PiranhasState.from_fields_by_x(data["fields_by_x"], data["turn"])
    position = position_2019(state)
    for key, measure in (
        ("fish", position.fish),
        ("swarm", position.swarm),
        ("connected", position.connected),
    ):
        ours = _per_color(measure)
        if ours != data[key]:
            problems.append(f"native {key} {ours} != official {data[key]}")
    _compare_ends(position, data, "native position", report)
    expected = sorted(
        data["moves"], key=lambda m: (m["x"], m["y"], DIRECTIONS.index(Direction[m["dir"]]))
    )
    listed = [(m.x, m.y, m.direction.name) for m in moves_2019(position)]
    keys = [(m["x"], m["y"], m["dir"]) for m in expected]
    if listed != keys or len(listed) != data["n_moves"]:
        missing = sorted(set(keys) - set(listed))[:5]
        extra = sorted(set(listed) - set(keys))[:5]
        problems.append(
            f"native moves differ (in order): {len(listed)} moves, official {data['n_moves']}; "
            f"missing {missing}, extra {extra}"
        )
        return
    seat = state.turn & 1
    for entry in expected:
        where = f"native move {entry['x']},{entry['y']} {entry['dir']}"
        after = position.copy()
        after.apply(move_code(Move(entry["x"], entry["y"], Direction[entry["dir"]])))
        target = _landing(position, after, seat)
        distance = max(abs(target[0] - entry["x"]), abs(target[1] - entry["y"])) if target else -1
        eats = position.fish(1 - seat) != after.fish(1 - seat)
        observed = (distance, list(target) if target else None, eats)
        if observed != (entry["dist"], entry["to"], entry["eats"]):
            problems.append(
                f"{where}: dist/to/eats {observed} != {(entry['dist'], entry['to'], entry['eats'])}"
            )
        after_expected = entry["after"]
        if after_expected is None:
            continue
        facts = {
            "turn": after.turn,
            "swarm": _per_color(after.swarm),
            "fish": _per_color(after.fish),
        }
        for name, value in facts.items():
            if value != after_expected[name]:
                problems.append(f"{where}: after {name} {value} != {after_expected[name]}")
        _compare_ends(after, after_expected, f"after {where}", report)
    legal = set(position.moves())
    for sample in data["illegal_samples"]:
        move = Move(sample["x"], sample["y"], Direction[sample["dir"]])
        on_board = 0 <= move.x < 10 and 0 <= move.y < 10
        if on_board and move_code(move) in legal:
            problems.append(f"native: illegal sample {move} is among the legal moves")


MODE = replace(
    piranhas_positions.MODE,
    description="Check the native core's Piranhas 2019 rules against official positions.",
    check_file=partial(check_file_with, check=check_position),
)
main = partial(run, MODE)
