"""``python -m botarena.conformance piranhas2026 FILE [-v]``: check our Piranhas 2026 rules and
state codec against data from socha 4.3.9's Rust core (``tests/fixtures/piranhas-2026``).

``FILE`` is ``.jsonl`` or ``.jsonl.gz``; each line is checked by its ``schema``:

* ``piranhas2026-position/1``: side to move, round, fish counts, largest swarms (by weight),
  connectivity, the legal-move set, ``isOver``, winner, reason, reason text and scores, the
  result of the move played (turn, board, last move, ``firstUnion``), the state XML (our
  encoding must equal ``state_xml``, and decoding it must give the same state), and, where a
  line lists them (``rejected``, ``illegal_samples``: ``{"move": [x, y, DIR], "mistake": NAME,
  "message": TEXT}``), the official mistake and German text of each rejected move;
* ``piranhas2026-game/1``: the whole game replayed from ``initial_board``: every move legal
  while the game runs, the game over exactly after the last move, final turn, board,
  ``firstUnion``, winner, reason and scores.

Prints the first mismatches with a short diff, then ``piranhas2026: N checked, M mismatches``;
exits 1 on any mismatch, 2 if the file cannot be read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from lxml import etree

from botarena.conformance.jsonl_check import LineReport, Mode, check_lines, run
from botarena.core import Team, match_points
from botarena.games.piranhas_2026.model import DIRECTION_INDEX, Direction, Mistake, Move
from botarena.games.piranhas_2026.rules import Piranhas2026State
from botarena.games.piranhas_2026.xml import state_from_element, state_to_xml

POSITION_SCHEMA = "piranhas2026-position/1"
GAME_SCHEMA = "piranhas2026-game/1"
MAX_REPORTED_MISMATCHES = 10
"""Without ``-v`` only this many mismatching lines are shown (the count is always exact)."""
MAX_PROBLEMS_PER_LINE = 8

_MISTAKES_BY_MESSAGE = {mistake.message: mistake for mistake in Mistake}


def _move(entry: Any) -> Move:
    x, y, direction = entry
    return Move(int(x), int(y), Direction[direction])


def _key(move: Move) -> tuple[int, int, int]:
    return (move.x, move.y, DIRECTION_INDEX[move.direction])


def _fmt(move: Move) -> str:
    return f"[{move.x},{move.y},{move.direction.name}]"


def _team(name: str | None) -> Team | None:
    return None if name is None else Team[name]


def _state(
    rows: list[str], turn: int, last_move: Any, first_union: str | None
) -> Piranhas2026State:
    return Piranhas2026State.from_rows(
        rows,
        turn,
        last_move=None if last_move is None else _move(last_move),
        first_union=_team(first_union),
    )


def board_diff(ours: list[str], official: list[str]) -> list[str]:
    """Row-by-row diff of two boards (rows y = 9 first, as the board is drawn)."""
    lines = []
    for y in range(len(official) - 1, -1, -1):
        mine = ours[y] if y < len(ours) else "?" * len(official[y])
        if mine != official[y]:
            marks = "".join("^" if a != b else " " for a, b in zip(mine, official[y], strict=False))
            lines.append(f"    row {y}: ours {mine}  official {official[y]}  {marks.rstrip()}")
    return lines


def _check_moves(state: Piranhas2026State, expected: list[Any], where: str) -> list[str]:
    ours = {_key(m): m for m in state.generate_moves()}
    official = {_key(m): m for m in map(_move, expected)}
    problems = []
    missing = sorted(set(official) - set(ours))
    extra = sorted(set(ours) - set(official))
    if missing or extra:
        text = f"{where}: {len(ours)} legal moves, official {len(official)}"
        if missing:
            text += "; missing " + " ".join(_fmt(official[k]) for k in missing[:8])
        if extra:
            text += "; extra " + " ".join(_fmt(ours[k]) for k in extra[:8])
        problems.append(text)
    return problems


def _result_fields(state: Piranhas2026State) -> dict[str, Any] | None:
    """Our result in the fixtures' ``result`` format, ``None`` while the game runs."""
    condition = state.win_condition()
    if condition is None:
        return None
    outcome = state.outcome()
    assert outcome is not None
    return {
        "winner": None if condition.winner is None else condition.winner.name,
        "reason": condition.reason.name,
        "reason_text_team": outcome.reason,
        "scores": {
            team.name: [match_points(outcome, int(team)), *state.scores(int(team))] for team in Team
        },
    }


