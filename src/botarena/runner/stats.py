"""Match statistics: Elo difference with a confidence interval, LOS, and the SPRT stop rule.

Pure functions on small count types, no I/O. The formulas are those of the chess-engine
testing tools our users know, so that our numbers can be compared with theirs:

* Elo from score (logistic): ``elo = -400 * log10(1/score - 1)``; the confidence interval maps
  the normal-approximation interval of the mean score, ``score ± z * sqrt(var / n)``, through the
  same formula. ``var`` is the sample variance of the per-game score (trinomial W/D/L) or of the
  per-pair mean score (pentanomial, game pairs with sides swapped). This is what fastchess
  (``elo_wdl.cpp``, ``elo_pentanomial.cpp``), cutechess (``elo.cpp``) and fishtest
  (``stat_util.get_elo``) compute; fastchess and cutechess report the half width of that
  interval as "Elo ± error".
* Normalized Elo (fastchess "nElo"; M. Van den Bergh, "Comments on Normalized Elo",
  https://www.cantate.be/Fishtest/normalized_elo_practical.pdf): the t-value of the score,
  ``(score - 0.5) / sigma``, scaled by ``800 / ln 10`` so that it approximates logistic Elo for a
  draw-free match, with ``sigma`` the per-game standard deviation (for pairs,
  ``sqrt(2) * sigma_pair``, the per-game deviation implied by the pair variance).
* LOS, likelihood of superiority: ``Phi((score - 0.5) / sqrt(var / n))`` (fastchess, fishtest);
  cutechess prints the older draw-free formula ``(1 + erf((W - L) / sqrt(2 (W + L)))) / 2``,
  available as :func:`los_wins_losses`.
* SPRT: the generalized log-likelihood ratio (GSPRT) of fishtest's ``LLRcalc.py``, also used by
  fastchess. For each hypothesis the maximum-likelihood distribution of outcomes under the
  constraint "expected score = s" (logistic model) or "t-value = t" (normalized model) is found
  by solving a secular equation; the LLR is the log ratio of the two likelihoods of the observed
  counts. Zero counts are regularized to 1e-3 first, exactly as both tools do. Bounds are Wald's:
  ``ln(beta / (1 - alpha))`` and ``ln((1 - beta) / alpha)``. fastchess's default model is
  ``normalized`` (its ``config::Sprt::model``), which is also what fishtest uses for the
  ``<elo0, elo1>`` bounds it prints; ``logistic`` is fishtest's ``{elo0, elo1}`` model;
  ``bayesian`` is fastchess's trinomial-only BayesElo model.

Degenerate data have defined results, never an exception: with no games the estimate is 0 with
an unbounded interval and LOS 0.5; a score of exactly 1 or 0 gives an infinite Elo; when every
game (or pair) ended alike the sample variance is 0, so the normal approximation has no spread
and the interval collapses to the point estimate (LOS is then 1, 0 or 0.5). With no games the
LLR is 0 (continue).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from statistics import NormalDist

ELO_PER_LOGISTIC_UNIT = 400.0
"""Logistic Elo scale: a score of 10/11 against an opponent is 400 Elo."""

NELO_SCALE = 800.0 / math.log(10.0)
"""Normalized Elo per unit of t-value (fishtest ``nelo_divided_by_nt`` = 347.4355855...)."""

DEFAULT_CONFIDENCE = 0.95
"""Coverage of the reported confidence intervals."""

REGULARIZATION_EPSILON = 1e-3
"""Pseudo-count that replaces a zero count before an LLR (fishtest/fastchess ``regularize``)."""

SECULAR_TOLERANCE = 1e-15
"""Absolute precision of the root of a secular equation (fishtest's brentq uses ~2e-12)."""

MAX_SECULAR_ITERATIONS = 200
"""Bisection steps at most when solving a secular equation (each halves the bracket)."""

MAX_NORMALIZED_MLE_ITERATIONS = 100
"""Fixed-point iterations at most for the normalized-Elo maximum-likelihood distribution."""

NORMALIZED_MLE_TOLERANCE = 1e-12
"""Convergence threshold (largest probability change) of those iterations."""

_MAX_EXP_ARGUMENT = 700.0
"""Largest argument passed to math.exp (exp(710) overflows a float)."""

PAIR_SCORES = (0.0, 0.5, 1.0, 1.5, 2.0)
"""The possible points of one game pair (two games, 1 per win, 0.5 per draw)."""


# --------------------------------------------------------------------------- count types


@dataclass(frozen=True, slots=True)
class WDL:
    """Trinomial counts of single games from one player's point of view."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def __post_init__(self) -> None:
        if min(self.wins, self.draws, self.losses) < 0:
            raise ValueError(f"counts must be non-negative, got {self}")

    @classmethod
    def from_scores(cls, scores: Iterable[float]) -> WDL:
        """Count game scores 1 (win), 0.5 (draw) and 0 (loss)."""
        wins = draws = losses = 0
        for score in scores:
            if score == 1:
                wins += 1
            elif score == 0.5:
                draws += 1
            elif score == 0:
                losses += 1
            else:
                raise ValueError(f"a game score must be 0, 0.5 or 1, got {score!r}")
        return cls(wins, draws, losses)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def counts(self) -> tuple[int, int, int]:
        """Counts ordered by score: losses, draws, wins (fishtest's order)."""
        return (self.losses, self.draws, self.wins)

    def flipped(self) -> WDL:
        """The same games from the opponent's point of view."""
        return WDL(self.losses, self.draws, self.wins)

    def __add__(self, other: WDL) -> WDL:
        return WDL(self.wins + other.wins, self.draws + other.draws, self.losses + other.losses)


@dataclass(frozen=True, slots=True)
class Pentanomial:
    """Counts of game pairs (same seed, sides swapped) by the pair's points 0, 0.5, 1, 1.5, 2.

    ``ll``: lost both; ``ld``: a loss and a draw; ``wl_dd``: a win and a loss, or two draws;
    ``wd``: a win and a draw; ``ww``: won both. This is fishtest's ``Ptnml(0-2)`` line.
    """

    ll: int = 0
    ld: int = 0
    wl_dd: int = 0
    wd: int = 0
    ww: int = 0

    def __post_init__(self) -> None:
        if min(self.counts) < 0:
            raise ValueError(f"counts must be non-negative, got {self}")

    @classmethod
    def from_pair_scores(cls, pair_scores: Iterable[float]) -> Pentanomial:
        """Count pairs by their points (each one of 0, 0.5, 1, 1.5, 2)."""
        counts = [0] * len(PAIR_SCORES)
        for points in pair_scores:
            index = points * 2
            if index not in (0, 1, 2, 3, 4):
                raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2 points, got {points!r}")
            counts[int(index)] += 1
        return cls(*counts)

    @classmethod
    def from_game_pairs(cls, pairs: Iterable[tuple[float, float]]) -> Pentanomial:
        """Count pairs given as the two game scores (each 0, 0.5 or 1) of one player."""
        totals = []
        for first, second in pairs:
            for score in (first, second):
                if score not in (0, 0.5, 1):
                    raise ValueError(f"a game score must be 0, 0.5 or 1, got {score!r}")
            totals.append(first + second)
        return cls.from_pair_scores(totals)

    @property
    def counts(self) -> tuple[int, int, int, int, int]:
        """Counts ordered by pair points 0, 0.5, 1, 1.5, 2."""
        return (self.ll, self.ld, self.wl_dd, self.wd, self.ww)

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def points(self) -> float:
        return sum(p * c for p, c in zip(PAIR_SCORES, self.counts, strict=True))

    def flipped(self) -> Pentanomial:
        """The same pairs from the opponent's point of view."""
        return Pentanomial(self.ww, self.wd, self.wl_dd, self.ld, self.ll)

    def __add__(self, other: Pentanomial) -> Pentanomial:
        return Pentanomial(*(a + b for a, b in zip(self.counts, other.counts, strict=True)))


Results = WDL | Pentanomial


@dataclass(frozen=True, slots=True)
class EloEstimate:
    """A point estimate with a confidence interval, plus the score and LOS it came from.

    ``elo`` may be ``±inf`` (all wins or all losses); ``ci_low``/``ci_high`` are ``∓inf`` when
    there is no data. ``margin`` is the half width that fastchess and cutechess print as
    "Elo ± margin" (not always symmetric around ``elo``, because the Elo scale is not linear).
    """

    elo: float
    ci_low: float
    ci_high: float
    score: float
    """Mean score per game, in [0, 1]; 0.5 when there are no games."""
    los: float
    """Likelihood of superiority, in [0, 1]."""
    samples: int
    """Games (trinomial) or pairs (pentanomial) the estimate is based on."""

    @property
    def margin(self) -> float:
        if self.ci_low == self.ci_high:  # also when both are the same infinity
            return 0.0
        return (self.ci_high - self.ci_low) / 2.0


# --------------------------------------------------------------------------- Elo and LOS


def elo_from_score(score: float) -> float:
    """Logistic Elo difference of a mean score in [0, 1] (``±inf`` at 1 and 0)."""
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"score must be in [0, 1], got {score!r}")
    if score == 1.0:
        return math.inf
    if score == 0.0:
        return -math.inf
    return -ELO_PER_LOGISTIC_UNIT * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """Expected score of a player ``elo`` logistic Elo stronger than its opponent."""
    exponent = -elo / ELO_PER_LOGISTIC_UNIT * math.log(10.0)
    if exponent > _MAX_EXP_ARGUMENT:  # hopelessly weaker: exp would overflow
        return 0.0
    return 1.0 / (1.0 + math.exp(exponent))


def _z_value(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


@dataclass(frozen=True, slots=True)
class _Distribution:
    """Empirical distribution of the per-sample score (a game, or the mean of a pair)."""

    samples: int
    mean: float
    variance: float


def _distribution(results: Results) -> _Distribution:
    counts = results.counts
    n = sum(counts)
    if n == 0:
        return _Distribution(0, 0.5, 0.0)
    values = _score_grid(len(counts))
    mean = sum(v * c for v, c in zip(values, counts, strict=True)) / n
    variance = sum(c * (v - mean) ** 2 for v, c in zip(values, counts, strict=True)) / n
    return _Distribution(n, mean, variance)


def _score_grid(outcomes: int) -> list[float]:
    """Per-game score of each outcome: 0, 1/2, 1 (games) or 0, 1/4, ..., 1 (pair means)."""
    return [i / (outcomes - 1) for i in range(outcomes)]


def _los(dist: _Distribution) -> float:
    if dist.samples == 0 or dist.variance == 0.0:
        return 1.0 if dist.mean > 0.5 else 0.0 if dist.mean < 0.5 else 0.5
    return NormalDist().cdf((dist.mean - 0.5) / math.sqrt(dist.variance / dist.samples))


def _score_interval(dist: _Distribution, confidence: float) -> tuple[float, float]:
    half_width = _z_value(confidence) * math.sqrt(dist.variance / dist.samples)
    return max(0.0, dist.mean - half_width), min(1.0, dist.mean + half_width)


def elo_estimate(results: Results, confidence: float = DEFAULT_CONFIDENCE) -> EloEstimate:
    """Logistic Elo difference with a confidence interval, from W/D/L or pair counts.

    Matches fastchess's "Elo: x +/- y" (the trinomial form also cutechess's "Elo difference").
    """
    dist = _distribution(results)
    if dist.samples == 0:
        return EloEstimate(0.0, -math.inf, math.inf, 0.5, 0.5, 0)
    low, high = _score_interval(dist, confidence)
    return EloEstimate(
        elo=elo_from_score(dist.mean),
        ci_low=elo_from_score(low),
        ci_high=elo_from_score(high),
        score=dist.mean,
        los=_los(dist),
        samples=dist.samples,
    )


def sweep_elo_bound(games: int, confidence: float = DEFAULT_CONFIDENCE) -> float:
    """The one-sided lower bound of the Elo difference after winning all of ``games`` games.

    A clean sweep has no finite point estimate; the exact (Clopper-Pearson) one-sided bound on
    the score is the ``p`` at which ``games`` wins in a row have probability ``1 - confidence``,
    ``p = (1 - confidence) ** (1 / games)`` (draws counted as half a win do not apply: a sweep
    has none). A sweep of losses has the same bound with the opposite sign.
    """
    if games < 1:
        raise ValueError(f"games must be positive, got {games!r}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")
    return elo_from_score((1.0 - confidence) ** (1.0 / games))


def _per_game_sigma(results: Results, dist: _Distribution) -> float:
    # A pair mean averages two games, so the per-game deviation it implies is sqrt(2) larger.
    return (
        math.sqrt(2.0 * dist.variance)
        if isinstance(results, Pentanomial)
        else math.sqrt(dist.variance)
    )


def _nelo(score: float, sigma: float) -> float:
    if sigma == 0.0:
        return 0.0 if score == 0.5 else math.copysign(math.inf, score - 0.5)
    return (score - 0.5) / sigma * NELO_SCALE


def normalized_elo_estimate(
    results: Results, confidence: float = DEFAULT_CONFIDENCE
) -> EloEstimate:
    """Normalized Elo (fastchess "nElo") with a confidence interval.

    The interval maps the score interval through the same linear formula with the sample
    deviation held fixed, as fastchess does.
    """
    dist = _distribution(results)
    if dist.samples == 0:
        return EloEstimate(0.0, -math.inf, math.inf, 0.5, 0.5, 0)
    sigma = _per_game_sigma(results, dist)
    nelo = _nelo(dist.mean, sigma)
    if sigma == 0.0:
        low = high = nelo
    else:
        half_width = _z_value(confidence) * math.sqrt(dist.variance / dist.samples)
        low = _nelo(dist.mean - half_width, sigma)
        high = _nelo(dist.mean + half_width, sigma)
    return EloEstimate(nelo, low, high, dist.mean, _los(dist), dist.samples)


def los(results: Results) -> float:
    """Likelihood of superiority from the normal approximation of the mean score.

    ``Phi((score - 0.5) / stderr)``, as fastchess and fishtest compute it.
    """
    return _los(_distribution(results))


def los_wins_losses(wdl: WDL) -> float:
    """Draw-free LOS, ``(1 + erf((W - L) / sqrt(2 (W + L)))) / 2``, as cutechess prints it.

    0.5 when there is no decisive game.
    """
    decisive = wdl.wins + wdl.losses
    if decisive == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wdl.wins - wdl.losses) / math.sqrt(2.0 * decisive)))


