"""The values that cross the arena's boundaries (API answers, the worker's lease and result),
each one typed value with ``to_json``/``from_json``; nothing else reads them by string keys."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from botarena.arena.ladder_ratings import FinalStanding

Role = Literal["organiser", "team", "worker"]
SubmissionStatus = Literal["validating", "accepted", "error", "retired"]
MatchKind = Literal["validation", "challenge", "ladder"]
FinalState = Literal["playing", "done"]

UNRATED_MU = 25.0
"""OpenSkill's (Plackett-Luce) starting mu: the leaderboard's value before a first game."""
UNRATED_SIGMA = 25.0 / 3.0
"""OpenSkill's starting sigma."""


class RecordError(ValueError):
    """A JSON value that is not the record it should be (the message says which key)."""


def _field(data: object, key: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(data, dict):
        raise RecordError("not a JSON object")
    if key not in data:
        raise RecordError(f"{key} is missing")
    value = data[key]
    if (
        isinstance(value, bool)
        and kind is not bool
        and bool not in (kind if isinstance(kind, tuple) else (kind,))
    ):
        raise RecordError(f"{key} has the wrong type")
    if not isinstance(value, kind):
        raise RecordError(f"{key} has the wrong type")
    return value


def _fields_json(record: Any, **values: Any) -> dict[str, Any]:
    """``record``'s fields in their declared order, each its own value or the one in
    ``values`` (a copied list, a nested record's JSON, a rounded number)."""
    return {
        name: values[name] if name in values else getattr(record, name)
        for name in (each.name for each in fields(record))
    }


def _optional(data: object, key: str, kind: type | tuple[type, ...]) -> Any:
    if isinstance(data, dict) and data.get(key) is None:
        return None
    return _field(data, key, kind)


@dataclass(frozen=True, slots=True)
class Principal:
    """Who sent a request: an API token's owner or a member's session."""

    role: Role
    team: int | None = None
    name: str = ""


@dataclass(frozen=True, slots=True)
class LeaseSeat:
    """One seat of a leased match: an uploaded bot (its blob) or a built-in player."""

    label: str
    submission: int | None = None
    blob: str | None = None
    builtin: str | None = None

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)

    @classmethod
    def from_json(cls, data: object) -> LeaseSeat:
        return cls(
            label=_field(data, "label", str),
            submission=_optional(data, "submission", int),
            blob=_optional(data, "blob", str),
            builtin=_optional(data, "builtin", str),
        )


@dataclass(frozen=True, slots=True)
class Lease:
    """A match handed to a worker until ``lease_s`` after its last heartbeat."""

    match: int
    game: str
    kind: MatchKind
    seed: int
    settings: dict[str, Any]
    version: str
    seats: tuple[LeaseSeat, ...]
    attempt: int
    lease_s: float

    def to_json(self) -> dict[str, Any]:
        return _fields_json(
            self, settings=dict(self.settings), seats=[seat.to_json() for seat in self.seats]
        )

    @classmethod
    def from_json(cls, data: object) -> Lease:
        kind = _field(data, "kind", str)
        if kind not in ("validation", "challenge", "ladder"):
            raise RecordError(f"kind: unknown {kind[:20]!r}")
        return cls(
            match=_field(data, "match", int),
            game=_field(data, "game", str),
            kind=kind,
            seed=_field(data, "seed", int),
            settings=_field(data, "settings", dict),
            version=_field(data, "version", str),
            seats=tuple(LeaseSeat.from_json(seat) for seat in _field(data, "seats", list)),
            attempt=_field(data, "attempt", int),
            lease_s=float(_field(data, "lease_s", (int, float))),
        )


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat ended: match points (None: no result), the cause, its log's blob."""

    points: int | None
    cause: str
    reason: str | None
    log: str | None
    peak_memory_mb: float | None = None
    """The most memory the bot's processes used (T2 only; ``None``: not measured)."""
    rank: int | None = None
    """The seat's rank at its table (1 = best) where the game ranks beyond points (a
    Mau-Mau table: the winner, then fewer cards left); ``None``: ranked by points."""

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)

    @classmethod
    def from_json(cls, data: object) -> SeatResult:
        peak = _optional(data, "peak_memory_mb", (int, float))
        return cls(
            points=_optional(data, "points", int),
            cause=_field(data, "cause", str),
            reason=_optional(data, "reason", str),
            log=_optional(data, "log", str),
            peak_memory_mb=None if peak is None else float(peak),
            rank=_optional(data, "rank", int),
        )


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What a worker posts for its leased match: every seat's result, the replay's blob and
    the per-move figures of the runner's :class:`~botarena.runner.record.GameRecord`."""

    match: int
    seats: tuple[SeatResult, ...]
    void: bool
    cause: str
    moves: int
    duration_s: float
    replay: str | None = None
    move_times_ms: list[float] = field(default_factory=list)
    move_raw_ms: list[float] = field(default_factory=list)
    move_seats: list[int] = field(default_factory=list)
    move_cpu_ms: list[float | None] = field(default_factory=list)
    """Each move's CPU time of the bot's processes (``None``: not measured)."""
    clock: str = "wall"
    """What the moves were charged: ``wall`` or ``cpu``."""
    infra_replays: int = 0
    """How often the machine spoiled the match before this result (played again)."""

    def to_json(self) -> dict[str, Any]:
        return _fields_json(
            self,
            seats=[seat.to_json() for seat in self.seats],
            move_times_ms=list(self.move_times_ms),
            move_raw_ms=list(self.move_raw_ms),
            move_seats=list(self.move_seats),
            move_cpu_ms=list(self.move_cpu_ms),
        )

    @classmethod
    def from_json(cls, data: object) -> MatchResult:
        def numbers(key: str) -> list[float]:
            values = _field(data, key, list)
            if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
                raise RecordError(f"{key}: an entry is not a number")
            return [float(v) for v in values]

        def optional_numbers(key: str) -> list[float | None]:
            values = _optional(data, key, list) or []
            if not all(
                v is None or (isinstance(v, int | float) and not isinstance(v, bool))
                for v in values
            ):
                raise RecordError(f"{key}: an entry is not a number")
            return [None if v is None else float(v) for v in values]

        return cls(
            match=_field(data, "match", int),
            seats=tuple(SeatResult.from_json(seat) for seat in _field(data, "seats", list)),
            void=_field(data, "void", bool),
            cause=_field(data, "cause", str),
            moves=_field(data, "moves", int),
            duration_s=float(_field(data, "duration_s", (int, float))),
            replay=_optional(data, "replay", str),
            move_times_ms=numbers("move_times_ms"),
            move_raw_ms=numbers("move_raw_ms"),
            move_seats=[int(v) for v in numbers("move_seats")],
            move_cpu_ms=optional_numbers("move_cpu_ms"),
            clock=_optional(data, "clock", str) or "wall",
            infra_replays=_optional(data, "infra_replays", int) or 0,
        )


