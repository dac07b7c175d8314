"""All of the arena's SQL, behind the public methods of :class:`SqliteStore` (what the arena
asks of its database, every method one transaction; a PostgreSQL backend for a contest of
thousands of teams would implement the same methods).

:class:`SqliteStore` is the embedded default: the standard library's ``sqlite3`` in WAL mode,
the schema's version in ``PRAGMA user_version`` (:data:`MIGRATIONS` bring an older file up to
date), and one ``BEGIN IMMEDIATE`` transaction per state change, so a ``kill -9`` at any
moment leaves either the whole change or none of it. Only the arena process opens it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from botarena.arena.ladder_ratings import SubmissionRating
from botarena.arena.pairing import Challenge, Entrant, MatchOutcome, Pairing
from botarena.arena.records import (
    UNRATED_MU,
    UNRATED_SIGMA,
    FinalState,
    FinalStatus,
    Lease,
    LeaseSeat,
    MatchInfo,
    MatchKind,
    MatchResult,
    MatchSeatInfo,
    Principal,
    Role,
    StandingRow,
    SubmissionInfo,
    SubmissionStatus,
)

MAX_ATTEMPTS = 3
"""A match whose lease was lost or failed this many times ends as ``error``."""
RECENT_WINDOW = 200
"""The matchmaker's recent games: those among the latest this many matches of the game."""
LAST_GAMES = 5
"""Results shown per leaderboard row (``last``)."""
VALIDATION_BUILTIN = "random"
"""The built-in player every upload plays its validation games against."""
PRIORITY: dict[MatchKind, int] = {"validation": 0, "challenge": 1, "ladder": 2}
"""Leases go out by priority, then match id: validation games, challenges, the ladder."""
REGULAR = "REGULAR"

SeedOf = Callable[[int], int]
"""A match's seed from its id (the arena's seedable generator)."""
Rate = Callable[[Sequence[MatchOutcome]], dict[int, SubmissionRating]]


@dataclass(frozen=True, slots=True)
class MatchTerms:
    """What every match that one store call queues is played under."""

    settings: dict[str, Any]
    """The game's settings (clock, confinement, ...), stored as JSON with the match."""
    version: str
    """The botarena version that queued the match."""
    seed_of: SeedOf


class StoreError(ValueError):
    """A state change the store refuses (a name taken, a submission not the team's)."""


_V1 = """
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE teams (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, join_key TEXT NOT NULL UNIQUE,
    created REAL NOT NULL);
CREATE TABLE members (
    id INTEGER PRIMARY KEY, team INTEGER NOT NULL REFERENCES teams(id), name TEXT NOT NULL,
    password TEXT NOT NULL, UNIQUE (team, name));
CREATE TABLE tokens (
    hash TEXT PRIMARY KEY, role TEXT NOT NULL CHECK (role IN ('organiser', 'team', 'worker')),
    team INTEGER REFERENCES teams(id), name TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE submissions (
    id INTEGER PRIMARY KEY, team INTEGER NOT NULL REFERENCES teams(id), game TEXT NOT NULL,
    version INTEGER NOT NULL, blob TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('validating', 'accepted', 'error', 'retired')),
    reason TEXT NOT NULL DEFAULT '', active INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL,
    UNIQUE (team, game, version));
CREATE UNIQUE INDEX submissions_one_active ON submissions (team, game) WHERE active = 1;
CREATE TABLE challenges (
    id INTEGER PRIMARY KEY, team INTEGER NOT NULL REFERENCES teams(id), game TEXT NOT NULL,
    challenger INTEGER NOT NULL REFERENCES submissions(id),
    opponent INTEGER NOT NULL REFERENCES submissions(id),
    status TEXT NOT NULL CHECK (status IN ('open', 'queued', 'done')), created REAL NOT NULL);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('validation', 'challenge', 'ladder')),
    priority INTEGER NOT NULL, seed INTEGER NOT NULL DEFAULT 0, settings TEXT NOT NULL,
    version TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'leased', 'done', 'error')),
    attempts INTEGER NOT NULL DEFAULT 0, lease_owner TEXT, lease_expiry REAL,
    rated INTEGER NOT NULL, challenge INTEGER REFERENCES challenges(id),
    created REAL NOT NULL, started REAL, finished REAL, void INTEGER, cause TEXT, moves INTEGER,
    duration_s REAL, replay TEXT, figures TEXT);
CREATE INDEX matches_queue ON matches (status, priority, id);
CREATE INDEX matches_game ON matches (game, rated, status, id);
CREATE TABLE match_seats (
    match INTEGER NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL,
    submission INTEGER REFERENCES submissions(id), builtin TEXT, label TEXT NOT NULL,
    points INTEGER, rank INTEGER, cause TEXT, reason TEXT, log TEXT,
    PRIMARY KEY (match, seat));
CREATE INDEX match_seats_submission ON match_seats (submission, match);
CREATE TABLE ratings (
    submission INTEGER PRIMARY KEY REFERENCES submissions(id), mu REAL NOT NULL,
    sigma REAL NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL, draws INTEGER NOT NULL,
    losses INTEGER NOT NULL);
CREATE TABLE workers (
    name TEXT PRIMARY KEY, last_seen REAL NOT NULL, leases INTEGER NOT NULL DEFAULT 0,
    results INTEGER NOT NULL DEFAULT 0);
"""

