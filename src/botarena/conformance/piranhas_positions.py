"""``python -m botarena.conformance positions FILE.jsonl[.gz] [-v]``: check our Piranhas rules
against positions produced by the official 19.2.1 engine (schema ``piranhas2019-position/1``;
``tests/fixtures/piranhas-2019/positions.jsonl.gz``, origin in ``tests/fixtures/README.md``).

For every line: fish counts, largest swarms, connectivity, the 19.2.1 end check, the full
legal move list (x, y, direction, distance, target, eats), the state after each move, and
the error text of every illegal sample. Where botarena's two decided rule deviations (equal
connected swarms draw; a blocked player loses) make our outcome differ from 19.2.1, the line
counts as an *expected deviation*, not a mismatch; ``-v`` lists each with its reason.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from botarena.conformance.jsonl_check import LineReport, Mode, check_lines, run
from botarena.core import Outcome
from botarena.games.piranhas.model import DIRECTIONS, Direction, Move, PlayerColor
from botarena.games.piranhas.rules import (
    REASON_BLOCKED,
    REASON_EQUAL_SWARMS,
    PiranhasState,
)

SCHEMA = "piranhas2019-position/1"
MAX_REPORTED_MISMATCHES = 20
"""Without ``-v`` only this many mismatch details are printed (the count is always exact)."""

_BLOCKED_SUFFIX = REASON_BLOCKED.split("}", 1)[1]
_COLOR_BY_SEAT = {0: "RED", 1: "BLUE"}


def expected_outcome(data: dict[str, Any]) -> tuple[bool, str | None, str | None]:
    return bool(data["game_over"]), data["winner"], data["reason"]


def _as_fields(outcome: Outcome | None) -> tuple[bool, str | None, str | None]:
    if outcome is None:
        return False, None, None
    winner = None if outcome.winner is None else _COLOR_BY_SEAT[outcome.winner]
    return True, winner, outcome.reason


def _deviation_reason(ours: Outcome | None, official: Outcome | None) -> str | None:
    """Why our outcome differs from 19.2.1 if a decided deviation explains it, else None."""
    if ours is None or ours.reason == (official.reason if official else None):
        return None
    if ours.reason == REASON_EQUAL_SWARMS and ours.winner is None:
        return "both swarms connected and equal: draw (seed rule) instead of 19.2.1's " + (
            "round-limit draw" if official is not None else "game goes on"
        )
    if official is None and ours.reason.endswith(_BLOCKED_SUFFIX):
        loser = _COLOR_BY_SEAT[1 - (ours.winner or 0)]
        return f"{loser} has no legal move and loses (seed rule); 19.2.1 goes on"
    return None


def _check_outcomes(
    state: PiranhasState,
    expected: tuple[bool, str | None, str | None],
    where: str,
    report: LineReport,
) -> None:
    compare_outcomes(state.official_outcome(), state.outcome(), expected, where, report)


def compare_outcomes(
    official: Outcome | None,
    ours: Outcome | None,
    expected: tuple[bool, str | None, str | None],
    where: str,
    report: LineReport,
) -> None:
    """Compare an engine's 19.2.1 end check (``official``) and botarena's end check
    (``ours``) of one position with the fixture's ``expected`` end."""
    if _as_fields(official) != expected:
        report.problems.append(f"{where}: end check {_as_fields(official)} != official {expected}")
        return
    if _as_fields(ours) != expected:
        reason = _deviation_reason(ours, official)
        if reason is None:
            report.problems.append(
                f"{where}: our outcome {_as_fields(ours)} differs from 19.2.1 {expected} "
                "without a decided deviation to explain it"
            )
        else:
            report.deviations.append(f"{where}: {reason}")


def _colors(state: PiranhasState, measure: Callable[[PlayerColor], object]) -> dict[str, object]:
    return {color.value: measure(color) for color in PlayerColor}


