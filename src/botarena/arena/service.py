"""The arena's rules on top of its store: who may do what, what an upload starts, what a
result means, and the ladder that keeps the queue filled. The HTTP layer (``arena.app``)
only parses requests and calls these methods; the store holds all SQL."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from botarena import __version__
from botarena.arena import accounts
from botarena.arena.blobs import BlobStore
from botarena.arena.ladder_ratings import final_round_robin, final_standings, ratings_of
from botarena.arena.matchmaker import MAX_TABLE, MIN_TABLE, next_pairings
from botarena.arena.records import FinalRow, FinalStatus, Lease, MatchResult, Principal, Role
from botarena.arena.storage import MatchTerms, SqliteStore, StoreError
from botarena.arena.uploads import check_upload
from botarena.core import SeededRandom, new_seed
from botarena.games import registry
from botarena.league.jobs import MAUMAU_MOVE_TIMEOUT_S, ranks_from_points
from botarena.move_clock_limits import ClockKind
from botarena.runner.limits import CONNECT_TIMEOUT_S, EXIT_GRACE_S

DATABASE_NAME = "arena.sqlite3"
BLOBS_NAME = "blobs"
VALIDATION_GAMES = 2
"""Games against the built-in ``random`` before an upload is accepted (sides swapped)."""
LEASE_S = 60.0
"""How long a lease lasts without a heartbeat (``arena serve --lease-s``)."""
QUEUE_TARGET = 4
"""Ladder matches kept queued per game (``arena serve --queue``)."""
GAME_TIMEOUT_S = 300.0
"""A match still running after this long is aborted by the worker's watchdog."""
TABLE_SIZES = tuple(range(MIN_TABLE, MAX_TABLE + 1))
"""Seats at a table of a game whose protocol does not fix them (Mau-Mau: 2 to 4); the
Software-Challenge games are played by two seats."""


class ArenaError(ValueError):
    """A request the arena refuses; the text is the answer."""


class NotAllowedError(ArenaError):
    """The requester may not do this."""


def arena_games() -> tuple[registry.GameSpec, ...]:
    """The games the arena plays: the Software-Challenge games and Mau-Mau."""
    return (*registry.sc_games(), *registry.games_of(registry.MAUMAU_JSON))


def game_id(text: str) -> str:
    """The arena's name of a game (a bare name: its newest season)."""
    try:
        spec = registry.resolve(text[:64])
    except ValueError:
        spec = None
    if spec is None or spec not in arena_games():
        names = ", ".join(s.id for s in arena_games())
        raise ArenaError(f"the arena plays {names}, not {text!r}")
    return spec.id


def table_sizes(game: str) -> tuple[int, ...]:
    """The seats a table of ``game`` may have (the matchmaker's ``table_sizes``)."""
    fixed = registry.resolve(game).protocol.fixed_seats
    return TABLE_SIZES if fixed is None else (fixed,)


def ranks_of(result: MatchResult) -> list[int]:
    """Each seat's rank (1 = best): the ranks the worker posted when every seat has one
    (a Mau-Mau table ranks its losers by the cards left), else competition ranks by points.
    Posted ranks outside 1..seats, or without a first place, are refused."""
    posted = [seat.rank for seat in result.seats]
    if any(rank is None for rank in posted):
        return ranks_from_points([seat.points or 0 for seat in result.seats])
    ranks = [rank for rank in posted if rank is not None]
    if not all(1 <= rank <= len(ranks) for rank in ranks) or 1 not in ranks:
        raise ArenaError(f"the ranks {ranks[:8]} are not ranks of {len(ranks)} seats")
    return ranks


def init_folder(folder: Path, organiser: str) -> str:
    """Create the data folder; returns the organiser's API token (shown once)."""
    if (folder / DATABASE_NAME).exists():
        raise ArenaError(f"{folder} holds an arena already")
    folder.mkdir(parents=True, exist_ok=True)
    accounts.load_secret(folder)
    store = SqliteStore(folder / DATABASE_NAME)
    try:
        store.set_setting("seed", str(new_seed()))
        store.set_setting("organiser", organiser)
        token = accounts.new_token()
        store.add_token(accounts.token_hash(token), "organiser", None, organiser, time.time())
    finally:
        store.close()
    return token


