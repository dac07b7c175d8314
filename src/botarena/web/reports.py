"""A run (``botarena test``) or tournament (``botarena tournament``) folder as a report.

From ``games.jsonl`` (each line a :class:`~botarena.runner.record.GameRecord`, runner's and
tournament's alike): per bot W/D/L, match points and Elo ± 95 % CI (a run: from the bot's
W/D/L, :mod:`botarena.runner.stats`; a tournament: its own Bradley-Terry ratings,
:mod:`botarena.league.ratings`, so the figures are those of its report.html), the Elo of the
first bot over the games as a matplotlib plot (SVG), the causes of irregular
games, per-bot move times, and every game with the path of its replay. Every step is one
pass over the records (O(n)); a record that cannot be read is left out and named in
``skipped`` with the reason, the rest of the report stands.
"""

from __future__ import annotations

import io
import json
import math
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, TypeVar

from botarena.league.bracket import bracket_html
from botarena.league.ratings import ratings
from botarena.runner.endtable import infra_lines
from botarena.runner.record import GameRecord, RecordError
from botarena.runner.report import wdl_of
from botarena.runner.stats import WDL, elo_estimate
from botarena.web.folders import json_object
from botarena.web.replays import FileRoots, read_records


def _finite(value: float) -> float | None:
    return round(value, 1) if math.isfinite(value) else None


def _bots(records: list[GameRecord]) -> list[str]:
    bots: list[str] = []
    for record in records:
        for label in record.labels:
            if label not in bots:
                bots.append(label)
    return bots


T = TypeVar("T")

ELO_PLOT_LIMIT = 800.0
"""The plot clips Elo and its interval to ± this (all wins is +∞)."""
ELO_PLOT_POINTS = 500
"""Points the plot draws at most (evenly spread over the games, the last one always): the
SVG and the time to draw it stay the same however many games a run has."""


def elo_curve(
    records: list[GameRecord], bot: str, most: int | None = None
) -> list[tuple[int, float, float, float]]:
    """(games, Elo, CI low, CI high) of ``bot`` after each game (``most``: after at most
    that many games, evenly spread, the last one kept), clipped to the plot. One pass: the
    W/D/L so far is carried from game to game."""
    counts = range(1, len(records) + 1)
    wanted = set(thinned(list(counts), most)) if most is not None else None

    def clip(value: float) -> float:
        return max(-ELO_PLOT_LIMIT, min(ELO_PLOT_LIMIT, value))

    points = []
    wins = draws = losses = 0
    for count, record in enumerate(records, start=1):
        share = record.share_of(bot)
        if share == 1:
            wins += 1
        elif share == 0:
            losses += 1
        elif share is not None:
            draws += 1
        if wanted is not None and count not in wanted:
            continue
        estimate = elo_estimate(WDL(wins, draws, losses))
        if estimate.samples:
            points.append(
                (count, clip(estimate.elo), clip(estimate.ci_low), clip(estimate.ci_high))
            )
    return points


def thinned(points: list[T], most: int) -> list[T]:
    """At most ``most`` of ``points``, evenly spread, the last one kept."""
    if len(points) <= most:
        return points
    step = len(points) / (most - 1)
    return [points[int(index * step)] for index in range(most - 1)] + [points[-1]]


