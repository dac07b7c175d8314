"""GameRecord: the one shape of a ``games.jsonl`` line, for runs and tournaments alike;
lines written before the type existed still load."""

from __future__ import annotations

import json
from typing import Any

import pytest

from botarena.runner.record import GameRecord, RecordError

# A line of `botarena test` as the runner wrote it before move_raw_ms, near_misses,
# log_line and startup_failure existed.
OLD_RUN_LINE = (
    '{"index": 3, "pair": 1, "seed": 42, "slots": [{"bot": "a", "cause": "REGULAR", '
    '"reason": null, "match_points": 2, "scores": [2, 11], "exit_code": 0, '
    '"log": "games/game-000003/slot0-a.log", "persistent_process": false}, {"bot": "b", '
    '"cause": "SOFT_TIMEOUT", "reason": "did not answer in time", "match_points": 0, '
    '"scores": [0, 4], "exit_code": 0, "log": "games/game-000003/slot1-b.log", '
    '"persistent_process": false, "runner_note": "late"}], "winner": "a", '
    '"bot_scores": {"a": 1.0, "b": 0.0}, "cause": "bot b (slot 1): SOFT_TIMEOUT", '
    '"regular": false, "moves": 17, "move_times_ms": [3.5, 2000.1], "move_bots": ["a", "b"], '
    '"duration_s": 2.5, "replay": "games/game-000003/replay.xml.gz"}'
)
# A tournament's SC line and Mau-Mau line (a table of three) as the league wrote them.
OLD_LEAGUE_LINE = (
    '{"index": 0, "round": 1, "pairing": 0, "seed": 9, "game": "piranhas-2019", '
    '"seats": ["x", "y"], "host": "h", "points": {"x": 1, "y": 1}, "ranks": [1, 1], '
    '"winner": null, "void": false, "regular": true, "cause": "REGULAR", "moves": 60, '
    '"duration_s": 1.2, "slots": [{"bot": "x", "cause": "REGULAR", "reason": null, '
    '"scores": [1, 5], "exit_code": 0, "log": "games/game-000000/slot0-x.log"}, '
    '{"bot": "y", "cause": "REGULAR", "reason": null, "scores": [1, 5], "exit_code": 0, '
    '"log": "games/game-000000/slot1-y.log"}], "replay": "games/game-000000/replay.xml.gz", '
    '"worker": null}'
)
OLD_MAUMAU_LINE = (
    '{"index": 4, "round": 1, "pairing": 1, "seed": 5, "game": "maumau", '
    '"seats": ["p", "q", "r"], "host": "h", "points": {"p": 0, "q": 2, "r": 0}, '
    '"ranks": [2, 1, 3], "winner": "q", "void": false, "regular": true, "cause": "REGULAR", '
    '"ending": "won", "moves": 31, "duration_s": 0.4, "slots": [{"bot": "p", "exit_code": null, '
    '"log": null}, {"bot": "q", "exit_code": 0, "log": "games/game-000004/seat1-q.log"}, '
    '{"bot": "r", "exit_code": null, "log": null}], '
    '"replay": "games/game-000004/transcript.jsonl.gz"}'
)


def test_an_old_run_line_loads() -> None:
    record = GameRecord.from_json(json.loads(OLD_RUN_LINE))
    assert (record.index, record.pair, record.seed, record.winner) == (3, 1, 42, "a")
    assert record.labels == ["a", "b"]
    assert record.move_raw_ms == [] and record.near_misses == []
    assert record.slots[1].runner_note == "late" and not record.slots[1].startup_failure
    assert (record.share_of("a"), record.share_of("b")) == (1.0, 0.0)
    assert (record.points_of("a"), record.points_of("b")) == (2, 0)
    assert not record.regular and record.move_times_ms == [3.5, 2000.1]


