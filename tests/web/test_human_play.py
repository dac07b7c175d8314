"""Browser tests: a person plays Piranhas 2026, Hase und Igel and Blokus by clicking against
`random`; the server's states show the moves made; the side panel shows our engine's score;
a human seat with a time per move leaves the game when the time is up."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from botarena.games.registry import lookup
from botarena.web.hub import RoomRecord
from botarena.web.move_offers import score_text
from tests.web.engine_pieces import engine_state
from tests.web.harness import Servers

HUMAN_MOVES = 3


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    servers = Servers(tmp_path_factory.mktemp("replays"))
    yield servers
    servers.close()


def start_game(servers: Servers, page: Any, game: str) -> None:
    page.goto(servers.url)
    page.select_option("#play-game", game)
    page.select_option("#play-opponent", "random")
    page.click("#play-start")


def await_my_turn(page: Any) -> None:
    """Until the server offers the next moves (the status says so and the board took them)."""
    page.wait_for_selector("#turn-status:has-text('your move')", timeout=30_000)


def human_record(servers: Servers, page: Any) -> RoomRecord:
    token = page.evaluate("location.hash").rsplit("/", 1)[-1]
    seat = servers.web.seats[token]
    record = servers.hub.record(seat.room_id or "")
    assert record is not None
    return record


def assert_score_shown(servers: Servers, page: Any, game: str) -> None:
    """The panel shows the score parts our engine computes for the state on the board."""
    record = human_record(servers, page)
    spec = lookup(game)
    assert spec is not None
    page.wait_for_selector(f"#board[data-index='{len(record.states) - 1}']")
    shown = page.wait_for_selector("#score").text_content()
    assert shown == score_text(spec, record.states[-1])


def test_piranhas_2026_by_clicking_fish_and_target(servers: Servers, page: Any) -> None:
    start_game(servers, page, "piranhas-2026")
    targets = []
    for _ in range(HUMAN_MOVES):
        await_my_turn(page)
        page.click("#board [data-movable]")
        target = page.wait_for_selector("#board [data-target]")
        targets.append(tuple(map(int, (target.get_attribute("data-target") or "").split(","))))
        target.click()
    await_my_turn(page)
    record = human_record(servers, page)
    assert record.names == ["Human", "random"]
    for number, (x, y) in enumerate(targets):
        after = engine_state("piranhas-2026", record.states[2 * number + 1])
        assert after.field(x, y).name.startswith("ONE_")  # type: ignore[attr-defined]
    assert_score_shown(servers, page, "piranhas-2026")


def test_hase_und_igel_by_clicking_fields_and_buttons(servers: Servers, page: Any) -> None:
    start_game(servers, page, "hase_und_igel-2018")
    chosen = []
    for _ in range(HUMAN_MOVES):
        await_my_turn(page)
        page.wait_for_selector("#moves button.move, #board [data-reachable]")
        fields = page.query_selector_all("#board [data-reachable]")
        if fields:
            field = int(fields[-1].get_attribute("data-reachable") or "")
            fields[-1].click()
            button = page.wait_for_selector("#field-moves button.move")
        else:  # nothing advances the hare: a button of the side panel
            field = None
            button = page.wait_for_selector("#moves button.move")
        chosen.append((field, button.text_content()))
        button.click()
    await_my_turn(page)
    record = human_record(servers, page)
    render = lookup("hase_und_igel-2018").load_render()  # type: ignore[union-attr]
    assert any(field is not None for field, _ in chosen)
    for number, (field, label) in enumerate(chosen):
        after: Any = engine_state("hase_und_igel-2018", record.states[2 * number + 1])
        assert render.move_text(after.last_move) == label
        if field is not None:
            assert after.red.index == field
    assert_score_shown(servers, page, "hase_und_igel-2018")


def test_blokus_by_choosing_a_placement_and_placing_it(servers: Servers, page: Any) -> None:
    start_game(servers, page, "blokus-2021")
    placed: list[set[tuple[int, int]]] = []
    for _ in range(HUMAN_MOVES):
        await_my_turn(page)
        cell = page.wait_for_selector("#board [data-cell].reachable")
        cell.click()
        label = page.wait_for_selector("#pick-label:has-text('1 of ')").text_content() or ""
        if " of 1 here" not in label:  # a second click shows the next placement on this cell
            cell.click()
            page.wait_for_selector("#pick-label:has-text('(2 of ')")
        cells = page.eval_on_selector_all(
            "#board [data-preview]", "nodes => nodes.map(n => n.dataset.preview)"
        )
        placed.append({(int(c.split(",")[0]), int(c.split(",")[1])) for c in cells})
        page.click("#place")
    await_my_turn(page)
    record = human_record(servers, page)
    board = engine_state("blokus-2021", record.states[-1]).board()  # type: ignore[attr-defined]
    for cells in placed:
        assert cells and {board.get(cell) for cell in cells} <= {_colour("BLUE"), _colour("RED")}
    assert len({board.get(next(iter(cells))) for cells in placed}) == 2  # both team ONE colours
    assert_score_shown(servers, page, "blokus-2021")


def _colour(name: str) -> object:
    from botarena.games.blokus.colors import Color  # noqa: PLC0415

    return Color[name]


def test_a_time_per_move_ends_the_human_seat(servers: Servers, page: Any) -> None:
    page.goto(servers.url)
    page.select_option("#play-game", "piranhas-2019")
    page.select_option("#play-opponent", "random")
    page.fill("#play-time", "0.5")
    page.click("#play-start")
    page.wait_for_selector("#turn-status", timeout=30_000)
    token = page.evaluate("location.hash").rsplit("/", 1)[-1]
    seat = servers.web.seats[token]
    assert seat.time_limit_s == 0.5
    page.wait_for_selector("#turn-status:has-text('time is up')", timeout=30_000)
    page.wait_for_selector("#result:not(:empty)", timeout=30_000)
    record = servers.hub.record(seat.room_id or "")
    assert record is not None and record.status == "finished"
    assert record.result_text is not None and "LEFT" in record.result_text


def test_prepare_refuses_a_bad_time_per_move(servers: Servers, page: Any) -> None:
    page.goto(servers.url)
    status = page.evaluate(
        """async () => {
             const { postJson } = await import("/static/api.js");
             try {
               await postJson("/api/prepare", { game: "piranhas-2019", state: null,
                 seats: ["human", "random"], timePerMove: -1 });
               return 200;
             } catch (error) { return Number(String(error.message).split(":")[0]); }
           }"""
    )
    assert status == 400
