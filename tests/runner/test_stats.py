"""Tests of botarena.runner.stats against values published by fastchess, cutechess and fishtest.

Sources of the reference values (each test names its own):

* fastchess unit tests, Disservin/fastchess ``app/tests/elo_test.cpp`` and
  ``app/tests/sprt_test.cpp``. There ``Stats(a, b, c)`` is (wins, losses, draws) and
  ``Stats(a, b, c, d, e, f)`` is (LL, LD, WL, DD, WD, WW) (``app/src/matchmaking/stats.hpp``);
  values are checked there to two decimals, as here.
* cutechess-cli match summaries pasted into public pull requests ("Score of A vs B: W - L - D",
  "Elo difference: E +/- M, LOS: P %").
* fastchess output quoted in Disservin/fastchess issue #807.
* fishtest SPRT lines ("LLR: x (-2.94,2.94) <elo0,elo1>" for normalized bounds, "{elo0,elo1}"
  for logistic bounds, with the "Ptnml(0-2)" pair counts) in official-stockfish/Stockfish pull
  requests.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.runner import stats
from botarena.runner.stats import (
    NELO_SCALE,
    WDL,
    EloEstimate,
    Pentanomial,
    Sprt,
    SprtDecision,
    SprtModel,
    elo_estimate,
    elo_from_score,
    llr,
    los,
    los_wins_losses,
    normalized_elo_estimate,
    score_from_elo,
    sprt_bounds,
    sprt_decision,
)

NORMALIZED = SprtModel.NORMALIZED
LOGISTIC = SprtModel.LOGISTIC
BAYESIAN = SprtModel.BAYESIAN


def fastchess_stats(wins: int, losses: int, draws: int) -> WDL:
    """fastchess's ``Stats(wins, losses, draws)``."""
    return WDL(wins=wins, draws=draws, losses=losses)


def fastchess_penta(*counts: int) -> Pentanomial:
    """fastchess's ``Stats(LL, LD, WL, DD, WD, WW)``."""
    ll, ld, wl, dd, wd, ww = counts
    return Pentanomial(ll=ll, ld=ld, wl_dd=wl + dd, wd=wd, ww=ww)


# --------------------------------------------------------------------------- Elo: fastchess


Expected = tuple[float, float, float | None, float | None, str | None]

# fastchess app/tests/elo_test.cpp, "EloWDL 1..3": (stats, nElo, nElo error, Elo, Elo error, LOS %)
FASTCHESS_WDL: list[tuple[stats.Results, Expected]] = [
    (fastchess_stats(76, 89, 123), (-20.76, 40.13, None, None, "15.53")),
    (fastchess_stats(136, 96, 111), (49.77, 36.77, 40.70, 30.43, "99.60")),
    (fastchess_stats(34, 356, 0), (-508.44, 34.48, None, None, None)),
]

# fastchess app/tests/elo_test.cpp, "EloPentanomial 1..3"
FASTCHESS_PENTA: list[tuple[stats.Results, Expected]] = [
    (fastchess_penta(34, 54, 31, 32, 64, 75), (57.94, 28.28, 55.58, 27.65, "100.00")),
    (fastchess_penta(332, 433, 457, 41, 333, 334), (-9.17, 10.96, -8.64, 10.33, "5.05")),
    (fastchess_penta(7895, 8757, 5485, 200, 568, 9999), (-19.01, 2.65, -21.04, 2.95, None)),
]


@pytest.mark.parametrize(("results", "expected"), FASTCHESS_WDL + FASTCHESS_PENTA)
def test_elo_matches_fastchess_unit_tests(results, expected):
    nelo, nelo_error, elo, elo_error, los_percent = expected
    normalized = normalized_elo_estimate(results)
    assert normalized.elo == pytest.approx(nelo, abs=0.005)
    assert normalized.margin == pytest.approx(nelo_error, abs=0.005)
    logistic = elo_estimate(results)
    if elo is not None:
        assert logistic.elo == pytest.approx(elo, abs=0.005)
        assert logistic.margin == pytest.approx(elo_error, abs=0.005)
    if los_percent is not None:
        assert f"{logistic.los * 100:.2f}" == los_percent
        assert f"{los(results) * 100:.2f}" == los_percent


