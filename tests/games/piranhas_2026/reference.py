"""A slow, literal re-reading of the official Kotlin rules (backend 26.x ``sc.plugin2026``),
independent of the bitboard engine: dicts of squares, step-by-step walks, recursive swarms.

Used to cross-check the engine on random and hand-made positions, including what the socha
fixtures cannot show (the server's validation order and texts, BLOCKED, empty teams).
"""

from __future__ import annotations

from dataclasses import dataclass

from botarena.core import Team
from botarena.games.piranhas_2026.model import DIRECTIONS, Direction, FieldState, Mistake, Move

Board = dict[tuple[int, int], FieldState]


def board_from_rows(rows: list[str]) -> Board:
    return {
        (x, y): FieldState.from_char(c) for y, row in enumerate(rows) for x, c in enumerate(row)
    }


def get(board: Board, pos: tuple[int, int]) -> FieldState | None:
    return board.get(pos)


def movement_distance(board: Board, move: Move) -> int:
    count = 1
    dx, dy = move.direction.vector
    for sign in (1, -1):
        x, y = move.x, move.y
        while True:
            x, y = x + sign * dx, y + sign * dy
            field = get(board, (x, y))
            if field is None:
                break
            if field.team is not None:
                count += 1
    return count


def check_move(board: Board, move: Move) -> Mistake | None:
    """``GameRuleLogic.checkMove``."""
    distance = movement_distance(board, move)
    start = get(board, (move.x, move.y))
    team = None if start is None else start.team
    if team is None:
        return Mistake.START_EMPTY
    dx, dy = move.direction.vector
    x, y = move.x, move.y
    moved = 1
    while moved < distance:
        x, y = x + dx, y + dy
        field = get(board, (x, y))
        if field is None:
            return Mistake.DESTINATION_OUT_OF_BOUNDS
        if field.team is team.opponent:
            return Mistake.JUMP_OVER_OPPONENT
        moved += 1
    x, y = x + dx, y + dy
    field = get(board, (x, y))
    if field is None:
        return Mistake.DESTINATION_OUT_OF_BOUNDS
    if field is FieldState.SQUID:
        return Mistake.DESTINATION_BLOCKED
    if field.team is team:
        return Mistake.DESTINATION_BLOCKED_BY_SELF
    return None


def current_team(turn: int) -> Team:
    return Team.ONE if turn % 2 == 0 else Team.TWO


def perform_check(board: Board, turn: int, move: Move) -> Mistake | None:
    """``performMoveDirectly``'s checks (an off-board start counts as WRONG_START here)."""
    start = get(board, (move.x, move.y))
    if start is None or start.team is not current_team(turn):
        return Mistake.WRONG_START
    return check_move(board, move)


def possible_moves(board: Board, turn: int) -> set[Move]:
    team = current_team(turn)
    return {
        Move(x, y, direction)
        for (x, y), field in board.items()
        if field.team is team
        for direction in DIRECTIONS
        if check_move(board, Move(x, y, direction)) is None
    }


def perform(board: Board, move: Move) -> Board:
    distance = movement_distance(board, move)
    dx, dy = move.direction.vector
    result = dict(board)
    result[(move.x + dx * distance, move.y + dy * distance)] = board[(move.x, move.y)]
    result[(move.x, move.y)] = FieldState.EMPTY
    return result


def fields_for_team(board: Board, team: Team) -> dict[tuple[int, int], int]:
    return {pos: field.size for pos, field in board.items() if field.team is team}


def _swarm(loose: set[tuple[int, int]], swarm: set[tuple[int, int]]) -> set[tuple[int, int]]:
    neighbours = {
        (x + i, y + j)
        for x, y in swarm
        for i in (-1, 0, 1)
        for j in (-1, 0, 1)
        if (x + i, y + j) in loose
    }
    if neighbours:
        return _swarm(loose - neighbours, swarm | neighbours)
    return swarm


def greatest_swarm(fields: dict[tuple[int, int], int]) -> dict[tuple[int, int], int] | None:
    left = list(fields)
    best: dict[tuple[int, int], int] | None = None
    best_size = -1
    while left and len(left) * 3 > best_size:
        start = left.pop()
        coords = _swarm(set(left), {start})
        left = [pos for pos in left if pos not in coords]
        swarm = {pos: fields[pos] for pos in coords}
        if best_size < sum(swarm.values()):
            best, best_size = swarm, sum(swarm.values())
    return best


def greatest_swarm_size(board: Board, team: Team) -> int:
    swarm = greatest_swarm(fields_for_team(board, team))
    return -1 if swarm is None else sum(swarm.values())


def is_swarm_connected(board: Board, team: Team) -> bool:
    fields = fields_for_team(board, team)
    swarm = greatest_swarm(fields)
    return swarm is not None and len(swarm) == len(fields)


@dataclass(frozen=True)
class Result:
    winner: Team | None
    reason: str


def is_over(board: Board, turn: int) -> bool:
    return (
        (any(is_swarm_connected(board, t) for t in Team) and turn % 2 == 0)
        or not possible_moves(board, turn)
        or turn // 2 >= 30
    )


def win_condition(board: Board, turn: int, first_union: Team | None) -> Result | None:
    """``isOver`` + ``winCondition`` + the framework's ``currentWinner`` fallback."""
    if not is_over(board, turn):
        return None
    sizes = {t: greatest_swarm_size(board, t) for t in Team}
    unique_best = None if sizes[Team.ONE] == sizes[Team.TWO] else max(sizes, key=sizes.__getitem__)
    if any(is_swarm_connected(board, t) for t in Team):
        if unique_best is not None:
            return Result(unique_best, "BIGGER_SWARM")
        if first_union is not None:
            return Result(first_union, "FIRST_UNION")
        return Result(None, "TIE")
    if not possible_moves(board, turn):
        return Result(current_team(turn).opponent, "BLOCKED")
    if unique_best is not None:
        return Result(unique_best, "BIGGER_SWARM")
    return Result(None, "TIE")


def after_move_first_union(board: Board, first_union: Team | None) -> Team | None:
    if first_union is not None:
        return first_union
    for team in Team:
        if is_swarm_connected(board, team):
            return team
    return None


__all__ = ["Direction"]
