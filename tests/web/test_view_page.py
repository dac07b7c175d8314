"""The page ``botarena view`` serves (issue 21), in Chromium: the root page is a viewer of
files without a live server, and its list names runs, tournaments, players and results."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from botarena.web.app import WebConfig, WebServer
from tests.web.harness import LoopThread
from tests.web.test_view import REPLAY, run_folder, tournament_folder


@pytest.fixture
def view_url(tmp_path: Path) -> Iterator[str]:
    """The UI as ``botarena view REPLAY RUN TOURNAMENT`` serves it (no hub, no SC server)."""
    thread = LoopThread()
    roots = [REPLAY, run_folder(tmp_path), tournament_folder(tmp_path)]
    server = WebServer(WebConfig(port=0, roots=roots))
    thread.run(server.start())
    try:
        yield server.url
    finally:
        thread.run(server.stop())
        thread.close()


def test_the_root_page_is_a_viewer_listing_runs_with_players_and_results(
    view_url: str, page: Any
) -> None:
    page.goto(view_url)
    page.wait_for_selector("#files li")
    intro = page.text_content("#viewer-only")
    assert "without a live game server" in intro and "No game server" not in intro
    items = [" ".join(text.split()) for text in page.locator("#files li").all_text_contents()]
    assert items[0] == "R_replay_file.xml"
    assert items[1] == (
        "report: run my-run: piranhas-2026 my_bot.py – greedy "
        "(my_bot.py: W 3 D 0 L 1, 4/10 games, 1 irregular)"
    )
    assert items[2].startswith("report: tournament finals: maumau-2017 roundrobin alpha – beta")
    assert "(1. alpha (6 points)" in items[2]
    page.click("#files a.replay")
    page.wait_for_function("location.hash.startsWith('#/replay?root=0&path=R_replay_file.xml')")
