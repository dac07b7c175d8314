"""A K.O. tournament's bracket drawn as HTML: one column per round, each match a box of its
two entrants with their points, the winner marked. The static ``report.html`` and the web
report of a tournament folder show the same markup (``data-testid="bracket"``); its look is
the page's style sheet (``.bracket`` in report.html's STYLE and the web UI's style.css)."""

from __future__ import annotations

import html
from typing import Any

DECIDED_BY = {"tiebreak": "after tie-break games", "coin": "by a coin toss"}
"""How a match was decided, when not by the points of its first games (or a bye)."""


def round_name(number: int, rounds: int) -> str:
    """``Final``, ``Semi-finals``, ``Quarter-finals``, else ``Round N`` (counting from 1) in
    a bracket of ``rounds`` rounds."""
    from_last = rounds - number
    names = {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}
    return names.get(from_last, f"Round {number}")


def _entrant(name: object, points: object, winner: object) -> str:
    if name is None:
        return '<div class="entrant bye">bye</div>'
    won = ' class="entrant winner" data-winner="true"' if name == winner else ' class="entrant"'
    score = "" if points is None else html.escape(str(points))
    return (
        f'<div{won}><span class="name">{html.escape(str(name))}</span>'
        f'<span class="points">{score}</span></div>'
    )


def _match(match: dict[str, Any]) -> str:
    winner = match.get("winner")
    points = match.get("points") or [None, None]
    bye = match.get("decided_by") == "bye"
    how = DECIDED_BY.get(str(match.get("decided_by")), "")
    note = f'<div class="decided">{html.escape(how)}</div>' if how else ""
    pending = "" if winner is not None else '<div class="decided">not decided yet</div>'
    return (
        '<div class="match">'
        + _entrant(match.get("a"), None if bye else points[0], winner)
        + _entrant(match.get("b"), None if bye else points[1], winner)
        + note
        + pending
        + "</div>"
    )


def bracket_html(ko: dict[str, Any]) -> str:
    """The bracket of ``standings.json``'s ``ko`` block (``rounds``: per round its matches
    ``{a, b, points, winner, decided_by}``; ``champion``); empty text without rounds."""
    rounds = ko.get("rounds") or []
    if not rounds:
        return ""
    total = (2 * len(rounds[0])).bit_length() - 1  # the first round holds every entrant
    columns = []
    for number, matches in enumerate(rounds, start=1):
        boxes = "".join(_match(match) for match in matches)
        columns.append(
            f'<div class="round" data-round="{number}">'
            f'<h4>{round_name(number, total)}</h4><div class="matches">{boxes}</div></div>'
        )
    champion = ko.get("champion")
    if champion:
        columns.append(
            '<div class="round champion"><h4>Champion</h4><div class="matches">'
            '<div class="match"><div class="entrant winner"><span class="name">'
            f"{html.escape(str(champion))}</span></div></div></div></div>"
        )
    return f'<div class="bracket" data-testid="bracket">{"".join(columns)}</div>'
