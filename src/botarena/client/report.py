"""The lines an SC bot prints for its author: that it waits for an opponent, and the result.

A bot that says nothing leaves a newcomer guessing whether it connected, which game it
waits for, and who won. The blocking client (:mod:`botarena.client.run`) prints these lines
on stdout (the protocol runs over TCP, so stdout is free), flushed at once, one line each.
"""

from __future__ import annotations

from typing import Final

from botarena.protocol import sc_messages as msg

WAITING_HINT_S: Final = 30.0
"""Seconds without an opponent after which a waiting bot says once more what it waits for."""
SEAT_COLORS: Final = (("red", "one"), ("blue", "two"))
"""Welcome colours by seat, lower case, of every season (``red``/``blue`` in 2018/2019,
``ONE``/``TWO`` from 2021 on): the result's scores are listed in seat order."""


def seat_of(color: str | None) -> int | None:
    """The seat (0 or 1) of a welcome colour, ``None`` for an unknown one."""
    if color is None:
        return None
    for seat, colors in enumerate(SEAT_COLORS):
        if color.lower() in colors:
            return seat
    return None


def waiting_line(name: str, game_type: str, host: str, port: int, room_id: str) -> str:
    return (
        f"{name}: joined a {game_type} room on {host}:{port} (room {room_id}), "
        "waiting for an opponent"
    )


def still_waiting_line(name: str, game_type: str, host: str, port: int, seconds: float) -> str:
    return (
        f"{name}: still no opponent after {seconds:.0f} s: is another bot joining "
        f"{game_type} on {host}:{port}? (an opponent of another season waits in another room)"
    )


def result_line(name: str, color: str | None, result: msg.GameResult) -> str:
    """``NAME: game over: NAME wins (REASON); scores NAME 2/5, opponent (BLUE) 0/4``."""
    seat = seat_of(color)
    labels = [_label(index, name, seat, color) for index in range(len(result.scores))]
    winner = winner_seat(result)
    if winner is None or winner >= len(labels):
        headline = "draw"
    else:
        display = None if result.winner is None else result.winner.get("displayName")
        headline = f"{display if display and winner != seat else labels[winner]} wins"
    reason = _reason(result)
    scores = ", ".join(
        f"{label} {'/'.join(score.parts)}"
        for label, score in zip(labels, result.scores, strict=True)
    )
    return (
        f"{name}: game over: {headline}"
        + (f" ({reason})" if reason else "")
        + (f"; scores {scores}" if scores else "")
    )


def _label(index: int, name: str, seat: int | None, color: str | None) -> str:
    """Seat ``index`` as the result line names it: us, or the opponent with its colour in
    the spelling of our season (``BLUE`` or ``TWO``)."""
    if index == seat:
        return name
    if seat is None or color is None or index >= len(SEAT_COLORS):
        return f"seat {index}"
    team_names = color.lower() in ("one", "two")
    return f"opponent ({SEAT_COLORS[index][1 if team_names else 0].upper()})"


def winner_seat(result: msg.GameResult) -> int | None:
    """The winner's seat: from the winner element's colour or team, else from the scores'
    first part (the win points, 2 for the winner, in every season)."""
    if result.winner is not None:
        seat = seat_of(result.winner.get("color") or result.winner.get("team"))
        if seat is not None:
            return seat
    points = [score.parts[0] if score.parts else "" for score in result.scores]
    if points.count("2") == 1:
        return points.index("2")
    return None


def _reason(result: msg.GameResult) -> str:
    """Why the game ended: the winner's reason (2021+), else the first score's reason, with
    the cause when a player did not end regularly."""
    irregular = [score.cause for score in result.scores if score.cause != "REGULAR"]
    reason = official_reason(result)
    if irregular:
        return f"{irregular[0]}: {reason}" if reason else irregular[0]
    return reason


def official_reason(result: msg.GameResult) -> str:
    """The official reason text: the winner's (2021+), else the first score's, on one line
    (official reasons may hold line breaks)."""
    reason = (result.winner.get("reason") if result.winner is not None else None) or next(
        (score.reason for score in result.scores if score.reason), ""
    )
    return " ".join(reason.split())
