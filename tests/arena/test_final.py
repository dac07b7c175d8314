"""The final phase, retired uploads and replays private until the end, on the store and the
service (no sockets): the schema upgrade from version 1, the frozen uploads, the round
robin, the standings once every final match has ended, and retiring a version."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from botarena.arena import pages, storage
from botarena.arena.ladder_ratings import ratings_of
from botarena.arena.pairing import Pairing
from botarena.arena.records import Principal
from botarena.arena.service import Arena, ArenaError, NotAllowedError, init_folder
from botarena.arena.storage import MAX_ATTEMPTS, MatchTerms, SqliteStore, StoreError
from tests.arena.test_storage import accepted_team, queue, ranks, result, seed_of, submit
from tests.arena.test_uploads import START, make_zip

GAME = "piranhas-2026"
"""The arena's name of Piranhas (``service.game_id``)."""
ORGANISER = Principal("organiser", None, "Olga")


def new_arena(tmp_path: Path) -> Arena:
    folder = tmp_path / "arena"
    init_folder(folder, "Olga")
    return Arena(folder, clock=lambda: 1000.0)


def field_of_three(arena: Arena) -> dict[str, int]:
    """Three teams with an accepted, active upload each (``a``, ``b``, ``c``)."""
    return {name: accepted_team(arena.store, name, game=GAME) for name in ("a", "b", "c")}


def team_of(arena: Arena, name: str) -> Principal:
    team = next(team for team, team_name in arena.store.teams() if team_name == name)
    return Principal("team", team, name)


def play_final(arena: Arena, strength: dict[int, int], fail_last: bool = False) -> list[int]:
    """Lease and finish every queued match, the stronger submission winning; with
    ``fail_last`` the last match fails every attempt. Returns the matches played."""
    played = []
    while (lease := arena.lease("w")) is not None:
        pending = arena.store.final_status(GAME)
        last = pending is not None and pending.total - pending.played == 1
        if fail_last and last:
            arena.fail("w", lease.match, "the server crashed")
            continue
        points = tuple(strength[seat.submission or 0] for seat in lease.seats)
        assert arena.finish("w", result(lease.match, points))
        played.append(lease.match)
    return played


def win_validation(store: SqliteStore, submission: int) -> None:
    """``submission`` wins its two queued validation games (it is accepted)."""
    for _ in range(2):
        lease = store.lease("w", 1.0, 10.0)
        assert lease is not None
        points = tuple(2 if s.submission == submission else 0 for s in lease.seats)
        store.finish(result(lease.match, points), "w", 1.0, ratings_of, ranks(points))


def test_a_version_1_data_folder_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "arena.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(storage.MIGRATIONS[0])
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO teams (name, join_key, created) VALUES ('old', 'k', 0)")
    db.execute(
        "INSERT INTO matches (game, kind, priority, settings, version, status, rated, created) "
        "VALUES ('piranhas-2026', 'ladder', 2, '{}', 't', 'done', 1, 0)"
    )
    db.close()
    store = SqliteStore(path)
    assert store.schema_version == len(storage.MIGRATIONS) == 2
    assert store.teams() == [(1, "old")]
    assert store.finals() == {}
    final_column = store._db.execute("SELECT final FROM matches WHERE id = 1").fetchone()[0]
    assert final_column == 0
    assert store.integrity() == "ok"
    store.close()


def test_the_final_freezes_uploads_and_queues_the_round_robin(tmp_path: Path) -> None:
    arena = new_arena(tmp_path)
    subs = field_of_three(arena)
    arena.fill_queue()
    ladder = arena.store.matches(game=GAME, limit=100)
    queued_ladder = [m.id for m in ladder if m.kind == "ladder" and m.status == "queued"]
    assert queued_ladder
    b_team = team_of(arena, "b")
    arena.challenge(b_team, subs["a"])
    with pytest.raises(NotAllowedError):
        arena.start_final(b_team, GAME)

    status = arena.start_final(ORGANISER, GAME)
    assert (status.status, status.played, status.total) == ("playing", 0, 6)
    for match in queued_ladder:
        info = arena.store.match(match)
        assert info is not None and info.status == "error" and "final phase" in str(info.cause)
    challenged = [m for m in arena.store.matches(game=GAME, limit=100) if m.kind == "challenge"]
    assert len(challenged) == 2  # played both ways, had it not been cancelled
    assert all(m.status == "error" and "final phase" in str(m.cause) for m in challenged)
    assert arena.store.open_challenges(GAME) == []
    finals = [m for m in arena.store.matches(game=GAME, limit=100) if m.status == "queued"]
    pairs = sorted(tuple(seat.submission for seat in m.seats) for m in finals)
    expected = sorted((x, y) for x in subs.values() for y in subs.values() if x != y)
    assert pairs == expected  # every pair twice, sides swapped
    assert all(not m.rated for m in finals)  # the ladder's ratings skip them

    with pytest.raises(ArenaError, match="frozen: its final phase has started"):
        arena.submit(b_team, GAME, make_zip({"start.sh": START}))
    with pytest.raises(ArenaError, match="frozen"):
        arena.activate(b_team, subs["b"])
    with pytest.raises(ArenaError, match="no challenges"):
        arena.challenge(b_team, subs["c"])
    with pytest.raises(ArenaError, match="started already"):
        arena.start_final(ORGANISER, GAME)
    assert arena.fill_queue() == 0  # the ladder stopped for the game
    assert arena.final(GAME) == (arena.store.final_status(GAME), [])  # nothing published yet
    arena.close()


