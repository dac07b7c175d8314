"""One finished game as ``games.jsonl`` holds it: the one record type of the runner
(``botarena test``), the league (``botarena tournament``, Software-Challenge and Mau-Mau
tables of 2 to 4 seats) and every report and web view that reads them.

The JSON shape is written and read here only (:meth:`GameRecord.to_json`,
:meth:`GameRecord.from_json`), with the keys the two former dict shapes had, so a
``games.jsonl`` written before this type loads. A key that only one writer fills (the
runner's move times, the league's round and points) is optional: absent in the file, empty
(or ``None``) here, and left out again when written.

It lives in ``runner`` because the runner writes it and everything that reads it (league,
web) sits above the runner; ``core`` knows nothing of bots, logs and replay files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

REGULAR = "REGULAR"
"""The ``cause`` of a regular game and of a seat that played regularly."""
INFRA_ERROR = "INFRA_ERROR"
"""The ``cause`` of a seat the machine stalled under ``--clock cpu`` (its move reached the
wall cap with its CPU time under the limit): its game is not rated and is played again."""
WIN_POINTS = 2
"""Match points of a win (a draw: 1 each); a game of two seats that hands out other than this
sum is void."""


class RecordError(ValueError):
    """A ``games.jsonl`` line that is not a game record (the message says which key)."""


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any) -> Any:
    value = data.get(key, default)
    if value is default:
        return value
    if isinstance(value, bool) and kind in (int, float, (int, float)):
        raise RecordError(f"{key} is not a {_name(kind)}: {value!r}")
    if not isinstance(value, kind):
        raise RecordError(f"{key} is not a {_name(kind)}: {str(value)[:40]!r}")
    return value


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f"{key} is missing")
    return _get(data, key, kind, None) if data[key] is not None else None


_KIND_NAMES = {int: "whole number", float: "number", str: "string", bool: "boolean"}
_KIND_NAMES.update({list: "list", dict: "object"})


def _name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return "number" if set(kind) == {int, float} else " or ".join(map(_name, kind))
    return _KIND_NAMES.get(kind, kind.__name__)


def _numbers(data: dict[str, Any], key: str) -> list[float]:
    values = _get(data, key, list, None) or []
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        raise RecordError(f"{key}: an entry is not a number")
    return [float(v) if isinstance(v, float) else v for v in values]


def _optional_numbers(data: dict[str, Any], key: str) -> list[float | None]:
    values = _get(data, key, list, None) or []
    if not all(
        v is None or (isinstance(v, int | float) and not isinstance(v, bool)) for v in values
    ):
        raise RecordError(f"{key}: an entry is neither a number nor null")
    return list(values)


@dataclass(slots=True)
class SlotRecord:
    """One seat of a game: its bot, how it ended, its process and log."""

    bot: str
    cause: str = REGULAR
    """``REGULAR`` or a ``ScoreCause`` value (``LEFT``, ``SOFT_TIMEOUT``, …)."""
    reason: str | None = None
    """The server's reason for the seat's result (None: it gave none)."""
    match_points: int | None = None
    """The seat's match points (None: no result)."""
    scores: list[Any] = field(default_factory=list)
    exit_code: int | None = None
    log: str | None = None
    """The bot's log, relative to the run or tournament folder."""
    persistent_process: bool | None = None
    runner_note: str | None = None
    """Why the bot never took its seat (the runner's watchdog)."""
    startup_failure: bool = False
    log_line: str | None = None
    """The last line of the bot's log, kept for a seat that did not play regularly."""
    peak_memory_mb: float | None = None
    """The bot's peak memory in the game (MB), where measured (T2's cgroup)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"bot": self.bot, "cause": self.cause, "reason": self.reason}
        data["match_points"] = self.match_points
        data["scores"] = list(self.scores)
        data["exit_code"] = self.exit_code
        data["log"] = self.log
        if self.persistent_process is not None:
            data["persistent_process"] = self.persistent_process
        if self.runner_note is not None:
            data["runner_note"] = self.runner_note
        if self.startup_failure:
            data["startup_failure"] = True
        if self.log_line is not None:
            data["log_line"] = self.log_line
        if self.peak_memory_mb is not None:
            data["peak_memory_mb"] = self.peak_memory_mb
        return data

    @classmethod
    def from_json(cls, data: object) -> SlotRecord:
        if not isinstance(data, dict):
            raise RecordError("a slot is not an object")
        bot = _need(data, "bot", str)
        if bot is None:
            raise RecordError("a slot's bot is null")
        return cls(
            bot=bot,
            cause=str(_get(data, "cause", str, REGULAR)),
            reason=_get(data, "reason", str, None),
            match_points=_get(data, "match_points", int, None),
            scores=list(_get(data, "scores", list, None) or []),
            exit_code=_get(data, "exit_code", int, None),
            log=_get(data, "log", str, None),
            persistent_process=_get(data, "persistent_process", bool, None),
            runner_note=_get(data, "runner_note", str, None),
            startup_failure=bool(_get(data, "startup_failure", bool, False)),
            log_line=_get(data, "log_line", str, None),
            peak_memory_mb=_get(data, "peak_memory_mb", (int, float), None),
        )


@dataclass(slots=True)
class GameRecord:
    """One finished game of a run or tournament (2 to 4 seats)."""

    index: int
    seed: int
    slots: list[SlotRecord]
    winner: str | None = None
    cause: str = REGULAR
    """``REGULAR``, or every irregular seat's cause in one line."""
    regular: bool = True
    moves: int = 0
    duration_s: float = 0.0
    replay: str | None = None
    """The replay (SC XML) or transcript (Mau-Mau), relative to the folder."""
    points: dict[str, int] | None = None
    """Match points per bot (the league; the runner's records have them per slot)."""
    bot_scores: dict[str, float | None] | None = None
    """The runner's share per bot: 1 win, 0.5 draw, 0 loss, None no result."""
    void: bool | None = None
    # the runner's
    pair: int | None = None
    move_times_ms: list[float] = field(default_factory=list)
    move_raw_ms: list[float] = field(default_factory=list)
    near_misses: list[int] = field(default_factory=list)
    move_bots: list[str] = field(default_factory=list)
    move_cpu_ms: list[float | None] = field(default_factory=list)
    """Each move's CPU time (its bot's process tree; ``None``: not metered); empty when no
    move was (``--sandbox off --clock wall``, files written before)."""
    clock: str | None = None
    """``wall`` or ``cpu``: what the moves were charged (``move_times_ms``); ``None``: wall,
    in files written before ``--clock``."""
    infra_error: bool = False
    """The machine stalled a seat (cause :data:`INFRA_ERROR`): no result, not rated."""
    infra_replays: int = 0
    """How often this game was played again after an infra error (this is the last try)."""
    # the league's
    round: int | None = None
    pairing: int | None = None
    game: str | None = None
    seats: list[str] | None = None
    host: str | None = None
    ranks: list[int] | None = None
    ending: str | None = None
    """How a Mau-Mau table ended."""
    worker: str | None = None
    """The Dask worker that played it (cluster runs)."""

    @property
    def labels(self) -> list[str]:
        """The bots in seat order."""
        return list(self.seats) if self.seats is not None else [s.bot for s in self.slots]

    def is_void(self) -> bool:
        """No result counts: an infra error, the league says so, or the runner got none."""
        if self.infra_error:
            return True
        if self.void is not None:
            return self.void
        return any(slot.match_points is None for slot in self.slots)

    def points_of(self, bot: str) -> int | None:
        """``bot``'s match points in this game (None: not seated, or a run's void game). A
        tournament's points count as it gives them, in a void game too (its standings)."""
        if self.infra_error:
            return None
        if self.points is not None:
            return self.points.get(bot)
        if self.is_void():
            return None
        return next((s.match_points for s in self.slots if s.bot == bot), None)

    def share_of(self, bot: str) -> float | None:
        """``bot``'s score: 1 win, 0.5 draw, 0 loss (None: no result or not seated)."""
        if self.infra_error:
            return None
        if self.bot_scores is not None:
            return self.bot_scores.get(bot)
        points = self.points_of(bot)
        return None if points is None else points / WIN_POINTS

    def points_by_bot(self) -> dict[str, int]:
        """Match points per bot in seat order (a run's void game: 0 each; an infra error
        gives none: it is not rated)."""
        if self.infra_error:
            return {}
        if self.points is not None:
            return dict(self.points)
        return {slot.bot: slot.match_points or 0 for slot in self.slots}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"index": self.index}
        optional_head = (
            ("round", self.round),
            ("pairing", self.pairing),
            ("pair", self.pair),
        )
        data.update({key: value for key, value in optional_head if value is not None})
        data["seed"] = self.seed
        for key, value in (("game", self.game), ("seats", self.seats), ("host", self.host)):
            if value is not None:
                data[key] = value
        if self.points is not None:
            data["points"] = dict(self.points)
        if self.ranks is not None:
            data["ranks"] = list(self.ranks)
        data["slots"] = [slot.to_json() for slot in self.slots]
        data["winner"] = self.winner
        if self.bot_scores is not None:
            data["bot_scores"] = dict(self.bot_scores)
        if self.void is not None:
            data["void"] = self.void
        data["cause"] = self.cause
        data["regular"] = self.regular
        if self.ending is not None:
            data["ending"] = self.ending
        data["moves"] = self.moves
        if self.pair is not None:  # the runner's record has its move lists always
            data["move_times_ms"] = list(self.move_times_ms)
            data["move_raw_ms"] = list(self.move_raw_ms)
            data["near_misses"] = list(self.near_misses)
            data["move_bots"] = list(self.move_bots)
        if self.move_cpu_ms:
            data["move_cpu_ms"] = list(self.move_cpu_ms)
        if self.clock is not None:
            data["clock"] = self.clock
        if self.infra_error:
            data["infra_error"] = True
        if self.infra_replays:
            data["infra_replays"] = self.infra_replays
        data["duration_s"] = self.duration_s
        data["replay"] = self.replay
        if self.worker is not None or self.seats is not None:  # a tournament's: always
            data["worker"] = self.worker
        return data

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """The record of one parsed ``games.jsonl`` line; :class:`RecordError` names what
        is wrong with one that is not a record."""
        if not isinstance(data, dict):
            raise RecordError("the line is not a JSON object")
        index = _need(data, "index", int)
        if index is None:
            raise RecordError("index is null")
        slots = [SlotRecord.from_json(slot) for slot in _get(data, "slots", list, None) or []]
        points = _get(data, "points", dict, None)
        if points is not None and not all(
            isinstance(v, int) and not isinstance(v, bool) for v in points.values()
        ):
            raise RecordError("points: a value is not a whole number")
        bot_scores = _get(data, "bot_scores", dict, None)
        if bot_scores is not None and not all(
            v is None or (isinstance(v, int | float) and not isinstance(v, bool))
            for v in bot_scores.values()
        ):
            raise RecordError("bot_scores: a value is not a number")
        move_bots = _get(data, "move_bots", list, None) or []
        seats = _get(data, "seats", list, None)
        return cls(
            index=index,
            seed=_get(data, "seed", int, 0),
            slots=slots,
            winner=_get(data, "winner", str, None),
            cause=str(_get(data, "cause", str, REGULAR)),
            regular=bool(_get(data, "regular", bool, True)),
            moves=_get(data, "moves", int, 0),
            duration_s=float(_get(data, "duration_s", (int, float), 0.0)),
            replay=_get(data, "replay", str, None),
            points=points,
            bot_scores=bot_scores,
            void=_get(data, "void", bool, None),
            pair=_get(data, "pair", int, None),
            move_times_ms=_numbers(data, "move_times_ms"),
            move_raw_ms=_numbers(data, "move_raw_ms"),
            near_misses=[int(v) for v in _numbers(data, "near_misses")],
            move_bots=[str(label) for label in move_bots],
            move_cpu_ms=_optional_numbers(data, "move_cpu_ms"),
            clock=_get(data, "clock", str, None),
            infra_error=bool(_get(data, "infra_error", bool, False)),
            infra_replays=_get(data, "infra_replays", int, 0),
            round=_get(data, "round", int, None),
            pairing=_get(data, "pairing", int, None),
            game=_get(data, "game", str, None),
            seats=None if seats is None else [str(label) for label in seats],
            host=_get(data, "host", str, None),
            ranks=_get(data, "ranks", list, None),
            ending=_get(data, "ending", str, None),
            worker=_get(data, "worker", str, None),
        )
