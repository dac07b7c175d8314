"""``python -m botarena.conformance blokus FILE.jsonl[.gz] [...]``: check the Blokus engine.

Reads the official fixture files of ``tests/fixtures/blokus-2021/`` (schemas
``blokus2021-position/1`` and ``blokus2021-game/1``; their origin: ``tests/fixtures/README.md``)
and compares our engine with the official 21.4.0 engine:

* positions: derived values (round, colour and team to move, first move), status (game over,
  colour and team points, winner), the legal move set (canonical rotation/flip, position and
  cells), the anchor fields, the probe moves (verdict, mistake, reason text, move text,
  covered cells, state after a valid move) and the result of final positions;
* games: a replay of every move from the empty board must reproduce the final state and the
  result.

Which mistake is reported when several cells of a piece fail *different* per-cell checks
depends on Java ``HashSet`` order officially; the fixture lists every candidate
(``cell_mistakes``). Our engine reports the first failing cell in row-major order (y, then
x), and any listed mistake is accepted.

Prints ``blokus: N positions, M mismatches`` (games count as positions) and returns 1 when
M > 0, 2 on unusable input.
"""

from __future__ import annotations

from typing import Any

from botarena.conformance import jsonl_fixtures
from botarena.conformance.blokus_common import (
    diff as _diff,
)
from botarena.conformance.blokus_common import (
    game_problems,
    points_of,
    position_state,
    score_problems,
    turn_problems,
)
from botarena.conformance.jsonl_fixtures import Check, Json, Label
from botarena.core import Outcome, Team, match_points
from botarena.games.blokus import (
    BlokusState,
    Color,
    InvalidBlokusMove,
    Move,
    MoveMistake,
    Rotation,
    SetMove,
    Shape,
    SkipMove,
    violation_reason,
)

POSITION_SCHEMA = "blokus2021-position/1"
GAME_SCHEMA = "blokus2021-game/1"
MAX_REPORTED = jsonl_fixtures.MAX_REPORTED
"""How many mismatch details are printed (to stderr) before only counting."""


def parse_move(data: Json) -> Move:
    """A move in the fixture's ``last_move`` format."""
    color = None if data.get("color") is None else Color[data["color"]]
    if data["type"] == "skip":
        return SkipMove(color)
    return SetMove(
        color,
        Shape[data["kind"]],
        Rotation[data["rotation"]],
        bool(data["isFlipped"]),
        int(data["x"]),
        int(data["y"]),
    )


def state_from_position(data: Json) -> BlokusState:
    """The engine state described by one ``blokus2021-position/1`` object."""
    last_move = None if data["last_move"] is None else parse_move(data["last_move"])
    mono = {Color[name]: value for name, value in data["last_move_mono"].items()}
    return position_state(BlokusState, data, last_move, mono)


def win_condition(state: BlokusState) -> Json | None:
    """The official ``Game.checkWinCondition()`` in the fixture's form."""
    outcome = state.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return {"winner": None, "reason": "EQUAL_SCORE"}
    return {"winner": Team(outcome.winner).name, "reason": "DIFFERING_SCORES"}


def regular_result(state: BlokusState) -> Json:
    """The official score map of a regularly finished game (spec §5.4, §5.5)."""
    outcome = state.outcome()
    assert outcome is not None
    scores = [
        {
            "team": team.name,
            "cause": "REGULAR",
            "reason": "",
            "parts": [match_points(outcome, int(team)), state.team_points(team)],
        }
        for team in Team
    ]
    winners = [team.name for team in Team] if outcome.is_draw else [Team(_winner(outcome)).name]
    return {"scores": scores, "winners": winners}


def _winner(outcome: Outcome) -> int:
    assert outcome.winner is not None
    return outcome.winner


def move_row(move: SetMove) -> tuple[Any, ...]:
    """A legal move in the fixture's ``moves`` format (cells as ``y * 20 + x``)."""
    cells = tuple(sorted(y * 20 + x for x, y in move.cells()))
    return (move.kind.name, move.rotation.name, move.flipped, move.x, move.y, cells)


