"""The SQLite store: schema version, leases (expiry, attempts), results counted once,
validation, challenges first, ratings in match order, standings."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from botarena.arena import storage
from botarena.arena.ladder_ratings import ratings_of
from botarena.arena.pairing import MatchOutcome, Pairing
from botarena.arena.records import MatchResult, SeatResult
from botarena.arena.storage import MAX_ATTEMPTS, MatchTerms, SqliteStore, StoreError

SETTINGS = {"game_timeout_s": 60}


def seed_of(match: int) -> int:
    return 1000 + match


TERMS = MatchTerms(SETTINGS, "t", seed_of)


def open_store(tmp_path: Path) -> SqliteStore:
    return SqliteStore(tmp_path / "arena.sqlite3")


def result(match: int, points: tuple[int, ...], causes: tuple[str, ...] = ()) -> MatchResult:
    causes = causes or ("REGULAR",) * len(points)
    return MatchResult(
        match=match,
        seats=tuple(SeatResult(p, c, None, None) for p, c in zip(points, causes, strict=True)),
        void=False,
        cause="REGULAR",
        moves=10,
        duration_s=1.0,
        move_times_ms=[1.0, 2.0],
        move_raw_ms=[1.5, 2.5],
        move_seats=[0, 1],
    )


def queue(store: SqliteStore, *pairings: Pairing, game: str = "piranhas") -> list[int]:
    return store.queue_pairings(game, list(pairings), 1.0, terms=TERMS)


def submit(  # noqa: PLR0917 - the test's short form of add_submission
    store: SqliteStore, team: int, blob: str, now: float, games: int, game: str = "piranhas"
) -> int:
    return store.add_submission(
        team,
        game,
        blob * 32,
        now,
        terms=TERMS,
        validation_games=games,
    )


def ranks(points: tuple[int, ...]) -> list[int]:
    return [1 + sum(1 for other in points if other > mine) for mine in points]


def accepted_team(store: SqliteStore, name: str, now: float = 0.0, game: str = "piranhas") -> int:
    """A team with one submission whose two validation games it won."""
    team = store.add_team(name, f"key-{name}", now)
    submission = submit(store, team, "ab", now, 2, game)
    for _ in range(2):
        lease = store.lease("w", now, 10.0)
        assert lease is not None and lease.kind == "validation"
        mine = [seat.submission == submission for seat in lease.seats]
        points = tuple(2 if m else 0 for m in mine)
        assert store.finish(result(lease.match, points), "w", now, ratings_of, ranks(points))
    return submission


def test_schema_version_and_wal(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    assert store.schema_version == len(storage.MIGRATIONS)
    store.close()
    db = sqlite3.connect(tmp_path / "arena.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.execute(f"PRAGMA user_version = {len(storage.MIGRATIONS) + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer than this botarena"):
        open_store(tmp_path)


def test_validation_accepts_activates_and_rejects_with_the_reason(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    good = accepted_team(store, "good")
    info = store.submission(good)
    assert info is not None and info.status == "accepted" and info.active
    team = store.add_team("bad", "key-bad", 0.0)
    bad = submit(store, team, "cd", 0.0, 2)
    for _ in range(2):
        lease = store.lease("w", 0.0, 10.0)
        assert lease is not None
        causes = tuple("LEFT" if s.submission == bad else "REGULAR" for s in lease.seats)
        points = tuple(0 if s.submission == bad else 2 for s in lease.seats)
        store.finish(result(lease.match, points, causes), "w", 0.0, ratings_of, ranks(points))
    info = store.submission(bad)
    assert info is not None and info.status == "error" and "LEFT" in info.reason
    assert not info.active


def test_an_expired_lease_is_handed_out_again_and_ends_as_error_after_three(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path)
    team = store.add_team("t", "k", 0.0)
    submission = submit(store, team, "ab", 0.0, 1)
    first = store.lease("w1", 0.0, 5.0)
    assert first is not None and first.attempt == 1 and first.seed == seed_of(first.match)
    assert store.lease("w2", 4.0, 5.0) is None  # still w1's
    assert store.heartbeat(first.match, "w1", 4.0, 5.0)  # now until 9
    assert store.lease("w2", 8.0, 5.0) is None
    second = store.lease("w2", 9.5, 5.0)
    assert second is not None and second.match == first.match and second.attempt == 2
    assert not store.heartbeat(first.match, "w1", 9.6, 5.0)  # no longer w1's
    late = result(first.match, (2, 0))
    assert not store.finish(late, "w1", 9.7, ratings_of, [1, 2])  # w1's late result: ignored
    third = store.lease("w3", 20.0, 5.0)
    assert third is not None and third.attempt == MAX_ATTEMPTS
    assert store.lease("w4", 30.0, 5.0) is None
    info = store.match(first.match)
    assert info is not None and info.status == "error"
    sub = store.submission(submission)
    assert sub is not None and sub.status == "error" and "could not be played" in sub.reason


def test_a_failed_attempt_queues_again_until_the_last(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    team = store.add_team("t", "k", 0.0)
    submit(store, team, "ab", 0.0, 1)
    statuses = []
    for _ in range(MAX_ATTEMPTS):
        lease = store.lease("w", 0.0, 5.0)
        assert lease is not None
        statuses.append(store.fail(lease.match, "w", "server crashed", 0.0))
    assert statuses == ["queued", "queued", "error"]
    assert store.fail(1, "other", "x", 0.0) is None


def test_results_count_once_and_ratings_follow_match_order(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    a, b = accepted_team(store, "a"), accepted_team(store, "b")
    ids = queue(store, Pairing((a, b), rated=True), Pairing((b, a), rated=True))
    first, second = store.lease("w", 1.0, 5.0), store.lease("w", 1.0, 5.0)
    assert first is not None and second is not None
    assert [first.match, second.match] == ids
    # the later match's result arrives first
    assert store.finish(result(second.match, (2, 0)), "w", 2.0, ratings_of, [1, 2])
    assert store.finish(result(first.match, (2, 0)), "w", 3.0, ratings_of, [1, 2])
    assert not store.finish(result(first.match, (2, 0)), "w", 3.0, ratings_of, [1, 2])
    rows = {row.submission: row for row in store.standings("piranhas")}
    assert (rows[a].games, rows[a].wins, rows[a].losses) == (2, 1, 1)
    assert rows[a].last == "LW" and rows[b].last == "WL"
    expected = ratings_of(
        [  # match order, not arrival order
            MatchOutcome((a, b), (1, 2)),
            MatchOutcome((b, a), (1, 2)),
        ]
    )
    assert rows[a].mu == pytest.approx(expected[a].mu)
    info = store.match(first.match)
    assert info is not None and info.status == "done" and info.seed == seed_of(first.match)


def test_a_challenge_is_leased_before_the_ladder(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    a, b = accepted_team(store, "a"), accepted_team(store, "b")
    queue(store, Pairing((a, b), rated=True))
    team_b = store.teams()[1][0]
    challenge = store.add_challenge(team_b, a, 1.0)
    [open_one] = store.open_challenges("piranhas")
    assert (open_one.id, open_one.challenger, open_one.opponent) == (challenge, b, a)
    queue(store, Pairing((b, a), rated=False, challenge=challenge))
    assert store.open_challenges("piranhas") == []
    lease = store.lease("w", 2.0, 5.0)
    assert lease is not None and lease.kind == "challenge"
    with pytest.raises(StoreError, match="cannot challenge itself"):
        store.add_challenge(team_b, b, 1.0)


def test_entrants_know_recent_games_and_last_opponents(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    a, b = accepted_team(store, "a"), accepted_team(store, "b")
    queue(store, Pairing((a, b), rated=True))
    entrants = {e.submission: e for e in store.entrants("piranhas")}
    assert entrants[a].recent_games == 1 and entrants[a].last_opponents == (b,)
    assert store.pending_ladder_matches("piranhas") == 1
    assert store.games_with_entrants() == ["piranhas"]
    assert store.integrity() == "ok"


def test_a_team_picks_its_active_version(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    first = accepted_team(store, "a")
    team = store.teams()[0][0]
    second = submit(store, team, "cd", 1.0, 2)
    with pytest.raises(StoreError, match="validating, not accepted"):
        store.activate(team, second)
    for _ in range(2):
        lease = store.lease("w", 1.0, 10.0)
        assert lease is not None
        points = tuple(2 if s.submission == second else 0 for s in lease.seats)
        store.finish(result(lease.match, points), "w", 1.0, ratings_of, ranks(points))
    info = store.submission(second)
    assert info is not None and info.status == "accepted" and not info.active  # first stays
    store.activate(team, second)
    assert [s.id for s in store.submissions(team=team) if s.active] == [second]
    other = store.add_team("b", "kb", 0.0)
    with pytest.raises(StoreError, match="not one of the team's"):
        store.activate(other, first)
