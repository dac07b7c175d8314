"""The move clock: what a player is charged for a move.

A seat's clock runs from when its move request was *written* to its connection (for a paced
connection that is when the pacer wrote it, not when the room queued it) to when the bytes
of its answer were read. That span is the move's **raw** time. The official servers do not
start their clock at once: the 26.x server runs a full garbage collection between the state
and the move request (a median 243 ms, 97-670 ms, during which a client parses the state for
free), so a client tuned on it budgets its time from a later start. The **grace**
(``ProtocolProfile.move_grace_ms``, ``--move-grace-ms``) reproduces that: the charged time is
the raw time minus the grace (never below 0), and the soft limit applies to the charged time.
The grace delays nothing: the request goes out at once, only the clock starts later.

A move is a **near miss** when it was charged within the soft limit but its raw time
exceeded it: without the grace it would have timed out, so its bot is close to the limit.

**The CPU clock** (``--clock cpu``, :data:`ClockKind`): a seat whose bot process the
embedding registered a :class:`CpuMeter` for is charged the CPU time its bot used between
the same two events (read from the meter at each), not the wall time; the grace does not
apply (the CPU a bot spends before its move request, its start-up included, is never
charged). The soft limit applies to that CPU time. A hard **wall cap** per move still holds
(:data:`CPU_WALL_CAP_FACTOR` times the soft limit): a seat that reaches it having used more
CPU than the soft limit timed out (``HARD_TIMEOUT``); one that used less was stalled by the
machine, not by itself, and its game ends as an **infra error** (not the bot's fault, see
``Room``). A seat without a meter (a built-in player, a human) keeps the wall clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from botarena.move_clock_limits import CLOCK_KINDS, CPU_WALL_CAP_FACTOR, ClockKind

__all__ = [
    "CLOCK_KINDS",
    "CPU_WALL_CAP_FACTOR",
    "ClockKind",
    "CpuMeter",
    "MoveTime",
    "MoveTiming",
]


class CpuMeter(Protocol):
    """What the server may ask of the process behind one seat (registered by the embedding
    that started it, e.g. the runner): both ``None`` when it cannot tell (not started yet,
    gone)."""

    def cpu_seconds(self) -> float | None:
        """The CPU seconds the seat's bot (its whole process tree) used so far."""

    def peak_memory_bytes(self) -> int | None:
        """The most memory the seat's bot used so far, where that is measured (T2)."""


@dataclass(frozen=True, slots=True)
class MoveTiming:
    """How a room times a move: its limits, its grace and what it charges (one per room,
    resolved by the lobby from the season's defaults and the server's settings)."""

    soft_timeout_s: float
    """A move charged longer than this loses by soft timeout."""
    hard_timeout_s: float
    """The hard timer ends a move request this long after its clock started."""
    timeouts_enabled: bool
    """``False`` (``--no-timeout``): no seat times out (every slot as ``canTimeout = false``)."""
    move_grace_s: float = 0.0
    """A seat's clock starts this long after its move request was written (twice as long at
    its first request, which follows its welcome message and its first state: the first a
    client handles); the hard timer runs from the same start."""
    clock_kind: ClockKind = "wall"
    """``cpu``: seats with a meter are charged their CPU time."""


def charged_seconds(raw_s: float, grace_s: float) -> float:
    """The time charged for a move that took ``raw_s`` from its request's write to its
    answer's read: the grace is not charged."""
    return max(0.0, raw_s - grace_s)


@dataclass(frozen=True, slots=True)
class MoveTime:
    """One answered move request, as the server timed it (clock seconds)."""

    slot: int
    requested_at: float
    """When the move request was written to the seat's connection."""
    received_at: float
    """When the answer's bytes were read."""
    grace_s: float
    soft_limit_s: float | None
    """The soft limit the move was judged by; ``None``: the seat cannot time out."""
    cpu_s: float | None = None
    """The CPU seconds the seat's bot used for the move (``None``: the seat has no meter)."""
    cpu_clock: bool = False
    """Charged by its CPU time (``--clock cpu`` and a meter), not by the wall clock."""
    peak_memory_bytes: int | None = None
    """The bot's peak memory so far when the answer came (where measured: T2)."""

    @property
    def raw_s(self) -> float:
        return max(0.0, self.received_at - self.requested_at)

    @property
    def charged_s(self) -> float:
        if self.cpu_clock and self.cpu_s is not None:
            return self.cpu_s
        return charged_seconds(self.raw_s, self.grace_s)

    @property
    def cpu_ms(self) -> float | None:
        return None if self.cpu_s is None else self.cpu_s * 1000.0

    @property
    def raw_ms(self) -> float:
        return self.raw_s * 1000.0

    @property
    def charged_ms(self) -> float:
        return self.charged_s * 1000.0

    @property
    def over_limit(self) -> bool:
        """Charged beyond the soft limit: the seat loses by soft timeout."""
        return self.soft_limit_s is not None and self.charged_s > self.soft_limit_s

    @property
    def near_miss(self) -> bool:
        """Within the soft limit only thanks to the grace."""
        if self.soft_limit_s is None or self.over_limit or self.cpu_clock:
            return False
        return self.raw_s > self.soft_limit_s