def after_state(state: BlokusState) -> Json:
    return {
        "turn": state.turn,
        "round": state.round,
        "current": state.current_color.name,
        "valid_colors": [color.name for color in state.valid_colors],
        "game_over": state.is_terminal(),
        "points": points_of(state),
        "last_move_mono": {color.name: value for color, value in state.last_move_mono.items()},
    }


def check_candidate(state: BlokusState, candidate: Json) -> list[str]:
    """Differences between our verdict on one probe move and the official one."""
    move = parse_move(candidate["move"])
    problems = _diff("move text", move.text(), candidate["move_text"])
    if isinstance(move, SetMove):
        problems += _diff("cells", [list(cell) for cell in move.cells()], candidate["cells"])
    trial = state.clone()
    try:
        trial.apply(move)
    except InvalidBlokusMove as error:
        if candidate["valid"]:
            return [*problems, f"rejected a valid move: {error.reason}"]
        accepted = candidate.get("cell_mistakes", [candidate["mistake"]])
        if error.mistake.name not in accepted:
            return [*problems, f"mistake {error.mistake.name}, official one of {accepted}"]
        expected = violation_reason(error.mistake, move)
        if error.mistake.name == candidate["mistake"]:
            expected = candidate["reason"]
        problems += _diff("reason", error.reason, expected)
        official_message = MoveMistake[error.mistake.name].message
        if not expected.startswith(official_message):
            problems.append(f"reason {expected!r} does not start with {official_message!r}")
        return problems
    if not candidate["valid"]:
        return [*problems, f"accepted an invalid move ({candidate['mistake']})"]
    return problems + _diff("after", after_state(trial), candidate["after"])


def check_position(data: Json) -> list[str]:
    """Differences between our engine and one official position."""
    state = state_from_position(data)
    problems = turn_problems(state, data)
    problems += _diff(
        "is_first_move", state.is_first_move(state.current_color), data["is_first_move"]
    )
    status = data["status"]
    problems += score_problems(state, status)
    problems += _diff("win_condition", win_condition(state), status["win_condition"])

    moves = state.set_moves() if state.valid_colors else []
    problems += _diff("n_moves", len(moves), data["n_moves"])
    ours = {move_row(move) for move in moves}
    official = {(k, r, f, x, y, tuple(cells)) for k, r, f, x, y, cells in data["moves"]}
    if ours != official:
        problems.append(
            f"legal moves: {len(ours - official)} extra (e.g. {sorted(ours - official)[:2]}), "
            f"{len(official - ours)} missing (e.g. {sorted(official - ours)[:2]})"
        )
    if data["anchors"] is not None:
        anchors = [list(field) for field in state.anchors(state.current_color)]
        problems += _diff("anchors", anchors, data["anchors"])
    for index, candidate in enumerate(data["candidates"]):
        problems += [f"candidate {index}: {p}" for p in check_candidate(state, candidate)]
    if "result" in data:
        if state.is_terminal():
            problems += _diff("result", regular_result(state), data["result"])
        else:
            problems.append("official result present, but our game is not over")
    return problems


def check_game(data: Json) -> list[str]:
    """Differences after replaying one ``blokus2021-game/1`` game from the empty board."""
    problems = _diff("plies", len(data["moves"]), data["plies"])
    return problems + game_problems(
        BlokusState, data, parse_move, "final_last_move_mono", regular_result
    )


CHECKS: dict[str, tuple[Check, Label]] = {
    POSITION_SCHEMA: (check_position, lambda record: f"{record['game']} ply {record['ply']}"),
    GAME_SCHEMA: (check_game, lambda record: f"{record['game']} (full game)"),
}


USAGE = "FILE.jsonl[.gz] [...]"
ERRORS = (OSError, ValueError, KeyError, TypeError)
"""What makes a fixture file unreadable (exit code 2)."""


def main(argv: list[str]) -> int:
    return jsonl_fixtures.run(
        "blokus", argv, CHECKS, usage=USAGE, counted="positions", errors=ERRORS
    )