def test_pentanomial_elo_matches_fastchess_issue_807():
    # Disservin/fastchess issue #807 (fastchess output): "Elo: -168.40 +/- 73.37,
    # nElo: -170.08 +/- 62.16", "LOS: 0.00 %", "Points: 33.0 (27.50 %)",
    # "Ptnml(0-2): [30, 6, 18, 0, 6]".
    results = Pentanomial(30, 6, 18, 0, 6)
    logistic = elo_estimate(results)
    normalized = normalized_elo_estimate(results)
    assert f"{logistic.elo:.2f} +/- {logistic.margin:.2f}" == "-168.40 +/- 73.37"
    assert f"{normalized.elo:.2f} +/- {normalized.margin:.2f}" == "-170.08 +/- 62.16"
    assert f"{logistic.los * 100:.2f}" == "0.00"
    assert results.points == 33.0
    assert logistic.score == pytest.approx(0.275)
    assert logistic.samples == 60


# --------------------------------------------------------------------------- Elo: cutechess


def cutechess_phi_inv(p: float) -> float:
    """cutechess's normal quantile (projects/lib/src/elo.cpp): Winitzki's erf⁻¹ approximation.

    It gives 1.9572 instead of 1.9600 for 97.5 %, so its margins are ~0.15 % narrower.
    """
    a = 8.0 * (3.1415926535897 - 3.0) / (3.0 * 3.1415926535897 * (4.0 - 3.1415926535897))
    x = 2.0 * p - 1.0
    y = math.log(1.0 - x * x)
    z = 2.0 / (3.1415926535897 * a) + y / 2.0
    return math.copysign(math.sqrt(2.0) * math.sqrt(math.sqrt(z * z - y / a) - z), x)


CUTECHESS_CONFIDENCE = 2.0 * NormalDist().cdf(cutechess_phi_inv(0.975)) - 1.0


@pytest.mark.parametrize(
    ("wins", "losses", "draws", "printed"),
    [
        # JoAnnP38/Pedantic PR #8: "Score of Pedantic 0.2A vs Pedantic 0.2B: 332 - 316 - 352"
        (332, 316, 352, "Elo difference: 5.6 +/- 17.3, LOS: 73.5 %, DrawRatio: 35.2 %"),
        # kelseyde/calvin-chess-engine PR #97 (two of its summaries)
        (143, 129, 368, "Elo difference: 7.6 +/- 17.5, LOS: 80.2 %, DrawRatio: 57.5 %"),
        (1216, 1199, 3939, "Elo difference: 0.9 +/- 5.3, LOS: 63.5 %, DrawRatio: 62.0 %"),
        # princesslana/princhess PRs #210 and #265
        (745, 678, 501, "Elo difference: 12.1 +/- 13.3, LOS: 96.2 %, DrawRatio: 26.0 %"),
        (65, 66, 69, "Elo difference: -1.7 +/- 39.1, LOS: 46.5 %, DrawRatio: 34.5 %"),
    ],
)
def test_elo_matches_cutechess_cli_output(wins, losses, draws, printed):
    results = WDL(wins=wins, draws=draws, losses=losses)
    estimate = elo_estimate(results, confidence=CUTECHESS_CONFIDENCE)
    ours = (
        f"Elo difference: {estimate.elo:.1f} +/- {estimate.margin:.1f}, "
        f"LOS: {los_wins_losses(results) * 100:.1f} %, "
        f"DrawRatio: {draws / results.games * 100:.1f} %"
    )
    assert ours == printed
    # With the exact 95 % quantile the margin is at most 0.1 wider.
    assert 0 <= elo_estimate(results).margin - estimate.margin < 0.1


# --------------------------------------------------------------------------- SPRT


