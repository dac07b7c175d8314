"""Schedules of the four formats: pure functions of settings, entrants, seed and results."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from botarena.league import formats
from botarena.league.formats import FormatError, FormatSettings, plan
from botarena.runner.record import GameRecord

SIX = ["a", "b", "c", "d", "e", "f"]


def finish(games: list[formats.PlannedGame], winner_of: Any) -> dict[int, GameRecord]:
    """Records for ``games``: ``winner_of(seats)`` wins (None: a draw)."""
    results = {}
    for game in games:
        winner = winner_of(game.seats)
        points = {label: (1 if winner is None else 2 * (label == winner)) for label in game.seats}
        line = {"index": game.index, "seats": list(game.seats), "points": points}
        results[game.index] = GameRecord.from_json(line)
    return results


def alphabetical(seats: tuple[str, ...]) -> str:
    return min(seats)


def test_round_robin_plays_every_pair_in_seed_pairs_with_sides_swapped():
    result = plan(FormatSettings("roundrobin", games_per_pairing=4), SIX, 7, {})
    assert [game.index for game in result.games] == list(range(60))
    by_pairing: dict[int, list[formats.PlannedGame]] = {}
    for game in result.games:
        by_pairing.setdefault(game.pairing, []).append(game)
    assert {frozenset(g[0].seats) for g in by_pairing.values()} == {
        frozenset(pair) for pair in itertools.combinations(SIX, 2)
    }
    for games in by_pairing.values():
        assert games[0].seats == games[1].seats[::-1] and games[0].seed == games[1].seed
        assert games[2].seats == games[0].seats and games[2].seed != games[0].seed
    # every pairing plays the same deals
    assert len({g.seed for g in result.games}) == 2
    assert not result.complete
    assert plan(
        FormatSettings("roundrobin", games_per_pairing=4),
        SIX,
        7,
        finish(result.games, alphabetical),
    ).complete


def test_circle_order_spreads_each_bots_games():
    pairs = formats.circle_pairs(SIX)
    for start in range(0, len(pairs), 3):  # each block of 3 pairs is one round
        assert len({label for pair in pairs[start : start + 3] for label in pair}) == 6


def test_tables_rotate_every_seat_through_one_deal():
    result = plan(FormatSettings("roundrobin", table_size=3, games_per_pairing=3), SIX[:4], 1, {})
    assert len(result.games) == 4 * 3  # C(4, 3) tables
    first = result.games[:3]
    assert [g.seats for g in first] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert len({g.seed for g in first}) == 1


def test_gauntlet_pairs_the_challenger_with_everyone():
    result = plan(FormatSettings("gauntlet", challenger="c"), SIX, 3, {})
    assert Counter(frozenset(g.seats) for g in result.games) == {
        frozenset(("c", other)): 2 for other in SIX if other != "c"
    }


def test_swiss_avoids_rematches_gives_byes_and_ends():
    settings = FormatSettings("swiss", rounds=3)
    labels = SIX[:5]
    results: dict[int, GameRecord] = {}
    for _ in range(3):
        current = plan(settings, labels, 9, results)
        new = [g for g in current.games if g.index not in results]
        assert new
        results.update(finish(new, alphabetical))
    final = plan(settings, labels, 9, results)
    assert final.complete
    assert len(final.byes) == 3 and len({bye for _, bye in final.byes}) == 3
    pairs = Counter(frozenset(results[i].labels) for i in results)
    assert set(pairs.values()) == {2}  # each pairing played once (two games): no rematch
    # round 1: a-b, c-d, bye e; round 2 pairs the two round-1 winners
    round2 = {frozenset(g.seats) for g in final.games if g.round == 2}
    assert frozenset(("a", "c")) in round2
    # round 3: greedy would pair a-d and leave the rematch b-e; the search avoids it
    assert final.byes == [(1, "e"), (2, "d"), (3, "c")]


def test_swiss_round_is_scheduled_only_after_the_previous():
    settings = FormatSettings("swiss", rounds=2)
    first = plan(settings, SIX, 1, {})
    assert {g.round for g in first.games} == {1} and not first.complete


def test_ko_bracket_with_byes_reaches_a_champion():
    settings = FormatSettings("ko", best_of=3)
    results: dict[int, GameRecord] = {}
    while True:
        current = plan(settings, SIX, 4, results)
        new = [g for g in current.games if g.index not in results]
        if not new:
            break
        results.update(finish(new, alphabetical))
    assert current.complete and current.champion == "a"
    assert [len(r) for r in current.ko_rounds] == [4, 2, 1]
    assert sum(1 for m in current.ko_rounds[0] if m["b"] is None) == 2  # 6 bots: two byes
    for match in current.ko_rounds[0]:
        if match["b"] is not None:
            assert len(match["games"]) == 3


def test_ko_tie_adds_game_pairs_then_a_seeded_coin():
    settings = FormatSettings("ko", best_of=1)
    results: dict[int, GameRecord] = {}
    rounds = 0
    while True:
        current = plan(settings, ["x", "y"], 4, results)
        new = [g for g in current.games if g.index not in results]
        if not new:
            break
        rounds += 1
        results.update(finish(new, lambda seats: None))  # every game drawn
    match = current.ko_rounds[0][0]
    assert len(match["games"]) == 1 + 2 * formats.KO_MAX_TIEBREAK_PAIRS
    assert match["decided_by"] == "coin" and current.champion in ("x", "y")
    again = plan(settings, ["x", "y"], 4, results)
    assert again.champion == current.champion


@pytest.mark.parametrize(
    ("settings", "labels", "message"),
    [
        (FormatSettings("league"), SIX, "unknown format"),
        (FormatSettings("roundrobin", table_size=formats.MAX_TABLE + 1), SIX, "table size"),
        (FormatSettings("roundrobin", table_size=3), ["a", "b"], "at least 3"),
        (FormatSettings("swiss", table_size=3), SIX, "two-seat"),
        (FormatSettings("ko", best_of=2), SIX, "odd"),
        (FormatSettings("ko", best_of=formats.MAX_BEST_OF + 2), SIX, "odd"),
        (FormatSettings("swiss", rounds=formats.MAX_ROUNDS + 1), SIX, "Swiss rounds"),
        (FormatSettings("gauntlet", challenger="z"), SIX, "challenger"),
        (
            FormatSettings("roundrobin", games_per_pairing=formats.MAX_GAMES_PER_PAIRING + 1),
            SIX,
            "games per pairing",
        ),
    ],
)
def test_bad_settings_are_refused(settings, labels, message):
    with pytest.raises(FormatError, match=message):
        plan(settings, labels, 1, {})


def test_schedule_size_limit(monkeypatch):
    monkeypatch.setattr(formats, "MAX_SCHEDULED_GAMES", 10)
    with pytest.raises(FormatError, match="exceed the limit"):
        plan(FormatSettings("roundrobin"), SIX, 1, {})


def test_swiss_search_limit_falls_back_to_greedy_pairing(monkeypatch):
    # a-b and c-d have met: the first candidate partner of a is refused
    met = {frozenset(("a", "b")), frozenset(("c", "d"))}
    assert formats._swiss_pairs(["a", "b", "c", "d"], met) == [("a", "c"), ("b", "d")]
    monkeypatch.setattr(formats, "SWISS_SEARCH_LIMIT", 1)
    assert formats._swiss_pairs(["a", "b", "c", "d"], met) == [("a", "c"), ("b", "d")]
    met.add(frozenset(("a", "c")))
    met.add(frozenset(("b", "d")))
    # with a search of 1 step the greedy fallback pairs a-d and then b-c
    assert formats._swiss_pairs(["a", "b", "c", "d"], met) == [("a", "d"), ("b", "c")]