def compare_result(
    ours: dict[str, Any] | None, over: bool, expected: dict[str, Any] | None, where: str
) -> list[str]:
    """The differences between a game's result fields (``None``: not over) and the
    official ``expected`` ones (either engine's)."""
    if (ours is not None) != over:
        return [f"{where}: game over {ours is not None}, official {over}"]
    if expected is None or ours is None:
        return []
    return [
        f"{where}: {key} {ours[key]!r}, official {expected[key]!r}"
        for key in ("winner", "reason", "reason_text_team", "scores")
        if key in expected and ours[key] != expected[key]
    ]


def _rejected_entries(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for key in ("rejected", "illegal_samples"):
        for entry in data.get(key) or ():
            if isinstance(entry, dict):
                yield entry
            else:  # [x, y, DIR, text]
                yield {"move": entry[:3], "message": entry[3] if len(entry) > 3 else None}


def _check_rejected(state: Piranhas2026State, data: dict[str, Any]) -> list[str]:
    problems = []
    for entry in _rejected_entries(data):
        move = _move(entry["move"])
        mistake = state.move_error(move)
        expected_name = entry.get("mistake")
        expected_text = entry.get("message", entry.get("error"))
        if mistake is None:
            problems.append(f"rejected move {_fmt(move)} is legal for us")
            continue
        if expected_name is not None and mistake.name != expected_name:
            problems.append(
                f"rejected move {_fmt(move)}: mistake {mistake.name}, official {expected_name}"
            )
        if expected_text is not None and mistake.message != expected_text:
            problems.append(
                f"rejected move {_fmt(move)}: text {mistake.message!r}, official {expected_text!r}"
            )
    return problems


def check_position(data: dict[str, Any]) -> list[str]:
    """Compare one ``piranhas2026-position/1`` object with our engine."""
    state = _state(data["board"], data["turn"], data["last_move"], data["first_union"])
    problems: list[str] = []
    if state.rows() != data["board"]:
        problems.append("board does not survive loading:")
        problems += board_diff(state.rows(), data["board"])
    if state.current_team.name != data["current"]:
        problems.append(f"team to move {state.current_team.name}, official {data['current']}")
    if state.round != data["round"]:
        problems.append(f"round {state.round}, official {data['round']}")
    for key, measure in (
        ("fish", state.fish_count),
        ("swarm", state.swarm_size),
        ("connected", state.is_connected),
    ):
        ours = {team.name: measure(team) for team in Team}
        if key in data and ours != data[key]:
            problems.append(f"{key} {ours}, official {data[key]}")
    if "n_moves" in data and data["n_moves"] != len(data["moves"]):
        problems.append(f"n_moves {data['n_moves']} != {len(data['moves'])} listed moves")
    problems += _check_moves(state, data["moves"], "position")
    problems += compare_result(
        _result_fields(state), data["game_over"], data.get("result"), "position"
    )
    if "state_xml" in data:
        ours_xml = state_to_xml(state)
        if ours_xml != data["state_xml"]:
            at = next(
                (
                    i
                    for i, (a, b) in enumerate(zip(ours_xml, data["state_xml"], strict=False))
                    if a != b
                ),
                min(len(ours_xml), len(data["state_xml"])),
            )
            problems.append(
                f"state XML differs at char {at}: ours …{ours_xml[max(0, at - 30) : at + 30]}… "
                f"official …{data['state_xml'][max(0, at - 30) : at + 30]}…"
            )
        decoded = state_from_element(etree.fromstring(data["state_xml"].encode("utf-8")))
        if decoded != state:
            problems.append(f"decoding state_xml gives {decoded!r}")
    problems += _check_rejected(state, data)
    if data.get("move") is not None:
        move = _move(data["move"])
        after = state.clone()
        mistake = after.move_error(move)
        if mistake is not None:
            problems.append(f"move played {_fmt(move)} rejected: {mistake.name}")
        elif data.get("after") is not None:
            after.apply(move)
            expected = data["after"]
            if after.turn != expected["turn"]:
                problems.append(
                    f"after {_fmt(move)}: turn {after.turn}, official {expected['turn']}"
                )
            if after.rows() != expected["board"]:
                problems.append(f"after {_fmt(move)}: board differs:")
                problems += board_diff(after.rows(), expected["board"])
            last = after.last_move
            if last is not None and [last.x, last.y, last.direction.name] != expected["last_move"]:
                problems.append(f"after {_fmt(move)}: last move {_fmt(last)}")
            first_union = None if after.first_union is None else after.first_union.name
            if first_union != expected.get("first_union"):
                problems.append(
                    f"after {_fmt(move)}: firstUnion {first_union}, "
                    f"official {expected.get('first_union')}"
                )
    return problems


def check_game(data: dict[str, Any]) -> list[str]:
    """Replay one ``piranhas2026-game/1`` object and compare the end with the record."""
    state = Piranhas2026State.from_rows(data["initial_board"])
    problems: list[str] = []
    moves = [_move(m) for m in data["moves"]]
    for ply, move in enumerate(moves):
        if state.is_over():
            problems.append(f"ply {ply}: our game is over before official move {_fmt(move)}")
            return problems
        mistake = state.move_error(move)
        if mistake is not None:
            problems.append(f"ply {ply}: official move {_fmt(move)} rejected: {mistake.name}")
            return problems
        state.apply(move)
    if state.turn != data["final_turn"]:
        problems.append(f"final turn {state.turn}, official {data['final_turn']}")
    if state.rows() != data["final_board"]:
        problems.append("final board differs:")
        problems += board_diff(state.rows(), data["final_board"])
    first_union = None if state.first_union is None else state.first_union.name
    if first_union != data["first_union"]:
        problems.append(f"firstUnion {first_union}, official {data['first_union']}")
    problems += compare_result(_result_fields(state), True, data["result"], "end")
    return problems


LineCheck = Callable[[dict[str, Any]], list[str]]
"""The problems of one fixture line (a position or a game)."""


def check_file_with(
    path: Path, check_position: LineCheck, check_game: LineCheck
) -> list[LineReport]:
    """Check every non-empty line of ``path`` by its schema with these checks (the Python
    engine's here, the native core's in ``piranhas2026_native``); malformed lines become
    reports with problems."""

    def check_line(data: dict[str, Any], report: LineReport) -> None:
        schema = data.get("schema")
        number = report.line_number
        if schema == POSITION_SCHEMA:
            report.label = f"line {number} ({data.get('game')}, turn {data.get('turn')})"
            report.problems = check_position(data)
        elif schema == GAME_SCHEMA:
            report.label = f"line {number} (game {data.get('game')})"
            report.problems = check_game(data)
        else:
            expected = f"expected {POSITION_SCHEMA!r} or {GAME_SCHEMA!r}"
            report.problems = [f"schema is {schema!r}, {expected}"]

    errors = (ValueError, KeyError, TypeError, IndexError, AttributeError)
    return check_lines(path, check_line, "line", errors)


def check_file(path: Path) -> list[LineReport]:
    """Check every non-empty line of ``path`` on the Python engine."""
    return check_file_with(path, check_position, check_game)


def summary(reports: list[LineReport]) -> str:
    mismatches = sum(1 for r in reports if r.problems)
    return f"piranhas2026: {len(reports)} checked, {mismatches} mismatches"


MODE = Mode(
    "piranhas2026",
    "Check botarena's Piranhas 2026 rules against socha 4.3.9 data.",
    "piranhas2026 positions or games (.jsonl[.gz])",
    "show every mismatch",
    check_file,
    summary,
    MAX_REPORTED_MISMATCHES,
    MAX_PROBLEMS_PER_LINE,
)


def main(argv: list[str]) -> int:
    return run(MODE, argv)