@dataclass(frozen=True, slots=True)
class FinalStatus:
    """A game's final phase: ``playing`` its round robin, or ``done`` (standings published);
    ``played`` of its ``total`` matches have ended (an ``error`` one counts as ended)."""

    game: str
    status: FinalState
    played: int
    total: int

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class FinalRow:
    """One line of a game's final standings: a team's submission with its Bradley-Terry Elo
    (mean 0), 95 % interval and record in the final's games (``ladder_ratings``)."""

    rank: int
    team: str
    version: int
    standing: FinalStanding

    def to_json(self) -> dict[str, Any]:
        standing = self.standing
        return {
            "rank": self.rank,
            "team": self.team,
            "submission": standing.submission,
            "version": self.version,
            "elo": round(standing.elo, 1),
            "low": round(standing.low, 1),
            "high": round(standing.high, 1),
            "games": standing.games,
            "wins": standing.wins,
            "draws": standing.draws,
            "losses": standing.losses,
        }


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the leaderboard: a team's active submission."""

    rank: int
    team: str
    submission: int
    version: int
    mu: float
    sigma: float
    games: int
    wins: int
    draws: int
    losses: int
    last: str
    """The latest results, newest first (``W``, ``D``, ``L``)."""

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self, mu=round(self.mu, 3), sigma=round(self.sigma, 3))


@dataclass(frozen=True, slots=True)
class SubmissionInfo:
    id: int
    team: int
    team_name: str
    game: str
    version: int
    status: SubmissionStatus
    reason: str
    active: bool
    blob: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "team": self.team_name,
            "game": self.game,
            "version": self.version,
            "status": self.status,
            "reason": self.reason,
            "active": self.active,
        }


@dataclass(frozen=True, slots=True)
class MatchSeatInfo:
    seat: int
    label: str
    team: int | None
    submission: int | None
    points: int | None
    rank: int | None
    cause: str | None
    log: str | None


@dataclass(frozen=True, slots=True)
class MatchInfo:
    id: int
    game: str
    kind: MatchKind
    seed: int
    settings: dict[str, Any]
    version: str
    status: str
    attempts: int
    rated: bool
    void: bool | None
    cause: str | None
    replay: str | None
    seats: tuple[MatchSeatInfo, ...]

    def to_json(self, *, logs_of: int | None = None, organiser: bool = False) -> dict[str, Any]:
        """The match as anyone sees it; a seat's log only for its own team (``logs_of``) or
        the organiser."""
        return _fields_json(
            self,
            settings=dict(self.settings),
            replay=self.replay is not None,
            seats=[
                {
                    "seat": seat.seat,
                    "label": seat.label,
                    "submission": seat.submission,
                    "points": seat.points,
                    "rank": seat.rank,
                    "cause": seat.cause,
                    "log": seat.log is not None
                    and (organiser or (seat.team is not None and seat.team == logs_of)),
                }
                for seat in self.seats
            ],
        )
