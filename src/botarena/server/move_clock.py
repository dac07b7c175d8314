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
"""

from __future__ import annotations

from dataclasses import dataclass


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

    @property
    def raw_s(self) -> float:
        return max(0.0, self.received_at - self.requested_at)

    @property
    def charged_s(self) -> float:
        return charged_seconds(self.raw_s, self.grace_s)

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
        if self.soft_limit_s is None or self.over_limit:
            return False
        return self.raw_s > self.soft_limit_s
