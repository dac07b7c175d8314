"""OpenSkill ratings per submission from the ladder's finished matches, applied in match
order (the model of :mod:`botarena.league.ratings`: Plackett-Luce); void and unrated matches
are not passed in or are skipped."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from botarena.arena.pairing import MatchOutcome


@dataclass(frozen=True, slots=True)
class SubmissionRating:
    mu: float
    sigma: float
    games: int
    wins: int
    draws: int
    losses: int


def ratings_of(outcomes: Sequence[MatchOutcome]) -> dict[int, SubmissionRating]:
    """Every submission seated in a non-void outcome: its rating after all of them in the
    order given, and its games won (best rank alone), drawn (best rank shared) and lost."""
    from openskill.models import PlackettLuce  # noqa: PLC0415 - only when ratings are made

    model = PlackettLuce()
    ratings: dict[int, Any] = {}
    tally: dict[int, list[int]] = {}
    for outcome in outcomes:
        if outcome.void:
            continue
        for submission in outcome.seats:
            ratings.setdefault(submission, model.rating(name=str(submission)))
        teams = model.rate(
            [[ratings[submission]] for submission in outcome.seats], ranks=list(outcome.ranks)
        )
        best = min(outcome.ranks)
        sharing = outcome.ranks.count(best)
        for submission, rank, team in zip(outcome.seats, outcome.ranks, teams, strict=True):
            ratings[submission] = team[0]
            counts = tally.setdefault(submission, [0, 0, 0])
            counts[0 if rank == best and sharing == 1 else 1 if rank == best else 2] += 1
    return {
        submission: SubmissionRating(
            rating.mu, rating.sigma, sum(tally[submission]), *tally[submission]
        )
        for submission, rating in ratings.items()
    }