# fastchess app/tests/sprt_test.cpp (all with alpha = beta = 0.05; model, elo0, elo1, LLR).
FASTCHESS_SPRT = [
    (fastchess_stats(36433, 36027, 68692), NORMALIZED, 0, 2, 0.92),
    (fastchess_stats(10871, 10650, 20431), NORMALIZED, -1.75, 0.25, 2.30),
    (fastchess_stats(21404, 21184, 40708), LOGISTIC, 0.5, 2.5, -1.57),
    (fastchess_stats(57433, 57030, 106593), LOGISTIC, 0, 2, -2.59),
    (fastchess_stats(68965, 68526, 128429), BAYESIAN, 0, 2, -1.26),
    (fastchess_stats(21629, 21484, 41111), BAYESIAN, 0.5, 2.5, -1.13),
    (fastchess_penta(365, 16618, 36029, 200, 16974, 390), NORMALIZED, 0, 2, 2.25),
    (fastchess_penta(127, 4883, 10311, 401, 5150, 104), NORMALIZED, -1.75, 0.25, 3.01),
    (fastchess_penta(223, 9863, 20279, 1000, 10037, 246), LOGISTIC, 0.5, 2.5, -3.07),
    (fastchess_penta(871, 26175, 55003, 980, 26678, 821), LOGISTIC, 0, 2, -4.98),
]

# fishtest results quoted in official-stockfish/Stockfish pull requests ("Ptnml(0-2)" counts).
FISHTEST_SPRT = [
    # PR #4493, STC: "LLR: 3.22 (-2.94,2.94) <0.00,2.00>"
    (Pentanomial(2002, 72968, 180891, 74129, 2034), NORMALIZED, 0.0, 2.0, 3.22),
    # PR #4493, LTC: "LLR: 2.94 (-2.94,2.94) <0.50,2.50>"
    (Pentanomial(24, 7350, 23669, 7717, 28), NORMALIZED, 0.5, 2.5, 2.94),
    # PR #3209, STC: "LLR: 2.94 (-2.94,2.94) {-0.25,1.25}"
    (Pentanomial(253, 4282, 17604, 4431, 286), LOGISTIC, -0.25, 1.25, 2.94),
    # PR #3209, LTC: "LLR: 2.97 (-2.94,2.94) {0.25,1.25}"
    (Pentanomial(58, 3302, 33130, 3518, 84), LOGISTIC, 0.25, 1.25, 2.97),
    # PR #3098, STC: "LLR: 2.96 (-2.94,2.94) {-0.25,1.25}"
    (Pentanomial(491, 7345, 29693, 7670, 465), LOGISTIC, -0.25, 1.25, 2.96),
    # PR #3098, LTC: "LLR: 2.97 (-2.94,2.94) {0.25,1.25}"
    (Pentanomial(53, 2220, 21459, 2445, 47), LOGISTIC, 0.25, 1.25, 2.97),
]


@pytest.mark.parametrize(("results", "model", "elo0", "elo1", "expected"), FASTCHESS_SPRT)
def test_llr_matches_fastchess_unit_tests(results, model, elo0, elo1, expected):
    assert llr(results, elo0, elo1, model) == pytest.approx(expected, abs=0.005)


@pytest.mark.parametrize(("results", "model", "elo0", "elo1", "expected"), FISHTEST_SPRT)
def test_llr_matches_fishtest_results(results, model, elo0, elo1, expected):
    assert llr(results, elo0, elo1, model) == pytest.approx(expected, abs=0.005)


def test_bounds_match_the_printed_fishtest_bounds():
    # "(-2.94,2.94)" for alpha = beta = 0.05 in every fishtest line above.
    lower, upper = sprt_bounds(0.05, 0.05)
    assert (round(lower, 2), round(upper, 2)) == (-2.94, 2.94)
    assert lower == pytest.approx(math.log(0.05 / 0.95))
    lower, upper = sprt_bounds(0.05, 0.1)
    assert lower == pytest.approx(math.log(0.1 / 0.95))
    assert upper == pytest.approx(math.log(0.9 / 0.05))


