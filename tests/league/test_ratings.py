"""Bradley-Terry Elo against a published maximum-likelihood fit; OpenSkill for tables."""

from __future__ import annotations

import math

import pytest

from botarena.league.ratings import (
    ELO_PER_NATURAL_UNIT,
    Z_95,
    bradley_terry,
    openskill_ratings,
    ratings,
)
from botarena.runner.record import GameRecord

# The 1987 American League East baseball results (home team, away team, home wins, away
# wins) from Agresti (2002), Categorical Data Analysis, 2nd ed., p. 438, as shipped in the R
# package BradleyTerry2 (https://github.com/hturner/BradleyTerry2, data/baseball.csv).
BASEBALL = """
Milwaukee,Detroit,4,3; Milwaukee,Toronto,4,2; Milwaukee,New York,4,3; Milwaukee,Boston,6,1;
Milwaukee,Cleveland,4,2; Milwaukee,Baltimore,6,0; Detroit,Milwaukee,3,3; Detroit,Toronto,4,2;
Detroit,New York,4,3; Detroit,Boston,6,0; Detroit,Cleveland,6,1; Detroit,Baltimore,4,3;
Toronto,Milwaukee,2,5; Toronto,Detroit,4,3; Toronto,New York,2,4; Toronto,Boston,4,3;
Toronto,Cleveland,4,2; Toronto,Baltimore,6,0; New York,Milwaukee,3,3; New York,Detroit,5,1;
New York,Toronto,2,5; New York,Boston,4,3; New York,Cleveland,4,2; New York,Baltimore,6,1;
Boston,Milwaukee,5,1; Boston,Detroit,2,5; Boston,Toronto,3,3; Boston,New York,4,2;
Boston,Cleveland,5,2; Boston,Baltimore,6,0; Cleveland,Milwaukee,2,5; Cleveland,Detroit,3,3;
Cleveland,Toronto,3,4; Cleveland,New York,4,3; Cleveland,Boston,4,2; Cleveland,Baltimore,2,4;
Baltimore,Milwaukee,2,5; Baltimore,Detroit,1,5; Baltimore,Toronto,1,6;
Baltimore,New York,2,4; Baltimore,Boston,1,6; Baltimore,Cleveland,3,4
"""
# Published maximum-likelihood Bradley-Terry log-abilities relative to Baltimore (= 0):
# Agresti (2002) Table 10.11, column 3, reproduced by BradleyTerry2's own test
# tests/testthat/test-baseball.R ("check against Table 10.11, column 3"), rounded there to
# two decimals: sorted 0.68, 1.11, 1.25, 1.29, 1.44, 1.58 (Cleveland, Boston, New York,
# Toronto, Detroit, Milwaukee). Two decimals of a natural-log ability are ±0.005, i.e.
# ±0.87 Elo: agreeing within 1 Elo is agreeing with the published digits.
PUBLISHED = {
    "Cleveland": 0.68,
    "Boston": 1.11,
    "New York": 1.25,
    "Toronto": 1.29,
    "Detroit": 1.44,
    "Milwaukee": 1.58,
}


def baseball_games() -> list[tuple[str, str, float]]:
    entries = [entry.strip() for entry in BASEBALL.split(";")]
    assert len(entries) == 42
    games: list[tuple[str, str, float]] = []
    for entry in entries:
        home, away, home_wins, away_wins = entry.split(",")
        games += [(home, away, 1.0)] * int(home_wins) + [(home, away, 0.0)] * int(away_wins)
    return games


def test_bradley_terry_elo_agrees_with_the_published_fit_within_one_elo():
    games = baseball_games()
    assert len(games) == 273
    labels = sorted({g[0] for g in games})
    fit = bradley_terry(labels, games)
    assert not fit["regularized"]
    base = fit["bots"]["Baltimore"]["elo"]
    for team, ability in PUBLISHED.items():
        ours = fit["bots"][team]["elo"] - base
        assert abs(ours - ability * ELO_PER_NATURAL_UNIT) < 1.0, team
    assert abs(sum(bot["elo"] for bot in fit["bots"].values())) < 0.1  # mean 0


def test_intervals_are_95_percent_of_the_standard_error_and_shrink_with_games():
    few = bradley_terry(["a", "b"], [("a", "b", 1.0), ("a", "b", 0.0), ("a", "b", 1.0)])
    many = bradley_terry(["a", "b"], [("a", "b", 1.0), ("a", "b", 0.0), ("a", "b", 1.0)] * 10)
    a = few["bots"]["a"]
    assert a["high"] - a["elo"] == pytest.approx(Z_95 * a["se"], abs=0.02)
    # 2 of 3: a is 400*log10(2)/2 above the mean
    assert a["elo"] == pytest.approx(400 * math.log10(2) / 2, abs=0.01)
    assert many["bots"]["a"]["se"] < a["se"] / 3


def test_a_perfect_score_is_regularized_not_infinite():
    fit = bradley_terry(["a", "b", "c"], [("a", "b", 1.0), ("b", "c", 0.5)] * 3)
    assert fit["regularized"]
    assert all(math.isfinite(bot["elo"]) for bot in fit["bots"].values())
    assert fit["bots"]["a"]["elo"] > fit["bots"]["b"]["elo"]


def test_openskill_ranks_the_table_winner_first_and_skips_void_games():
    lines = [
        {"index": i, "seats": ["x", "y", "z"], "ranks": [1, 2, 3], "void": False} for i in range(5)
    ] + [{"index": 9, "seats": ["z", "y", "x"], "ranks": [1, 1, 1], "void": True}]
    records = [GameRecord.from_json(line) for line in lines]
    result = openskill_ratings(["x", "y", "z"], records)
    bots = result["bots"]
    assert result["games"] == 5
    assert bots["x"]["ordinal"] > bots["y"]["ordinal"] > bots["z"]["ordinal"]


def test_elo_only_when_every_game_has_two_seats():
    two_seats = {"index": 0, "seats": ["a", "b"], "points": {"a": 2, "b": 0}, "ranks": [1, 2]}
    three_seats = {
        "index": 0,
        "seats": ["a", "b", "c"],
        "points": {"a": 2, "b": 0, "c": 0},
        "ranks": [1, 2, 2],
    }
    two = {0: GameRecord.from_json(two_seats)}
    three = {0: GameRecord.from_json(three_seats)}
    assert "elo" in ratings(["a", "b"], two)
    assert "elo" not in ratings(["a", "b", "c"], three)
