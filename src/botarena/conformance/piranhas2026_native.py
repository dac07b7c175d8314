"""``python -m botarena.conformance --engine native piranhas2026 FILE [-v]``: the Piranhas
2026 fixtures (socha 4.3.9) checked on the native core (``botarena._native``).

Positions: fish counts, swarm weights, connectivity, the legal-move set, game over, winner,
reason (with its official text) and scores from the core's end check, the move played
(turn, board, ``firstUnion`` after it) and that every rejected move is not among the core's
moves. Games: the whole game replayed on the core, every official move legal while the game
runs, over exactly after the last move, final turn, board, ``firstUnion`` and result. The
state XML and the official mistakes stay with the Python rules (the server's authority).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from botarena.conformance import piranhas2026
from botarena.conformance.jsonl_check import run
from botarena.conformance.piranhas2026 import (
    _fmt,
    _move,
    _rejected_entries,
    _state,
    board_diff,
    check_file_with,
    compare_result,
)
from botarena.core import Outcome, Team, match_points
from botarena.games.piranhas_2026.model import DIRECTION_INDEX
from botarena.games.piranhas_2026.rules import Piranhas2026State
from botarena.native.piranhas import move_code, moves_2026, position_2026, win_condition_2026


def _python_state(position: Any) -> Piranhas2026State:
    """The Python state of a core position (to print its board like the fixtures)."""
    union = position.first_union
    return Piranhas2026State(
        position.one,
        position.two,
        position.squids,
        position.w1,
        position.w2,
        turn=position.turn,
        first_union=None if union is None else Team(union),
    )


def _union_name(position: Any) -> str | None:
    union = position.first_union
    return None if union is None else Team(union).name


def _result_fields(position: Any) -> dict[str, Any] | None:
    condition = win_condition_2026(position.end())
    if condition is None:
        return None
    text = _python_state(position).reason_text(condition)
    outcome = Outcome(None if condition.winner is None else int(condition.winner), reason=text)
    return {
        "winner": None if condition.winner is None else condition.winner.name,
        "reason": condition.reason.name,
        "reason_text_team": text,
        "scores": {
            team.name: [match_points(outcome, int(team)), position.swarm(int(team))]
            for team in Team
        },
    }


def check_position(data: dict[str, Any]) -> list[str]:
    """Compare one ``piranhas2026-position/1`` object with the native core."""
    state = _state(data["board"], data["turn"], data["last_move"], data["first_union"])
    position = position_2026(state)
    problems: list[str] = []
    for key, measure in (
        ("fish", position.fish),
        ("swarm", position.swarm),
        ("connected", position.connected),
    ):
        ours = {team.name: measure(int(team)) for team in Team}
        if key in data and ours != data[key]:
            problems.append(f"native {key} {ours}, official {data[key]}")
    ours_moves = {(m.x, m.y, DIRECTION_INDEX[m.direction]) for m in moves_2026(position)}
    official = {(m.x, m.y, DIRECTION_INDEX[m.direction]) for m in map(_move, data["moves"])}
    if ours_moves != official:
        problems.append(
            f"native: {len(ours_moves)} legal moves, official {len(official)}; "
            f"missing {sorted(official - ours_moves)[:8]} extra {sorted(ours_moves - official)[:8]}"
        )
    problems += compare_result(
        _result_fields(position), data["game_over"], data.get("result"), "native position"
    )
    legal = set(position.moves())
    for entry in _rejected_entries(data):
        move = _move(entry["move"])
        if 0 <= move.x < 10 and 0 <= move.y < 10 and move_code(move) in legal:
            problems.append(f"native: rejected move {_fmt(move)} is legal")
    if data.get("move") is not None and data.get("after") is not None:
        move = _move(data["move"])
        if move_code(move) not in legal:
            problems.append(f"native: move played {_fmt(move)} is not legal")
            return problems
        after = position.copy()
        after.apply(move_code(move))
        expected = data["after"]
        if after.turn != expected["turn"]:
            problems.append(f"native after {_fmt(move)}: turn {after.turn}, {expected['turn']}")
        rows = _python_state(after).rows()
        if rows != expected["board"]:
            problems.append(f"native after {_fmt(move)}: board differs:")
            problems += board_diff(rows, expected["board"])
        if _union_name(after) != expected.get("first_union"):
            problems.append(
                f"native after {_fmt(move)}: firstUnion {_union_name(after)}, "
                f"official {expected.get('first_union')}"
            )
    return problems


def check_game(data: dict[str, Any]) -> list[str]:
    """Replay one ``piranhas2026-game/1`` object on the native core."""
    position = position_2026(Piranhas2026State.from_rows(data["initial_board"]))
    problems: list[str] = []
    for ply, move in enumerate(_move(m) for m in data["moves"]):
        if position.end() is not None:
            return [f"native ply {ply}: game over before official move {_fmt(move)}"]
        code = move_code(move)
        if code not in position.moves():
            return [f"native ply {ply}: official move {_fmt(move)} is not legal"]
        position.apply(code)
    if position.turn != data["final_turn"]:
        problems.append(f"native final turn {position.turn}, official {data['final_turn']}")
    rows = _python_state(position).rows()
    if rows != data["final_board"]:
        problems.append("native final board differs:")
        problems += board_diff(rows, data["final_board"])
    if _union_name(position) != data["first_union"]:
        problems.append(f"native firstUnion {_union_name(position)}, {data['first_union']}")
    problems += compare_result(_result_fields(position), True, data["result"], "native end")
    return problems


MODE = replace(
    piranhas2026.MODE,
    description="Check the native core's Piranhas 2026 rules against socha 4.3.9 data.",
    check_file=partial(check_file_with, check_position=check_position, check_game=check_game),
)
main = partial(run, MODE)