def test_normalized_mle_satisfies_its_constraint_on_degenerate_data():
    # fastchess's sprt_test.cpp also checks two degenerate cases (16700 draws and nothing else;
    # 104 pairs won twice): 2.97 and 2.94. There the regularized counts (1e-3) put the root of
    # the secular equation within ~1e-5 of its pole, where fastchess's root tolerance (1e-7 on
    # theta) moves the probabilities by percents; we solve to 1e-15 and check that the
    # maximum-likelihood distributions really have the requested t-value and sum to 1.
    for values, counts, t in [
        ([0.0, 0.5, 1.0], [1e-3, 16700, 1e-3], 5 / NELO_SCALE),
        ([0.0, 0.25, 0.5, 0.75, 1.0], [1e-3] * 4 + [104], math.sqrt(2) * 5 / NELO_SCALE),
    ]:
        observed = [c / sum(counts) for c in counts]
        for target in (0.0, t):
            p = stats._mle_with_t_value(values, observed, 0.5, target)
            mean = sum(a * q for a, q in zip(values, p, strict=True))
            sigma = math.sqrt(sum(q * (a - mean) ** 2 for a, q in zip(values, p, strict=True)))
            assert sum(p) == pytest.approx(1.0, abs=1e-9)
            assert (mean - 0.5) / sigma == pytest.approx(target, abs=1e-9)
    # All draws are evidence against a positive normalized Elo (H1 expects some wins).
    assert llr(WDL(draws=16700), 0, 5) < 0
    # Winning every pair is evidence for H1.
    assert llr(Pentanomial(ww=104), 0, 5) > 0


def test_sprt_decisions():
    lower, upper = sprt_bounds(0.05, 0.05)
    assert sprt_decision(upper, lower, upper) is SprtDecision.ACCEPT_H1
    assert sprt_decision(upper + 1, lower, upper) is SprtDecision.ACCEPT_H1
    assert sprt_decision(lower, lower, upper) is SprtDecision.ACCEPT_H0
    assert sprt_decision(0.0, lower, upper) is SprtDecision.CONTINUE

    sprt = Sprt(elo0=0.0, elo1=2.0)
    assert sprt.model is NORMALIZED  # fastchess's default model
    passed = sprt.test(Pentanomial(2002, 72968, 180891, 74129, 2034))  # PR #4493 STC
    assert passed.decision is SprtDecision.ACCEPT_H1
    assert (passed.lower, passed.upper) == sprt_bounds(0.05, 0.05)
    failed = Sprt(0.5, 2.5, model=LOGISTIC).test(
        fastchess_penta(223, 9863, 20279, 1000, 10037, 246)
    )
    assert failed.decision is SprtDecision.ACCEPT_H0  # LLR -3.07
    running = Sprt(0.0, 2.0).test(fastchess_stats(36433, 36027, 68692))
    assert running.decision is SprtDecision.CONTINUE  # LLR 0.92


def test_sprt_rejects_bad_parameters():
    with pytest.raises(ValueError, match="elo0 must be below elo1"):
        Sprt(elo0=2.0, elo1=2.0)
    with pytest.raises(ValueError, match="alpha and beta"):
        Sprt(elo0=0.0, elo1=2.0, alpha=0.0)
    with pytest.raises(ValueError, match="alpha and beta"):
        sprt_bounds(0.05, 1.0)
    with pytest.raises(ValueError, match="below 1"):
        Sprt(elo0=0.0, elo1=2.0, alpha=0.6, beta=0.5)
    with pytest.raises(ValueError, match="W/D/L"):
        llr(Pentanomial(1, 2, 3, 2, 1), 0, 2, BAYESIAN)


def test_llr_without_games_is_zero_and_continues():
    for results in (WDL(), Pentanomial()):
        for model in (NORMALIZED, LOGISTIC):
            assert llr(results, 0, 2, model) == 0.0
        assert Sprt(0, 2).test(results).decision is SprtDecision.CONTINUE
    # fastchess: the BayesElo model needs at least one win and one loss.
    assert llr(WDL(wins=5, draws=3), 0, 2, BAYESIAN) == 0.0


@pytest.mark.parametrize("model", [NORMALIZED, LOGISTIC])
@pytest.mark.parametrize(
    "results",
    [WDL(wins=10), WDL(losses=10), WDL(draws=10), Pentanomial(ww=7), Pentanomial(ll=7)],
)
def test_llr_is_finite_on_one_sided_data(results, model):
    value = llr(results, 0, 5, model)
    assert math.isfinite(value)