def plot_svg(records: list[GameRecord], bot: str) -> str:
    """The Elo of ``bot`` with its 95 % band over the games, as SVG text (matplotlib)."""
    import matplotlib  # noqa: PLC0415 - only when a report is shown

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    points = elo_curve(records, bot, ELO_PLOT_POINTS)
    figure, axes = plt.subplots(figsize=(6, 3))
    try:
        if points:
            games = [p[0] for p in points]
            axes.plot(games, [p[1] for p in points], marker=".", label=f"Elo of {bot}")
            axes.fill_between(games, [p[2] for p in points], [p[3] for p in points], alpha=0.25)
            axes.legend(loc="best")  # without a rated game there is no line to name
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_xlabel("games")
        axes.set_ylabel("Elo (95 % CI)")
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg")
    finally:
        plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def move_times(records: list[GameRecord]) -> list[dict[str, object]]:
    times: dict[str, list[float]] = defaultdict(list)
    for record in records:
        for label, ms in zip(record.move_bots, record.move_times_ms, strict=False):
            times[label].append(float(ms))
    rows: list[dict[str, object]] = []
    for bot, values in sorted(times.items()):
        values.sort()
        rows.append(
            {
                "bot": bot,
                "moves": len(values),
                "mean": round(statistics.fmean(values), 2),
                "p50": round(values[len(values) // 2], 2),
                "p99": round(values[min(len(values) - 1, int(0.99 * len(values)))], 2),
                "max": round(values[-1], 2),
            }
        )
    return rows


def checked_records(
    lines: list[dict[str, Any]],
) -> tuple[list[GameRecord], list[dict[str, object]]]:
    """The records the report can use, ordered by ``index``, and the others (``record``: its
    place in ``games.jsonl``, counting from 1; ``reason``: what
    :meth:`GameRecord.from_json` found wrong)."""
    usable: list[GameRecord] = []
    skipped: list[dict[str, object]] = []
    for number, line in enumerate(lines, start=1):
        try:
            usable.append(GameRecord.from_json(line))
        except RecordError as error:
            skipped.append({"record": number, "reason": str(error)})
    usable.sort(key=lambda record: record.index)
    return usable, skipped


def _elo_column(records: list[GameRecord], bots: list[str]) -> dict[str, tuple[float, float]]:
    """Elo and its 95 % margin per bot: a tournament's (two-seat) records get the
    tournament's own ratings; a run's, each bot's Elo from its W/D/L."""
    if records and all(record.points is not None for record in records):
        elo = ratings(bots, {record.index: record for record in records}).get("elo")
        if elo is None:  # tables of more than two seats: no Elo
            return {}
        return {
            bot: (value["elo"], value["high"] - value["elo"])
            for bot, value in elo["bots"].items()
            if value is not None
        }
    column = {}
    for bot in bots:
        estimate = elo_estimate(wdl_of(records, bot))
        column[bot] = (estimate.elo, estimate.margin)
    return column


def _served_path(folder: Path, base: Path, name: object) -> str | None:
    """A record's file (its replay, a seat's log) relative to ``base`` (None: none, or not
    a file under it)."""
    if not isinstance(name, str) or not name:
        return None
    try:
        candidate = (folder / name).resolve()
        if candidate.is_file() and candidate.is_relative_to(base):
            return candidate.relative_to(base).as_posix()
    except (OSError, ValueError):  # a name no file system takes (NUL, too long)
        return None
    return None


def build_report_json(folder: Path, roots: FileRoots, opened: Path) -> bytes:
    """:func:`build_report` as JSON bytes (encoded off the event loop too)."""
    return json.dumps(build_report(folder, roots, opened)).encode()


def build_report(folder: Path, roots: FileRoots, opened: Path) -> dict[str, Any]:
    """The report of the run or tournament ``folder`` (``opened``: its summary/games file);
    replay paths are given relative to the root that holds them."""
    records, skipped = checked_records(read_records(folder))
    if not records:
        reason = f" ({len(skipped)} unreadable records)" if skipped else ""
        raise ValueError(f"{folder.name} has no finished games (games.jsonl){reason}")
    base = next((root for root in roots.paths if opened.is_relative_to(root)), folder)
    bots = _bots(records)
    elo = _elo_column(records, bots)
    rows = []
    for bot in bots:
        wdl = wdl_of(records, bot)
        centre, margin = elo.get(bot, (math.nan, math.nan))
        rows.append(
            {
                "bot": bot,
                "games": wdl.wins + wdl.draws + wdl.losses,
                "wins": wdl.wins,
                "draws": wdl.draws,
                "losses": wdl.losses,
                "points": sum(record.points_of(bot) or 0 for record in records),
                "elo": _finite(centre),
                "ci": _finite(margin),
            }
        )
    causes = Counter(
        record.cause for record in records if not record.regular and not record.infra_error
    )
    games = []
    for record in records:
        path = _served_path(folder, base, record.replay)
        players = " – ".join(record.labels)
        outcome = f"winner {record.winner}" if record.winner else "draw/void"
        if record.infra_error:
            outcome = "infra error, not rated"
        elif not record.regular:
            outcome += f" ({record.cause})"
        logs = [
            {"seat": seat, "bot": slot.bot, "path": log}
            for seat, slot in enumerate(record.slots)
            if (log := _served_path(folder, base, slot.log)) is not None
        ]
        games.append(
            {
                "index": record.index,
                "players": players,
                "outcome": outcome,
                "replay": path,
                "logs": logs,
            }
        )
    standings = json_object(folder / "standings.json")
    ko = standings.get("ko") if standings is not None else None
    return {
        "title": f"Report of {folder.name}",
        "bots": rows,
        "plotSvg": plot_svg(records, bots[0]) if bots else "",
        "causes": dict(causes),
        "infraErrors": infra_lines(records),
        "moveTimes": move_times(records),
        "games": games,
        "skipped": skipped,
        "bracketHtml": bracket_html(ko) if isinstance(ko, dict) else "",
        "champion": ko.get("champion") if isinstance(ko, dict) else None,
        "reportHtml": _served_path(folder, base, "report.html"),
    }