# --------------------------------------------------------------------------- SPRT


class SprtModel(Enum):
    """How SPRT Elo bounds are interpreted."""

    NORMALIZED = "normalized"
    """Bounds in normalized Elo; GSPRT on the t-value (fastchess default, fishtest ``<a,b>``)."""
    LOGISTIC = "logistic"
    """Bounds in logistic Elo; GSPRT on the expected score (fishtest ``{a,b}``)."""
    BAYESIAN = "bayesian"
    """Bounds in BayesElo, draw Elo estimated from the data (fastchess; trinomial only)."""


class SprtDecision(Enum):
    CONTINUE = "continue"
    ACCEPT_H0 = "H0"
    """LLR reached the lower bound: the Elo difference is (at most) ``elo0``."""
    ACCEPT_H1 = "H1"
    """LLR reached the upper bound: the Elo difference is (at least) ``elo1``."""


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's LLR bounds ``(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))``."""
    _check_error_rates(alpha, beta)
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _check_error_rates(alpha: float, beta: float) -> None:
    if not 0.0 < alpha < 1.0 or not 0.0 < beta < 1.0:
        raise ValueError(f"alpha and beta must be in (0, 1), got {alpha!r}, {beta!r}")
    if alpha + beta >= 1.0:
        raise ValueError(f"alpha + beta must be below 1, got {alpha + beta!r}")