_V2 = """
CREATE TABLE finals (
    game TEXT PRIMARY KEY, status TEXT NOT NULL CHECK (status IN ('playing', 'done')),
    started REAL NOT NULL, finished REAL);
ALTER TABLE matches ADD COLUMN final INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_final ON matches (game, final, status);
"""
"""The final phase: one row per game whose final started (its uploads frozen, its ladder
stopped); its round robin's matches are marked ``final`` (unrated for the ladder)."""

MIGRATIONS: tuple[str, ...] = (_V1, _V2)
"""Schema scripts in order: a file at ``user_version`` N gets ``MIGRATIONS[N:]``."""


class SqliteStore:
    """The arena's store on one SQLite file (``arena.sqlite3`` in the data folder)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, timeout=30.0)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute("PRAGMA foreign_keys = ON")
        self._migrate()

    # -- plumbing ------------------------------------------------------------------------

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        with self._transaction():
            version = self.schema_version
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"{self.path}: schema version {version} is newer than this botarena's "
                    f"({len(MIGRATIONS)})"
                )
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in script.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {number}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _one(self, sql: str, *args: Any) -> sqlite3.Row | None:
        row: sqlite3.Row | None = self._db.execute(sql, args).fetchone()
        return row

    def close(self) -> None:
        self._db.close()

    def integrity(self) -> str:
        return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    # -- settings, tokens, teams, members ---------------------------------------------------

    def setting(self, key: str) -> str | None:
        row = self._one("SELECT value FROM settings WHERE key = ?", key)
        return None if row is None else str(row["value"])

    def set_setting(self, key: str, value: str) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def add_token(
        self, token_hash: str, role: Role, team: int | None, name: str, now: float
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tokens (hash, role, team, name, created) VALUES (?, ?, ?, ?, ?)",
                (token_hash, role, team, name, now),
            )

    def principal(self, token_hash: str) -> Principal | None:
        row = self._one("SELECT role, team, name FROM tokens WHERE hash = ?", token_hash)
        if row is None:
            return None
        return Principal(cast(Role, row["role"]), row["team"], row["name"])

    def add_team(self, name: str, join_key_hash: str, now: float) -> int:
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM teams WHERE name = ?", (name,)).fetchone():
                raise StoreError(f"a team named {name!r} exists already")
            cursor = db.execute(
                "INSERT INTO teams (name, join_key, created) VALUES (?, ?, ?)",
                (name, join_key_hash, now),
            )
            return int(cursor.lastrowid or 0)

    def team_of_join_key(self, join_key_hash: str) -> int | None:
        row = self._one("SELECT id FROM teams WHERE join_key = ?", join_key_hash)
        return None if row is None else int(row["id"])

    def teams(self) -> list[tuple[int, str]]:
        rows = self._db.execute("SELECT id, name FROM teams ORDER BY id").fetchall()
        return [(int(row["id"]), str(row["name"])) for row in rows]

    def add_member(self, team: int, name: str, password_hash: str) -> int:
        with self._transaction() as db:
            taken = db.execute(
                "SELECT 1 FROM members WHERE team = ? AND name = ?", (team, name)
            ).fetchone()
            if taken:
                raise StoreError(f"the team has a member named {name!r} already")
            cursor = db.execute(
                "INSERT INTO members (team, name, password) VALUES (?, ?, ?)",
                (team, name, password_hash),
            )
            return int(cursor.lastrowid or 0)

    def member(self, team_name: str, name: str) -> tuple[int, int, str] | None:
        row = self._one(
            "SELECT members.id, members.team, members.password FROM members "
            "JOIN teams ON teams.id = members.team WHERE teams.name = ? AND members.name = ?",
            team_name,
            name,
        )
        if row is None:
            return None
        return int(row["id"]), int(row["team"]), str(row["password"])

    # -- submissions and challenges -----------------------------------------------------------

    def add_submission(
        self,
        team: int,
        game: str,
        blob: str,
        now: float,
        *,
        terms: MatchTerms,
        validation_games: int,
    ) -> int:
        """A new version of the team's bot for ``game``, ``validating``, with its validation
        games against :data:`VALIDATION_BUILTIN` queued (sides alternating)."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT COALESCE(MAX(version), 0) FROM submissions WHERE team = ? AND game = ?",
                (team, game),
            ).fetchone()
            number = int(row[0]) + 1
            cursor = db.execute(
                "INSERT INTO submissions (team, game, version, blob, status, created) "
                "VALUES (?, ?, ?, ?, 'validating', ?)",
                (team, game, number, blob, now),
            )
            submission = int(cursor.lastrowid or 0)
            label = self._label(db, submission)
            for index in range(validation_games):
                seats: list[tuple[int | None, str | None, str]] = [
                    (submission, None, label),
                    (None, VALIDATION_BUILTIN, VALIDATION_BUILTIN),
                ]
                if index % 2:
                    seats.reverse()
                self._insert_match(db, game, "validation", seats, now, terms, None)
            return submission

    @staticmethod
    def _label(db: sqlite3.Connection, submission: int) -> str:
        row = db.execute(
            "SELECT teams.name, submissions.version FROM submissions "
            "JOIN teams ON teams.id = submissions.team WHERE submissions.id = ?",
            (submission,),
        ).fetchone()
        return f"{row[0]}-v{row[1]}"

    def _insert_match(  # noqa: PLR0917 - one match's whole description
        self,
        db: sqlite3.Connection,
        game: str,
        kind: MatchKind,
        seats: Sequence[tuple[int | None, str | None, str]],
        now: float,
        terms: MatchTerms,
        challenge: int | None,
        *,
        final: bool = False,
    ) -> int:
        """One queued match; a ``final`` one is a ladder match the ladder's ratings skip
        (the final's standings read it)."""
        cursor = db.execute(
            "INSERT INTO matches (game, kind, priority, settings, version, status, rated, "
            "challenge, created, final) VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?)",
            (
                game,
                kind,
                PRIORITY[kind],
                json.dumps(terms.settings),
                terms.version,
                int(kind == "ladder" and not final),
                challenge,
                now,
                int(final),
            ),
        )
        match = int(cursor.lastrowid or 0)
        db.execute("UPDATE matches SET seed = ? WHERE id = ?", (terms.seed_of(match), match))
        db.executemany(
            "INSERT INTO match_seats (match, seat, submission, builtin, label) "
            "VALUES (?, ?, ?, ?, ?)",
            [(match, seat, *entry) for seat, entry in enumerate(seats)],
        )
        return match

    def _submission_row(self, row: sqlite3.Row) -> SubmissionInfo:
        return SubmissionInfo(
            id=int(row["id"]),
            team=int(row["team"]),
            team_name=str(row["team_name"]),
            game=str(row["game"]),
            version=int(row["version"]),
            status=cast(SubmissionStatus, row["status"]),
            reason=str(row["reason"]),
            active=bool(row["active"]),
            blob=str(row["blob"]),
        )

    _SUBMISSIONS = (
        "SELECT submissions.*, teams.name AS team_name FROM submissions "
        "JOIN teams ON teams.id = submissions.team "
    )

    def submission(self, submission: int) -> SubmissionInfo | None:
        row = self._one(self._SUBMISSIONS + "WHERE submissions.id = ?", submission)
        return None if row is None else self._submission_row(row)

    def submissions(self, *, team: int | None = None) -> list[SubmissionInfo]:
        if team is None:
            rows = self._db.execute(self._SUBMISSIONS + "ORDER BY submissions.id").fetchall()
        else:
            rows = self._db.execute(
                self._SUBMISSIONS + "WHERE submissions.team = ? ORDER BY submissions.id", (team,)
            ).fetchall()
        return [self._submission_row(row) for row in rows]

    @staticmethod
    def _team_submission(db: sqlite3.Connection, team: int, submission: int) -> sqlite3.Row:
        """The row of ``team``'s ``submission``; :class:`StoreError` if it is not the team's."""
        row: sqlite3.Row | None = db.execute(
            "SELECT game, status, active FROM submissions WHERE id = ? AND team = ?",
            (submission, team),
        ).fetchone()
        if row is None:
            raise StoreError(f"submission {submission} is not one of the team's")
        return row

    def activate(self, team: int, submission: int) -> None:
        """Make an accepted submission of ``team`` its active one for that game."""
        with self._transaction() as db:
            row = self._team_submission(db, team, submission)
            if row["status"] != "accepted":
                raise StoreError(f"submission {submission} is {row['status']}, not accepted")
            db.execute(
                "UPDATE submissions SET active = 0 WHERE team = ? AND game = ?",
                (team, row["game"]),
            )
            db.execute("UPDATE submissions SET active = 1 WHERE id = ?", (submission,))

    def retire(self, team: int, submission: int, now: float) -> None:
        """Retire a version of ``team``'s bot: never paired again, its history kept; its
        matches still queued (ladder, challenges) are cancelled. The active version and one
        still validating cannot be retired."""
        with self._transaction() as db:
            row = self._team_submission(db, team, submission)
            if row["status"] in ("retired", "validating"):
                raise StoreError(f"submission {submission} is {row['status']}")
            if row["active"]:
                raise StoreError(
                    f"submission {submission} is the team's active version: activate another "
                    "before retiring it"
                )
            db.execute("UPDATE submissions SET status = 'retired' WHERE id = ?", (submission,))
            self._cancel_queued(
                db,
                "matches.id IN (SELECT match FROM match_seats WHERE submission = ?)",
                (submission,),
                f"cancelled: submission {submission} was retired",
                now,
            )
            db.execute(
                "UPDATE challenges SET status = 'done' WHERE status = 'open' "
                "AND (challenger = ? OR opponent = ?)",
                (submission, submission),
            )

    @staticmethod
    def _cancel_queued(
        db: sqlite3.Connection, where: str, args: tuple[Any, ...], cause: str, now: float
    ) -> None:
        """End the queued ladder and challenge matches (not the final's) that ``where``
        selects as ``error`` with ``cause``; their challenges are done."""
        selected = (
            "SELECT id FROM matches WHERE status = 'queued' AND final = 0 "
            f"AND kind != 'validation' AND {where}"
        )
        ids = [int(r[0]) for r in db.execute(selected, args).fetchall()]
        for match in ids:
            db.execute(
                "UPDATE matches SET status = 'error', cause = ?, finished = ? WHERE id = ?",
                (cause, now, match),
            )
            db.execute(
                "UPDATE challenges SET status = 'done' WHERE id = "
                "(SELECT challenge FROM matches WHERE id = ?)",
                (match,),
            )

    def add_challenge(self, team: int, opponent: int, now: float) -> int:
        """The team's active submission against ``opponent`` (any accepted submission of the
        same game), unrated, before the ladder's matches."""
        with self._transaction() as db:
            target = db.execute(
                "SELECT game, status FROM submissions WHERE id = ?", (opponent,)
            ).fetchone()
            if target is None or target["status"] != "accepted":
                raise StoreError(f"submission {opponent} is not an accepted submission")
            own = db.execute(
                "SELECT id FROM submissions WHERE team = ? AND game = ? AND active = 1",
                (team, target["game"]),
            ).fetchone()
            if own is None:
                raise StoreError(f"the team has no active submission for {target['game']}")
            if int(own["id"]) == opponent:
                raise StoreError("a submission cannot challenge itself")
            cursor = db.execute(
                "INSERT INTO challenges (team, game, challenger, opponent, status, created) "
                "VALUES (?, ?, ?, ?, 'open', ?)",
                (team, target["game"], own["id"], opponent, now),
            )
            return int(cursor.lastrowid or 0)

    def open_challenges(self, game: str) -> list[Challenge]:
        rows = self._db.execute(
            "SELECT id, challenger, opponent FROM challenges WHERE game = ? AND status = 'open' "
            "ORDER BY id",
            (game,),
        ).fetchall()
        return [Challenge(int(r["id"]), int(r["challenger"]), int(r["opponent"])) for r in rows]

    # -- the ladder -------------------------------------------------------------------------

    def games_with_entrants(self) -> list[str]:
        rows = self._db.execute(
            "SELECT DISTINCT game FROM submissions WHERE active = 1 AND status = 'accepted' "
            "UNION SELECT DISTINCT game FROM challenges WHERE status = 'open' ORDER BY 1"
        ).fetchall()
        return [str(row[0]) for row in rows]

    def entrants(self, game: str) -> list[Entrant]:
        rows = self._db.execute(
            "SELECT submissions.id, teams.name, ratings.mu, ratings.sigma FROM submissions "
            "JOIN teams ON teams.id = submissions.team "
            "LEFT JOIN ratings ON ratings.submission = submissions.id "
            "WHERE submissions.game = ? AND submissions.active = 1 "
            "AND submissions.status = 'accepted' ORDER BY submissions.id",
            (game,),
        ).fetchall()
        newest = self._one("SELECT COALESCE(MAX(id), 0) FROM matches WHERE game = ?", game)
        since = int(newest[0] if newest else 0) - RECENT_WINDOW
        recent = dict(
            self._db.execute(
                "SELECT match_seats.submission, COUNT(*) FROM match_seats "
                "JOIN matches ON matches.id = match_seats.match "
                "WHERE matches.game = ? AND matches.rated = 1 AND matches.id > ? "
                "AND matches.status != 'error' GROUP BY match_seats.submission",
                (game, since),
            ).fetchall()
        )
        result = []
        for row in rows:
            submission = int(row["id"])
            last = self._one(
                "SELECT MAX(matches.id) FROM matches JOIN match_seats "
                "ON match_seats.match = matches.id WHERE match_seats.submission = ? "
                "AND matches.rated = 1",
                submission,
            )
            opponents: tuple[int, ...] = ()
            if last is not None and last[0] is not None:
                opponents = tuple(
                    int(r[0])
                    for r in self._db.execute(
                        "SELECT submission FROM match_seats WHERE match = ? AND submission != ?",
                        (last[0], submission),
                    ).fetchall()
                )
            result.append(
                Entrant(
                    submission=submission,
                    team=str(row["name"]),
                    mu=UNRATED_MU if row["mu"] is None else float(row["mu"]),
                    sigma=UNRATED_SIGMA if row["sigma"] is None else float(row["sigma"]),
                    recent_games=int(recent.get(submission, 0)),
                    last_opponents=opponents,
                )
            )
        return result

    def pending_ladder_matches(self, game: str) -> int:
        row = self._one(
            "SELECT COUNT(*) FROM matches WHERE game = ? AND kind != 'validation' "
            "AND status IN ('queued', 'leased')",
            game,
        )
        return int(row[0]) if row else 0

    def queue_pairings(
        self, game: str, pairings: Sequence[Pairing], now: float, *, terms: MatchTerms
    ) -> list[int]:
        """Queue the matchmaker's pairings (a challenge's pairing marks it queued)."""
        with self._transaction() as db:
            ids = []
            for pairing in pairings:
                seats = [(s, None, self._label(db, s)) for s in pairing.seats]
                kind: MatchKind = "challenge" if pairing.challenge is not None else "ladder"
                ids.append(self._insert_match(db, game, kind, seats, now, terms, pairing.challenge))
                if pairing.challenge is not None:
                    db.execute(
                        "UPDATE challenges SET status = 'queued' WHERE id = ?",
                        (pairing.challenge,),
                    )
            return ids

    # -- the final phase -------------------------------------------------------------------

    def final_status(self, game: str) -> FinalStatus | None:
        """The game's final phase (None: not started)."""
        return self._finals("WHERE finals.game = ?", (game,)).get(game)

    def finals(self) -> dict[str, FinalStatus]:
        return self._finals("", ())

    def _finals(self, where: str, args: tuple[Any, ...]) -> dict[str, FinalStatus]:
        rows = self._db.execute(
            "SELECT finals.game, finals.status, "
            "(SELECT COUNT(*) FROM matches WHERE matches.game = finals.game AND final = 1 "
            " AND status IN ('done', 'error')) AS played, "
            "(SELECT COUNT(*) FROM matches WHERE matches.game = finals.game AND final = 1) "
            f"AS total FROM finals {where} ORDER BY finals.game",
            args,
        ).fetchall()
        return {
            str(row["game"]): FinalStatus(
                game=str(row["game"]),
                status=cast(FinalState, row["status"]),
                played=int(row["played"]),
                total=int(row["total"]),
            )
            for row in rows
        }

    def start_final(
        self, game: str, pairings: Sequence[Pairing], now: float, *, terms: MatchTerms
    ) -> list[int]:
        """Start ``game``'s final phase in one transaction: its uploads freeze (the service
        reads :meth:`final_status`), its queued ladder matches and challenges are cancelled
        (leased ones finish), and ``pairings`` (the full round robin) are queued as final
        matches. Raises :class:`StoreError` when it started already."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM finals WHERE game = ?", (game,)).fetchone():
                raise StoreError(f"the final phase of {game} has started already")
            db.execute(
                "INSERT INTO finals (game, status, started) VALUES (?, 'playing', ?)", (game, now)
            )
            cause = "cancelled: the final phase started"
            self._cancel_queued(db, "game = ?", (game,), cause, now)
            db.execute(
                "UPDATE challenges SET status = 'done' WHERE game = ? AND status = 'open'",
                (game,),
            )
            return [
                self._insert_match(
                    db,
                    game,
                    "ladder",
                    [(s, None, self._label(db, s)) for s in pairing.seats],
                    now,
                    terms,
                    None,
                    final=True,
                )
                for pairing in pairings
            ]

    def close_final_if_played(self, game: str, now: float) -> bool:
        """Mark ``game``'s final ``done`` once none of its matches is queued or leased;
        True when this call closed it (idempotent: a closed or absent final gives False)."""
        with self._transaction() as db:
            pending = db.execute(
                "SELECT COUNT(*) FROM matches WHERE game = ? AND final = 1 "
                "AND status IN ('queued', 'leased')",
                (game,),
            ).fetchone()[0]
            if pending:
                return False
            cursor = db.execute(
                "UPDATE finals SET status = 'done', finished = ? "
                "WHERE game = ? AND status = 'playing'",
                (now, game),
            )
            return cursor.rowcount == 1

    def final_outcomes(self, game: str) -> list[MatchOutcome]:
        """The final's finished matches in match order (an error or a void one: void)."""
        rows = self._db.execute(
            "SELECT matches.id, matches.status, matches.void, match_seats.submission, "
            "match_seats.rank FROM matches JOIN match_seats ON match_seats.match = matches.id "
            "WHERE matches.game = ? AND matches.final = 1 AND matches.status IN ('done', 'error') "
            "ORDER BY matches.id, match_seats.seat",
            (game,),
        ).fetchall()
        return self._outcomes(rows, lambda seat: seat["status"] == "error" or bool(seat["void"]))

    @staticmethod
    def _outcomes(
        rows: Sequence[sqlite3.Row], void: Callable[[sqlite3.Row], bool]
    ) -> list[MatchOutcome]:
        """Rows of (match id, seat's submission, rank), in match and seat order, as outcomes."""
        grouped: dict[int, list[sqlite3.Row]] = {}
        for row in rows:
            grouped.setdefault(int(row["id"]), []).append(row)
        return [
            MatchOutcome(
                seats=tuple(int(seat["submission"]) for seat in seats),
                ranks=tuple(int(seat["rank"] or 0) for seat in seats),
                void=void(seats[0]),
            )
            for seats in grouped.values()
        ]

    # -- leases -------------------------------------------------------------------------

    def _end_exhausted(self, db: sqlite3.Connection, now: float) -> None:
        """Matches whose lease ran out after their last attempt end as ``error``."""
        rows = db.execute(
            "SELECT id FROM matches WHERE status = 'leased' AND lease_expiry < ? AND attempts >= ?",
            (now, MAX_ATTEMPTS),
        ).fetchall()
        for row in rows:
            reason = "the lease ran out after the last attempt"
            self._end_with_error(db, int(row["id"]), reason, now)

    def _cancel_returned_after_final(self, db: sqlite3.Connection, now: float) -> None:
        """A ladder match or challenge leased when its game's final started finishes if it
        can; one that comes back (failed, lease ran out) is cancelled, never played again."""
        in_final = "game IN (SELECT game FROM finals)"
        db.execute(
            "UPDATE matches SET status = 'queued', lease_owner = NULL, lease_expiry = NULL "
            "WHERE status = 'leased' AND lease_expiry < ? AND final = 0 "
            f"AND kind != 'validation' AND {in_final}",
            (now,),
        )
        self._cancel_queued(db, in_final, (), "cancelled: the final phase started", now)

    def _end_with_error(self, db: sqlite3.Connection, match: int, reason: str, now: float) -> None:
        db.execute(
            "UPDATE matches SET status = 'error', cause = ?, finished = ?, lease_owner = NULL "
            "WHERE id = ?",
            (f"{reason} ({MAX_ATTEMPTS} attempts)", now, match),
        )
        kind, challenge = db.execute(
            "SELECT kind, challenge FROM matches WHERE id = ?", (match,)
        ).fetchone()
        if kind == "validation":
            for (submission,) in db.execute(
                "SELECT submission FROM match_seats WHERE match = ? AND submission IS NOT NULL",
                (match,),
            ).fetchall():
                db.execute(
                    "UPDATE submissions SET status = 'error', reason = ? "
                    "WHERE id = ? AND status = 'validating'",
                    (f"validation game {match} could not be played: {reason}", submission),
                )
        if challenge is not None:
            db.execute("UPDATE challenges SET status = 'done' WHERE id = ?", (challenge,))

    def lease(self, owner: str, now: float, lease_s: float) -> Lease | None:
        """The next match for ``owner``: a queued one or one whose lease ran out (a ladder
        match or challenge of a game in its final phase that comes back is cancelled)."""
        with self._transaction() as db:
            self._end_exhausted(db, now)
            self._cancel_returned_after_final(db, now)
            db.execute(
                "INSERT INTO workers (name, last_seen) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET last_seen = excluded.last_seen",
                (owner, now),
            )
            row = db.execute(
                "SELECT * FROM matches WHERE status = 'queued' "
                "OR (status = 'leased' AND lease_expiry < ?) ORDER BY priority, id LIMIT 1",
                (now,),
            ).fetchone()
            if row is None:
                return None
            match = int(row["id"])
            attempt = int(row["attempts"]) + 1
            db.execute(
                "UPDATE matches SET status = 'leased', attempts = ?, lease_owner = ?, "
                "lease_expiry = ?, started = ? WHERE id = ?",
                (attempt, owner, now + lease_s, now, match),
            )
            db.execute("UPDATE workers SET leases = leases + 1 WHERE name = ?", (owner,))
            seats = db.execute(
                "SELECT match_seats.*, submissions.blob FROM match_seats "
                "LEFT JOIN submissions ON submissions.id = match_seats.submission "
                "WHERE match = ? ORDER BY seat",
                (match,),
            ).fetchall()
            return Lease(
                match=match,
                game=str(row["game"]),
                kind=cast(MatchKind, row["kind"]),
                seed=int(row["seed"]),
                settings=json.loads(row["settings"]),
                version=str(row["version"]),
                seats=tuple(
                    LeaseSeat(
                        label=str(seat["label"]),
                        submission=seat["submission"],
                        blob=seat["blob"],
                        builtin=seat["builtin"],
                    )
                    for seat in seats
                ),
                attempt=attempt,
                lease_s=lease_s,
            )

    def heartbeat(self, match: int, owner: str, now: float, lease_s: float) -> bool:
        """Extend ``owner``'s lease; False when it is not (any longer) theirs."""
        with self._transaction() as db:
            db.execute("UPDATE workers SET last_seen = ? WHERE name = ?", (now, owner))
            cursor = db.execute(
                "UPDATE matches SET lease_expiry = ? WHERE id = ? AND status = 'leased' "
                "AND lease_owner = ?",
                (now + lease_s, match, owner),
            )
            return cursor.rowcount == 1

    def fail(self, match: int, owner: str, reason: str, now: float) -> str | None:
        """``owner`` could not play its match: queued again, or ``error`` after the last
        attempt. Returns the new status (None: not ``owner``'s lease)."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT attempts FROM matches WHERE id = ? AND status = 'leased' "
                "AND lease_owner = ?",
                (match, owner),
            ).fetchone()
            if row is None:
                return None
            if int(row["attempts"]) >= MAX_ATTEMPTS:
                self._end_with_error(db, match, reason, now)
                return "error"
            db.execute(
                "UPDATE matches SET status = 'queued', lease_owner = NULL, lease_expiry = NULL, "
                "cause = ? WHERE id = ?",
                (reason, match),
            )
            return "queued"

    def finish(
        self, result: MatchResult, owner: str, now: float, rate: Rate, ranks: list[int]
    ) -> bool:
        """Store ``owner``'s result of its leased match, once: a result for a match that is
        not (any longer) ``owner``'s, or is done, changes nothing and returns False. A rated
        match's ratings, a validation game's submission and a challenge follow in the same
        transaction."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT * FROM matches WHERE id = ? AND status = 'leased' AND lease_owner = ?",
                (result.match, owner),
            ).fetchone()
            if row is None:
                return False
            seat_count = db.execute(
                "SELECT COUNT(*) FROM match_seats WHERE match = ?", (result.match,)
            ).fetchone()[0]
            if seat_count != len(result.seats) or len(ranks) != len(result.seats):
                seats = len(result.seats)
                raise StoreError(f"the result has {seats} seats, the match {seat_count}")
            figures = {
                "move_times_ms": result.move_times_ms,
                "move_raw_ms": result.move_raw_ms,
                "move_seats": result.move_seats,
                "move_cpu_ms": result.move_cpu_ms,
                "clock": result.clock,
                "infra_replays": result.infra_replays,
                "peak_memory_mb": [seat.peak_memory_mb for seat in result.seats],
            }
            db.execute(
                "UPDATE matches SET status = 'done', finished = ?, void = ?, cause = ?, "
                "moves = ?, duration_s = ?, replay = ?, figures = ?, lease_owner = NULL "
                "WHERE id = ?",
                (
                    now,
                    int(result.void),
                    result.cause,
                    result.moves,
                    result.duration_s,
                    result.replay,
                    json.dumps(figures),
                    result.match,
                ),
            )
            db.executemany(
                "UPDATE match_seats SET points = ?, rank = ?, cause = ?, reason = ?, log = ? "
                "WHERE match = ? AND seat = ?",
                [
                    (seat.points, rank, seat.cause, seat.reason, seat.log, result.match, index)
                    for index, (seat, rank) in enumerate(zip(result.seats, ranks, strict=True))
                ],
            )
            db.execute(
                "UPDATE workers SET results = results + 1, last_seen = ? WHERE name = ?",
                (now, owner),
            )
            if row["rated"]:
                self._rerate(db, str(row["game"]), rate)
            if row["kind"] == "validation":
                self._judge_validation(db, result.match)
            if row["challenge"] is not None:
                db.execute(
                    "UPDATE challenges SET status = 'done' WHERE id = ?", (row["challenge"],)
                )
            return True

    def _rerate(self, db: sqlite3.Connection, game: str, rate: Rate) -> None:
        """The game's ratings from all its rated results in match order (a result that
        arrives late takes its place by match id; nothing is counted twice)."""
        rows = db.execute(
            "SELECT matches.id, matches.void, match_seats.submission, match_seats.rank "
            "FROM matches JOIN match_seats ON match_seats.match = matches.id "
            "WHERE matches.game = ? AND matches.rated = 1 AND matches.status = 'done' "
            "ORDER BY matches.id, match_seats.seat",
            (game,),
        ).fetchall()
        outcomes = self._outcomes(rows, lambda seat: bool(seat["void"]))
        ratings = rate(outcomes)
        db.execute(
            "DELETE FROM ratings WHERE submission IN (SELECT id FROM submissions WHERE game = ?)",
            (game,),
        )
        db.executemany(
            "INSERT INTO ratings (submission, mu, sigma, games, wins, draws, losses) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(s, r.mu, r.sigma, r.games, r.wins, r.draws, r.losses) for s, r in ratings.items()],
        )

    def _judge_validation(self, db: sqlite3.Connection, match: int) -> None:
        """Once all validation games of the submission are done: ``accepted`` when it played
        each regularly (and active when the team has no active one), else ``error`` with the
        first irregular seat's cause and reason."""
        row = db.execute(
            "SELECT submission FROM match_seats WHERE match = ? AND submission IS NOT NULL",
            (match,),
        ).fetchone()
        submission = int(row[0])
        games = db.execute(
            "SELECT matches.id, matches.status, match_seats.cause, match_seats.reason "
            "FROM matches JOIN match_seats ON match_seats.match = matches.id "
            "WHERE matches.kind = 'validation' AND match_seats.submission = ? ORDER BY matches.id",
            (submission,),
        ).fetchall()
        if any(game["status"] in ("queued", "leased") for game in games):
            return
        bad = next((game for game in games if game["cause"] != REGULAR), None)
        if bad is not None:
            reason = f"validation game {bad['id']}: {bad['cause']}"
            if bad["reason"]:
                reason += f": {bad['reason']}"
            db.execute(
                "UPDATE submissions SET status = 'error', reason = ? "
                "WHERE id = ? AND status = 'validating'",
                (reason, submission),
            )
            return
        db.execute(
            "UPDATE submissions SET status = 'accepted' WHERE id = ? AND status = 'validating'",
            (submission,),
        )
        team, game = db.execute(
            "SELECT team, game FROM submissions WHERE id = ?", (submission,)
        ).fetchone()
        active = db.execute(
            "SELECT 1 FROM submissions WHERE team = ? AND game = ? AND active = 1", (team, game)
        ).fetchone()
        if active is None:
            db.execute("UPDATE submissions SET active = 1 WHERE id = ?", (submission,))

    # -- reading ----------------------------------------------------------------------

    def _match_info(self, row: sqlite3.Row) -> MatchInfo:
        seats = self._db.execute(
            "SELECT match_seats.*, submissions.team FROM match_seats "
            "LEFT JOIN submissions ON submissions.id = match_seats.submission "
            "WHERE match = ? ORDER BY seat",
            (row["id"],),
        ).fetchall()
        return MatchInfo(
            id=int(row["id"]),
            game=str(row["game"]),
            kind=cast(MatchKind, row["kind"]),
            seed=int(row["seed"]),
            settings=json.loads(row["settings"]),
            version=str(row["version"]),
            status=str(row["status"]),
            attempts=int(row["attempts"]),
            rated=bool(row["rated"]),
            void=None if row["void"] is None else bool(row["void"]),
            cause=row["cause"],
            replay=row["replay"],
            seats=tuple(
                MatchSeatInfo(
                    seat=int(seat["seat"]),
                    label=str(seat["label"]),
                    team=seat["team"],
                    submission=seat["submission"],
                    points=seat["points"],
                    rank=seat["rank"],
                    cause=seat["cause"],
                    log=seat["log"],
                )
                for seat in seats
            ),
        )

    def match(self, match: int) -> MatchInfo | None:
        row = self._one("SELECT * FROM matches WHERE id = ?", match)
        return None if row is None else self._match_info(row)

    def matches(
        self, *, game: str | None = None, submission: int | None = None, limit: int = 50
    ) -> list[MatchInfo]:
        """The latest matches (newest first), of a game or of a submission."""
        if submission is not None:
            rows = self._db.execute(
                "SELECT matches.* FROM matches JOIN match_seats ON match_seats.match = matches.id "
                "WHERE match_seats.submission = ? ORDER BY matches.id DESC LIMIT ?",
                (submission, limit),
            ).fetchall()
        elif game is not None:
            rows = self._db.execute(
                "SELECT * FROM matches WHERE game = ? ORDER BY id DESC LIMIT ?", (game, limit)
            ).fetchall()
        else:
            rows = self._db.execute(
                "SELECT * FROM matches ORDER BY id DESC LIMIT ?", (limit,)
            ).fetchall()
        return [self._match_info(row) for row in rows]

    def standings(self, game: str) -> list[StandingRow]:
        """The active accepted submissions of ``game`` by their conservative rating
        (mu - 3 sigma), best first."""
        rows = self._db.execute(
            "SELECT submissions.id, submissions.version, teams.name, ratings.* "
            "FROM submissions JOIN teams ON teams.id = submissions.team "
            "LEFT JOIN ratings ON ratings.submission = submissions.id "
            "WHERE submissions.game = ? AND submissions.active = 1 "
            "AND submissions.status = 'accepted'",
            (game,),
        ).fetchall()
        entries = []
        for row in rows:
            mu = UNRATED_MU if row["mu"] is None else float(row["mu"])
            sigma = UNRATED_SIGMA if row["sigma"] is None else float(row["sigma"])
            entries.append((mu - 3 * sigma, row, mu, sigma))
        entries.sort(key=lambda entry: (-entry[0], entry[1]["id"]))
        return [
            StandingRow(
                rank=rank,
                team=str(row["name"]),
                submission=int(row["id"]),
                version=int(row["version"]),
                mu=mu,
                sigma=sigma,
                games=int(row["games"] or 0),
                wins=int(row["wins"] or 0),
                draws=int(row["draws"] or 0),
                losses=int(row["losses"] or 0),
                last=self._last_results(int(row["id"])),
            )
            for rank, (_, row, mu, sigma) in enumerate(entries, start=1)
        ]

    def _last_results(self, submission: int) -> str:
        rows = self._db.execute(
            "SELECT mine.rank AS rank, "
            "(SELECT MIN(rank) FROM match_seats WHERE match = mine.match) AS best, "
            "(SELECT COUNT(*) FROM match_seats o WHERE o.match = mine.match "
            " AND o.rank = mine.rank) AS sharing "
            "FROM match_seats mine JOIN matches ON matches.id = mine.match "
            "WHERE mine.submission = ? AND matches.rated = 1 AND matches.status = 'done' "
            "AND matches.void = 0 ORDER BY mine.match DESC LIMIT ?",
            (submission, LAST_GAMES),
        ).fetchall()
        letters = []
        for row in rows:
            if row["rank"] != row["best"]:
                letters.append("L")
            else:
                letters.append("W" if row["sharing"] == 1 else "D")
        return "".join(letters)

    def queue_counts(self) -> dict[str, int]:
        rows = self._db.execute("SELECT status, COUNT(*) FROM matches GROUP BY status").fetchall()
        counts = {"queued": 0, "leased": 0, "done": 0, "error": 0}
        counts.update({str(row[0]): int(row[1]) for row in rows})
        return counts

    def workers(self) -> list[tuple[str, float, int, int]]:
        rows = self._db.execute(
            "SELECT name, last_seen, leases, results FROM workers ORDER BY name"
        ).fetchall()
        return [(str(r[0]), float(r[1]), int(r[2]), int(r[3])) for r in rows]
