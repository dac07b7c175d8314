"""A run (``botarena test``) or tournament (``botarena tournament``) folder as a report.

From ``games.jsonl``: per bot W/D/L and Elo ± 95 % CI (:mod:`botarena.runner.stats`), the
Elo of the first bot over the games as a matplotlib plot (SVG), the causes of irregular
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

from botarena.runner.stats import WDL, elo_estimate
from botarena.web.replays import FileRoots, read_records


def _finite(value: float) -> float | None:
    return round(value, 1) if math.isfinite(value) else None


def _wdl(records: list[dict[str, Any]], bot: str) -> WDL:
    wins = draws = losses = 0
    for record in records:
        share = (record.get("bot_scores") or {}).get(bot)
        if share is None:
            continue
        if share == 1:
            wins += 1
        elif share == 0:
            losses += 1
        else:
            draws += 1
    return WDL(wins, draws, losses)


def _bots(records: list[dict[str, Any]]) -> list[str]:
    bots: list[str] = []
    for record in records:
        for slot in record.get("slots") or []:
            label = slot.get("bot")
            if isinstance(label, str) and label not in bots:
                bots.append(label)
    return bots


T = TypeVar("T")

ELO_PLOT_LIMIT = 800.0
"""The plot clips Elo and its interval to ± this (all wins is +∞)."""
ELO_PLOT_POINTS = 500
"""Points the plot draws at most (evenly spread over the games, the last one always): the
SVG and the time to draw it stay the same however many games a run has."""


def elo_curve(
    records: list[dict[str, Any]], bot: str, most: int | None = None
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
        share = (record.get("bot_scores") or {}).get(bot)
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


def plot_svg(records: list[dict[str, Any]], bot: str) -> str:
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
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_xlabel("games")
        axes.set_ylabel("Elo (95 % CI)")
        axes.legend(loc="best")
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg")
    finally:
        plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def move_times(records: list[dict[str, Any]]) -> list[dict[str, object]]:
    times: dict[str, list[float]] = defaultdict(list)
    for record in records:
        for label, ms in zip(
            record.get("move_bots") or [], record.get("move_times_ms") or [], strict=False
        ):
            times[str(label)].append(float(ms))
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
    records: list[dict[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, object]]]:
    """The records the report can use, ordered by ``index``, and the others (``record``: its
    place in ``games.jsonl``, counting from 1; ``reason``)."""
    usable: list[tuple[int, dict[str, Any]]] = []
    skipped: list[dict[str, object]] = []
    for number, record in enumerate(records, start=1):
        reason = _problem(record)
        if reason is None:
            usable.append((int(record.get("index", 0)), record))
        else:
            skipped.append({"record": number, "reason": reason})
    usable.sort(key=lambda item: item[0])
    return [record for _, record in usable], skipped


def _problem(record: dict[str, Any]) -> str | None:
    """Why the report cannot use ``record`` (None: it can)."""
    index = record.get("index", 0)
    if isinstance(index, bool) or not isinstance(index, int):
        return f"index is not a whole number: {str(index)[:40]!r}"
    expected = (
        ("bot_scores", dict),
        ("slots", list),
        ("move_bots", list),
        ("move_times_ms", list),
    )
    for key, kind in expected:
        value = record.get(key)
        if value is not None and not isinstance(value, kind):
            return f"{key} is not a {kind.__name__}"
    if not all(isinstance(slot, dict) for slot in record.get("slots") or []):
        return "a slot is not an object"
    times = record.get("move_times_ms") or []
    if not all(isinstance(ms, int | float) and not isinstance(ms, bool) for ms in times):
        return "a move time is not a number"
    return None


def _replay_path(folder: Path, base: Path, replay: object) -> str | None:
    """The record's replay relative to ``base`` (None: none, or not a file under it)."""
    if not isinstance(replay, str) or not replay:
        return None
    try:
        candidate = (folder / replay).resolve()
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
    rows = []
    for bot in bots:
        wdl = _wdl(records, bot)
        estimate = elo_estimate(wdl)
        margin = _finite(estimate.margin)
        rows.append(
            {
                "bot": bot,
                "games": wdl.wins + wdl.draws + wdl.losses,
                "wins": wdl.wins,
                "draws": wdl.draws,
                "losses": wdl.losses,
                "elo": _finite(estimate.elo),
                "ci": margin,
            }
        )
    causes = Counter(
        str(record.get("cause")) for record in records if not record.get("regular", True)
    )
    games = []
    for record in records:
        path = _replay_path(folder, base, record.get("replay"))
        players = " – ".join(str(slot.get("bot")) for slot in record.get("slots") or [])
        outcome = f"winner {record.get('winner')}" if record.get("winner") else "draw/void"
        if not record.get("regular", True):
            outcome += f" ({record.get('cause')})"
        games.append(
            {"index": record.get("index"), "players": players, "outcome": outcome, "replay": path}
        )
    return {
        "title": f"Report of {folder.name}",
        "bots": rows,
        "plotSvg": plot_svg(records, bots[0]) if bots else "",
        "causes": dict(causes),
        "moveTimes": move_times(records),
        "games": games,
        "skipped": skipped,
    }
