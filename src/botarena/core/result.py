"""A finished game's official result: one score per slot and the winning slot.

The server builds it (:mod:`botarena.server.results`), the runner reads it back from a
remote server's ``result`` message; both go through :meth:`GameResult.from_scores`, so the
winner is decided by one rule (the slot with the win's match points).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from botarena.core.outcome import ScoreCause
from botarena.core.score import WIN_POINTS


@dataclass(frozen=True, slots=True)
class SlotScore:
    """One slot's score: cause, reason, and parts with the match points first."""

    cause: ScoreCause
    reason: str | None
    parts: tuple[int | float | str, ...]

    @property
    def match_points(self) -> int:
        return int(self.parts[0])


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: one score per slot and the winning slot (``None``: draw / nobody)."""

    scores: tuple[SlotScore, ...]
    winner: int | None
    reason: str = ""
    """Why it ended as it did (the rules' win condition, or the violator's reason); the
    2026+ result's ``winner@reason``."""

    @classmethod
    def from_scores(cls, scores: Iterable[SlotScore], reason: str = "") -> GameResult:
        """The result whose winner is the slot holding the win's match points, if any."""
        scores = tuple(scores)
        winner = next((i for i, s in enumerate(scores) if s.match_points == WIN_POINTS), None)
        return cls(scores, winner, reason)

    @property
    def is_regular(self) -> bool:
        return all(score.cause is ScoreCause.REGULAR for score in self.scores)

    def share_of(self, slot: int) -> float | None:
        """1 / 0.5 / 0 for ``slot`` (win / draw / loss); ``None`` for a void game, where the
        match points do not add up to one game's worth (e.g. both lost after an abort)."""
        points = [score.match_points for score in self.scores]
        if sum(points) != WIN_POINTS:  # a win and a loss, or two draws
            return None
        return points[slot] / WIN_POINTS