def test_llr_sign_follows_the_evidence():
    assert llr(WDL(wins=60, draws=20, losses=20), 0, 10) > 0
    assert llr(WDL(wins=20, draws=20, losses=60), 0, 10) < 0
    assert llr(Pentanomial(ww=40, wd=20, wl_dd=10), 0, 10, LOGISTIC) > 0


# --------------------------------------------------------------------------- edge cases


def test_no_games():
    for results in (WDL(), Pentanomial()):
        for estimate in (elo_estimate(results), normalized_elo_estimate(results)):
            assert estimate == EloEstimate(0.0, -math.inf, math.inf, 0.5, 0.5, 0)
            assert estimate.margin == math.inf
        assert los(results) == 0.5
    assert los_wins_losses(WDL()) == 0.5
    assert los_wins_losses(WDL(draws=9)) == 0.5


@pytest.mark.parametrize(
    ("results", "elo", "los_value"),
    [
        (WDL(wins=12), math.inf, 1.0),
        (WDL(losses=12), -math.inf, 0.0),
        (WDL(draws=12), 0.0, 0.5),
        (Pentanomial(ww=6), math.inf, 1.0),
        (Pentanomial(ll=6), -math.inf, 0.0),
        (Pentanomial(wl_dd=6), 0.0, 0.5),
    ],
)
def test_zero_variance_collapses_the_interval(results, elo, los_value):
    for estimate in (elo_estimate(results), normalized_elo_estimate(results)):
        assert (estimate.elo, estimate.ci_low, estimate.ci_high) == (elo, elo, elo)
        assert estimate.margin == 0.0  # not inf - inf = nan
        assert estimate.los == los_value


def test_interval_clips_at_certain_scores():
    # One loss in 20 games: the upper score bound passes 1, so the interval is unbounded above.
    estimate = elo_estimate(WDL(wins=19, losses=1))
    assert math.isfinite(estimate.elo)
    assert estimate.ci_high == math.inf
    assert estimate.ci_low < estimate.elo


def test_elo_score_conversions():
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(10 / 11) == pytest.approx(400.0)
    assert elo_from_score(1.0) == math.inf
    assert elo_from_score(0.0) == -math.inf
    assert score_from_elo(400.0) == pytest.approx(10 / 11)
    assert score_from_elo(elo_from_score(0.3)) == pytest.approx(0.3)
    assert score_from_elo(-1e6) == 0.0  # no OverflowError
    assert score_from_elo(1e6) == 1.0
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        elo_from_score(1.5)
    with pytest.raises(ValueError, match="confidence"):
        elo_estimate(WDL(1, 1, 1), confidence=1.0)


def test_wider_confidence_gives_a_wider_interval():
    results = WDL(wins=40, draws=30, losses=30)
    narrow = elo_estimate(results, confidence=0.9)
    wide = elo_estimate(results, confidence=0.99)
    assert wide.ci_low < narrow.ci_low < narrow.elo < narrow.ci_high < wide.ci_high


# --------------------------------------------------------------------------- count types


def test_wdl_from_scores_and_arithmetic():
    wdl = WDL.from_scores([1, 0.5, 0, 1, 1.0])
    assert wdl == WDL(wins=3, draws=1, losses=1)
    assert (wdl.games, wdl.points, wdl.counts) == (5, 3.5, (1, 1, 3))
    assert wdl.flipped() == WDL(wins=1, draws=1, losses=3)
    assert wdl + WDL(1, 2, 3) == WDL(4, 3, 4)
    with pytest.raises(ValueError, match=r"0, 0\.5 or 1"):
        WDL.from_scores([0.25])
    with pytest.raises(ValueError, match="non-negative"):
        WDL(wins=-1)


