"""The Blokus conformance modes against the **native** core (``--engine native``).

The same fixture files as :mod:`botarena.conformance.blokus` (2021) and
:mod:`botarena.conformance.blokus2027`; each position is read into the Python state (the
fixture reader is shared), copied into the core with :func:`botarena.native.blokus.to_native`,
and the core's answers are compared with the official data:

* positions: round, colour and team to move, game over, colour and team points, the winner,
  the legal SetMove set (as covered cells) and whether a SkipMove is legal (2027);
* moves: the 2021 probe moves (valid ones are applied, invalid ones must be refused) and the
  2027 move played, with the state after it (turn, round, colour to move, valid colours,
  points, ``lastMoveMono``, game over, and the board in 2027);
* games: every move replayed in the core from the empty board reproduces the final turn,
  round, valid colours, points, ``lastMoveMono`` and winner.

Texts of mistakes and moves are the Python rules' business (the server's), not the core's.
``python -m botarena.conformance --engine native blokus|blokus2027 FILE...`` runs
:func:`main_2021` / :func:`main_2027` (``NATIVE_MODES`` of ``botarena.conformance.__main__``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from botarena.conformance import blokus as blokus2021
from botarena.conformance import blokus2027, jsonl_fixtures
from botarena.conformance.blokus_common import diff
from botarena.conformance.jsonl_fixtures import Check, Json, Label
from botarena.core import Team
from botarena.games.blokus.board import BOARD_SIZE
from botarena.games.blokus.colors import COLOURS
from botarena.games.blokus.moves import Move, SetMove
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus_2027.moves import parse_notation
from botarena.native import blokus as native_blokus

Native = Any
"""A ``botarena._native.BlokusState``."""
Cells = frozenset[tuple[int, int]]
NATIVE_ERRORS = (native_blokus.NativeUnavailable,)
"""Without the core every file is unusable (exit code 2, with the reason)."""


# ------------------------------------------------------------------ the core's view


def points(position: Native) -> dict[str, int]:
    return {color.name: position.points(color) for color in COLOURS}


def team_points(position: Native) -> dict[str, int]:
    one, two = position.team_points()
    return {Team.ONE.name: one, Team.TWO.name: two}


def valid_colors(position: Native) -> list[str]:
    return [color.name for color in COLOURS if position.valid >> color & 1]


def mono(position: Native) -> dict[str, bool]:
    """``lastMoveMono``: an entry for each colour that placed all its shapes."""
    return {
        color.name: bool(position.mono >> color & 1)
        for color in COLOURS
        if position.undeployed(color) == 0
    }


def winner(position: Native) -> str | None:
    """The winning team's name; ``None`` for a draw or a running game."""
    if not position.is_terminal():
        return None
    one, two = position.team_points()
    return None if one == two else (Team.ONE if one > two else Team.TWO).name


def board_rows(position: Native) -> list[str]:
    grid = [["."] * BOARD_SIZE for _ in range(BOARD_SIZE)]
    for color in COLOURS:
        for y, row in enumerate(position.rows(color)):
            for x in range(BOARD_SIZE):
                if row >> x & 1:
                    grid[y][x] = color.name[0]
    return ["".join(row) for row in grid]


def turn_state(position: Native) -> Json:
    """Turn, round, colour and team to move."""
    color = COLOURS[position.current_colour]
    return {
        "turn": position.turn,
        "round": 1 + position.turn // 4,
        "current": color.name,
        "current_team": color.team.name,
    }


def set_move_cells(position: Native) -> tuple[dict[Cells, SetMove], bool]:
    """The core's legal SetMoves by covered cells, and whether a skip is legal."""
    color = COLOURS[position.current_colour]
    moves = native_blokus.moves_of_keys(color, position.placement_keys())
    placements = {frozenset(m.cells()): m for m in moves if isinstance(m, SetMove)}
    return placements, native_blokus.SKIP_KEY in position.legal_keys()


def cells_of(move: Move) -> Cells:
    """The fields a move covers (none for a skip)."""
    return frozenset(move.cells()) if isinstance(move, SetMove) else frozenset()


def try_apply(position: Native, move: Move) -> bool:
    """Apply ``move`` in the core if it is legal there (colour included); else ``False``."""
    if move.color is not COLOURS[position.current_colour] or position.is_terminal():
        return False
    on_board = (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE for x, y in cells_of(move))
    if not all(on_board):
        return False
    try:
        position.apply_key(native_blokus.key_of(move))
    except ValueError:
        return False
    return True


def status_problems(position: Native, data: Json, status: Json) -> list[str]:
    """Turn, colour to move, game over and points against a record."""
    ours = turn_state(position)
    problems: list[str] = []
    for key in ("round", "current", "current_team"):
        problems += diff(key, ours[key], data[key])
    problems += diff("game_over", position.is_terminal(), status["game_over"])
    problems += diff("points", points(position), status["points"])
    return problems + diff("team_points", team_points(position), status["team_points"])


def legal_set_problems(position: Native, official: set[Cells]) -> list[str]:
    ours, _ = set_move_cells(position)
    extra, missing = set(ours) - official, official - set(ours)
    if not extra and not missing:
        return []
    return [f"legal moves: {len(extra)} extra, {len(missing)} missing"]