def sprt_decision(llr: float, lower: float, upper: float) -> SprtDecision:
    """Accept H1 at or above ``upper``, H0 at or below ``lower``, else continue."""
    if llr >= upper:
        return SprtDecision.ACCEPT_H1
    if llr <= lower:
        return SprtDecision.ACCEPT_H0
    return SprtDecision.CONTINUE


def llr(
    results: Results, elo0: float, elo1: float, model: SprtModel = SprtModel.NORMALIZED
) -> float:
    """Generalized log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``).

    Trinomial or pentanomial, as fishtest's ``LLR_normalized``/``LLR_logistic`` and fastchess's
    ``SPRT::getLLR``. 0 when there are no games. The BayesElo model needs W/D/L counts and
    gives 0 until there is at least one win and one loss (as fastchess).
    """
    counts = results.counts
    if sum(counts) == 0:
        return 0.0
    regularized = [float(c) if c > 0 else REGULARIZATION_EPSILON for c in counts]
    total = sum(regularized)
    observed = [c / total for c in regularized]
    values = _score_grid(len(counts))
    pairs = isinstance(results, Pentanomial)

    if model is SprtModel.NORMALIZED:
        # A pair's t-value is sqrt(2) times the per-game one (the pair mean has half the variance).
        factor = math.sqrt(2.0) if pairs else 1.0
        t0, t1 = (factor * elo / NELO_SCALE for elo in (elo0, elo1))
        p0 = _mle_with_t_value(values, observed, 0.5, t0)
        p1 = _mle_with_t_value(values, observed, 0.5, t1)
    elif model is SprtModel.LOGISTIC:
        p0 = _mle_with_mean(values, observed, score_from_elo(elo0))
        p1 = _mle_with_mean(values, observed, score_from_elo(elo1))
    else:
        if pairs:
            raise ValueError("the BayesElo SPRT model needs W/D/L counts, not game pairs")
        assert isinstance(results, WDL)
        if results.wins == 0 or results.losses == 0:
            return 0.0
        loss_rate, _, win_rate = observed
        draw_elo = 200.0 * math.log10((1 - loss_rate) / loss_rate * (1 - win_rate) / win_rate)
        p0 = _mle_with_mean(values, observed, _bayeselo_score(elo0, draw_elo))
        p1 = _mle_with_mean(values, observed, _bayeselo_score(elo1, draw_elo))
    return total * sum(
        q * (math.log(b) - math.log(a)) for q, a, b in zip(observed, p0, p1, strict=True)
    )


