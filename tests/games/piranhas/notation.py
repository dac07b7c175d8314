"""Build test positions from the spec's notation: ``"A1-A8 J1-J8"`` lists of squares."""

from __future__ import annotations

from botarena.games.piranhas import Direction, Move, PiranhasState


def sq(name: str) -> tuple[int, int]:
    """``"C4"`` -> ``(2, 4)`` (column letter A-J = x, row digit = y)."""
    return ord(name[0]) - ord("A"), int(name[1:])


def squares(text: str) -> list[tuple[int, int]]:
    """Squares from ``"A1-A8 J1-J8 E5"``; a range runs along one column or one row."""
    result: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        if "-" in token:
            (x1, y1), (x2, y2) = (sq(part) for part in token.split("-"))
            if x1 == x2:
                result += [(x1, y) for y in range(y1, y2 + 1)]
            elif y1 == y2:
                result += [(x, y1) for x in range(x1, x2 + 1)]
            else:
                raise ValueError(f"range {token} is neither a column nor a row")
        else:
            result.append(sq(token))
    return result


def position(red: str, blue: str, obstacles: str = "", turn: int = 0) -> PiranhasState:
    return PiranhasState.from_squares(squares(red), squares(blue), squares(obstacles), turn=turn)


START_RED = "A1-A8 J1-J8"
START_BLUE = "B0-I0 B9-I9"


def start(obstacles: str = "", turn: int = 0) -> PiranhasState:
    return position(START_RED, START_BLUE, obstacles, turn)


def move(origin: str, direction: str) -> Move:
    x, y = sq(origin)
    return Move(x, y, Direction[direction])
