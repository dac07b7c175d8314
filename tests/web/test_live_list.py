"""Browser tests of the live room list (issue 26): rendered by the server into the page (no
WebSocket, no scripts needed), kept up to date over the WebSocket, filters and pages in the
query (a link to a filtered page), a room whose only bot left says it is closed; the layout
at a phone's size and the dark theme."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from botarena.web.hub import NEVER_STARTED
from botarena.web.room_list import ROOMS_PAGE_SIZE
from tests.web.harness import Servers, screenshot

RUNNING = 3
FINISHED = ROOMS_PAGE_SIZE + 2
PIRANHAS_2019 = "swc_2019_piranhas"
PIRANHAS_2026 = "swc_2026_piranhas"
RESULT = (
    '<room roomId="{room}"><data class="result"><definition>'
    '<fragment name="Siegpunkte"><aggregation>SUM</aggregation><relevantForRanking>true'
    "</relevantForRanking></fragment></definition>"
    '<score cause="REGULAR" reason="Das Spiel ist vorbei: Schwarm vereint"><part>2</part></score>'
    '<score cause="REGULAR" reason=""><part>0</part></score>'
    '<winner displayName="alpha" team="ONE"/></data></room>'
)


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """The servers with rooms in the hub: ``RUNNING`` running Piranhas 2026 rooms and
    ``FINISHED`` finished Piranhas 2019 rooms (more than a page)."""
    servers = Servers(tmp_path_factory.mktemp("replays"))

    def rooms() -> None:
        hub = servers.hub
        for number in range(FINISHED):
            room = f"done-{number}"
            hub.open_room(room, PIRANHAS_2019)
            hub.start_room(room, ["alpha", "beta"])
            hub.finish_room(room, ["alpha", "beta"], RESULT.format(room=room), "raw text")
        for number in range(RUNNING):
            hub.open_room(f"live-{number}", PIRANHAS_2026)
            hub.start_room(f"live-{number}", ["gamma", "delta"])

    servers.thread.call(rooms)
    yield servers
    servers.close()


def page_html(servers: Servers, query: str = "") -> str:
    with urllib.request.urlopen(f"{servers.url}{query}", timeout=30) as answer:
        return str(answer.read().decode())


def rows(page: Any) -> list[tuple[str, str]]:
    return [
        (str(row[0]), str(row[1]))
        for row in page.eval_on_selector_all(
            "#rooms tr[data-room]", "e => e.map(n => [n.dataset.room, n.dataset.status])"
        )
    ]


def test_the_page_itself_holds_the_room_list(servers: Servers) -> None:
    html = page_html(servers)  # no script runs: what a page without the WebSocket shows
    assert html.count('<tr data-room="') == ROOMS_PAGE_SIZE
    assert 'data-room="live-0" data-status="running"' in html  # live rooms first
    assert f"page 1 of 2 ({FINISHED + RUNNING} rooms)" in html
    assert 'title="Das Spiel ist vorbei: Schwarm vereint">alpha (red) wins: swarm united' in html
    filtered = page_html(servers, "?game=piranhas-2026&status=running")
    assert filtered.count('<tr data-room="') == RUNNING
    assert "page 1 of 1 (3 rooms)" in filtered
    with pytest.raises(urllib.error.HTTPError) as refused:
        page_html(servers, "?status=%3Cscript%3E")
    assert refused.value.code == 400
    assert "unknown status '<script>'" in refused.value.read().decode()


def test_without_scripts_the_page_shows_the_rooms(servers: Servers, browser: Any) -> None:
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1200, "height": 800}
    )
    try:
        page = context.new_page()
        page.goto(f"{servers.url}?status=finished&page=2")
        assert rows(page) == [(f"done-{n}", "finished") for n in (1, 0)]  # newest first
        page.select_option("#filter-status", "running")
        page.click("#filter-apply")  # a plain form: the server renders the filtered page
        page.wait_for_url("**/?game=&status=running")
        assert rows(page) == [(f"live-{n}", "running") for n in range(RUNNING)]
    finally:
        context.close()


def test_filters_and_pages_are_links_and_stay_live(servers: Servers, page: Any) -> None:
    page.goto(servers.url)
    page.wait_for_selector("[data-testid=connection]:text-is('connected')")
    assert len(rows(page)) == ROOMS_PAGE_SIZE
    screenshot(page, "web-live-list")
    page.select_option("#filter-status", "finished")  # choosing is enough: the page loads
    page.wait_for_url("**/?game=&status=finished")
    page.wait_for_selector("#pager[data-pages='2']")
    page.click("#pager a[rel=next]")
    page.wait_for_url("**/?status=finished&page=2")
    page.wait_for_selector("[data-testid=connection]:text-is('connected')")
    assert rows(page) == [("done-1", "finished"), ("done-0", "finished")]
    page.goto(f"{servers.url}?game=piranhas-2026")
    page.wait_for_selector("[data-testid=connection]:text-is('connected')")
    assert page.input_value("#filter-game") == "piranhas-2026"
    assert [room for room, _ in rows(page)] == [f"live-{n}" for n in range(RUNNING)]

    def new_room() -> None:
        servers.hub.open_room("live-new", PIRANHAS_2026)
        servers.hub.start_room("live-new", ["eps", "zeta"])

    page.eval_on_selector("#room-filter", "form => { form.dataset.mark = 'kept'; }")
    servers.thread.call(new_room)  # arrives over the WebSocket, filtered as the page is
    page.wait_for_selector("#rooms tr[data-room='live-new'][data-status='running']")
    assert len(rows(page)) == RUNNING + 1
    # an update leaves the form alone (a choice being made is never taken away)
    assert page.get_attribute("#room-filter", "data-mark") == "kept"


def test_a_room_whose_only_bot_left_says_it_is_closed(servers: Servers, page: Any) -> None:
    page.goto(f"{servers.url}?status=closed")
    page.wait_for_selector("[data-testid=connection]:text-is('connected')")
    assert rows(page) == [] and page.text_content("#no-rooms") == "none"
    page.goto(f"{servers.url}?status=waiting")
    bot = servers.bot("piranhas-2019", "random")  # a real bot joins and nobody else does
    try:
        row = page.wait_for_selector("#rooms tr[data-room][data-status='waiting']")
        room_id = row.get_attribute("data-room")
    finally:
        bot.kill()
        bot.wait(30)
    page.goto(f"{servers.url}?status=closed")
    cell = page.wait_for_selector(f"#rooms tr[data-room='{room_id}'] td.result")
    assert cell.text_content() == f"closed: {NEVER_STARTED}"
    screenshot(page, "web-live-list-closed")
    html = page_html(servers, "?status=closed")  # and in the page the server renders
    assert f'data-room="{room_id}" data-status="closed"' in html
    assert "wins" not in html.split('id="rooms"')[1]


def test_dark_theme_follows_the_system_and_the_toggle_is_remembered(
    servers: Servers, browser: Any
) -> None:
    context = browser.new_context(color_scheme="dark", viewport={"width": 1200, "height": 800})
    try:
        page = context.new_page()
        page.goto(servers.url)
        page.wait_for_selector("#rooms tr[data-room]")
        assert page.get_attribute("html", "data-theme") == "dark"
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(21, 24, 28)"
        screenshot(page, "web-dark-live-list")
        page.click("#theme-toggle")
        assert page.get_attribute("html", "data-theme") == "light"
        page.reload()
        page.wait_for_selector("#rooms tr[data-room]")
        assert page.get_attribute("html", "data-theme") == "light"  # localStorage
        assert (
            page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(246, 246, 243)"
        )
    finally:
        context.close()


def test_a_phone_sized_window_shows_the_list_without_scrolling_sideways(
    servers: Servers, browser: Any
) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 667})
    try:
        page = context.new_page()
        page.goto(servers.url)
        page.wait_for_selector("[data-testid=connection]:text-is('connected')")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, width  # the table scrolls in its own box, not the page
        screenshot(page, "web-phone-live-list")
    finally:
        context.close()