def _bayeselo_score(elo: float, draw_elo: float) -> float:
    win = score_from_elo(elo - draw_elo)
    loss = score_from_elo(-elo - draw_elo)
    return win + 0.5 * (1.0 - win - loss)


def _solve_secular(weights: Sequence[float], values: Sequence[float]) -> float:
    """The root ``x`` of ``sum w_i a_i / (1 + x a_i) = 0`` between its poles.

    Needs some ``a_i < 0 < a_j`` with positive weights; the function then falls strictly from
    +inf to -inf on ``(-1/max a, -1/min a)``, so bisection always converges.
    """
    lowest, highest = min(values), max(values)
    if not lowest < 0.0 < highest:
        raise ValueError("the secular equation needs values of both signs")

    def f(x: float) -> float:
        return sum(w * a / (1.0 + x * a) for w, a in zip(weights, values, strict=True))

    lo, hi = -1.0 / highest, -1.0 / lowest
    mid = (lo + hi) / 2.0
    for _ in range(MAX_SECULAR_ITERATIONS):
        mid = (lo + hi) / 2.0
        if hi - lo <= SECULAR_TOLERANCE or mid in (lo, hi):
            break
        if f(mid) > 0.0:
            lo = mid
        else:
            hi = mid
    return mid


def _mle_with_mean(values: Sequence[float], observed: Sequence[float], s: float) -> list[float]:
    """Most likely outcome distribution with expected score ``s`` given the observed one.

    Van den Bergh, https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf, Prop. 1.1.
    """
    shifted = [a - s for a in values]
    x = _solve_secular(observed, shifted)
    return [q / (1.0 + x * a) for q, a in zip(observed, shifted, strict=True)]


