"""The arena end to end with real processes: three teams upload bots, each is validated and
accepted, a broken upload is refused with the reason, a challenge is played before the queued
ladder matches, ladder games play by themselves, a team cannot read another team's logs, the
leaderboard page updates without a reload, and a ``kill -9`` of the arena during play loses
and double-counts nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.arena.processes import (
    Started,
    api,
    bot_folder,
    botarena,
    line_value,
    rows,
    serve,
    snapshot,
    wait_for,
)

GAME = "piranhas"
TEAMS = {"alpha": "greedy", "beta": "random", "gamma": "random"}


@dataclass
class Contest:
    folder: Path
    url: str
    arena: Started
    organiser: str
    tokens: dict[str, str]
    submissions: dict[str, int]


def standings(url: str) -> list[dict[str, Any]]:
    status, answer = api(url, f"/api/standings?game={GAME}")
    assert status == 200
    return list(answer)


@pytest.fixture(scope="module")
def contest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Contest]:
    root = tmp_path_factory.mktemp("contest")
    contest: Contest | None = None
    folder = root / "arena"
    organiser = line_value(
        botarena("arena", "init", str(folder), "--organiser", "Olga").stdout, "token"
    )
    arena, url = serve(folder, "--workers", "2", "--queue", "6")
    try:
        tokens, submissions = {}, {}
        for team, player in TEAMS.items():
            added = botarena("arena", "add-team", "--server", url, "--token", organiser, team)
            tokens[team] = line_value(added.stdout, "token")
            assert line_value(added.stdout, "join key")
            bot = bot_folder(root, team, player)
            sent = botarena(
                "arena",
                "submit",
                "--server",
                url,
                "--token",
                tokens[team],
                "--game",
                GAME,
                str(bot),
            )
            submissions[team] = int(line_value(sent.stdout, "submission"))
            assert line_value(sent.stdout, "status") == "validating"
        contest = Contest(folder, url, arena, organiser, tokens, submissions)
        yield contest
    finally:
        arena.stop()
        if contest is not None:
            contest.arena.stop()  # the arena restarted by the kill -9 test


def test_a_broken_upload_is_refused_with_the_reason(contest: Contest, tmp_path: Path) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"PK\x03\x04 this is not really a zip")
    refused = botarena(
        "arena",
        "submit",
        "--server",
        contest.url,
        "--token",
        contest.tokens["alpha"],
        "--game",
        GAME,
        str(broken),
        check=False,
    )
    assert refused.returncode != 0
    assert "not a ZIP file" in refused.stderr


def test_every_upload_is_validated_against_random_and_accepted(contest: Contest) -> None:
    def accepted() -> list[dict[str, Any]] | None:
        _, found = api(contest.url, "/api/submissions", contest.organiser)
        return found if all(s["status"] == "accepted" for s in found) else None

    found = wait_for(accepted, "three accepted uploads")
    assert sorted(s["team"] for s in found) == sorted(TEAMS)
    assert all(s["active"] for s in found)
    validation = rows(
        contest.folder,
        "SELECT m.id, s.builtin FROM matches m JOIN match_seats s ON s.match = m.id "
        "WHERE m.kind = 'validation' AND s.builtin IS NOT NULL",
    )
    assert len(validation) == 2 * len(TEAMS)
    assert {row["builtin"] for row in validation} == {"random"}
    # the team reads both logs of its own validation games
    own = [
        r["id"]
        for r in rows(
            contest.folder,
            "SELECT match AS id FROM match_seats WHERE submission = ?",
            contest.submissions["beta"],
        )
    ][:2]
    for match in own:
        _, info = api(contest.url, f"/api/matches/{match}", contest.tokens["beta"])
        seat = next(s for s in info["seats"] if s["submission"] == contest.submissions["beta"])
        assert seat["log"]
        status, _ = api(
            contest.url, f"/api/matches/{match}/log/{seat['seat']}", contest.tokens["beta"]
        )
        assert status == 200


def test_a_challenge_is_played_before_the_queued_ladder(contest: Contest) -> None:
    test_every_upload_is_validated_against_random_and_accepted(contest)
    wait_for(
        lambda: rows(
            contest.folder, "SELECT 1 FROM matches WHERE kind = 'ladder' AND status = 'queued'"
        ),
        "queued ladder matches",
    )
    status, answer = api(
        contest.url,
        "/api/challenges",
        contest.tokens["gamma"],
        {"opponent": contest.submissions["alpha"]},
    )
    assert status == 200, answer
    both = rows(
        contest.folder,
        "SELECT id FROM matches WHERE challenge = ? ORDER BY id",
        answer["challenge"],
    )
    seat_orders = {
        tuple(
            r["submission"]
            for r in rows(
                contest.folder,
                "SELECT submission FROM match_seats WHERE match = ? ORDER BY seat",
                m["id"],
            )
        )
        for m in both
    }
    mine, theirs = contest.submissions["gamma"], contest.submissions["alpha"]
    assert seat_orders == {(mine, theirs), (theirs, mine)}  # played twice, sides swapped
    challenge = both[0]
    waiting = [
        r["id"]
        for r in rows(
            contest.folder,
            "SELECT id FROM matches WHERE kind = 'ladder' AND status = 'queued' AND id < ?",
            challenge["id"],
        )
    ]
    assert waiting  # the queue keeps more ladder matches than the two workers play
    done = wait_for(
        lambda: rows(
            contest.folder,
            "SELECT * FROM matches WHERE id = ? AND status = 'done'",
            challenge["id"],
        ),
        "the challenge played",
    )[0]
    assert not done["rated"]
    for row in rows(
        contest.folder,
        f"SELECT started FROM matches WHERE id IN ({','.join(map(str, waiting)) or '0'})",
    ):
        assert row["started"] is None or row["started"] >= done["started"]


def test_ladder_games_play_by_themselves_and_logs_stay_private(contest: Contest) -> None:
    test_every_upload_is_validated_against_random_and_accepted(contest)

    def played_twice() -> list[dict[str, Any]] | None:
        table = standings(contest.url)
        return table if len(table) == 3 and all(r["games"] >= 2 for r in table) else None

    table = wait_for(played_twice, "two ladder games for every team")
    assert {row["team"] for row in table} == set(TEAMS)
    assert [row["rank"] for row in table] == [1, 2, 3]
    assert all(set(row) >= {"team", "submission", "mu", "sigma", "games"} for row in table)
    cli = botarena("arena", "standings", "--server", contest.url, "--game", GAME, "--json")
    assert {row["team"] for row in json.loads(cli.stdout)} == set(TEAMS)
    match = rows(
        contest.folder,
        "SELECT m.id FROM matches m WHERE m.kind = 'ladder' AND m.status = 'done' "
        "AND EXISTS (SELECT 1 FROM match_seats WHERE match = m.id AND submission = ?) "
        "AND NOT EXISTS (SELECT 1 FROM match_seats WHERE match = m.id AND submission = ?)",
        contest.submissions["alpha"],
        contest.submissions["gamma"],
    )[0]["id"]
    _, info = api(contest.url, f"/api/matches/{match}", contest.tokens["alpha"])
    own = next(s["seat"] for s in info["seats"] if s["submission"] == contest.submissions["alpha"])
    other = 1 - own
    assert api(contest.url, f"/api/matches/{match}/log/{own}", contest.tokens["alpha"])[0] == 200
    assert api(contest.url, f"/api/matches/{match}/log/{other}", contest.tokens["alpha"])[0] == 403
    for seat in (0, 1):
        assert (
            api(contest.url, f"/api/matches/{match}/log/{seat}", contest.tokens["gamma"])[0] == 403
        )
        assert api(contest.url, f"/api/matches/{match}/log/{seat}")[0] == 403
        assert api(contest.url, f"/api/matches/{match}/log/{seat}", contest.organiser)[0] == 200
    assert api(contest.url, f"/api/matches/{match}/replay")[0] == 200
    hidden = {"private": True}
    assert api(contest.url, "/api/replays", contest.organiser, hidden)[1] == hidden
    try:
        for token, status in ((None, 403), (contest.tokens["gamma"], 403)):
            assert api(contest.url, f"/api/matches/{match}/replay", token)[0] == status
            assert api(contest.url, f"/api/replay?path={match}", token)[0] == status
        for token in (contest.tokens["alpha"], contest.organiser):
            assert api(contest.url, f"/api/matches/{match}/replay", token)[0] == 200
    finally:
        api(contest.url, "/api/replays", contest.organiser, {"private": False})


def test_the_leaderboard_page_updates_without_reload(contest: Contest, page: Any) -> None:
    test_every_upload_is_validated_against_random_and_accepted(contest)
    page.goto(contest.url + "/")
    first = page.inner_text("#standings")
    assert all(team in first for team in TEAMS)  # rendered by the server
    page.evaluate("window.loadedOnce = true")
    page.wait_for_function(
        "(first) => document.getElementById('standings').innerText !== first",
        arg=first,
        timeout=240_000,
    )
    assert page.evaluate("window.loadedOnce") is True  # the same page: no reload


def test_a_match_page_opens_the_replay_viewer(contest: Contest, page: Any) -> None:
    test_every_upload_is_validated_against_random_and_accepted(contest)
    [match] = rows(contest.folder, "SELECT id FROM matches WHERE replay IS NOT NULL LIMIT 1")
    page.goto(f"{contest.url}/match/{match['id']}")
    page.click("#viewer")
    heading = page.wait_for_selector("#main h2", timeout=60_000)
    assert "piranhas" in heading.inner_text().lower()
    assert "random" in heading.inner_text() or "-v1" in heading.inner_text()
    assert page.query_selector("#main .error") is None


def test_a_match_keeps_its_figures_and_replays_locally(contest: Contest) -> None:
    test_every_upload_is_validated_against_random_and_accepted(contest)
    [match] = rows(
        contest.folder,
        "SELECT id, seed, moves, figures FROM matches WHERE kind = 'ladder' AND status = 'done' "
        "AND void = 0 LIMIT 1",
    )
    figures = json.loads(match["figures"])
    assert len(figures["move_times_ms"]) == match["moves"] > 0
    assert len(figures["move_raw_ms"]) == match["moves"]
    assert set(figures["move_seats"]) == {0, 1}
    assert figures["clock"] == "cpu"  # the arena judges uploads by their CPU time
    assert len(figures["move_cpu_ms"]) == match["moves"]
    assert all(ms is not None and ms >= 0 for ms in figures["move_cpu_ms"])
    again = botarena(
        "arena",
        "replay",
        "--server",
        contest.url,
        "--token",
        contest.organiser,
        "--sandbox",
        "rlimit",
        str(match["id"]),
    )
    assert f"match {match['id']}, seed {match['seed']}:" in again.stdout
    assert again.stdout.count("in the arena:") == 2
    refused = botarena(
        "arena",
        "replay",
        "--server",
        contest.url,
        "--token",
        contest.tokens["alpha"],
        str(match["id"]),
        check=False,
    )
    assert refused.returncode != 0 and "organiser" in refused.stderr


def test_kill_9_of_the_arena_loses_and_double_counts_nothing(contest: Contest) -> None:
    test_every_upload_is_validated_against_random_and_accepted(contest)
    [leased] = wait_for(
        lambda: rows(contest.folder, "SELECT id FROM matches WHERE status = 'leased' LIMIT 1"),
        "a match in play",
    )
    before = {row["team"]: row["games"] for row in standings(contest.url)}
    contest.arena.kill9()
    assert rows(contest.folder, "PRAGMA integrity_check")[0][0] == "ok"
    arena, contest.url = serve(contest.folder, "--workers", "2", "--queue", "6")
    contest.arena = arena
    after = {row["team"]: row["games"] for row in standings(contest.url)}
    assert set(after) == set(TEAMS)
    assert all(after[team] >= before[team] for team in TEAMS)
    wait_for(
        lambda: rows(
            contest.folder, "SELECT 1 FROM matches WHERE id = ? AND status = 'done'", leased["id"]
        ),
        "the interrupted match played again",
    )
    [again] = rows(contest.folder, "SELECT attempts FROM matches WHERE id = ?", leased["id"])
    assert again["attempts"] >= 2
    ids = [r["id"] for r in rows(contest.folder, "SELECT id FROM matches ORDER BY id")]
    assert ids == list(range(1, len(ids) + 1))  # no match lost
    games, ratings = snapshot(
        contest.folder,
        "SELECT s.submission, COUNT(*) AS games FROM match_seats s JOIN matches m "
        "ON m.id = s.match WHERE m.rated = 1 AND m.status = 'done' AND m.void = 0 "
        "GROUP BY s.submission",
        "SELECT submission, games FROM ratings",
    )
    counted = {r["submission"]: r["games"] for r in games}
    rated = {r["submission"]: r["games"] for r in ratings}
    assert rated == counted  # every result counted once
