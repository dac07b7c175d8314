"""games.jsonl: one fsynced line per game, a cut-off last line and repeats are dropped."""

from __future__ import annotations

import json

import pytest

from botarena.league.store import GAMES_NAME, TournamentStore, TournamentStoreError
from botarena.runner.record import GameRecord


def line(index: int) -> dict[str, object]:
    return {"index": index, "seats": ["a", "b"], "points": {"a": 2, "b": 0}}


def record(index: int) -> GameRecord:
    return GameRecord.from_json(line(index))


def test_add_writes_files_then_the_line_and_refuses_a_repeat(tmp_path):
    store = TournamentStore.create(tmp_path, {"seed": 1})
    assert store.add(record(0), {"games/game-000000/replay.xml.gz": b"x"})
    assert not store.add(record(0), {})
    assert (tmp_path / "games/game-000000/replay.xml.gz").read_bytes() == b"x"
    lines = (tmp_path / GAMES_NAME).read_text().splitlines()
    assert [json.loads(line)["index"] for line in lines] == [0]


def test_a_game_file_outside_the_folder_is_refused(tmp_path):
    store = TournamentStore.create(tmp_path, {"seed": 1})
    with pytest.raises(TournamentStoreError, match="outside"):
        store.add(record(0), {"../evil": b""})


def test_resume_drops_a_cut_off_line_and_duplicates(tmp_path):
    store = TournamentStore.create(tmp_path, {"seed": 1})
    store.add(record(0), {})
    store.add(record(1), {})
    with (tmp_path / GAMES_NAME).open("a") as file:
        file.write(json.dumps(line(0)) + "\n")  # a repeat: the first line counts
        file.write('{"index": 2, "seats": ["a"')  # kill -9 in the middle of a line
    again = TournamentStore.resume(tmp_path)
    assert sorted(again.games) == [0, 1]
    again.add(record(2), {})
    lines = (tmp_path / GAMES_NAME).read_text().splitlines()
    assert [json.loads(line)["index"] for line in lines] == [0, 1, 2]


def test_create_refuses_a_used_folder_and_resume_needs_one(tmp_path):
    TournamentStore.create(tmp_path / "t", {"seed": 1})
    with pytest.raises(TournamentStoreError, match="--resume"):
        TournamentStore.create(tmp_path / "t", {"seed": 1})
    with pytest.raises(TournamentStoreError, match="does not exist"):
        TournamentStore.resume(tmp_path / "nothing")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "settings.json").write_text("[1]")
    with pytest.raises(TournamentStoreError, match="not a botarena tournament"):
        TournamentStore.resume(tmp_path / "bad")
