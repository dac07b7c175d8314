"""The move list of a Mau-Mau replay: each turn in words, counted against what the official
dealer's harness recorded per bot (its valid plays and voluntary draws)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from botarena.conformance.fixture_io import read_bytes
from botarena.web.maumau_replay import parse_transcript
from tests.conftest import FIXTURES, fixture_files, plain_name


def meta(path: Path) -> dict[str, Any]:
    first_line: dict[str, Any] = json.loads(read_bytes(path).decode().splitlines()[0])
    return first_line


def is_json_game(path: Path) -> bool:
    """A JSON-lines game that was played and ended by the dealer itself, among bots of
    different names (the move words name the bot, so two bots of one name are one)."""
    info = meta(path)
    bots = info.get("result", {}).get("bots", [])
    names = [bot["name"] for bot in bots]
    return (
        info["result"].get("server_exited_by_itself") is True
        and len(set(names)) == len(names)
        and bots[0]["turns"] > 0  # the replay sees the table as the first connection does
        and "-isNetworkGame" not in info["server_args"]  # the plain-text protocol
        and info["scenario"] not in UNCOUNTED
    )


UNCOUNTED = {
    "handshake_pretty_printed": "the dealer reads the rest of a name sent over several lines "
    "as moves, with penalties the transcript does not tie to lines",
}


TRANSCRIPTS = [path for path in fixture_files(FIXTURES / "maumau", ".jsonl") if is_json_game(path)]


def official_counts(path: Path) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for bot in meta(path)["result"]["bots"]:
        counts[bot["assigned_name"], "plays"] = bot["valid_plays"]
        counts[bot["assigned_name"], "draws"] = bot["voluntary_draws"]
    return +counts


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=plain_name)
def test_moves_count_each_bots_plays_and_draws_as_the_official_harness(path: Path) -> None:
    replay = parse_transcript(read_bytes(path))
    assert len(replay["moves"]) == len(replay["states"])
    assert replay["moves"][0] is None  # the deal
    ours: Counter[tuple[str, str]] = Counter()
    for move in replay["moves"]:
        for name in replay["names"]:
            if move is not None and move.startswith(f"{name} plays "):
                ours[name, "plays"] += 1
            elif move == f"{name} draws":
                ours[name, "draws"] += 1
    assert ours == official_counts(path)


def test_a_jack_names_its_wish_and_an_eight_skips_the_next_seat() -> None:
    first = next(p for p in TRANSCRIPTS if plain_name(p) == "contest_3p_01.jsonl")
    replay = parse_transcript(read_bytes(first))
    assert replay["moves"][7] == "Alice plays Karo Bube, wishes Karo"
    assert replay["moves"][8:10] == ["Bob plays Karo 8", "Carol is skipped"]


def test_the_fixtures_cover_refused_cards_and_lenient_answers() -> None:
    """The counted games include a refused card (a penalty) and json-simple's lenient
    answers, so both readings are checked against the harness."""
    scenarios = {plain_name(path) for path in TRANSCRIPTS}
    assert {"wish_not_followed.jsonl", "lenient_json_accepted.jsonl"} <= scenarios
    assert len(scenarios) >= 10
