"""Standings and the cross-table from the game records.

Match points as the Software-Challenge counts them: a win 2, a draw 1, a loss 0 per game
(a Mau-Mau table: the winner 2, the others 0; a table without a winner: 1 each). A Swiss bye
counts as a win (2 points, no game). A void game (nobody scored) counts as a game with 0.

Ties in match points are broken, in this order, by

1. head-to-head: the points a bot scored in games against the other tied bots;
2. Sonneborn-Berger: per game, the bot's share of the game's points (1 win, ½ draw, 0 loss)
   times the final match points of its opponent (at tables: their mean);
3. Buchholz (Swiss only): per game, the final match points of the opponent (mean at tables);
4. wins; then the label (only to make the order total: bots equal in all of the above
   share a rank).

A K.O. orders by the round a bot reached (the champion first), then as above.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from botarena.runner.record import GameRecord

WIN_POINTS = 2
DRAW_POINTS = 1


def _opponents(record: GameRecord, label: str) -> list[str]:
    return [other for other in record.labels if other != label]


def _points_of(records: Iterable[GameRecord], byes: list[tuple[int, str]]) -> dict[str, int]:
    points: dict[str, int] = {}
    for record in records:
        for label, value in record.points_by_bot().items():
            points[label] = points.get(label, 0) + int(value)
    for _, label in byes:
        points[label] = points.get(label, 0) + WIN_POINTS
    return points


def ko_reached(ko_rounds: list[list[dict[str, Any]]]) -> dict[str, int]:
    """Per bot, the last round it played or had a bye in (the champion: one more)."""
    reached: dict[str, int] = {}
    for number, matches in enumerate(ko_rounds, start=1):
        for match in matches:
            for label in (match["a"], match["b"]):
                if label is not None:
                    reached[label] = number
            if match.get("winner") is not None and number == len(ko_rounds) and len(matches) == 1:
                reached[str(match["winner"])] = number + 1
    return reached


def standings(
    labels: list[str],
    records: dict[int, GameRecord],
    *,
    swiss: bool = False,
    byes: list[tuple[int, str]] | None = None,
    ko_rounds: list[list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """One row per bot, best first, with ``rank`` (equal rows share it)."""
    byes = byes or []
    games = [records[index] for index in sorted(records)]
    points = _points_of(games, byes)
    rows: dict[str, dict[str, Any]] = {
        label: {
            "bot": label,
            "games": 0,
            "wins": 0,
            "draws": 0,
            "losses": 0,
            "byes": sum(1 for _, bye in byes if bye == label),
            "points": points.get(label, 0),
            "sonneborn_berger": 0.0,
            "buchholz": 0.0,
            "head_to_head": 0,
            "failures": 0,
        }
        for label in labels
    }
    for record in games:
        for label, value in record.points_by_bot().items():
            row = rows[label]
            row["games"] += 1
            row["wins"] += value == WIN_POINTS
            row["draws"] += value == DRAW_POINTS
            row["losses"] += value == 0
            opponents = _opponents(record, label)
            mean = sum(points.get(o, 0) for o in opponents) / max(1, len(opponents))
            row["sonneborn_berger"] += value / WIN_POINTS * mean
            row["buchholz"] += mean
        for slot in record.slots:
            if slot.runner_note is not None:
                rows[slot.bot]["failures"] += 1
    # head-to-head inside each group of bots tied on points
    groups: dict[int, list[str]] = {}
    for label in labels:
        groups.setdefault(rows[label]["points"], []).append(label)
    for group in groups.values():
        if len(group) < 2:
            continue
        members = set(group)
        for record in games:
            for label, value in record.points_by_bot().items():
                if label in members and members.intersection(_opponents(record, label)):
                    rows[label]["head_to_head"] += int(value)
    reached = ko_reached(ko_rounds) if ko_rounds else {}
    for label in labels:
        rows[label]["sonneborn_berger"] = round(rows[label]["sonneborn_berger"], 3)
        rows[label]["buchholz"] = round(rows[label]["buchholz"], 3)
        if ko_rounds:
            rows[label]["ko_round"] = reached.get(label, 0)

    def key(label: str) -> tuple[float, ...]:
        row = rows[label]
        return (
            -row.get("ko_round", 0),
            -row["points"],
            -row["head_to_head"],
            -row["sonneborn_berger"],
            -(row["buchholz"] if swiss else 0.0),
            -row["wins"],
        )

    ordered = sorted(labels, key=lambda label: (key(label), label))
    result: list[dict[str, Any]] = []
    for position, label in enumerate(ordered):
        same = position > 0 and key(ordered[position - 1]) == key(label)
        row = rows[label]
        row["rank"] = result[-1]["rank"] if same else position + 1
        result.append(row)
    return result


def crosstable(
    labels: list[str], records: dict[int, GameRecord]
) -> dict[str, dict[str, list[int]]]:
    """``table[a][b] = [points a scored in games with b, most a could have scored]``."""
    table: dict[str, dict[str, list[int]]] = {a: {} for a in labels}
    for record in records.values():
        for label, value in record.points_by_bot().items():
            for other in _opponents(record, label):
                cell = table[label].setdefault(other, [0, 0])
                cell[0] += int(value)
                cell[1] += WIN_POINTS
    return table


def crosstable_csv(labels: list[str], table: dict[str, dict[str, list[int]]]) -> str:
    """Rows and columns in standings order; a cell is ``scored/possible``, ``x`` the diagonal."""
    lines = [",".join(["bot", *labels])]
    lines.extend(",".join([a, *crosstable_row(labels, table, a, diagonal="x")]) for a in labels)
    return "\n".join(lines) + "\n"


def crosstable_row(
    labels: list[str], table: dict[str, dict[str, list[int]]], bot: str, *, diagonal: str
) -> list[str]:
    """``bot``'s cells in ``labels`` order: ``scored/possible`` against each other bot, ``""``
    where they never met, ``diagonal`` against itself."""
    cells = []
    for other in labels:
        if other == bot:
            cells.append(diagonal)
        elif other in table[bot]:
            scored, possible = table[bot][other]
            cells.append(f"{scored}/{possible}")
        else:
            cells.append("")
    return cells