def test_a_ladder_match_in_play_when_the_final_starts_is_never_played_again(
    tmp_path: Path,
) -> None:
    store = SqliteStore(tmp_path / "arena.sqlite3")
    a, b = (accepted_team(store, name, game=GAME) for name in ("a", "b"))
    failing, expiring, finishing = queue(
        store, *(Pairing((a, b), rated=True) for _ in range(3)), game=GAME
    )
    leases = [store.lease(worker, 1.0, 10.0) for worker in ("w1", "w2", "w3")]
    assert [lease.match for lease in leases if lease is not None] == [failing, expiring, finishing]
    store.start_final(GAME, [Pairing((a, b), rated=True)], 2.0, terms=MatchTerms({}, "t", seed_of))
    assert store.fail(failing, "w1", "the server crashed", 3.0) == "queued"
    assert store.finish(result(finishing, (2, 0)), "w3", 4.0, ratings_of, [1, 2])
    final = store.lease("w4", 20.0, 10.0)  # w2's lease ran out
    assert final is not None and final.match == finishing + 1  # the final's, nothing else
    for match in (failing, expiring):
        info = store.match(match)
        assert info is not None and info.status == "error"
        assert "final phase started" in str(info.cause)
    done = store.match(finishing)
    assert done is not None and done.status == "done"  # a leased one finishes
    store.close()


def test_a_final_needs_two_uploads(tmp_path: Path) -> None:
    arena = new_arena(tmp_path)
    accepted_team(arena.store, "alone", game=GAME)
    with pytest.raises(ArenaError, match="needs two accepted active uploads"):
        arena.start_final(ORGANISER, GAME)
    with pytest.raises(ArenaError, match=r"the arena plays .*, not 'no such game'"):
        arena.start_final(ORGANISER, "no such game")
    assert arena.store.finals() == {}
    arena.close()


def test_the_standings_are_published_when_every_final_match_is_played(tmp_path: Path) -> None:
    arena = new_arena(tmp_path)
    subs = field_of_three(arena)
    arena.set_ladder(running=False)
    arena.start_final(ORGANISER, GAME)
    changed: list[str] = []
    arena.listeners.append(changed.append)
    strength = {subs["a"]: 3, subs["b"]: 2, subs["c"]: 1}
    played = play_final(arena, strength)
    assert len(played) == 6
    status, rows = arena.final(GAME)
    assert status is not None and (status.status, status.played) == ("done", 6)
    assert [row.team for row in rows] == ["a", "b", "c"]
    assert [(r.standing.games, r.standing.wins, r.standing.losses) for r in rows] == [
        (4, 4, 0),
        (4, 2, 2),
        (4, 0, 4),
    ]
    assert all(r.standing.low < r.standing.elo < r.standing.high for r in rows)
    assert changed.count(GAME) == len(played) + 1  # each result, then the publication
    assert arena.final(GAME)[1] is rows  # published once: the fit is not redone per request
    json_rows = pages.final_json(GAME, status, rows)["rows"]
    assert {"team", "submission", "elo", "low", "high", "games"} <= set(json_rows[0])
    page = pages.leaderboard(GAME, arena.store.standings(GAME), status, rows)
    assert "final standings" in page and page.index(">a<") < page.index(">c<")
    arena.close()


def test_a_final_whose_last_match_ends_as_error_is_published(tmp_path: Path) -> None:
    arena = new_arena(tmp_path)
    subs = field_of_three(arena)
    arena.start_final(ORGANISER, GAME)
    played = play_final(arena, {subs["a"]: 3, subs["b"]: 2, subs["c"]: 1}, fail_last=True)
    assert len(played) == 5
    status, rows = arena.final(GAME)
    assert status is not None and status.status == "done"
    assert sum(row.standing.games for row in rows) == 2 * 5  # the error match counts for nobody
    errors = [m for m in arena.store.matches(game=GAME) if m.status == "error"]
    assert any(str(MAX_ATTEMPTS) in str(m.cause) for m in errors)
    arena.close()


