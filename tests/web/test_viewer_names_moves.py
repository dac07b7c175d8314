"""Browser tests (issue 26): every viewer page names the players with their sides and the
result in words, has a move list in the season's notation (one entry per move, click to
jump), and the header says "connected" while a live game is watched; the play form offers the
server's default game first."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from botarena.games.registry import GAMES, SC_XML, lookup
from botarena.web.replays import read_replay
from tests.conftest import FIXTURES
from tests.web.engine_pieces import engine_state
from tests.web.harness import Servers, screenshot

OFFICIAL_REPLAY = FIXTURES / "server-protocol-19.2.1" / "R_replay_file.xml"
NOT_SHOWN = ("null", "undefined", "NaN")
"""Texts of missing values in JavaScript: never on a page."""


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    replay_dir = tmp_path_factory.mktemp("replays")
    servers = Servers(replay_dir, roots=[replay_dir, OFFICIAL_REPLAY.resolve()])
    yield servers
    servers.close()


@pytest.fixture(scope="module")
def played(servers: Servers) -> dict[str, str]:
    """One game of every SC season between ``random`` and ``greedy``: its replay's name
    (the SC server stops afterwards: the live tests come first)."""
    specs = [spec for spec in GAMES if spec.protocol == SC_XML]
    bots = []
    for spec in specs:  # one season at a time: the two bots of a season meet in one room
        pair = [servers.bot(spec.id, player, "--seed", "1") for player in ("random", "greedy")]
        for bot in pair:
            assert bot.wait(120) == 0, bot.stderr.read() if bot.stderr else ""
        bots += pair
    return servers.replays_by_season(specs)


def test_a_watched_live_game_is_connected_with_moves_and_result(
    servers: Servers, page: Any
) -> None:
    page.goto(servers.url)
    page.wait_for_selector("#rooms")
    bots = [servers.bot("piranhas-2026", player, "--seed", "3") for player in ("random", "greedy")]
    try:
        row = page.wait_for_selector("#rooms tr[data-room]")
        room_id = row.get_attribute("data-room") or ""
        page.goto(f"{servers.url}#/live/{room_id}")  # reached from the live list, same page
        page.wait_for_selector("#board")
        page.wait_for_selector("[data-testid=connection]:text-is('connected')")
        page.wait_for_selector("[data-testid=result]:not(:empty)", timeout=60_000)
        assert page.text_content("[data-testid=connection]") == "connected"
        record = servers.hub.record(room_id)
        assert record is not None and record.status == "finished"
        assert_names_and_result(page, ["random", "greedy"])
        assert_move_list(page, "piranhas-2026", record.states)
        screenshot(page, "web-live-piranhas-2026")
    finally:
        for bot in bots:
            assert bot.wait(60) == 0, bot.stderr.read() if bot.stderr else ""


def test_the_play_form_offers_the_servers_default_game(servers: Servers, page: Any) -> None:
    default = servers.sc.lobby.default_game
    assert default is not None
    spec = lookup(default.game_type)
    assert spec is not None and spec.id != "piranhas-2019"
    page.goto(servers.url)
    page.wait_for_selector("#play-game")
    assert page.input_value("#play-game") == spec.id


def move_texts(game: str, states: list[str]) -> list[str]:
    """What ``botarena play`` prints for each move: the season's ``render.move_text`` of the
    move each state names as its last."""
    spec = lookup(game)
    assert spec is not None
    move_text = spec.part("render:move_text")
    return [move_text(engine_state(game, state).last_move) for state in states[1:]]  # type: ignore[attr-defined]


def assert_names_and_result(page: Any, names: list[str]) -> None:
    players = page.text_content("[data-testid=players]") or ""
    result = page.text_content("[data-testid=result]") or ""
    for name in names:
        assert name in players, (players, names)
    assert " wins" in result or result.startswith("draw"), result
    for text in (players, result, page.text_content("h2") or ""):
        assert not any(word in text for word in NOT_SHOWN), text
    official = page.get_attribute("[data-testid=result]", "title")
    assert official, ("the official reason is on hover", players, result)


def assert_move_list(page: Any, game: str, states: list[str]) -> None:
    expected = [f"{index}. {text}" for index, text in enumerate(move_texts(game, states), 1)]
    try:
        page.wait_for_function(
            "n => document.querySelectorAll('[data-testid=move-list] > li').length === n "
            "&& !document.querySelector('[data-testid=move-list]').textContent.includes('…')",
            arg=len(expected),
        )
    finally:
        entries = page.eval_on_selector_all(
            "[data-testid=move-list] > *", "e => e.map(n => n.textContent)"
        )
        assert entries == expected


def test_replays_of_every_season_name_players_result_and_moves(
    servers: Servers, played: dict[str, str], page: Any
) -> None:
    for game, name in played.items():
        replay = read_replay(servers.web.roots.paths[0] / name)
        assert sorted(replay["names"]) == ["greedy", "random"], (game, replay["names"])
        page.goto(f"{servers.url}#/replay?root=0&path={name}&turn=0")
        page.wait_for_selector("#board[data-index='0']")
        assert_names_and_result(page, ["random", "greedy"])
        sides = ("ONE", "TWO") if lookup(game).year >= 2021 else ("red", "blue")  # type: ignore[union-attr]
        labels = [f"{name} ({side})" for name, side in zip(replay["names"], sides, strict=True)]
        assert page.text_content("[data-testid=players] .player[data-seat='0']") == labels[0]
        assert page.text_content("[data-testid=players] .player[data-seat='1']") == labels[1]
        assert_move_list(page, game, replay["states"])
        page.click("[data-testid=move-list] > :nth-child(10)")
        page.wait_for_selector("#board[data-index='10']")
        assert page.get_attribute("[data-testid=move-list] > li.current", "data-index") == "10"
        assert page.evaluate("location.hash").endswith("turn=10")
        turn = engine_state(game, replay["states"][10]).turn  # type: ignore[attr-defined]
        assert turn == 10, (game, turn)
        screenshot(page, f"web-replay-{game}")
        page.goto("about:blank")


def test_the_official_replay_names_players_result_and_moves(servers: Servers, page: Any) -> None:
    replay = read_replay(OFFICIAL_REPLAY)
    page.goto(f"{servers.url}#/replay?root=1&path=&turn=0")
    page.wait_for_selector("#board[data-index='0']")
    assert_names_and_result(page, replay["names"])
    assert (
        page.text_content("[data-testid=result]")
        == "Unknown (blue) wins: Unknown (red) left the game"
    )
    assert (
        page.get_attribute("[data-testid=result]", "title") == "Der Spieler hat das Spiel verlassen"
    )
    assert_move_list(page, "piranhas-2019", replay["states"])
    page.click("[data-testid=move-list] > :nth-child(2)")
    page.wait_for_selector("#board[data-index='2']")


def test_a_report_without_an_elo_shows_no_plot_and_none_under_empty_headings(
    servers: Servers, page: Any
) -> None:
    """As the command line says ``Elo n/a`` when every counted game was won: no Elo, no
    ±95 %, no plot (it was a flat line at the clip), and "none" under empty sections."""
    run = servers.web.roots.paths[0] / "run-all-won"
    run.mkdir()
    lines = [
        {
            "index": index,
            "slots": [{"bot": "alpha", "match_points": 2}, {"bot": "beta", "match_points": 0}],
            "winner": "alpha",
            "bot_scores": {"alpha": 1.0, "beta": 0.0},
            "regular": True,
            "cause": "REGULAR",
            "replay": None,
        }
        for index in range(6)
    ]
    (run / "games.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    page.goto(f"{servers.url}#/report?root=0&path=run-all-won/games.jsonl")
    page.wait_for_selector("#wdl")
    cells = page.eval_on_selector_all("#wdl tr:nth-child(2) td", "e => e.map(n => n.textContent)")
    assert cells[:5] + cells[6:] == ["alpha", "6", "6", "0", "0", "n/a", "n/a"]
    assert cells[5] == "12"  # points: two a win, as the standings count them
    assert page.query_selector("#plot svg") is None
    assert page.text_content("#no-plot") == "none: Elo n/a for alpha"
    assert page.text_content("#causes") == "none"
    assert page.text_content("#times") == "none"
    screenshot(page, "web-report-elo-na")