def test_pentanomial_from_pairs():
    penta = Pentanomial.from_pair_scores([0, 0.5, 1, 1, 1.5, 2, 2, 2])
    assert penta == Pentanomial(ll=1, ld=1, wl_dd=2, wd=1, ww=3)
    assert (penta.pairs, penta.points) == (8, 10.0)
    games = Pentanomial.from_game_pairs([(1, 0), (0.5, 0.5), (1, 1), (0, 0.5), (0.5, 1)])
    assert games == Pentanomial(ll=0, ld=1, wl_dd=2, wd=1, ww=1)
    assert games.flipped() == Pentanomial(ll=1, ld=1, wl_dd=2, wd=1, ww=0)
    assert games + games == Pentanomial(0, 2, 4, 2, 2)
    with pytest.raises(ValueError, match="pair scores"):
        Pentanomial.from_pair_scores([2.5])
    with pytest.raises(ValueError, match=r"0, 0\.5 or 1"):
        Pentanomial.from_game_pairs([(1, 0.75)])
    with pytest.raises(ValueError, match="non-negative"):
        Pentanomial(ll=-2)


# --------------------------------------------------------------------------- properties


counts = st.integers(min_value=0, max_value=500)
wdls = st.builds(WDL, counts, counts, counts).filter(lambda r: r.games > 0)
pentas = st.builds(Pentanomial, counts, counts, counts, counts, counts).filter(
    lambda r: r.pairs > 0
)


@settings(max_examples=60, deadline=None)
@given(st.one_of(wdls, pentas))
def test_estimates_are_ordered_and_antisymmetric(results):
    for estimate_of in (elo_estimate, normalized_elo_estimate):
        estimate = estimate_of(results)
        assert estimate.ci_low <= estimate.elo <= estimate.ci_high
        assert 0.0 <= estimate.los <= 1.0
        mirrored = estimate_of(results.flipped())
        assert mirrored.elo == pytest.approx(-estimate.elo, abs=1e-9)
        assert mirrored.los == pytest.approx(1.0 - estimate.los, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    st.one_of(wdls, pentas),
    st.sampled_from([NORMALIZED, LOGISTIC]),
    st.floats(min_value=-20, max_value=20),
    st.floats(min_value=0.5, max_value=20),
)
def test_llr_symmetries(results, model, elo0, width):
    elo1 = elo0 + width
    value = llr(results, elo0, elo1, model)
    assert math.isfinite(value)
    # Swapping the hypotheses negates the log-likelihood ratio.
    assert llr(results, elo1, elo0, model) == pytest.approx(-value, abs=1e-6)
    # The opponent's view: its H0 (elo = -elo1) is our H1, so the ratio is inverted.
    assert llr(results.flipped(), -elo1, -elo0, model) == pytest.approx(-value, abs=1e-6)


def test_iteration_limits_bound_the_work(monkeypatch):
    # With the solvers cut short the LLR is less precise but still a finite number.
    results = Pentanomial(2002, 72968, 180891, 74129, 2034)  # Stockfish PR #4493, LLR 3.22
    monkeypatch.setattr(stats, "MAX_NORMALIZED_MLE_ITERATIONS", 1)
    one_step = llr(results, 0, 2)
    assert math.isfinite(one_step)
    assert one_step != pytest.approx(3.22, abs=0.005)
    monkeypatch.setattr(stats, "MAX_SECULAR_ITERATIONS", 3)
    assert math.isfinite(llr(results, 0, 2, LOGISTIC))


def test_a_clean_sweep_has_an_exact_one_sided_bound():
    # 40 wins in 40 games: the score is at least 0.05 ** (1 / 40) = 0.9279 with 95 %
    # confidence, 444 Elo (hand computation: -400 * log10(1 / 0.92794 - 1))
    assert stats.sweep_elo_bound(40) == pytest.approx(444.0, abs=1.0)
    assert stats.sweep_elo_bound(22) == pytest.approx(334.0, abs=1.0)
    # more games, a higher bound; more confidence, a lower one
    assert stats.sweep_elo_bound(41) > stats.sweep_elo_bound(40)
    assert stats.sweep_elo_bound(40, confidence=0.99) < stats.sweep_elo_bound(40)
    with pytest.raises(ValueError, match="games must be positive"):
        stats.sweep_elo_bound(0)
    with pytest.raises(ValueError, match="confidence"):
        stats.sweep_elo_bound(10, confidence=1.0)