def after_problems(position: Native, after: Json, *, board: bool) -> list[str]:
    ours = turn_state(position)
    problems: list[str] = []
    for key in ("turn", "round", "current"):
        problems += diff(f"after.{key}", ours[key], after[key])
    problems += diff("after.valid_colors", valid_colors(position), after["valid_colors"])
    problems += diff("after.game_over", position.is_terminal(), after["game_over"])
    problems += diff("after.points", points(position), after["points"])
    problems += diff("after.last_move_mono", mono(position), after["last_move_mono"])
    if board:
        problems += diff("after.board", board_rows(position), after["board"])
    return problems


# ------------------------------------------------------------------ 2021


def _cells_2021(row: list[Any]) -> Cells:
    return frozenset((cell % 20, cell // 20) for cell in row[5])


def check_position_2021(data: Json) -> list[str]:
    state = blokus2021.state_from_position(data)
    position = native_blokus.to_native(state)
    problems = status_problems(position, data, data["status"])
    condition = data["status"]["win_condition"]
    problems += diff("winner", winner(position), condition and condition["winner"])
    if position.valid:
        problems += legal_set_problems(position, {_cells_2021(row) for row in data["moves"]})
    for index, candidate in enumerate(data["candidates"]):
        trial = position.clone()
        applied = try_apply(trial, blokus2021.parse_move(candidate["move"]))
        if applied != candidate["valid"]:
            verdict = "accepted" if applied else "refused"
            problems.append(f"candidate {index}: {verdict}, official valid={candidate['valid']}")
        elif applied:
            after = after_problems(trial, candidate["after"], board=False)
            problems += [f"candidate {index}: {p}" for p in after]
    return problems


def check_game_2021(data: Json) -> list[str]:
    return replay(data, blokus2021.parse_move, "final_last_move_mono", 2021)


# ------------------------------------------------------------------ 2027


def check_position_2027(data: Json) -> list[str]:
    state = blokus2027.state_from_position(data)
    position = native_blokus.to_native(state)
    problems = status_problems(position, data, data)
    if "moves" in data:
        official = {cells_of(parse_notation(text)) for text in data["moves"]}
        problems += legal_set_problems(position, official)
        _, skip = set_move_cells(position)
        problems += diff("skip_legal", skip, data["skip_legal"])
    if "move" in data:
        if not try_apply(position, parse_notation(data["move"])):
            return [*problems, f"refused the official move {data['move']}"]
        problems += after_problems(position, data["after"], board=True)
    if "result" in data:
        problems += diff("winner", winner(position), data["result"]["winner"])
    return problems


def check_game_2027(data: Json) -> list[str]:
    return replay(data, parse_notation, "last_move_mono", 2027)


# ------------------------------------------------------------------ games, modes


def empty_board(season: int, start_piece: Shape) -> Native:
    return native_blokus.core().BlokusState(
        season,
        int(start_piece),
        [bytes(native_blokus.BOARD_BYTES)] * 4,
        [(1 << 21) - 1] * 4,
        0,
        0b1111,
        0,
    )


def replay(data: Json, parse: Callable[[Any], Move], mono_key: str, season: int) -> list[str]:
    """Replay a game record's moves in the core; compare the final state and the winner."""
    position = empty_board(season, Shape[data["start_piece"]])
    for ply, move_data in enumerate(data["moves"]):
        if not try_apply(position, parse(move_data)):
            return [f"ply {ply}: refused the official move {move_data}"]
    problems = diff("final_turn", position.turn, data["final_turn"])
    problems += diff("final_round", 1 + position.turn // 4, data["final_round"])
    problems += diff("final_valid_colors", valid_colors(position), data["final_valid_colors"])
    problems += diff("points", points(position), data["points"])
    problems += diff("last_move_mono", mono(position), data[mono_key])
    return problems + diff("game_over", position.is_terminal(), True)


def _main(mode: str, checks: dict[str, tuple[Check, Label]], argv: list[str]) -> int:
    errors = (*blokus2027.ERRORS, *NATIVE_ERRORS)
    return jsonl_fixtures.run(
        mode, argv, checks, usage="FILE.jsonl[.gz] [...]", counted="checked", errors=errors
    )


CHECKS_2021: dict[str, tuple[Check, Label]] = {
    blokus2021.POSITION_SCHEMA: (
        check_position_2021,
        blokus2021.CHECKS[blokus2021.POSITION_SCHEMA][1],
    ),
    blokus2021.GAME_SCHEMA: (check_game_2021, blokus2021.CHECKS[blokus2021.GAME_SCHEMA][1]),
}
CHECKS_2027: dict[str, tuple[Check, Label]] = {
    blokus2027.POSITION_SCHEMA: (
        check_position_2027,
        blokus2027.CHECKS[blokus2027.POSITION_SCHEMA][1],
    ),
    blokus2027.GAME_SCHEMA: (check_game_2027, blokus2027.CHECKS[blokus2027.GAME_SCHEMA][1]),
}


def main_2021(argv: list[str]) -> int:
    """``blokus`` with ``--engine native``: prints ``blokus: N checked, M mismatches``."""
    return _main("blokus", CHECKS_2021, argv)


def main_2027(argv: list[str]) -> int:
    """``blokus2027`` with ``--engine native``."""
    return _main("blokus2027", CHECKS_2027, argv)
