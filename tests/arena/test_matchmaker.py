"""The ladder's matchmaker: challenges first, the least-played next against close ratings,
never a submission against itself or its own team, no immediate rematch, SC pairings twice
with sides swapped, Mau-Mau tables of 2 to 4; bad input gets a clear answer."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.arena.matchmaker import (
    FAR_DISTANCE_MU,
    MAX_COUNT,
    MAX_TABLE,
    MIN_TABLE,
    PAIRING_WIDTH_MU,
    next_pairings,
)
from botarena.arena.pairing import Challenge, Entrant, Pairing

SC = (2,)
MAUMAU = (2, 3, 4)
PROPERTIES = settings(max_examples=80, deadline=None)


def entrant(
    submission: int,
    mu: float = 25.0,
    games: int = 0,
    team: str | None = None,
    last: tuple[int, ...] = (),
) -> Entrant:
    return Entrant(submission, team or f"team{submission}", mu, 8.0, games, last)


def pair(entrants, challenges=(), sizes=SC, seed=1, count=2) -> list[Pairing]:
    return next_pairings(
        entrants, challenges, table_sizes=sizes, rng=random.Random(seed), count=count
    )


@st.composite
def ladders(draw):
    ids = draw(st.lists(st.integers(1, 60), min_size=0, max_size=12, unique=True))
    entrants = []
    for submission in ids:
        others = [i for i in ids if i != submission]
        last = draw(st.lists(st.sampled_from(others), max_size=3, unique=True)) if others else []
        entrants.append(
            Entrant(
                submission,
                draw(st.sampled_from("abcdef")),
                draw(st.floats(0, 50, allow_nan=False)),
                draw(st.floats(0.5, 9)),
                draw(st.integers(0, 30)),
                tuple(last),
            )
        )
    names = st.sampled_from(ids) if ids else st.integers(61, 70)
    challenges = [
        Challenge(challenge_id, draw(st.one_of(names, st.integers(61, 70))), draw(names))
        for challenge_id in draw(st.lists(st.integers(1, 100), max_size=4, unique=True))
    ]
    sizes = draw(st.sampled_from([SC, MAUMAU, (3,), (2, 4)]))
    return entrants, challenges, sizes, draw(st.integers(0, 24)), draw(st.integers(0, 2**32))


def swapped_pairs(pairings: list[Pairing]) -> list[Pairing]:
    """The first of each two (SC): asserts that the second is the first with sides swapped."""
    assert len(pairings) % 2 == 0
    firsts = pairings[::2]
    for first, second in zip(firsts, pairings[1::2], strict=True):
        assert second == Pairing(first.seats[::-1], first.rated, first.challenge)
    return firsts


@PROPERTIES
@given(ladders())
def test_every_table_seats_different_teams_in_an_allowed_size(ladder) -> None:
    entrants, challenges, sizes, count, seed = ladder
    team = {e.submission: e.team for e in entrants}
    pairings = pair(entrants, challenges, sizes, seed, count)
    assert len(pairings) <= count + (count % 2 if sizes == SC else 0)
    for pairing in pairings:
        assert len(pairing.seats) in sizes
        assert len({team[s] for s in pairing.seats}) == len(pairing.seats)
        assert (pairing.challenge is None) == pairing.rated
    if sizes == SC:
        swapped_pairs(pairings)


@PROPERTIES
@given(ladders())
def test_challenges_come_first_in_their_order(ladder) -> None:
    entrants, challenges, sizes, count, seed = ladder
    team = {e.submission: e.team for e in entrants}
    playable = [
        c.id
        for c in sorted(challenges, key=lambda c: c.id)
        if c.challenger in team
        and c.opponent in team
        and team[c.challenger] != team[c.opponent]
        and MIN_TABLE in sizes
    ]
    pairings = pair(entrants, challenges, sizes, seed, count)
    kinds = [p.rated for p in pairings]
    assert kinds == sorted(kinds)
    answered = [p.challenge for p in pairings if not p.rated]
    per_challenge = 2 if sizes == SC else 1
    assert answered == [c for c in playable for _ in range(per_challenge)][: len(answered)]
    if len(answered) < len(playable) * per_challenge:
        assert len(pairings) >= count
    for p in pairings:
        if not p.rated:
            challenge = next(c for c in challenges if c.id == p.challenge)
            assert set(p.seats) == {challenge.challenger, challenge.opponent}


@PROPERTIES
@given(ladders())
def test_each_ranked_table_holds_a_least_played_entrant(ladder) -> None:
    """Replaying the call's own tables: each one seats an entrant with the fewest games so
    far (recent games plus the tables of this call before it)."""
    entrants, _, sizes, count, seed = ladder
    games = {e.submission: e.recent_games for e in entrants}
    pairings = pair(entrants, (), sizes, seed, count)
    tables = swapped_pairs(pairings) if sizes == SC else pairings
    for table in tables:
        assert min(games[s] for s in table.seats) == min(games.values())
        for s in table.seats:
            games[s] += 2 if sizes == SC else 1


@PROPERTIES
@given(ladders())
def test_enough_teams_always_give_ranked_tables(ladder) -> None:
    entrants, _, sizes, count, seed = ladder
    teams = len({e.team for e in entrants})
    pairings = pair(entrants, (), sizes, seed, count)
    if teams >= min(sizes) and count > 0:
        assert len(pairings) >= count
        largest = max(size for size in sizes if size <= teams)
        assert {len(p.seats) for p in pairings} == {largest}
    else:
        assert pairings == []


@PROPERTIES
@given(st.integers(3, 10), st.integers(0, 2**32), st.integers(2, 40))
def test_no_immediate_rematch_unless_the_least_played_has_no_other_opponent(size, seed, count):
    """Each entrant's latest match was a random pairing of the field (the odd one out had
    none). Replaying the call's tables: a table repeats the latest match of one of its
    members only when a least-played member of it had no other opponent left."""
    rng = random.Random(seed)
    ids = list(range(1, size + 1))
    rng.shuffle(ids)
    last = {a: (b,) for a, b in zip(ids[::2], ids[1::2], strict=False)}
    last.update({b: (a,) for a, (b,) in list(last.items())})
    entrants = [entrant(s, rng.uniform(0, 50), rng.randrange(5), last=last.get(s, ())) for s in ids]
    latest = {e.submission: frozenset({e.submission, *e.last_opponents}) for e in entrants}
    games = {e.submission: e.recent_games for e in entrants}

    def rematch(match: frozenset[int]) -> bool:
        return any(latest[s] == match for s in match)

    rematches = 0
    for table in swapped_pairs(pair(entrants, (), SC, seed, count)):
        match = frozenset(table.seats)
        if rematch(match):
            rematches += 1
            least = [s for s in match if games[s] == min(games.values())]
            assert any(all(rematch(frozenset({m, x})) for x in ids if x != m) for m in least)
        latest.update({s: match for s in match})
        games.update({s: games[s] + 2 for s in match})
    if count <= 2:
        assert rematches == 0


@PROPERTIES
@given(ladders(), st.randoms(use_true_random=False))
def test_the_same_seed_gives_the_same_pairings_whatever_the_entrant_order(ladder, shuffler):
    entrants, challenges, sizes, count, seed = ladder
    shuffled = list(entrants)
    shuffler.shuffle(shuffled)
    first = pair(entrants, challenges, sizes, seed, count)
    assert pair(shuffled, challenges, sizes, seed, count) == first
    assert pair(entrants, challenges, sizes, seed, count) == first


def test_close_ratings_are_paired_far_more_often_than_distant_ones() -> None:
    """The least-played entrant (mu 25) against 1,000 seeds: 3 mu away is drawn about six
    times as often as 10 mu away, and 20 mu away (weight 3e-4) almost never."""
    entrants = [
        entrant(1, mu=25.0, games=0),
        entrant(2, mu=28.0, games=9),
        entrant(3, mu=35.0, games=9),
        entrant(4, mu=45.0, games=9),
    ]
    opponents = Counter(pair(entrants, seed=seed)[0].seats[1] for seed in range(1000))
    assert opponents[2] > 4 * opponents[3] > 0
    assert opponents[4] <= 5
    assert sum(opponents.values()) == 1000
    assert PAIRING_WIDTH_MU == 5.0


def test_only_far_opponents_give_the_nearest() -> None:
    entrants = [
        entrant(1, mu=0.0),
        entrant(2, mu=FAR_DISTANCE_MU + 1, games=5),
        entrant(3, mu=FAR_DISTANCE_MU + 30, games=5),
    ]
    for seed in range(50):
        assert pair(entrants, seed=seed)[0].seats == (1, 2)


def test_mau_mau_tables_of_close_ratings() -> None:
    """Two rating groups of six teams each, far apart: every table stays within a group."""
    low = [entrant(i, mu=10.0 + i % 3) for i in range(1, 7)]
    high = [entrant(i, mu=40.0 + i % 3) for i in range(7, 13)]
    pairings = pair(low + high, sizes=MAUMAU, seed=3, count=40)
    assert len(pairings) == 40
    for table in pairings:
        assert len(table.seats) == MAX_TABLE
        assert max(table.seats) <= 6 or min(table.seats) >= 7


def test_mau_mau_table_size_follows_the_number_of_teams() -> None:
    three_teams = [
        entrant(1, team="a"),
        entrant(2, team="b"),
        entrant(3, team="c"),
        entrant(4, team="c"),
    ]
    assert {len(p.seats) for p in pair(three_teams, sizes=MAUMAU, count=6)} == {3}
    two_teams = [*three_teams[2:], entrant(5, team="a")]
    assert {len(p.seats) for p in pair(two_teams, sizes=MAUMAU, count=6)} == {2}


def test_two_entrants_play_again_although_it_is_a_rematch() -> None:
    entrants = [entrant(1, last=(2,)), entrant(2, last=(1,))]
    assert [p.seats for p in pair(entrants, count=4)] == [(1, 2), (2, 1), (1, 2), (2, 1)] or [
        p.seats for p in pair(entrants, count=4)
    ] == [(2, 1), (1, 2), (2, 1), (1, 2)]


def test_an_odd_count_of_sc_pairings_is_rounded_up_to_whole_pairs() -> None:
    entrants = [entrant(1), entrant(2), entrant(3)]
    assert len(pair(entrants, count=1)) == 2
    assert len(pair(entrants, count=3)) == 4
    assert pair(entrants, count=0) == []
    assert len(pair(entrants, sizes=MAUMAU, count=3)) == 3


def test_a_challenge_is_played_twice_with_sides_swapped_before_ranked_games() -> None:
    entrants = [entrant(1, games=50), entrant(2, games=50), entrant(3), entrant(4)]
    pairings = pair(entrants, [Challenge(7, 1, 2)], count=4)
    assert pairings[:2] == [Pairing((1, 2), False, 7), Pairing((2, 1), False, 7)]
    assert pairings[2].rated
    assert {3, 4} & {*pairings[2].seats}


def test_challenges_naming_no_entrant_or_one_team_get_no_pairing() -> None:
    entrants = [entrant(1, team="a"), entrant(2, team="a"), entrant(3, team="b")]
    challenges = [
        Challenge(1, 1, 99),
        Challenge(2, 98, 3),
        Challenge(3, 1, 2),
        Challenge(4, 3, 3),
        Challenge(5, 3, 1),
    ]
    pairings = pair(entrants, challenges, count=2)
    assert pairings == [Pairing((3, 1), False, 5), Pairing((1, 3), False, 5)]


def test_one_team_alone_gets_no_ranked_pairing() -> None:
    assert pair([entrant(1, team="a"), entrant(2, team="a")], count=10) == []
    assert pair([entrant(1)], count=10) == []
    assert pair([], [Challenge(1, 1, 2)], count=10) == []


@pytest.mark.parametrize(
    ("entrants", "challenges", "sizes", "count", "message"),
    [
        ([entrant(1), entrant(1, team="x")], [], SC, 2, r"duplicate entrant submission ids: \[1\]"),
        (
            [entrant(1), entrant(2)],
            [Challenge(4, 1, 2), Challenge(4, 2, 1)],
            SC,
            2,
            r"duplicate challenge ids: \[4\]",
        ),
        ([entrant(1), entrant(2)], [], (1, 2), 2, "table sizes must be 2..4"),
        ([entrant(1), entrant(2)], [], (5,), 2, "table sizes must be 2..4"),
        ([entrant(1), entrant(2)], [], (), 2, "table sizes must be 2..4"),
        ([entrant(1), entrant(2)], [], SC, -1, "count must be"),
        ([entrant(1), entrant(2)], [], SC, MAX_COUNT + 1, "count must be"),
        ([entrant(1, mu=float("nan")), entrant(2)], [], SC, 2, "not finite"),
    ],
)
def test_bad_input_is_refused_with_the_reason(entrants, challenges, sizes, count, message):
    with pytest.raises(ValueError, match=message):
        pair(entrants, challenges, sizes, count=count)


def test_many_tables_in_one_call_spread_over_every_entrant() -> None:
    entrants = [entrant(i, mu=20.0 + i) for i in range(1, 7)]
    seats = Counter(s for p in pair(entrants, count=60) for s in p.seats)
    assert set(seats) == set(range(1, 7))
    assert max(seats.values()) - min(seats.values()) <= 4
