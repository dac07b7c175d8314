"""report.html: a static page with the rating plot, limited to the best MAX_PLOTTED_BOTS."""

from __future__ import annotations

from typing import Any

from botarena.league import report


def document(bots: int) -> dict[str, Any]:
    labels = [f"bot{i}" for i in range(bots)]
    return {
        "game": "maumau",
        "format": {"format": "roundrobin"},
        "seed": 1,
        "complete": True,
        "games_played": 0,
        "games_scheduled": 0,
        "standings": [
            {
                "bot": label,
                "rank": i + 1,
                "points": 0,
                "games": 0,
                "wins": 0,
                "draws": 0,
                "losses": 0,
                "head_to_head": 0,
                "sonneborn_berger": 0,
                "buchholz": 0,
            }
            for i, label in enumerate(labels)
        ],
        "ratings": {
            "openskill": {
                "bots": {
                    label: {"mu": 25.0 - i, "sigma": 8.0, "ordinal": 1.0 - i}
                    for i, label in enumerate(labels)
                }
            }
        },
    }


def test_plot_shows_at_most_the_best_bots(monkeypatch):
    monkeypatch.setattr(report, "MAX_PLOTTED_BOTS", 3)
    svg = report.rating_plot_svg(document(5))
    assert svg.startswith("<svg")
    assert "bot2" in svg and "bot3" not in svg


def test_report_escapes_labels_and_has_no_scripts(tmp_path):
    doc = document(2)
    doc["standings"][0]["bot"] = "<b>"
    doc["ratings"]["openskill"]["bots"]["<b>"] = doc["ratings"]["openskill"]["bots"]["bot0"]
    path = tmp_path / "report.html"
    report.write_report(path, doc, {"<b>": {}, "bot1": {}}, {})
    text = path.read_text()
    assert "&lt;b&gt;" in text and "<script" not in text


def test_the_crosstable_marks_the_diagonal_and_pairs_that_never_met() -> None:
    table = {"a": {"b": [3, 4]}, "b": {"a": [1, 4]}, "<c>": {}}
    rows = report._crosstable(["a", "b", "<c>"], table).splitlines()
    assert rows[1] == "<tr><th>a</th><td>×</td><td>3/4</td><td></td></tr>"
    assert rows[3] == "<tr><th>&lt;c&gt;</th><td></td><td></td><td>×</td></tr>"
