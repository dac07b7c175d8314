"""What the Blokus 2021 and 2027 conformance modes compare the same way: the engine's
turn, scores and final state against a fixture record, as lists of differences."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from botarena.conformance.jsonl_fixtures import Json
from botarena.core import InvalidMove, Team
from botarena.games.blokus.colors import COLOURS, Color
from botarena.games.blokus.moves import Move
from botarena.games.blokus.shapes import Shape
from botarena.games.blokus.state_base import BlokusStateBase

StateT = TypeVar("StateT", bound=BlokusStateBase)


def position_state(
    state_type: type[StateT],
    data: Json,
    last_move: Move | None,
    last_move_mono: Mapping[Color, bool],
) -> StateT:
    """The engine state of a position record: ``board`` rows of ``B``/``Y``/``R``/``G``/``.``,
    ``start_piece``, ``shapes`` per colour, ``turn``, ``valid_colors``; the last move and
    ``lastMoveMono`` as the season's record spells them, already read."""
    letters = {color.name[0]: color for color in COLOURS}
    board = {
        (x, y): letters[char]
        for y, row in enumerate(data["board"])
        for x, char in enumerate(row)
        if char != "."
    }
    return state_type.from_parts(
        Shape[data["start_piece"]],
        board,
        {Color[name]: [Shape[s] for s in shapes] for name, shapes in data["shapes"].items()},
        turn=data["turn"],
        valid_colors=[Color[name] for name in data["valid_colors"]],
        last_move=last_move,
        last_move_mono=last_move_mono,
    )


def diff(label: str, ours: object, official: object) -> list[str]:
    """``[]`` when equal, else one line naming both values."""
    return [] if ours == official else [f"{label}: ours {ours!r}, official {official!r}"]


def points_of(state: BlokusStateBase) -> dict[str, int]:
    return {color.name: state.points(color) for color in COLOURS}


def team_points_of(state: BlokusStateBase) -> dict[str, int]:
    return {team.name: state.team_points(team) for team in Team}


def mono_of(state: BlokusStateBase) -> dict[str, bool]:
    return {color.name: value for color, value in state.last_move_mono.items()}


def turn_problems(state: BlokusStateBase, data: Json) -> list[str]:
    """``round``, ``current`` (colour) and ``current_team``."""
    problems = diff("round", state.round, data["round"])
    problems += diff("current", state.current_color.name, data["current"])
    return problems + diff("current_team", state.current_team.name, data["current_team"])


def score_problems(state: BlokusStateBase, status: Json) -> list[str]:
    """``game_over``, the colours' ``points`` and the ``team_points``."""
    problems = diff("game_over", state.is_terminal(), status["game_over"])
    problems += diff("points", points_of(state), status["points"])
    return problems + diff("team_points", team_points_of(state), status["team_points"])


def replay_problems(
    state: StateT,
    data: Json,
    mono_key: str,
    result_of: Callable[[StateT], Json | None],
) -> list[str]:
    """A replayed game's final turn, round, valid colours, points, ``lastMoveMono`` (under
    ``mono_key``) and, once the game is over, its result."""
    problems = diff("final_turn", state.turn, data["final_turn"])
    problems += diff("final_round", state.round, data["final_round"])
    valid = [color.name for color in state.valid_colors]
    problems += diff("final_valid_colors", valid, data["final_valid_colors"])
    problems += diff("points", points_of(state), data["points"])
    problems += diff("team_points", team_points_of(state), data["team_points"])
    problems += diff(mono_key, mono_of(state), data[mono_key])
    if not state.is_terminal():
        return [*problems, "the replayed game is not over"]
    return problems + diff("result", result_of(state), data["result"])


def game_problems(
    state_type: type[StateT],
    data: Json,
    parse: Callable[[Any], Move],
    mono_key: str,
    result_of: Callable[[StateT], Json | None],
) -> list[str]:
    """Replay a game record's official ``moves`` (read with ``parse``) from the empty board
    with its ``start_piece``: the first move the engine rejects, or else the differences of
    the final state (:func:`replay_problems`)."""
    state = state_type(Shape[data["start_piece"]])
    for ply, move_data in enumerate(data["moves"]):
        try:
            state.apply(parse(move_data))
        except InvalidMove as error:
            return [f"ply {ply}: rejected the official move {move_data}: {error.reason}"]
    return replay_problems(state, data, mono_key, result_of)