def test_old_tournament_lines_load() -> None:
    sc = GameRecord.from_json(json.loads(OLD_LEAGUE_LINE))
    assert (sc.round, sc.game, sc.labels, sc.ranks) == (1, "piranhas-2019", ["x", "y"], [1, 1])
    assert sc.share_of("x") == sc.share_of("y") == 0.5 and not sc.is_void()
    table = GameRecord.from_json(json.loads(OLD_MAUMAU_LINE))
    assert table.labels == ["p", "q", "r"] and table.ending == "won"
    assert [table.share_of(bot) for bot in table.labels] == [0.0, 1.0, 0.0]
    assert table.points_by_bot() == {"p": 0, "q": 2, "r": 0}


@pytest.mark.parametrize("line", [OLD_RUN_LINE, OLD_LEAGUE_LINE, OLD_MAUMAU_LINE])
def test_written_and_read_again_is_the_same_record(line: str) -> None:
    record = GameRecord.from_json(json.loads(line))
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert set(json.loads(line)) <= set(record.to_json())  # no key of the old line is lost


def test_a_run_record_keeps_its_keys() -> None:
    """The runner's line today (with every later field) comes out key for key."""
    data: dict[str, Any] = json.loads(OLD_RUN_LINE)
    data.update({"move_raw_ms": [3.6, 2250.0], "near_misses": [1]})
    data.update({"move_cpu_ms": [3.0, None], "clock": "cpu"})
    data["slots"][1].update({"startup_failure": True, "log_line": "Traceback"})
    data["slots"][0]["peak_memory_mb"] = 41.5
    assert GameRecord.from_json(data).to_json() == data


def test_an_infra_error_is_void_and_rates_nobody_in_a_run_and_a_tournament() -> None:
    for line in (OLD_RUN_LINE, OLD_LEAGUE_LINE):
        data = {**json.loads(line), "infra_error": True, "infra_replays": 2}
        record = GameRecord.from_json(data)
        assert record.is_void() and record.points_by_bot() == {}
        assert record.share_of("a") is None and record.points_of("x") is None
        assert GameRecord.from_json(record.to_json()) == record
        assert record.to_json()["infra_error"] and record.to_json()["infra_replays"] == 2


def test_a_void_run_game_scores_nobody() -> None:
    data = json.loads(OLD_RUN_LINE)
    data["bot_scores"] = {"a": None, "b": None}
    for slot in data["slots"]:
        slot["match_points"] = None
    record = GameRecord.from_json(data)
    assert record.is_void() and record.share_of("a") is None and record.points_of("a") is None


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"index": "seven"}, "index is not a whole number: 'seven'"),
        ({"index": True}, "index is not a whole number: True"),
        ({"slots": {"bot": "a"}}, "slots is not a list: \"{'bot': 'a'}\""),
        ({"slots": [7]}, "a slot is not an object"),
        ({"slots": [{"cause": "REGULAR"}]}, "bot is missing"),
        ({"bot_scores": {"a": "won"}}, "bot_scores: a value is not a number"),
        ({"points": {"a": 1.5}}, "points: a value is not a whole number"),
        ({"move_times_ms": [1, "x"]}, "move_times_ms: an entry is not a number"),
        ({"move_cpu_ms": [1, "x"]}, "move_cpu_ms: an entry is neither a number nor null"),
        ({"infra_error": 1}, "infra_error is not a boolean: '1'"),
        ({"regular": "yes"}, "regular is not a boolean: 'yes'"),
    ],
)
def test_a_line_that_is_no_record_is_named(change: dict[str, Any], reason: str) -> None:
    data = {**json.loads(OLD_RUN_LINE), **change}
    with pytest.raises(RecordError) as raised:
        GameRecord.from_json(data)
    assert str(raised.value) == reason


def test_a_line_without_an_index_or_not_an_object_is_refused() -> None:
    with pytest.raises(RecordError, match="index is missing"):
        GameRecord.from_json({"slots": []})
    with pytest.raises(RecordError, match="not a JSON object"):
        GameRecord.from_json([1, 2])