def test_a_final_played_before_a_crash_is_published_at_the_restart(tmp_path: Path) -> None:
    arena = new_arena(tmp_path)
    subs = field_of_three(arena)
    arena.start_final(ORGANISER, GAME)
    store = arena.store
    while (lease := store.lease("w", 1.0, 10.0)) is not None:  # the store only: no publishing
        points = tuple(3 if seat.submission == subs["a"] else 1 for seat in lease.seats)
        store.finish(result(lease.match, points), "w", 1.0, ratings_of, ranks(points))
    status = store.final_status(GAME)
    assert status is not None and status.status == "playing" and status.played == 6
    arena.close()
    again = Arena(tmp_path / "arena", clock=lambda: 2000.0)
    status, rows = again.final(GAME)
    assert status is not None and status.status == "done" and rows[0].team == "a"
    again.close()


def test_replays_are_private_until_the_final_is_published(tmp_path: Path) -> None:
    arena = new_arena(tmp_path)
    subs = field_of_three(arena)
    arena.set_replays_private(True)
    a_team, c_team = team_of(arena, "a"), team_of(arena, "c")
    seats = [a_team.team, team_of(arena, "b").team]
    assert arena.may_watch(a_team, GAME, seats)  # its own match
    assert arena.may_watch(ORGANISER, GAME, seats)
    assert not arena.may_watch(c_team, GAME, seats)
    assert not arena.may_watch(None, GAME, seats)
    arena.start_final(ORGANISER, GAME)
    play_final(arena, {subs["a"]: 3, subs["b"]: 2, subs["c"]: 1}, fail_last=False)
    assert arena.replays_private  # the switch stays; the finished game's replays are public
    assert arena.may_watch(c_team, GAME, seats)
    assert arena.may_watch(None, GAME, seats)
    assert not arena.may_watch(None, "blokus", seats)  # another game's final is not over
    arena.close()


def test_a_retired_version_is_never_paired_again_and_keeps_its_history(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "arena.sqlite3")
    first = accepted_team(store, "a")
    other = accepted_team(store, "b")
    team = store.teams()[0][0]
    second = submit(store, team, "cd", 1.0, 2)
    with pytest.raises(StoreError, match="is validating"):
        store.retire(team, second, 1.0)
    win_validation(store, second)
    with pytest.raises(StoreError, match="active version: activate another before retiring"):
        store.retire(team, first, 1.0)
    played, waiting = queue(
        store, Pairing((first, other), rated=True), Pairing((other, first), True)
    )
    lease = store.lease("w", 2.0, 10.0)
    assert lease is not None and lease.match == played
    store.finish(result(played, (2, 0)), "w", 2.0, ratings_of, [1, 2])
    store.activate(team, second)
    store.retire(team, first, 3.0)

    info = store.submission(first)
    assert info is not None and info.status == "retired" and not info.active
    assert first not in {entrant.submission for entrant in store.entrants(GAME)}
    cancelled = store.match(waiting)
    assert cancelled is not None and cancelled.status == "error"
    assert f"submission {first} was retired" in str(cancelled.cause)
    assert [m.id for m in store.matches(submission=first)][:2] == [waiting, played]  # kept
    with pytest.raises(StoreError, match="is retired"):
        store.retire(team, first, 3.0)
    with pytest.raises(StoreError, match="retired, not accepted"):
        store.activate(team, first)
    with pytest.raises(StoreError, match="not an accepted submission"):
        store.add_challenge(store.teams()[1][0], first, 3.0)
    with pytest.raises(StoreError, match="not one of the team's"):
        store.retire(store.teams()[1][0], second, 3.0)
    store.close()


def test_the_team_page_offers_to_retire_only_inactive_versions(tmp_path: Path) -> None:
    arena = new_arena(tmp_path)
    first = accepted_team(arena.store, "a", game=GAME)
    team = team_of(arena, "a")
    assert team.team is not None
    second = submit(arena.store, team.team, "cd", 1.0, 2, GAME)
    win_validation(arena.store, second)
    page = pages.team_page(arena, team.team)
    assert f"class='retire' data-submission='{second}'" in page
    assert f"data-submission='{first}'" not in page  # the active one
    arena.retire(team, second)
    assert "class='retire'" not in pages.team_page(arena, team.team)
    arena.close()