@dataclass
class Arena:
    """One data folder's arena (its store, blobs, session secret and ladder)."""

    folder: Path
    lease_s: float = LEASE_S
    queue_target: int = QUEUE_TARGET
    game_timeout_s: float = GAME_TIMEOUT_S
    move_clock: ClockKind = "cpu"
    """What each move of a match is charged (``--clock``; the CPU time of the bot's
    processes by default: every upload runs confined and is judged by its CPU time)."""
    clock: Callable[[], float] = time.time
    listeners: list[Callable[[str], None]] = field(default_factory=list)
    """Called with a game's name when its standings changed."""

    def __post_init__(self) -> None:
        if not (self.folder / DATABASE_NAME).exists():
            raise ArenaError(f"{self.folder} is no arena folder (run `botarena arena init`)")
        self.store = SqliteStore(self.folder / DATABASE_NAME)
        self.blobs = BlobStore(self.folder / BLOBS_NAME)
        self.cookies = accounts.SessionCookies(accounts.load_secret(self.folder))
        self.seed = SeededRandom(int(self.store.setting("seed") or 0))
        self.rng = self.seed.derive("matchmaker")
        self.wake = asyncio.Event()
        self.final_rows: dict[str, list[FinalRow]] = {}
        """Published final standings by game (a done final never changes; the fit over a
        field of 100 takes most of a second, too long for every leaderboard request)."""
        self.settle_finals()

    def close(self) -> None:
        self.store.close()

    # -- the organiser's switches (kept in the database: a restart keeps them) -------------

    @property
    def ladder_running(self) -> bool:
        return self.store.setting("ladder") != "stopped"

    def set_ladder(self, running: bool) -> None:
        self.store.set_setting("ladder", "running" if running else "stopped")
        self.fill_queue()

    @property
    def replays_private(self) -> bool:
        """Replays only for the organiser and the match's own teams, until the end: a
        game's replays become public when its final standings are published."""
        return self.store.setting("replays") == "private"

    def set_replays_private(self, private: bool) -> None:
        self.store.set_setting("replays", "private" if private else "public")

    def may_watch(
        self, principal: Principal | None, game: str, teams: Sequence[int | None]
    ) -> bool:
        if not self.replays_private or (principal is not None and principal.role != "team"):
            return True
        if principal is not None and principal.team in teams:
            return True
        final = self.store.final_status(game)
        return final is not None and final.status == "done"

    def seed_of(self, match: int) -> int:
        return self.seed.derive(f"match-{match}").seed_value

    def settings(self, game: str) -> dict[str, Any]:
        """A match's settings: its limits and clock. Mau-Mau's server times a turn by the
        wall clock (``move_timeout_s``), so its matches say ``wall`` whatever ``--clock``."""
        settings: dict[str, Any] = {
            "connect_timeout_s": CONNECT_TIMEOUT_S,
            "game_timeout_s": self.game_timeout_s,
            "exit_grace_s": EXIT_GRACE_S,
            "clock": self.move_clock,
        }
        if registry.resolve(game).protocol is registry.MAUMAU_JSON:
            settings.update(clock="wall", move_timeout_s=MAUMAU_MOVE_TIMEOUT_S)
        return settings

    def match_terms(self, game: str) -> MatchTerms:
        """What a match of ``game`` queued now is played under: :meth:`settings`, this
        version, the arena's seeds."""
        return MatchTerms(self.settings(game), __version__, self.seed_of)

    # -- who asks -------------------------------------------------------------------------

    def principal(self, token: str | None, cookie: str | None) -> Principal | None:
        if token and len(token) <= accounts.MAX_TOKEN_CHARS:
            found = self.store.principal(accounts.token_hash(token))
            if found is not None:
                return found
        session = self.cookies.check(cookie, self.clock())
        return None if session is None else Principal("team", session.team)

    @staticmethod
    def need(principal: Principal | None, *roles: Role) -> Principal:
        if principal is None:
            raise NotAllowedError("this needs a token or a login")
        if principal.role not in roles:
            raise NotAllowedError(f"this needs the role {' or '.join(roles)}")
        return principal

    # -- accounts -----------------------------------------------------------------------

    def add_team(self, name: str) -> tuple[str, str]:
        """A new team; its API token and join key (both shown once)."""
        name = name.strip()
        if not 1 <= len(name) <= 64 or not name.isprintable():
            raise ArenaError("a team name has 1 to 64 printable characters")
        token, join_key = accounts.new_token(), accounts.new_token()
        try:
            team = self.store.add_team(name, accounts.token_hash(join_key), self.clock())
        except StoreError as error:
            raise ArenaError(str(error)) from None
        self.store.add_token(accounts.token_hash(token), "team", team, name, self.clock())
        return token, join_key

    def join(self, join_key: str, name: str, password: str) -> int:
        team = self.store.team_of_join_key(accounts.token_hash(join_key[:200]))
        if team is None:
            raise NotAllowedError("no team has this join key")
        if not 1 <= len(name) <= 64 or not name.isprintable():
            raise ArenaError("a member name has 1 to 64 printable characters")
        try:
            return self.store.add_member(team, name, accounts.hash_password(password))
        except (StoreError, accounts.AccountError) as error:
            raise ArenaError(str(error)) from None

    def login(self, team: str, name: str, password: str) -> str:
        """A session cookie for the member (the same answer for every wrong detail)."""
        found = self.store.member(team[:64], name[:64])
        if found is None or not accounts.check_password(password, found[2]):
            raise NotAllowedError("wrong team, name or password")
        return self.cookies.issue(found[0], found[1], self.clock())

    # -- uploads, challenges ------------------------------------------------------------------

    def submit(self, principal: Principal, game: str, data: bytes) -> int:
        """Store a checked upload and queue its validation games (raises ``UploadError``
        with the reason for a refused one)."""
        self.need(principal, "team")
        assert principal.team is not None
        game = game_id(game)
        self._not_frozen(game, "uploads")
        check_upload(data)
        blob = self.blobs.put(data)
        submission = self.store.add_submission(
            principal.team,
            game,
            blob,
            self.clock(),
            terms=self.match_terms(game),
            validation_games=VALIDATION_GAMES,
        )
        self.wake.set()
        return submission

    def activate(self, principal: Principal, submission: int) -> None:
        self.need(principal, "team")
        assert principal.team is not None
        info = self.store.submission(submission)
        if info is not None:
            self._not_frozen(info.game, "the active versions")
        try:
            self.store.activate(principal.team, submission)
        except StoreError as error:
            raise ArenaError(str(error)) from None
        self._changed(info.game if info else "")

    def retire(self, principal: Principal, submission: int) -> None:
        """Retire one of the team's versions (never paired again; its history stays)."""
        self.need(principal, "team")
        assert principal.team is not None
        try:
            self.store.retire(principal.team, submission, self.clock())
        except StoreError as error:
            raise ArenaError(str(error)) from None
        self.fill_queue()

    def _not_frozen(self, game: str, what: str) -> None:
        if self.store.final_status(game) is not None:
            raise ArenaError(f"{what} of {game} are frozen: its final phase has started")

    def challenge(self, principal: Principal, opponent: int) -> int:
        self.need(principal, "team")
        assert principal.team is not None
        target = self.store.submission(opponent)
        if target is not None and self.store.final_status(target.game) is not None:
            raise ArenaError(f"the final phase of {target.game} has started: no challenges")
        try:
            challenge = self.store.add_challenge(principal.team, opponent, self.clock())
        except StoreError as error:
            raise ArenaError(str(error)) from None
        self.fill_queue()
        return challenge

    # -- workers --------------------------------------------------------------------------

    def lease(self, worker: str) -> Lease | None:
        lease = self.store.lease(worker[:100], self.clock(), self.lease_s)
        self.wake.set()
        self.settle_finals()  # a final's last match may have ended as error (lease ran out)
        return lease

    def heartbeat(self, worker: str, match: int) -> bool:
        return self.store.heartbeat(match, worker[:100], self.clock(), self.lease_s)

    def fail(self, worker: str, match: int, reason: str) -> str | None:
        status = self.store.fail(match, worker[:100], reason[:2000], self.clock())
        if status == "error":
            self.settle_finals()
        return status

    def finish(self, worker: str, result: MatchResult) -> bool:
        for name in (result.replay, *(seat.log for seat in result.seats)):
            if name is not None and not self.blobs.has(name):
                raise ArenaError(f"blob {name[:64]} was not posted")
        ranks = ranks_of(result)
        try:
            done = self.store.finish(result, worker[:100], self.clock(), ratings_of, ranks)
        except StoreError as error:
            raise ArenaError(str(error)) from None
        if done:
            info = self.store.match(result.match)
            self._changed(info.game if info else "")
            self.settle_finals()
            self.fill_queue()
        return done

    # -- the final phase ------------------------------------------------------------------

    def start_final(self, principal: Principal | None, game: str) -> FinalStatus:
        """Freeze ``game``'s uploads, stop its ladder and queue the full round robin of its
        active accepted submissions (every pair twice, sides swapped)."""
        self.need(principal, "organiser")
        game = game_id(game)
        entrants = [entrant.submission for entrant in self.store.entrants(game)]
        if len(entrants) < 2:
            raise ArenaError(f"a final needs two accepted active uploads of {game}")
        try:
            self.store.start_final(
                game,
                final_round_robin(entrants, table_sizes(game)),
                self.clock(),
                terms=self.match_terms(game),
            )
        except (StoreError, ValueError) as error:
            raise ArenaError(str(error)) from None
        self.wake.set()
        status = self.store.final_status(game)
        assert status is not None
        return status

    def final(self, game: str) -> tuple[FinalStatus | None, list[FinalRow]]:
        """The game's final phase and, once it is done, its standings (best first)."""
        status = self.store.final_status(game)
        if status is None or status.status != "done":
            return status, []
        if game not in self.final_rows:
            info = {s.id: s for s in self.store.submissions() if s.game == game}
            fit = final_standings(self.store.final_outcomes(game))
            self.final_rows[game] = [
                FinalRow(rank, info[row.submission].team_name, info[row.submission].version, row)
                for rank, row in enumerate(fit.rows, start=1)
            ]
        return status, self.final_rows[game]

    def settle_finals(self) -> None:
        """Publish every final whose matches have all ended (idempotent; also at start, so
        a ``kill -9`` between the last result and this step loses nothing)."""
        for game, status in self.store.finals().items():
            if status.status == "playing" and self.store.close_final_if_played(game, self.clock()):
                self._changed(game)

    # -- the ladder -----------------------------------------------------------------------

    def fill_queue(self) -> int:
        """Queue open challenges and, while the ladder runs, ladder matches up to
        ``queue_target`` per game; returns how many were queued."""
        queued = 0
        finals = self.store.finals()
        for game in self.store.games_with_entrants():
            if game in finals:
                continue  # its final phase stopped its ladder
            challenges = self.store.open_challenges(game)
            room = self.queue_target - self.store.pending_ladder_matches(game)
            count = len(challenges) + (max(0, room) if self.ladder_running else 0)
            if count == 0:
                continue
            pairings = next_pairings(
                self.store.entrants(game) if self.ladder_running else [],
                challenges,
                table_sizes=table_sizes(game),
                rng=self.rng,
                count=count,
            )
            queued += len(
                self.store.queue_pairings(
                    game,
                    pairings,
                    self.clock(),
                    terms=self.match_terms(game),
                )
            )
        return queued

    def _changed(self, game: str) -> None:
        for listener in list(self.listeners):
            listener(game)
