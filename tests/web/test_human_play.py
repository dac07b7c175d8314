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
from tests.web.harness import Servers, screenshot

HUMAN_MOVES = 3


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    servers = Servers(tmp_path_factory.mktemp("replays"))
    yield servers
    servers.close()


def start_game(
    servers: Servers, page: Any, game: str, *, side: str = "0", seconds: str = ""
) -> None:
    page.goto(servers.url)
    page.select_option("#play-game", game)
    page.select_option("#play-opponent", "random")
    page.select_option("#play-side", side)
    page.fill("#play-time", seconds)
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


def test_piranhas_2026_second_seat_side_coordinates_and_time_left(
    servers: Servers, page: Any
) -> None:
    """Playing TWO with a time per move: the page says so, counts the time down, labels the
    columns A–J as the command line does, and the move list writes the move made the same way."""
    start_game(servers, page, "piranhas-2026", side="1", seconds="600")
    page.wait_for_selector("[data-testid=you-play]:has-text('you play')", timeout=30_000)
    assert page.text_content("[data-testid=you-play]") == "you play TWO"
    await_my_turn(page)
    players = page.wait_for_selector("[data-testid=players]:has-text('Human (TWO)')")
    assert (players.text_content() or "").startswith("random (ONE) vs Human (TWO)")
    shown = page.wait_for_selector("[data-testid=time-left]:has-text('time left')").text_content()
    seconds = float((shown or "").split()[-2])
    assert 0 < seconds <= 600
    columns = page.eval_on_selector_all(
        "#board [data-coord=column]", "nodes => nodes.map(n => n.textContent)"
    )
    rows = page.eval_on_selector_all(
        "#board [data-coord=row]", "nodes => nodes.map(n => n.textContent)"
    )
    assert columns == list("ABCDEFGHIJ") and rows == [str(y) for y in range(10)]
    fish = page.locator("#board [data-movable]").first
    x, y = map(int, (fish.get_attribute("data-movable") or "").split(","))
    fish.click()
    target = page.wait_for_selector("#board [data-target]")
    screenshot(page, "web-play-piranhas-2026")
    target.click()
    page.wait_for_selector("[data-testid=time-left]", state="hidden")
    entry = page.wait_for_selector("[data-testid=move-list] li[data-index='2']:not(:has-text('…'))")
    assert (entry.text_content() or "").startswith(f"2. {'ABCDEFGHIJ'[x]}{y} ")
    record = human_record(servers, page)
    assert record.names == ["random", "Human"]


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


SYMMETRIC = {"MONO", "TETRO_O", "PENTO_X"}
"""Pieces a quarter turn leaves as they are."""
ORIENTATIONS = 8
PLACE_NOTATION = " at ({},{})"
"""Where a placement's corner stands in the move notation of both Blokus seasons
(``botarena play``)."""


def choose_a_turned_piece(page: Any) -> str:
    """Select a piece of the mover's tray, turn it with the rotate button and the f key and
    on (r, then f) until it fits somewhere; the piece's name."""
    playable = page.query_selector_all("[data-testid=tray] .tray-piece:not([disabled])")
    turnable = [p for p in playable if p.get_attribute("data-piece") not in SYMMETRIC]
    item = (turnable or playable)[0]
    piece = item.get_attribute("data-piece") or ""
    item.click()
    chosen = page.locator(".tray-piece.chosen")
    before = chosen.inner_html()
    page.click("#rotate")
    if piece not in SYMMETRIC:  # the tray draws the piece turned
        assert chosen.inner_html() != before
    page.keyboard.press("f")
    for turn in range(ORIENTATIONS):
        if page.locator("#board [data-cell].fits").count():
            return piece
        page.keyboard.press("r" if turn % 4 != 3 else "f")
    raise AssertionError(f"{piece}: no orientation fits, though the server offered it")


def assert_trays_hold_the_pieces_left(page: Any, game: str, state_xml: str) -> None:
    """One tray per colour, one child per piece left, drawn (no piece names as text)."""
    state: Any = engine_state(game, state_xml)
    for color in ("BLUE", "YELLOW", "RED", "GREEN"):
        tray = page.locator(f"[data-testid=tray][data-color={color}]")
        left = [shape.name for shape in state.undeployed_shapes(_colour(color))]
        pieces = tray.locator(":scope > *")
        assert pieces.evaluate_all("nodes => nodes.map(n => n.dataset.piece)") == left
        assert tray.locator("svg").count() == len(left)
        assert "PENTO" not in (tray.text_content() or "")


@pytest.mark.parametrize("game", ["blokus-2021", "blokus-2027"])
def test_blokus_by_tray_rotate_flip_and_preview(servers: Servers, page: Any, game: str) -> None:
    start_game(servers, page, game)
    page.wait_for_selector("[data-testid=you-play]:has-text('you play')", timeout=30_000)
    assert page.text_content("[data-testid=you-play]") == "you play ONE (BLUE, RED)"
    placed: list[tuple[str, set[tuple[int, int]]]] = []
    for number in range(HUMAN_MOVES):
        await_my_turn(page)
        assert page.locator("#pick-piece, #moves select").count() == 0  # no dropdown of moves
        assert page.locator("[data-testid=time-left]").is_hidden()  # no time per move set
        record = human_record(servers, page)
        assert_trays_hold_the_pieces_left(page, game, record.states[-1])
        colour = (page.text_content(".tray-label.to-move") or "").split()[0].upper()
        choose_a_turned_piece(page)
        page.locator("#board [data-cell]:not(.fits)").first.hover()
        page.wait_for_selector("#board[data-preview=illegal] rect.preview.illegal")
        page.locator("#board [data-cell].fits").first.hover()
        page.wait_for_selector("#board[data-preview=legal] rect.preview.legal")
        cells = page.eval_on_selector_all(
            "#board rect[data-preview]", "nodes => nodes.map(n => n.dataset.preview)"
        )
        placed.append((colour, {(int(c.split(",")[0]), int(c.split(",")[1])) for c in cells}))
        if number == 0 and game == "blokus-2027":
            screenshot(page, "web-play-blokus-2027")
        page.locator("#board [data-cell].fits").first.click()
    await_my_turn(page)
    board = engine_state(game, human_record(servers, page).states[-1]).board()  # type: ignore[attr-defined]
    for colour, cells in placed:  # the server took each placement the preview showed
        assert len(cells) > 0 and {board.get(cell) for cell in cells} == {_colour(colour)}
    assert {colour for colour, _ in placed} == {"BLUE", "RED"}  # both team ONE colours
    coordinates = "nodes => nodes.map(n => n.textContent)"
    numbers = [str(i) for i in range(20)]  # as `botarena play` prints them: x and y 0..19
    assert page.eval_on_selector_all("#board [data-coord=column]", coordinates) == numbers
    assert page.eval_on_selector_all("#board [data-coord=row]", coordinates) == numbers
    for number, (colour, cells) in enumerate(placed):  # the move list names the same place
        corner = (min(x for x, _ in cells), min(y for _, y in cells))
        entry = page.wait_for_selector(
            f"[data-testid=move-list] li[data-index='{2 * number + 1}']:not(:has-text('…'))"
        )
        text = entry.text_content() or ""
        assert colour in text and PLACE_NOTATION.format(*corner) in text
    assert_score_shown(servers, page, game)


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