def _mle_with_t_value(
    values: Sequence[float], observed: Sequence[float], reference: float, t: float
) -> list[float]:
    """Most likely outcome distribution with ``(mean - reference) / sigma = t``.

    Van den Bergh, "Comments on Normalized Elo", section 4.1: a fixed-point iteration from the
    uniform distribution, each step solving a secular equation.
    """
    n = len(values)
    p = [1.0 / n] * n
    for _ in range(MAX_NORMALIZED_MLE_ITERATIONS):
        mean = sum(a * q for a, q in zip(values, p, strict=True))
        sigma = math.sqrt(sum(q * (a - mean) ** 2 for a, q in zip(values, p, strict=True)))
        phi = [a - reference - t * sigma * (1.0 + ((a - mean) / sigma) ** 2) / 2.0 for a in values]
        x = _solve_secular(observed, phi)
        new = [q / (1.0 + x * f) for q, f in zip(observed, phi, strict=True)]
        change = max(abs(a - b) for a, b in zip(new, p, strict=True))
        p = new
        if change < NORMALIZED_MLE_TOLERANCE:
            break
    return p


@dataclass(frozen=True, slots=True)
class SprtResult:
    llr: float
    lower: float
    upper: float
    decision: SprtDecision


@dataclass(frozen=True, slots=True)
class Sprt:
    """An SPRT configuration: H0 ``elo = elo0`` against H1 ``elo = elo1``.

    ``alpha`` is the false-positive rate (accepting H1 when H0 holds), ``beta`` the
    false-negative rate.
    """

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: SprtModel = SprtModel.NORMALIZED

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"elo0 must be below elo1, got {self.elo0!r} >= {self.elo1!r}")
        _check_error_rates(self.alpha, self.beta)

    @property
    def bounds(self) -> tuple[float, float]:
        return sprt_bounds(self.alpha, self.beta)

    def llr(self, results: Results) -> float:
        return llr(results, self.elo0, self.elo1, self.model)

    def test(self, results: Results) -> SprtResult:
        value = self.llr(results)
        lower, upper = self.bounds
        return SprtResult(value, lower, upper, sprt_decision(value, lower, upper))
