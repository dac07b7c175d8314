"""Browser tests of the reports of a K.O. tournament folder (issue 26): its bracket (in the
web and in report.html), replay links that open the viewer at that game (from the web
report and from report.html opened through the UI), the downloads (replay file, each seat's
log), and the same games, points and Elo as its report.html."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import html as lxml_html

from tests.web.harness import Servers, screenshot
from tests.web.test_report_of_tournament import tournament

BOTS = ["a=random", "b=greedy", "c=random", "d=greedy"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real four-bot K.O. tournament of Piranhas 2019, one game a match (about 10 s)."""
    root = tmp_path_factory.mktemp("served")
    tournament(root / "ko", "piranhas-2019", *BOTS, "--format", "ko", "--best-of", "1")
    return root / "ko"


@pytest.fixture(scope="module")
def servers(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    servers = Servers(tmp_path_factory.mktemp("replays"), roots=[folder.parent])
    yield servers
    servers.close()


def standings(folder: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((folder / "standings.json").read_text())
    return document


def records(folder: Path) -> list[dict[str, Any]]:
    lines = (folder / "games.jsonl").read_text().splitlines()
    return sorted((json.loads(line) for line in lines if line), key=lambda r: r["index"])


def report_page(servers: Servers, page: Any) -> None:
    page.goto(f"{servers.url}#/report?root=0&path=ko/games.jsonl")
    page.wait_for_selector("#games tr[data-game]")


def test_the_bracket_is_drawn_with_its_winners(servers: Servers, folder: Path, page: Any) -> None:
    ko = standings(folder)["ko"]
    winners = [match["winner"] for matches in ko["rounds"] for match in matches]
    static: Any = lxml_html.fromstring((folder / "report.html").read_bytes())
    drawn: Any
    [drawn] = static.xpath("//*[@data-testid='bracket']")
    assert len(drawn.xpath(".//*[@data-round]")) == len(ko["rounds"]) == 2
    marked = [node.text_content() for node in drawn.xpath(".//*[@data-winner]//*[@class='name']")]
    assert marked == winners
    report_page(servers, page)
    bracket = page.wait_for_selector("[data-testid=bracket]")
    rounds = page.eval_on_selector_all(
        "[data-testid=bracket] .round[data-round] h4", "e => e.map(n => n.textContent)"
    )
    assert rounds == ["Semi-finals", "Final"]
    shown = page.eval_on_selector_all(
        "[data-testid=bracket] [data-winner] .name", "e => e.map(n => n.textContent)"
    )
    assert shown == winners and bracket.is_visible()
    assert page.text_content("#champion") == f"Champion: {ko['champion']}"
    screenshot(page, "web-report-ko", start="#bracket")


def test_report_replay_links_open_the_viewer_at_that_game(
    servers: Servers, folder: Path, page: Any
) -> None:
    games = records(folder)
    last = games[-1]
    report_page(servers, page)
    page.click(f"a.replay-link[data-game='{last['index']}']")
    page.wait_for_selector("#board[data-index='0']")
    labels = [slot["bot"] for slot in last["slots"]]
    players = page.text_content("[data-testid=players]") or ""
    assert all(label in players for label in labels), (players, labels)
    assert last["replay"] in page.evaluate("decodeURIComponent(location.hash)")
    # the static report.html, opened through the UI: its relative replay link opens the viewer
    page.goto(f"{servers.url}#/report?root=0&path=ko/games.jsonl")
    page.click("#report-html")
    page.wait_for_selector("[data-testid=bracket]")
    page.click(f"a[href='{games[0]['replay']}']")
    page.wait_for_selector("#board[data-index='0']")
    assert games[0]["replay"] in page.evaluate("decodeURIComponent(location.hash)")


def test_downloads_are_the_replay_file_and_each_seats_log(
    servers: Servers, folder: Path, page: Any
) -> None:
    game = records(folder)[0]
    report_page(servers, page)
    row = f"#games tr[data-game='{game['index']}']"
    with page.expect_download() as replay:
        page.click(f"{row} a.download-replay")
    assert Path(replay.value.path()).read_bytes() == (folder / game["replay"]).read_bytes()
    logs = page.eval_on_selector_all(f"{row} a.download-log", "e => e.map(n => n.href)")
    assert len(logs) == len(game["slots"]) == 2
    for href, slot in zip(logs, game["slots"], strict=True):
        with urllib.request.urlopen(href, timeout=30) as answer:
            assert answer.read() == (folder / slot["log"]).read_bytes()


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("0/ko/standings.json", 404),  # not a report, replay or log
        ("0/ko/..%2F..%2Fetc/passwd", 404),
        ("0/%2E%2E/%2E%2E/etc/passwd", 404),
        ("7/ko/report.html", 404),
        ("x/ko/report.html", 400),
    ],
)
def test_the_folder_route_serves_only_reports_replays_and_logs(
    servers: Servers, path: str, status: int
) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{servers.url}folder/{path}", timeout=30)
    assert refused.value.code == status


def test_the_web_report_shows_the_figures_of_report_html(
    servers: Servers, folder: Path, page: Any
) -> None:
    static: Any = lxml_html.fromstring((folder / "report.html").read_bytes())
    table = static.xpath("//h2[text()='Standings']/following-sibling::table[1]")[0]
    head = [cell.text_content() for cell in table.xpath(".//tr[1]/th")]
    expected = {}
    for tr in table.xpath(".//tr[position() > 1]"):
        row = dict(zip(head, (cell.text_content() for cell in tr.xpath("./td")), strict=True))
        elo = row["Elo (95 %)"].split(" ")[0]
        expected[row["bot"]] = [row["games"], row["W"], row["D"], row["L"], row["points"], elo]
    report_page(servers, page)
    shown = {}
    for cells in page.eval_on_selector_all(
        "#wdl tr:not(:first-child)", "e => e.map(r => [...r.cells].map(c => c.textContent))"
    ):
        bot, games, wins, draws, losses, points, elo, _ = cells
        elo = "" if elo == "n/a" else f"{float(elo):+.0f}"  # report.html: blank, rounded
        shown[bot] = [games, wins, draws, losses, points, elo]
    assert shown == expected
    static_games = len(static.xpath("//h2[text()='Games']/following-sibling::table[1]//tr")) - 1
    assert page.eval_on_selector_all("#games tr[data-game]", "e => e.length") == static_games
