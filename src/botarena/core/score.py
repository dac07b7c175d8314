"""The score definition of a game: named fragments, each aggregated over many games."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from botarena.core.outcome import Outcome
from botarena.core.team import Seat


class ScoreAggregation(Enum):
    """How a fragment is combined over several games (the official ``ScoreAggregation``)."""

    SUM = "SUM"
    AVERAGE = "AVERAGE"


@dataclass(frozen=True, slots=True)
class ScoreFragment:
    """One named part of a player's score, e.g. ``Gewinner`` (SUM) or ``∅ Schwarm`` (AVERAGE)."""

    name: str
    aggregation: ScoreAggregation
    relevant_for_ranking: bool = True


WIN_POINTS = 2
DRAW_POINTS = 1
LOSS_POINTS = 0


def match_points(outcome: Outcome, seat: Seat) -> int:
    """Official match points of ``seat``: 2 for a win, 1 for a draw, 0 for a loss.

    On a draw after an irregular end, the culprit still gets 0.
    """
    if outcome.winner is None:
        return LOSS_POINTS if seat == outcome.culprit else DRAW_POINTS
    return WIN_POINTS if seat == outcome.winner else LOSS_POINTS
