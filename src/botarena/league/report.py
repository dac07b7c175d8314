"""``report.html``: one static page that opens offline (no scripts, no CDN): standings,
cross-table, the rating plot (matplotlib, embedded as SVG) and a link to every game's
replay and bot logs (relative links into the tournament folder)."""

from __future__ import annotations

import html
import io
from pathlib import Path
from typing import Any

from botarena.league.bracket import bracket_html
from botarena.league.standings import crosstable_row
from botarena.runner.record import GameRecord

STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child, td.bot { text-align: left; }
tr:nth-child(even) { background: #f4f4f4; }
td.irregular { color: #a00; text-align: left; }
p.none { color: #666; font-style: italic; }
.bracket { display: flex; gap: 1.5em; overflow-x: auto; align-items: stretch; }
.bracket .round { display: flex; flex-direction: column; min-width: 11em; }
.bracket .matches { display: flex; flex-direction: column; justify-content: space-around;
  gap: .8em; flex: 1; }
.bracket .round h4 { margin: 0 0 .3em; color: #555; }
.bracket .match { border: 1px solid #bbb; border-radius: 4px; }
.bracket .entrant { display: flex; justify-content: space-between; gap: 1em; padding: .15em .5em; }
.bracket .entrant + .entrant { border-top: 1px solid #ddd; }
.bracket .winner { font-weight: bold; color: #1d7a32; }
.bracket .winner .name::before { content: "\\2713  "; }
.bracket .bye, .bracket .decided { color: #666; font-style: italic; padding: 0 .5em; }
"""
MAX_PLOTTED_BOTS = 60
"""The rating plot shows the best this many bots (a 200-bot plot is unreadable)."""


def rating_plot_svg(document: dict[str, Any]) -> str:
    """Elo with 95 % intervals (two-seat games) or OpenSkill mu ± 3 sigma, as inline SVG."""
    import matplotlib  # noqa: PLC0415 - only when a report is written

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    rows = document["standings"][:MAX_PLOTTED_BOTS]
    labels = [row["bot"] for row in rows]
    elo = document["ratings"].get("elo")
    if elo is not None and all(elo["bots"].get(label) for label in labels):
        centre = [elo["bots"][label]["elo"] for label in labels]
        low = [c - elo["bots"][label]["low"] for c, label in zip(centre, labels, strict=True)]
        high = [elo["bots"][label]["high"] - c for c, label in zip(centre, labels, strict=True)]
        title = "Bradley-Terry Elo (mean 0) with 95 % intervals"
    else:
        skill = document["ratings"]["openskill"]["bots"]
        centre = [skill[label]["mu"] for label in labels]
        low = high = [3 * skill[label]["sigma"] for label in labels]
        title = "OpenSkill mu ± 3 sigma"
    figure, axes = plt.subplots(figsize=(7, 0.35 * len(labels) + 1.2))
    positions = list(range(len(labels)))[::-1]
    axes.errorbar(centre, positions, xerr=[low, high], fmt="o", capsize=3)
    axes.set_yticks(positions)
    axes.set_yticklabels(labels)
    axes.set_title(title)
    axes.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _cell(value: Any, css: str = "") -> str:
    klass = f' class="{css}"' if css else ""
    return f"<td{klass}>{html.escape(str(value))}</td>"


def _standings_table(document: dict[str, Any]) -> str:
    elo = document["ratings"].get("elo")
    skill = document["ratings"]["openskill"]["bots"]
    head = ["#", "bot", "points", "games", "W", "D", "L", "H2H", "SB", "Buchholz"]
    if any("ko_round" in row for row in document["standings"]):
        head.insert(2, "K.O. round")
    head += ["Elo (95 %)"] if elo else []
    head += ["OpenSkill"]
    lines = ["<table><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for row in document["standings"]:
        cells = [_cell(row["rank"]), _cell(row["bot"], "bot")]
        if "ko_round" in row:
            cells.append(_cell(row["ko_round"]))
        cells += [
            _cell(row[key])
            for key in (
                "points",
                "games",
                "wins",
                "draws",
                "losses",
                "head_to_head",
                "sonneborn_berger",
                "buchholz",
            )
        ]
        if elo:
            value = elo["bots"].get(row["bot"])
            cells.append(
                _cell(
                    ""
                    if value is None
                    else f"{value['elo']:+.0f} [{value['low']:+.0f}, {value['high']:+.0f}]"
                )
            )
        cells.append(_cell(f"{skill[row['bot']]['ordinal']:.1f}"))
        lines.append("<tr>" + "".join(cells) + "</tr>")
    return "\n".join([*lines, "</table>"])


def _crosstable(order: list[str], table: dict[str, dict[str, list[int]]]) -> str:
    lines = [
        "<table><tr><th></th>" + "".join(f"<th>{html.escape(b)}</th>" for b in order) + "</tr>"
    ]
    for a in order:
        cells = "".join(_cell(text) for text in crosstable_row(order, table, a, diagonal="×"))
        lines.append(f"<tr><th>{html.escape(a)}</th>{cells}</tr>")
    return "\n".join([*lines, "</table>"])


def _link(path: str | None, text: str) -> str:
    if not path:
        return ""
    return f'<a href="{html.escape(path)}">{html.escape(text)}</a>'


def _games_table(games: dict[int, GameRecord]) -> str:
    head = ["game", "round", "seats", "result", "moves", "replay", "logs", "cause"]
    lines = ["<table><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for index in sorted(games):
        record = games[index]
        result = "void" if record.is_void() else (record.winner or "draw")
        if record.infra_error:  # the machine stalled a seat (--clock cpu): apart, not rated
            result = "infra error, not rated"
        logs = " ".join(_link(slot.log, f"seat {seat}") for seat, slot in enumerate(record.slots))
        cause = "" if record.regular else record.cause
        lines.append(
            "<tr>"
            + _cell(index)
            + _cell(record.round)
            + _cell(" vs ".join(record.labels), "bot")
            + _cell(result, "bot")
            + _cell(record.moves)
            + f"<td>{_link(record.replay, 'replay')}</td><td>{logs}</td>"
            + _cell(cause, "irregular")
            + "</tr>"
        )
    return "\n".join([*lines, "</table>"])


def write_report(
    path: Path,
    document: dict[str, Any],
    table: dict[str, dict[str, list[int]]],
    games: dict[int, GameRecord],
) -> None:
    order = [row["bot"] for row in document["standings"]]
    fmt = document["format"]
    title = f"{document['game']} {fmt['format']} tournament"
    status = "complete" if document["complete"] else "incomplete (resume with --resume)"
    champion = ""
    if document.get("ko", {}).get("champion"):
        champion = f"<p>Champion: <b>{html.escape(document['ko']['champion'])}</b></p>"
    bracket = bracket_html(document["ko"]) if document.get("ko") else ""
    if bracket:
        champion += f"<h2>Bracket</h2>{bracket}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>Seed {document['seed']}, {document['games_played']} games played "
        f"of {document['games_scheduled']} scheduled, {status}.</p>",
        champion,
        "<h2>Standings</h2>",
        "<p>Match points: win 2, draw 1, loss 0. Tie-breaks: head-to-head (H2H), "
        "Sonneborn-Berger (SB), Buchholz (Swiss), wins.</p>",
        _standings_table(document),
        "<h2>Ratings</h2>",
        rating_plot_svg(document),
        "<h2>Cross-table</h2><p>Points scored by the row's bot in games with the column's "
        "bot, of the points possible.</p>",
        _crosstable(order, table),
        "<h2>Games</h2>",
        "<p>A replay link opens the viewer at that game when this page is opened through "
        "<code>botarena view</code> (or <code>serve</code>); opened from disk, it is the file.</p>",
        _games_table(games) if games else '<p class="none">none</p>',
        "</body></html>",
    ]
    path.write_text("\n".join(parts) + "\n", encoding="utf-8")
