"""The ladder's ratings (OpenSkill per submission, in match order) and its final phase
(round robin, Bradley-Terry Elo ± CI)."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.arena.ladder_ratings import (
    SubmissionRating,
    final_round_robin,
    final_standings,
    ratings_of,
)
from botarena.arena.pairing import MatchOutcome, Pairing
from botarena.league.formats import MAX_SCHEDULED_GAMES

PROPERTIES = settings(max_examples=60, deadline=None)


def won(winner: int, loser: int) -> MatchOutcome:
    return MatchOutcome((winner, loser), (1, 2))


@st.composite
def matches(draw, size: int = 4):
    """Rated outcomes among submissions 1..size, tables of 2 to 4 seats."""
    outcomes = []
    for _ in range(draw(st.integers(1, 25))):
        seats = draw(st.permutations(range(1, size + 1)))[: draw(st.integers(2, size))]
        ranks = [draw(st.integers(1, len(seats))) for _ in seats]
        outcomes.append(MatchOutcome(tuple(seats), tuple(ranks)))
    return outcomes


@PROPERTIES
@given(matches(), st.data())
def test_a_bot_that_wins_every_match_ends_with_the_highest_mu(outcomes, data) -> None:
    champion = 9
    rigged = []
    for outcome in outcomes:
        seat = data.draw(st.integers(0, len(outcome.seats)))
        seats = (*outcome.seats[:seat], champion, *outcome.seats[seat:])
        ranks = tuple(rank + 1 for rank in outcome.ranks)
        rigged.append(MatchOutcome(seats, (*ranks[:seat], 1, *ranks[seat:])))
    ratings = ratings_of(rigged)
    best = ratings[champion]
    assert all(best.mu > r.mu for s, r in ratings.items() if s != champion)
    assert (best.games, best.wins, best.draws, best.losses) == (len(rigged), len(rigged), 0, 0)


@PROPERTIES
@given(matches())
def test_the_same_outcomes_in_the_same_order_give_the_same_ratings(outcomes) -> None:
    first = ratings_of(outcomes)
    assert ratings_of(list(outcomes)) == first
    half = len(outcomes) // 2
    assert ratings_of(outcomes[half:], prior=ratings_of(outcomes[:half])) == first


@PROPERTIES
@given(matches(), st.data())
def test_void_and_unrated_outcomes_change_nothing(outcomes, data) -> None:
    mixed = list(outcomes)
    for _ in range(data.draw(st.integers(1, 5))):
        ignored = data.draw(
            st.sampled_from(
                [
                    MatchOutcome((1, 2), (1, 2), void=True),
                    MatchOutcome((3, 4), (), void=True),
                    MatchOutcome((2, 1, 3), (1, 2, 3), rated=False),
                    MatchOutcome((7, 8), (1, 2), void=True),
                ]
            )
        )
        mixed.insert(data.draw(st.integers(0, len(mixed))), ignored)
    assert ratings_of(mixed) == ratings_of(outcomes)


def test_no_outcomes_no_ratings_and_a_prior_is_kept() -> None:
    assert ratings_of([]) == {}
    prior = {5: SubmissionRating(5, 30.0, 4.0, 10, 6, 1, 3)}
    assert ratings_of([MatchOutcome((1, 2), (1, 2), void=True)], prior=prior) == prior


def test_wins_draws_and_losses_per_seat() -> None:
    outcomes = [
        won(1, 2),
        MatchOutcome((1, 2), (1, 1)),
        MatchOutcome((3, 1, 2, 4), (2, 1, 1, 4)),
        MatchOutcome((4, 3, 1), (1, 2, 3)),
    ]
    ratings = ratings_of(outcomes)
    record = {s: (r.games, r.wins, r.draws, r.losses) for s, r in ratings.items()}
    assert record == {1: (4, 1, 2, 1), 2: (3, 0, 2, 1), 3: (2, 0, 0, 2), 4: (2, 1, 0, 1)}
    assert ratings[1].sigma < ratings[3].sigma
    assert all(math.isfinite(r.mu) for r in ratings.values())


def test_the_order_of_outcomes_matters_as_match_order() -> None:
    outcomes = [won(1, 2), won(1, 2), won(2, 1)]
    assert ratings_of(outcomes) != ratings_of(outcomes[::-1])


@pytest.mark.parametrize(
    ("outcome", "message"),
    [
        (MatchOutcome((1,), (1,)), "two or more different submissions"),
        (MatchOutcome((1, 1), (1, 2)), "two or more different submissions"),
        (MatchOutcome((1, 2), (1,)), "a rank of 1 or more per seat"),
        (MatchOutcome((1, 2), (0, 1)), "a rank of 1 or more per seat"),
    ],
)
def test_a_malformed_rated_outcome_is_refused(outcome, message) -> None:
    with pytest.raises(ValueError, match=message):
        ratings_of([won(1, 2), outcome])
    with pytest.raises(ValueError, match=message):
        final_standings([outcome])


def test_final_round_robin_sc_plays_every_pair_twice_with_sides_swapped() -> None:
    pairings = final_round_robin([4, 9, 2, 7], (2,))
    assert len(pairings) == 12
    assert all(p.rated and p.challenge is None for p in pairings)
    assert Counter(p.seats for p in pairings) == {
        seats: 1 for seats in itertools.permutations([2, 4, 7, 9], 2)
    }
    for first, second in zip(pairings[::2], pairings[1::2], strict=True):
        assert second.seats == first.seats[::-1]
    first_round = {s for p in pairings[:4] for s in p.seats}
    assert first_round == {2, 4, 7, 9}


def test_final_round_robin_mau_mau_plays_every_table_from_every_seat() -> None:
    pairings = final_round_robin([1, 2, 3, 4, 5], (2, 3, 4))
    assert len(pairings) == math.comb(5, 4) * 4
    tables = Counter(frozenset(p.seats) for p in pairings)
    assert tables == {frozenset(t): 4 for t in itertools.combinations(range(1, 6), 4)}
    for table in tables:
        first_seats = [p.seats[0] for p in pairings if frozenset(p.seats) == table]
        assert sorted(first_seats) == sorted(table)
    assert {len(p.seats) for p in final_round_robin([1, 2, 3], (2, 3, 4))} == {3}


def test_final_round_robin_refuses_bad_input() -> None:
    assert final_round_robin([1], (2,)) == []
    assert final_round_robin([], (2, 3, 4)) == []
    with pytest.raises(ValueError, match="duplicate submissions"):
        final_round_robin([1, 2, 2], (2,))
    with pytest.raises(ValueError, match="table sizes"):
        final_round_robin([1, 2], (7,))
    too_many = math.isqrt(MAX_SCHEDULED_GAMES) + 2
    with pytest.raises(ValueError, match="exceed the limit"):
        final_round_robin(list(range(too_many)), (2,))


def test_final_standings_rank_by_bradley_terry_elo_with_intervals() -> None:
    """1 beats 2 three times in four, 2 beats 3 likewise, 1 beats 3 four times in five."""
    outcomes = [won(1, 2)] * 3 + [won(2, 1)] + [won(2, 3)] * 3 + [won(3, 2)]
    outcomes += [won(1, 3)] * 4 + [won(3, 1), MatchOutcome((3, 1), (1, 2), void=True)]
    standings = final_standings(outcomes)
    assert [row.submission for row in standings.rows] == [1, 2, 3]
    assert standings.games == 13
    assert not standings.regularized
    assert abs(sum(row.elo for row in standings.rows)) < 0.1
    for row in standings.rows:
        assert row.low < row.elo < row.high
        assert row.high - row.elo == pytest.approx(1.959964 * row.se, abs=0.02)
    top = standings.rows[0]
    assert (top.games, top.wins, top.draws, top.losses) == (9, 7, 0, 2)


def test_final_standings_of_tables_compare_each_two_seats() -> None:
    outcomes = [MatchOutcome((1, 2, 3), (1, 2, 3))] * 3 + [MatchOutcome((3, 2, 1), (1, 2, 3))]
    standings = final_standings(outcomes)
    assert standings.games == 12
    assert [row.submission for row in standings.rows] == [1, 2, 3]


def test_final_standings_of_a_perfect_winner_are_regularized_and_finite() -> None:
    standings = final_standings([won(1, 2), won(1, 3), won(2, 3), won(1, 2)])
    assert standings.regularized
    assert [row.submission for row in standings.rows] == [1, 2, 3]
    assert all(math.isfinite(row.elo) for row in standings.rows)


def test_final_standings_of_nothing_rated_are_empty() -> None:
    empty = final_standings([MatchOutcome((1, 2), (1, 2), void=True)])
    assert (empty.rows, empty.games, empty.regularized) == ((), 0, False)
    assert final_standings([]).rows == ()


def test_pairings_of_the_final_are_rated() -> None:
    assert final_round_robin([1, 2], (2,)) == [Pairing((1, 2), True), Pairing((2, 1), True)]