def check_position(data: dict[str, Any], report: LineReport) -> None:
    """Compare one ``piranhas2019-position/1`` object with our engine; fill ``report``."""
    if data.get("schema") != SCHEMA:
        report.problems.append(f"schema is {data.get('schema')!r}, expected {SCHEMA!r}")
        return
    last = data["last_move"]
    last_move = None if last is None else Move(last["x"], last["y"], Direction[last["dir"]])
    state = PiranhasState.from_fields_by_x(data["fields_by_x"], data["turn"], last_move=last_move)
    problems = report.problems
    if state.current_color.value != data["current"]:
        problems.append(f"colour to move {state.current_color.value} != {data['current']}")
    if data["turn"] // 2 != data["round"]:
        problems.append(f"round {data['round']} is not turn {data['turn']} // 2")
    obstacles = sorted(tuple(o) for o in data["obstacles"])
    board_obstacles = sorted(
        (x, y)
        for x, column in enumerate(data["fields_by_x"])
        for y, c in enumerate(column)
        if c == "O"
    )
    if obstacles != board_obstacles:
        problems.append(f"obstacles {obstacles} do not match the board {board_obstacles}")
    for key, measure in (
        ("fish", state.fish_count),
        ("swarm", state.swarm_size),
        ("connected", state.is_connected),
    ):
        ours = _colors(state, measure)
        if ours != data[key]:
            problems.append(f"{key} {ours} != official {data[key]}")
    _check_outcomes(state, expected_outcome(data), "position", report)

    expected_moves = sorted(
        data["moves"], key=lambda m: (m["x"], m["y"], DIRECTIONS.index(Direction[m["dir"]]))
    )
    our_moves = state.generate_moves()  # the fixture lists moves even in finished positions
    if len(our_moves) != data["n_moves"] or data["n_moves"] != len(expected_moves):
        problems.append(f"{len(our_moves)} legal moves, official {data['n_moves']}")
    ours_by_key = {(m.x, m.y, m.direction.name): m for m in our_moves}
    expected_keys = {(m["x"], m["y"], m["dir"]) for m in expected_moves}
    for missing in sorted(expected_keys - set(ours_by_key)):
        problems.append(f"official legal move {missing} is missing")
    for extra in sorted(set(ours_by_key) - expected_keys):
        problems.append(f"move {extra} is legal for us but not officially")
    for entry in expected_moves:
        found = ours_by_key.get((entry["x"], entry["y"], entry["dir"]))
        if found is None:
            continue
        move = found
        where = f"move {entry['x']},{entry['y']} {entry['dir']}"
        distance = state.move_distance(move.x, move.y, move.direction)
        target = state.move_target(move)
        eats = state.field(*target).value == state.current_color.opponent.value
        if (distance, list(target), eats) != (entry["dist"], entry["to"], entry["eats"]):
            problems.append(
                f"{where}: dist/to/eats {(distance, list(target), eats)} != "
                f"{(entry['dist'], entry['to'], entry['eats'])}"
            )
        after_expected = entry["after"]
        if after_expected is None:
            continue
        after = state.clone()
        after.apply_unchecked(move)
        observed = {
            "turn": after.turn,
            "swarm": _colors(after, after.swarm_size),
            "fish": _colors(after, after.fish_count),
        }
        for key_name, value in observed.items():
            if value != after_expected[key_name]:
                problems.append(f"{where}: after {key_name} {value} != {after_expected[key_name]}")
        _check_outcomes(after, expected_outcome(after_expected), f"after {where}", report)
    for sample in data["illegal_samples"]:
        move = Move(sample["x"], sample["y"], Direction[sample["dir"]])
        error = state.move_error(move)
        if error != sample["error"]:
            problems.append(f"illegal sample {move}: {error!r} != {sample['error']!r}")


PositionCheck = Callable[[dict[str, Any], LineReport], None]
"""Checks one position line, adding its problems to the report."""


def check_file_with(path: Path, check: PositionCheck) -> list[LineReport]:
    """Check every non-empty line of ``path`` with ``check`` (the Python engine's here, the
    native core's in ``piranhas_positions_native``); malformed lines become reports with
    problems."""

    def check_line(data: dict[str, Any], report: LineReport) -> None:
        report.label = f"line {report.line_number} ({data.get('game')}, turn {data.get('turn')})"
        check(data, report)

    return check_lines(path, check_line, "position", (ValueError, KeyError, TypeError, IndexError))


def check_file(path: Path) -> list[LineReport]:
    """Check every non-empty line of ``path`` on the Python engine."""
    return check_file_with(path, check_position)


def summary(reports: list[LineReport]) -> str:
    mismatches = sum(1 for r in reports if r.problems)
    deviations = sum(1 for r in reports if r.deviations and not r.problems)
    return (
        f"positions: {len(reports)} checked, {mismatches} mismatches, "
        f"{deviations} expected deviations"
    )


MODE = Mode(
    "positions",
    "Check botarena's Piranhas 2019 rules against official positions.",
    "a piranhas2019-position/1 JSON-lines file",
    "list every deviation",
    check_file,
    summary,
    MAX_REPORTED_MISMATCHES,
)


def main(argv: list[str]) -> int:
    return run(MODE, argv)
