"""``python -m botarena.conformance blokus2027 FILE.jsonl[.gz] [...]``: check Blokus 2027.

Reads the fixture files of ``tests/fixtures/blokus-2027/`` (schemas
``blokus2027-position/1`` and ``blokus2027-game/1``, made with socha 5.1.0's Rust core; their
origin: ``tests/fixtures/README.md``) and compares our engine on every record:

* positions: round, colour and team to move, game over, colour and team points; on
  non-final lines the full legal SetMove set (as covered cells: equivalent orientations are
  the same move), whether a SkipMove is legal, the cells of the move played and the state
  after it (turn, round, colour to move, valid colours, last move, ``lastMoveMono``, game
  over, points, board); on final lines the winner, reason and scores;
* games: replaying every move from the empty board must reproduce the final turn, round,
  valid colours, points, ``lastMoveMono`` and result.

Prints ``blokus2027: N checked, M mismatches`` and the first differences (stderr); returns 1
when M > 0, 2 on unusable input.
"""

from __future__ import annotations

from botarena.conformance import jsonl_fixtures
from botarena.conformance.blokus_common import diff as _diff
from botarena.conformance.blokus_common import (
    game_problems,
    mono_of,
    points_of,
    position_state,
    score_problems,
    turn_problems,
)
from botarena.conformance.jsonl_fixtures import Check, Json, Label
from botarena.core import Team, match_points
from botarena.games.blokus.colors import Color
from botarena.games.blokus.moves import Move, SetMove
from botarena.games.blokus_2027.moves import InvalidBlokusMove, NotationError, parse_notation
from botarena.games.blokus_2027.render import board_rows
from botarena.games.blokus_2027.rules import BlokusState

POSITION_SCHEMA = "blokus2027-position/1"
GAME_SCHEMA = "blokus2027-game/1"
MAX_REPORTED = jsonl_fixtures.MAX_REPORTED
"""How many differences are printed before only counting."""
MAX_EXAMPLES = 3
"""How many extra/missing moves one legal-set difference shows."""

Cells = frozenset[tuple[int, int]]


def _mono(data: Json) -> dict[Color, bool]:
    return {Color[name]: bool(value) for name, value in data.items()}


def _notation_or_none(text: str | None) -> Move | None:
    return None if text is None else parse_notation(text)


def state_from_position(data: Json) -> BlokusState:
    """The engine state described by one ``blokus2027-position/1`` object."""
    last_move = _notation_or_none(data["last_move"])
    return position_state(BlokusState, data, last_move, _mono(data["last_move_mono"]))


def result_of(state: BlokusState) -> Json | None:
    """Winner, reason and ``{team: [Siegpunkte, Punkte]}`` in the fixture's form."""
    condition = state.win_condition()
    outcome = state.outcome()
    if condition is None or outcome is None:
        return None
    winner, reason = condition
    return {
        "winner": None if winner is None else winner.name,
        "reason": reason.name,
        "scores": {
            team.name: [match_points(outcome, int(team)), state.team_points(team)] for team in Team
        },
    }


def _cells(move: SetMove) -> Cells:
    return frozenset(move.cells())


def _cell_text(cells: Cells) -> str:
    return "[" + " ".join(f"{x},{y}" for x, y in sorted(cells, key=lambda c: (c[1], c[0]))) + "]"


def _board_diff(ours: list[str], official: list[str]) -> list[str]:
    rows = [y for y, (a, b) in enumerate(zip(ours, official, strict=True)) if a != b]
    if not rows:
        return []
    y = rows[0]
    return [f"board differs in rows {rows}; row {y}: ours {ours[y]}, official {official[y]}"]


def check_legal_set(state: BlokusState, data: Json) -> list[str]:
    """Our legal SetMoves against the record's ``moves`` (as sets of covered cells)."""
    color = state.current_color
    ours: dict[Cells, SetMove] = {_cells(m): m for m in state.set_moves()}
    official: dict[Cells, str] = {}
    for text in data["moves"]:
        move = parse_notation(text)
        if not isinstance(move, SetMove) or move.color is not color:
            return [f"official move {text} is not a SetMove of {color.name}"]
        official[_cells(move)] = text
    problems = _diff("n_moves", len(ours), data["n_moves"])
    extra = sorted(set(ours) - set(official), key=sorted)
    missing = sorted(set(official) - set(ours), key=sorted)
    if extra or missing:
        problems.append(
            f"legal moves: {len(extra)} extra "
            f"{[_cell_text(c) for c in extra[:MAX_EXAMPLES]]}, {len(missing)} missing "
            f"{[official[c] for c in missing[:MAX_EXAMPLES]]}"
        )
    skip_legal = any(not isinstance(m, SetMove) for m in state.legal_moves())
    return problems + _diff("skip_legal", skip_legal, data["skip_legal"])


def check_move(state: BlokusState, data: Json) -> list[str]:
    """Apply the record's move; compare its cells and the state after it."""
    move = parse_notation(data["move"])
    problems: list[str] = []
    if isinstance(move, SetMove):
        cells = frozenset((x, y) for x, y in data["move_cells"])
        problems += _diff("move_cells", _cell_text(_cells(move)), _cell_text(cells))
    try:
        state.apply(move)
    except InvalidBlokusMove as error:
        return [*problems, f"rejected the official move {data['move']}: {error.reason}"]
    after = data["after"]
    problems += _diff("after.turn", state.turn, after["turn"])
    problems += _diff("after.round", state.round, after["round"])
    problems += _diff("after.current", state.current_color.name, after["current"])
    valid = [color.name for color in state.valid_colors]
    problems += _diff("after.valid_colors", valid, after["valid_colors"])
    problems += _diff("after.last_move", state.last_move, _notation_or_none(after["last_move"]))
    problems += _diff("after.last_move_mono", mono_of(state), after["last_move_mono"])
    problems += _diff("after.game_over", state.is_terminal(), after["game_over"])
    problems += _diff("after.points", points_of(state), after["points"])
    return problems + _board_diff(board_rows(state), after["board"])


def check_position(data: Json) -> list[str]:
    """Differences between our engine and one official position."""
    state = state_from_position(data)
    problems = turn_problems(state, data) + score_problems(state, data)
    if "moves" in data:
        problems += check_legal_set(state, data)
    if "move" in data:
        problems += check_move(state.clone(), data)
    if "result" in data:
        problems += _diff("result", result_of(state), data["result"])
    elif state.is_terminal() and "move" not in data:
        problems.append("our game is over, but the record has no result")
    return problems


def check_game(data: Json) -> list[str]:
    """Differences after replaying one ``blokus2027-game/1`` game from the empty board."""
    return game_problems(BlokusState, data, parse_notation, "last_move_mono", result_of)


CHECKS: dict[str, tuple[Check, Label]] = {
    POSITION_SCHEMA: (check_position, lambda r: f"{r.get('game')} ply {r.get('ply')}"),
    GAME_SCHEMA: (check_game, lambda record: f"{record.get('game')} (game)"),
}


USAGE = "FILE.jsonl[.gz] [...]"
ERRORS = (OSError, EOFError, ValueError, KeyError, TypeError, NotationError)
"""What makes a fixture file unreadable (exit code 2; shown with its type)."""


def main(argv: list[str]) -> int:
    return jsonl_fixtures.run(
        "blokus2027", argv, CHECKS, usage=USAGE, counted="checked", errors=ERRORS, show_error=repr
    )
