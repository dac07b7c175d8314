"""Match points (2/1/0), tie-breaks in their documented order, the cross-table."""

from __future__ import annotations

from typing import Any

from botarena.league.standings import crosstable, crosstable_csv, standings
from botarena.runner.record import GameRecord


def game(index: int, a: str, b: str, points_a: int) -> GameRecord:
    return GameRecord.from_json(
        {
            "index": index,
            "seats": [a, b],
            "points": {a: points_a, b: 2 - points_a},
            "slots": [{"bot": a}, {"bot": b}],
        }
    )


def table(index: int, seats: list[str], winner: str | None) -> GameRecord:
    points = {s: (1 if winner is None else 2 * (s == winner)) for s in seats}
    return GameRecord.from_json({"index": index, "seats": seats, "points": points, "slots": []})


def by_bot(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {row["bot"]: row for row in rows}


def test_points_wins_draws_losses():
    records = {0: game(0, "a", "b", 2), 1: game(1, "b", "a", 1), 2: game(2, "a", "c", 0)}
    rows = by_bot(standings(["a", "b", "c"], records))
    assert (rows["a"]["points"], rows["a"]["wins"], rows["a"]["draws"], rows["a"]["losses"]) == (
        3,
        1,
        1,
        1,
    )
    assert rows["c"]["points"] == 2 and rows["b"]["points"] == 1


def test_head_to_head_breaks_a_tie_before_sonneborn_berger():
    # a and b both 4 points; a beat b; b beat stronger opposition elsewhere
    records = {
        0: game(0, "a", "b", 2),
        1: game(1, "b", "c", 2),
        2: game(2, "b", "d", 2),
        3: game(3, "a", "d", 2),
        4: game(4, "c", "a", 2),
        5: game(5, "d", "b", 2),
    }
    rows = standings(["a", "b", "c", "d"], records)
    order = [row["bot"] for row in rows]
    assert order.index("a") < order.index("b")
    assert by_bot(rows)["a"]["head_to_head"] == 2 and by_bot(rows)["b"]["head_to_head"] == 0


def test_sonneborn_berger_when_head_to_head_is_equal():
    # a and b drew each other; a beat the strong c, b beat the weak d
    records = {
        0: game(0, "a", "b", 1),
        1: game(1, "a", "c", 2),
        2: game(2, "b", "d", 2),
        3: game(3, "c", "d", 2),
        4: game(4, "c", "d", 2),
        5: game(5, "a", "d", 0),
        6: game(6, "b", "c", 0),
    }
    rows = by_bot(standings(["a", "b", "c", "d"], records))
    assert rows["a"]["points"] == rows["b"]["points"] == 3
    assert rows["a"]["head_to_head"] == rows["b"]["head_to_head"] == 1
    assert rows["a"]["sonneborn_berger"] > rows["b"]["sonneborn_berger"]
    assert rows["a"]["rank"] < rows["b"]["rank"]


def test_buchholz_counts_only_in_swiss_and_byes_count_as_wins():
    # a and b: one win each against opponents of different strength, never met
    records = {0: game(0, "a", "c", 2), 1: game(1, "b", "d", 2), 2: game(2, "c", "e", 2)}
    labels = ["a", "b", "c", "d", "e"]
    swiss = by_bot(standings(labels, records, swiss=True, byes=[(1, "e")]))
    assert swiss["e"]["points"] == 2 and swiss["e"]["byes"] == 1
    assert swiss["a"]["buchholz"] == 2.0 and swiss["b"]["buchholz"] == 0.0
    assert swiss["a"]["rank"] < swiss["b"]["rank"]
    plain = by_bot(standings(labels, records))
    assert plain["a"]["sonneborn_berger"] == 2.0  # SB still separates them
    assert plain["a"]["rank"] < plain["b"]["rank"]


def test_identical_records_share_a_rank():
    records = {0: game(0, "a", "b", 1), 1: game(1, "b", "a", 1)}
    rows = standings(["a", "b"], records)
    assert [row["rank"] for row in rows] == [1, 1]


def test_tables_give_the_winner_two_points_and_cross_table_counts_shared_games():
    records = {0: table(0, ["a", "b", "c"], "b"), 1: table(1, ["b", "c", "a"], None)}
    rows = by_bot(standings(["a", "b", "c"], records))
    assert rows["b"]["points"] == 3 and rows["a"]["points"] == 1
    cross = crosstable(["a", "b", "c"], records)
    assert cross["b"]["a"] == [3, 4] and cross["a"]["b"] == [1, 4]
    csv = crosstable_csv(["b", "a", "c"], cross).splitlines()
    assert csv[0] == "bot,b,a,c" and csv[1] == "b,x,3/4,3/4"


def test_ko_orders_by_round_reached():
    ko_rounds = [
        [{"a": "a", "b": "b", "winner": "a"}, {"a": "c", "b": "d", "winner": "d"}],
        [{"a": "a", "b": "d", "winner": "d"}],
    ]
    records = {
        0: game(0, "a", "b", 2),
        1: game(1, "c", "d", 0),
        2: game(2, "a", "d", 0),
        3: game(3, "a", "c", 2),
        4: game(4, "a", "c", 2),
    }
    rows = standings(["a", "b", "c", "d"], records, ko_rounds=ko_rounds)
    assert [row["bot"] for row in rows][:2] == ["d", "a"]
    assert by_bot(rows)["d"]["ko_round"] == 3
