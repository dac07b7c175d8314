"""Ratings from all games of a tournament.

* Elo from a Bradley-Terry maximum-likelihood fit over every two-seat game (a draw counts
  as half a win for each side, as Ordo and BradleyTerry2 treat ties): P(i beats j) =
  1 / (1 + 10^((elo_j - elo_i) / 400)), the mean rating 0, 95 % intervals from the observed
  information (the inverse Hessian of the log-likelihood, restricted to mean 0). When the
  maximum does not exist (a bot won or lost everything, or the field falls apart into
  groups that never scored against each other), a weak Gaussian prior (``PRIOR_SD_ELO``)
  keeps the ratings finite and the result says ``regularized``.
* OpenSkill (Plackett-Luce) for every game, tables of any size, in game order: ``mu``,
  ``sigma`` and the conservative ``ordinal`` (mu - 3 sigma).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from botarena.runner.record import WIN_POINTS, GameRecord

if TYPE_CHECKING:
    from openskill.models import PlackettLuceRating

K = TypeVar("K", bound=Hashable)

ELO_PER_NATURAL_UNIT = 400.0 / math.log(10.0)
Z_95 = 1.959963984540054
PRIOR_SD_ELO = 400.0
"""Standard deviation of the prior used only when the maximum-likelihood fit has no maximum."""
MAX_NEWTON_STEPS = 100
TOLERANCE = 1e-10


def _strongly_connected(n: int, beats: set[tuple[int, int]]) -> bool:
    """Every bot reaches every other along 'scored against' edges (the MLE exists)."""
    if n <= 1:
        return True
    for edges in (beats, {(j, i) for i, j in beats}):
        seen = {0}
        stack = [0]
        while stack:
            node = stack.pop()
            for i, j in edges:
                if i == node and j not in seen:
                    seen.add(j)
                    stack.append(j)
        if len(seen) < n:
            return False
    return True


def bradley_terry(labels: list[str], games: Iterable[tuple[str, str, float]]) -> dict[str, Any]:
    """``games``: (a, b, a's score 1 / 0.5 / 0). Returns ``{"bots": {label: {...}}, ...}``."""
    index = {label: i for i, label in enumerate(labels)}
    n = len(labels)
    pairs: list[tuple[int, int, float]] = []
    beats: set[tuple[int, int]] = set()
    for a, b, score in games:
        i, j = index[a], index[b]
        pairs.append((i, j, score))
        if score > 0:
            beats.add((i, j))
        if score < 1:
            beats.add((j, i))
    regularized = not _strongly_connected(n, beats)
    prior = 1.0 / (PRIOR_SD_ELO / ELO_PER_NATURAL_UNIT) ** 2 if regularized else 0.0
    if not pairs or n < 2:
        return {"bots": {label: None for label in labels}, "games": 0, "regularized": False}
    first = np.array([p[0] for p in pairs])
    second = np.array([p[1] for p in pairs])
    scores = np.array([p[2] for p in pairs])
    r = np.zeros(n)
    centre = np.full((n, n), 1.0 / n)
    hessian = np.zeros((n, n))
    for _ in range(MAX_NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(r[second] - r[first]))
        gradient = np.zeros(n)
        np.add.at(gradient, first, scores - p)
        np.add.at(gradient, second, p - scores)
        gradient -= prior * r
        w = p * (1.0 - p)
        hessian = np.zeros((n, n))
        np.add.at(hessian, (first, first), w)
        np.add.at(hessian, (second, second), w)
        np.add.at(hessian, (first, second), -w)
        np.add.at(hessian, (second, first), -w)
        hessian += prior * np.eye(n)
        step = np.linalg.solve(hessian + centre, gradient)
        r += step
        r -= r.mean()
        if float(np.max(np.abs(step))) < TOLERANCE:
            break
    covariance = np.linalg.inv(hessian + centre) - centre
    bots = {}
    for label, i in index.items():
        se = math.sqrt(max(0.0, float(covariance[i, i]))) * ELO_PER_NATURAL_UNIT
        elo = float(r[i]) * ELO_PER_NATURAL_UNIT
        bots[label] = {
            "elo": round(elo, 2),
            "se": round(se, 2),
            "low": round(elo - Z_95 * se, 2),
            "high": round(elo + Z_95 * se, 2),
        }
    return {"bots": bots, "games": len(pairs), "regularized": regularized}


def two_seat_games(records: Iterable[GameRecord]) -> list[tuple[str, str, float]]:
    games = []
    for record in records:
        if record.is_void() or len(record.labels) != 2:
            continue
        a, b = record.labels
        games.append((a, b, record.points_by_bot()[a] / WIN_POINTS))
    return games


def plackett_luce(
    tables: Iterable[tuple[Sequence[K], Sequence[int]]],
    start: Mapping[K, tuple[float, float]] | None = None,
    labels: Iterable[K] = (),
) -> tuple[dict[K, PlackettLuceRating], int]:
    """OpenSkill Plackett-Luce over ``tables`` (the players in seat order, each seat's rank,
    1 = best) in the given order. A player starts from ``start[player]`` (mu, sigma), else
    from the model's default. Returns the ratings of every player in ``labels``, ``start``
    or a table, and the number of tables rated."""
    from openskill.models import PlackettLuce  # noqa: PLC0415 - only when ratings are made

    model = PlackettLuce()
    ratings = {
        label: model.rating(mu=mu, sigma=sigma, name=str(label))
        for label, (mu, sigma) in (start or {}).items()
    }
    for label in labels:
        ratings.setdefault(label, model.rating(name=str(label)))
    games = 0
    for seats, ranks in tables:
        for label in seats:
            ratings.setdefault(label, model.rating(name=str(label)))
        teams = model.rate([[ratings[label]] for label in seats], ranks=list(ranks))
        for label, team in zip(seats, teams, strict=True):
            ratings[label] = team[0]
        games += 1
    return ratings, games


def openskill_ratings(labels: list[str], records: Iterable[GameRecord]) -> dict[str, Any]:
    played = sorted((r for r in records if not r.is_void()), key=lambda r: r.index)
    ratings, games = plackett_luce(
        ((record.labels, record.ranks or []) for record in played), labels=labels
    )
    return {
        "model": "PlackettLuce",
        "games": games,
        "bots": {
            label: {
                "mu": round(rating.mu, 3),
                "sigma": round(rating.sigma, 3),
                "ordinal": round(rating.ordinal(), 3),
            }
            for label, rating in ratings.items()
        },
    }


def ratings(labels: list[str], records: dict[int, GameRecord]) -> dict[str, Any]:
    games = list(records.values())
    result: dict[str, Any] = {"openskill": openskill_ratings(labels, games)}
    if all(len(record.labels) == 2 for record in games):
        result["elo"] = bradley_terry(labels, two_seat_games(games))
    return result
