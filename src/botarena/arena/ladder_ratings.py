"""The ladder's ratings and its final phase, as pure functions of finished matches.

* :func:`ratings_of`: OpenSkill (Plackett-Luce, the league's :func:`plackett_luce`) per
  submission, the outcomes applied in the order given (the arena passes them in match
  order, so history never reshuffles); void and unrated outcomes (challenges, validation
  games) change nothing.
* :func:`final_round_robin`: the final phase's schedule (the league's round robin): every
  pair twice with sides swapped for two-seat games, else every table of the largest size
  once from each seat.
* :func:`final_standings`: Bradley-Terry Elo with 95 % intervals (the league's
  :func:`bradley_terry`) over the final's outcomes. A table of more than two seats counts as
  one game between each two of its seats (by their ranks); those games are not independent,
  so for tables the intervals are narrower than they should be.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from botarena.arena.matchmaker import MIN_TABLE, check_table_sizes
from botarena.arena.pairing import MatchOutcome, Pairing
from botarena.league import formats
from botarena.league.ratings import bradley_terry, plackett_luce

WIN, DRAW, LOSS = "win", "draw", "loss"


@dataclass(frozen=True, slots=True)
class SubmissionRating:
    """A submission's OpenSkill rating and its record in rated games. In a table a seat wins
    with the best rank alone, draws when it shares the best rank, and loses otherwise."""

    submission: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass(frozen=True, slots=True)
class FinalStanding:
    """One row of the final's table: Bradley-Terry Elo (mean 0), its standard error and
    95 % interval, and the record of the submission in the final's rated games."""

    submission: int
    elo: float
    se: float
    low: float
    high: float
    games: int
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True, slots=True)
class FinalStandings:
    rows: tuple[FinalStanding, ...]
    """Best Elo first (equal Elo: lower submission id first)."""
    games: int
    """Two-seat games the fit saw (a table of k seats gives k (k - 1) / 2)."""
    regularized: bool
    """The maximum-likelihood fit had no maximum (someone won or lost everything, or the
    field fell apart); a weak prior kept the ratings finite."""


def ratings_of(
    outcomes: Sequence[MatchOutcome], *, prior: Mapping[int, SubmissionRating] | None = None
) -> dict[int, SubmissionRating]:
    """Every submission that played a rated outcome (or is in ``prior``) with its rating
    after ``outcomes`` in the order given, starting from ``prior`` (default: OpenSkill's
    initial rating and no games). Raises ``ValueError`` on a malformed rated outcome."""
    counted = [outcome for outcome in outcomes if _rated(outcome)]
    start = {s: (rating.mu, rating.sigma) for s, rating in (prior or {}).items()}
    ratings, _ = plackett_luce(((o.seats, o.ranks) for o in counted), start)
    tally = _tally(counted, prior)
    return {
        submission: SubmissionRating(submission, rating.mu, rating.sigma, *tally[submission])
        for submission, rating in ratings.items()
    }


def final_round_robin(submissions: Sequence[int], table_sizes: tuple[int, ...]) -> list[Pairing]:
    """The final's rated pairings: for ``table_sizes == (2,)`` every pair of ``submissions``
    twice (the second time with sides swapped), in circle-method order so that each round
    gives everyone one game; otherwise every table of the largest size that the field fills,
    once from each seat (rotated). Fewer than two submissions: none. Raises ``ValueError``
    on duplicate submissions, bad table sizes or a schedule over the league's
    ``MAX_SCHEDULED_GAMES``."""
    check_table_sizes(table_sizes)
    if len(set(submissions)) != len(submissions):
        raise ValueError(f"duplicate submissions in the final: {sorted(submissions)}")
    size = max((s for s in table_sizes if s <= len(submissions)), default=None)
    if size is None:
        return []
    settings = formats.FormatSettings("roundrobin", table_size=size, games_per_pairing=size)
    labels = [str(submission) for submission in sorted(submissions)]
    planned = formats.plan(settings, labels, 0, {})
    return [
        Pairing(tuple(int(label) for label in game.seats), rated=True) for game in planned.games
    ]


def final_standings(outcomes: Sequence[MatchOutcome]) -> FinalStandings:
    """Bradley-Terry Elo ± 95 % interval of every submission in the rated, non-void
    ``outcomes`` (see the module for tables). Raises ``ValueError`` on a malformed one."""
    counted = [outcome for outcome in outcomes if _rated(outcome)]
    tally = _tally(counted, None)
    labels = [str(submission) for submission in sorted(tally)]
    fit = bradley_terry(labels, _pairwise_games(counted))
    rows = []
    for label, bot in fit["bots"].items():
        if bot is None:
            continue
        submission = int(label)
        rows.append(
            FinalStanding(
                submission, bot["elo"], bot["se"], bot["low"], bot["high"], *tally[submission]
            )
        )
    rows.sort(key=lambda row: (-row.elo, row.submission))
    return FinalStandings(tuple(rows), fit["games"], fit["regularized"])


def _rated(outcome: MatchOutcome) -> bool:
    """Rated and not void; a rated outcome must be well formed (``ValueError`` if not)."""
    if outcome.void or not outcome.rated:
        return False
    seats, ranks = outcome.seats, outcome.ranks
    if len(seats) < MIN_TABLE or len(set(seats)) != len(seats):
        raise ValueError(f"an outcome needs two or more different submissions, got {seats}")
    if len(ranks) != len(seats) or any(rank < 1 for rank in ranks):
        raise ValueError(f"an outcome needs a rank of 1 or more per seat: {seats}, {ranks}")
    return True


def _result(rank: int, ranks: tuple[int, ...]) -> str:
    best = min(ranks)
    if rank > best:
        return LOSS
    return DRAW if ranks.count(best) > 1 else WIN


def _tally(
    outcomes: Iterable[MatchOutcome], prior: Mapping[int, SubmissionRating] | None
) -> dict[int, tuple[int, int, int, int]]:
    """Games, wins, draws, losses per submission (starting from ``prior``)."""
    counts = {
        s: [rating.games, rating.wins, rating.draws, rating.losses]
        for s, rating in (prior or {}).items()
    }
    column = {WIN: 1, DRAW: 2, LOSS: 3}
    for outcome in outcomes:
        for submission, rank in zip(outcome.seats, outcome.ranks, strict=True):
            row = counts.setdefault(submission, [0, 0, 0, 0])
            row[0] += 1
            row[column[_result(rank, outcome.ranks)]] += 1
    return {s: (row[0], row[1], row[2], row[3]) for s, row in counts.items()}


def _pairwise_games(outcomes: Iterable[MatchOutcome]) -> list[tuple[str, str, float]]:
    """(a, b, a's score 1 / 0.5 / 0) for each two seats of each outcome."""
    games = []
    for outcome in outcomes:
        seated = zip(outcome.seats, outcome.ranks, strict=True)
        for (a, rank_a), (b, rank_b) in itertools.combinations(seated, 2):
            score = 1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0
            games.append((str(a), str(b), score))
    return games
