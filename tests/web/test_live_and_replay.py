"""Browser tests: the live room list, watching a game to its result, the replay viewer."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from botarena.games.registry import GAMES, SC_XML
from botarena.web.replays import read_replay
from tests.conftest import FIXTURES
from tests.web.engine_pieces import engine_state, expected_pieces
from tests.web.harness import Servers, screenshot

OFFICIAL_REPLAY = FIXTURES / "server-protocol-19.2.1" / "R_replay_file.xml"
MAUMAU_TRANSCRIPT = FIXTURES / "maumau" / "contest_3p_01.jsonl"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    replay_dir = tmp_path_factory.mktemp("replays")
    roots = [replay_dir, OFFICIAL_REPLAY.resolve(), MAUMAU_TRANSCRIPT.resolve()]
    servers = Servers(replay_dir, roots=roots)
    yield servers
    servers.close()


def drawn_pieces(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("#board [data-piece]", "e => e.map(n => n.dataset.piece)"))


def test_watch_a_live_game_until_its_result(servers: Servers, page: Any) -> None:
    page.goto(servers.url)
    page.wait_for_selector("#rooms")
    bots = [servers.bot("piranhas-2019", "random", "--seed", str(seed)) for seed in (1, 2)]
    try:
        row = page.wait_for_selector("#rooms tr[data-room]")
        room_id = row.get_attribute("data-room")
        page.goto(f"{servers.url}#/live/{room_id}")
        page.wait_for_selector("#board [data-piece]")
        page.wait_for_selector("#result:not(:empty)", timeout=60_000)
        result = page.text_content("[data-testid=result]") or ""
        assert " wins: " in result or result.startswith("draw"), result
        screenshot(page, "web-live-piranhas")
        page.click("#replay-link")
        page.wait_for_selector("#board[data-index='0']")
        record = servers.hub.record(room_id or "")
        assert record is not None
        assert drawn_pieces(page) == expected_pieces("piranhas-2019", record.states[0])
    finally:
        for bot in bots:
            assert bot.wait(60) == 0, bot.stderr.read() if bot.stderr else ""
    page.goto(servers.url)
    page.wait_for_selector(f"#rooms tr[data-room='{room_id}'][data-status='finished']")


def test_maumau_transcript_shows_the_table(servers: Servers, page: Any) -> None:
    page.goto(f"{servers.url}#/replay?root=2&path=&turn=0")
    page.wait_for_selector("#board[data-index='0']")
    pieces = drawn_pieces(page)
    assert "TOP@16" in pieces  # the first card turned up in the official dealer's game
    assert {"COUNT@Alice:7", "COUNT@Bob:7", "COUNT@Carol:7"} <= pieces
    page.keyboard.press("End")
    page.wait_for_selector("#board[data-index='26']")
    assert "COUNT@Bob:0" in drawn_pieces(page)
    assert page.text_content("#result") == "winner Bob"
    moves = page.eval_on_selector_all(
        "[data-testid=move-list] > *", "e => e.map(n => n.textContent)"
    )
    assert len(moves) == 26  # a move for every state after the deal
    assert moves[6] == "7. Alice plays Karo Bube, wishes Karo"
    assert moves[25] == "26. Bob plays Herz König"
    screenshot(page, "web-replay-maumau")


def test_watch_a_live_maumau_game_until_its_result(servers: Servers, page: Any) -> None:
    page.goto(servers.url)
    page.wait_for_selector("#rooms")
    bots = [
        servers.maumau_bot("random", "--name", name, "--seed", str(seed))
        for name, seed in (("Ann", 1), ("Ben", 2))
    ]
    try:
        row = page.wait_for_selector("#rooms tr[data-room^='maumau-']")
        room_id = row.get_attribute("data-room")
        assert "maumau-2017" in row.text_content()
        page.goto(f"{servers.url}#/live/{room_id}")
        page.wait_for_selector("#board [data-piece^='TOP@']")
        page.wait_for_selector("#result:not(:empty)", timeout=60_000)
        assert "winner" in page.text_content("#result")  # "winner 'Ann' (...)" or "no winner"
        record = servers.hub.record(room_id or "")
        assert record is not None and record.status == "finished"
        page.click("#replay-link")
        page.wait_for_selector("#board[data-index='0']")
        pieces = drawn_pieces(page)
        assert {"COUNT@Ann:7", "COUNT@Ben:7"} <= pieces  # the deal: hand sizes, as observed
        assert not any(piece.startswith("HAND@") for piece in pieces)  # hands stay hidden live
        page.keyboard.press("End")
        page.wait_for_selector(f"#board[data-index='{len(record.states) - 1}']")
        winner = (record.result_text or "").split("'")
        if len(winner) > 1:
            assert f"COUNT@{winner[1]}:0" in drawn_pieces(page)
        page.wait_for_function(
            "n => document.querySelectorAll('[data-testid=move-list] > *').length === n "
            "&& !document.querySelector('[data-testid=move-list]').textContent.includes('…')",
            arg=len(record.states) - 1,
        )
        moves = page.eval_on_selector_all(
            "[data-testid=move-list] > *", "e => e.map(n => n.textContent)"
        )
        said = re.compile(r"\d+\. (Ann|Ben) (plays \w+ \w+|draws|is skipped|is refused)")
        assert all(said.match(move) for move in moves), moves  # each turn in words
        assert any(" plays " in move for move in moves)
    finally:
        for bot in bots:
            assert bot.wait(60) == 0, bot.stderr.read() if bot.stderr else ""


def test_start_from_here_continues_from_that_position(servers: Servers, page: Any) -> None:
    finished = next(iter(servers.hub.finished.values()))  # the game watched above
    page.goto(f"{servers.url}#/room/{finished.room_id}?turn=10")
    page.wait_for_selector("#board[data-index='10']")
    page.select_option("#seat0", "random")
    page.select_option("#seat1", "greedy")
    page.click("#start-here")
    link = page.wait_for_selector("#prepared-watch")
    room_id = (link.get_attribute("href") or "").rsplit("/", 1)[-1]
    page.goto(f"{servers.url}#/live/{room_id}")
    page.wait_for_selector("#result:not(:empty)", timeout=60_000)
    record = servers.hub.record(room_id)
    assert record is not None and record.status == "finished"
    assert record.names == ["random", "greedy"]
    start = expected_pieces("piranhas-2019", record.states[0])
    assert start == expected_pieces("piranhas-2019", finished.states[10])
    assert engine_state("piranhas-2019", record.states[0]).turn == 10  # type: ignore[attr-defined]


def test_start_from_here_with_a_human_seat_links_to_that_seat(servers: Servers, page: Any) -> None:
    finished = next(iter(servers.hub.finished.values()))
    page.goto(f"{servers.url}#/room/{finished.room_id}?turn=10")
    page.wait_for_selector("#board[data-index='10']")
    page.select_option("#seat0", "human")
    page.select_option("#seat1", "random")
    page.click("#start-here")
    link = page.wait_for_selector("#prepared-play")
    token = (link.get_attribute("href") or "").rsplit("/", 1)[-1]
    assert token in servers.web.seats  # the human seat's token, not the room id
    link.click()
    page.wait_for_selector("#board")
    assert "no such seat" not in page.inner_text("main")


def test_a_person_plays_a_full_piranhas_game_against_random(servers: Servers, page: Any) -> None:
    page.goto(servers.url)
    page.select_option("#play-game", "piranhas-2019")
    page.select_option("#play-opponent", "random")
    page.click("#play-start")
    clicks = 0
    while True:
        page.wait_for_selector("#board [data-movable], #result:not(:empty)", timeout=30_000)
        if page.text_content("#result"):
            break
        page.click("#board [data-movable]")
        page.click("#board [data-target]")
        clicks += 1
        page.wait_for_selector(
            "#turn-status:has-text('your move'), #result:not(:empty)",
            state="attached",
            timeout=30_000,
        )
        if page.text_content("#result"):
            break
        page.wait_for_function("!document.querySelector('#board [data-target]')")
    assert clicks >= 1
    token = page.evaluate("location.hash").rsplit("/", 1)[-1]
    seat = servers.web.seats.get(token)
    room_id = seat.room_id if seat else None
    record = servers.hub.record(room_id or "")
    assert record is not None and record.status == "finished"
    assert record.names == ["Human", "random"]
    # the play view lists every move in the season's notation, and names both players
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=move-list] > li').length === n "
        "&& !document.querySelector('[data-testid=move-list]').textContent.includes('…')",
        arg=len(record.states) - 1,
    )
    assert page.text_content("[data-testid=players]") == "Human (red) vs random (blue)"
    assert (
        record.result_text
        and "LEFT" not in record.result_text
        and "TIMEOUT" not in record.result_text
    )


def test_run_report_shows_the_plot(servers: Servers, page: Any, tmp_path: Path) -> None:
    run = servers.web.roots.paths[0] / "run-1"
    run.mkdir()
    lines = []
    for index in range(24):
        winner = "alpha" if index % 3 else "beta"
        scores = {"alpha": 1.0 if winner == "alpha" else 0.0}
        scores["beta"] = 1.0 - scores["alpha"]
        lines.append(
            {
                "index": index,
                "slots": [{"bot": "alpha"}, {"bot": "beta"}],
                "winner": winner,
                "bot_scores": scores,
                "regular": index != 5,
                "cause": "REGULAR" if index != 5 else "beta SOFT_TIMEOUT",
                "replay": None,
                "move_times_ms": [1.5, 2.5, 3.0],
                "move_bots": ["alpha", "beta", "alpha"],
            }
        )
    spoiled = {**lines[0], "index": 24, "winner": None, "infra_error": True, "infra_replays": 2}
    lines.append({**spoiled, "bot_scores": {"alpha": None, "beta": None}, "regular": False})
    (run / "games.jsonl").write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    page.goto(f"{servers.url}#/files")
    page.click("a.report")
    page.wait_for_selector("#plot svg")
    screenshot(page, "web-report")
    assert page.text_content("#wdl").count("alpha") == 1
    assert page.text_content("#wdl tr:nth-child(2) td:nth-child(3)") == "16"  # alpha's wins
    assert page.text_content("#causes") == "beta SOFT_TIMEOUT: 1"  # the machine's apart:
    assert "not rated: game 24" in page.text_content("#infra-errors")
    assert "alpha" in page.text_content("#times")


@pytest.fixture(scope="module")
def played(servers: Servers) -> dict[str, str]:
    """One game of every SC game of the registry between two built-in bots: the path of
    its replay (written by our server) relative to the replay folder."""
    specs = [spec for spec in GAMES if spec.protocol == SC_XML]
    bots = [servers.bot(spec.id, "random", "--seed", str(s)) for spec in specs for s in (1, 2)]
    for bot in bots:
        assert bot.wait(120) == 0, bot.stderr.read() if bot.stderr else ""
    return servers.replays_by_season(specs)


def test_official_replay_matches_the_engine(servers: Servers, page: Any) -> None:
    replay = read_replay(OFFICIAL_REPLAY)
    for turn in range(len(replay["states"])):
        page.goto(f"{servers.url}#/replay?root=1&path=&turn={turn}")
        page.wait_for_selector(f"#board[data-index='{turn}']")
        assert drawn_pieces(page) == expected_pieces("piranhas-2019", replay["states"][turn])
        page.goto("about:blank")


def test_replay_of_every_game_matches_the_engine(
    servers: Servers, played: dict[str, str], page: Any
) -> None:
    for game, name in played.items():
        replay = read_replay(servers.web.roots.paths[0] / name)
        assert replay["game"] == game
        last = len(replay["states"]) - 1
        for turn in (0, 10, last):
            page.goto(f"{servers.url}#/replay?root=0&path={name}&turn={turn}")
            page.wait_for_selector(f"#board[data-index='{turn}']")
            expected = expected_pieces(game, replay["states"][turn])
            assert drawn_pieces(page) == expected, (game, turn)
            page.goto("about:blank")


def test_scrub_and_keyboard_stepping(servers: Servers, played: dict[str, str], page: Any) -> None:
    name = played["piranhas-2019"]
    replay = read_replay(servers.web.roots.paths[0] / name)
    last = len(replay["states"]) - 1
    assert last > 12
    page.goto(f"{servers.url}#/replay?root=0&path={name}&turn=5")
    page.wait_for_selector("#board[data-index='5']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#board[data-index='6']")
    assert page.evaluate("location.hash").endswith("turn=6")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#board[data-index='4']")
    page.keyboard.press("End")
    page.wait_for_selector(f"#board[data-index='{last}']")
    page.keyboard.press("Home")
    page.wait_for_selector("#board[data-index='0']")
    page.click("#forward10")
    page.wait_for_selector("#board[data-index='10']")
    page.fill("#scrub", "3")
    page.wait_for_selector("#board[data-index='3']")
    assert drawn_pieces(page) == expected_pieces("piranhas-2019", replay["states"][3])
    page.keyboard.press(" ")  # play: the viewer steps on by itself
    page.wait_for_selector("#board[data-index='5']")
    page.keyboard.press(" ")


def test_a_replay_in_pages_is_shown_whole(
    servers: Servers, played: dict[str, str], page: Any
) -> None:
    """Issue 23, finding 6: a replay comes in pages (REPLAY_PAGE_BYTES, set to one state per
    page here); the viewer shows the first at once and adds the others, so a turn on a later
    page and the last state are reached."""
    name = played["piranhas-2019"]
    replay = read_replay(servers.web.roots.paths[0] / name)
    last = len(replay["states"]) - 1
    pages = servers.web.replay_pages
    pages.page_bytes = 1
    try:
        page.goto(f"{servers.url}#/replay?root=0&path={name}&turn={last - 1}")
        page.wait_for_selector(f"#board[data-index='{last - 1}']")
        page.wait_for_selector(f"#scrub[max='{last}']")  # the last page arrived
        page.keyboard.press("End")
        page.wait_for_selector(f"#board[data-index='{last}']")
        assert drawn_pieces(page) == expected_pieces("piranhas-2019", replay["states"][last])
    finally:
        pages.page_bytes = type(pages)().page_bytes
