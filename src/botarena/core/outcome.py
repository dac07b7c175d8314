"""How a game ended: the single value the server, the runner and the SDK read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from botarena.core.team import Seat


class ScoreCause(Enum):
    """Why a player's score is what it is (the official ``ScoreCause``)."""

    REGULAR = "REGULAR"
    LEFT = "LEFT"
    RULE_VIOLATION = "RULE_VIOLATION"
    SOFT_TIMEOUT = "SOFT_TIMEOUT"
    HARD_TIMEOUT = "HARD_TIMEOUT"
    UNKNOWN = "UNKNOWN"

    @property
    def is_regular(self) -> bool:
        return self is ScoreCause.REGULAR


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game.

    ``winner`` is the winning seat (for team games, the winning team's index), ``None`` for a
    draw. ``cause`` is REGULAR when the rules ended the game; otherwise it is the violation of
    ``culprit`` (the seat that left, timed out or broke a rule), who then loses. ``reason`` is
    the official reason text (data, may be German and contain newlines).
    """

    winner: Seat | None
    cause: ScoreCause = ScoreCause.REGULAR
    reason: str = ""
    culprit: Seat | None = None

    def __post_init__(self) -> None:
        if self.cause.is_regular and self.culprit is not None:
            raise ValueError("a regular outcome has no culprit")
        if not self.cause.is_regular and self.culprit is None:
            raise ValueError(f"an outcome with cause {self.cause.name} needs a culprit")
        if self.culprit is not None and self.culprit == self.winner:
            raise ValueError("the culprit of an irregular end cannot be the winner")

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def is_regular(self) -> bool:
        return self.cause.is_regular

    @classmethod
    def violation(cls, culprit: Seat, cause: ScoreCause, reason: str, players: int = 2) -> Outcome:
        """The culprit loses; in a two-player game the other seat wins."""
        winner = 1 - culprit if players == 2 else None
        return cls(winner=winner, cause=cause, reason=reason, culprit=culprit)

    def returns(self, players: int = 2) -> tuple[float, ...]:
        """Per-seat returns for search and statistics: 1 win, 0.5 draw, 0 loss."""
        if self.winner is None:
            if self.culprit is not None:  # irregular end without a designated winner
                return tuple(0.0 if seat == self.culprit else 1.0 for seat in range(players))
            return tuple(0.5 for _ in range(players))
        return tuple(1.0 if seat == self.winner else 0.0 for seat in range(players))
