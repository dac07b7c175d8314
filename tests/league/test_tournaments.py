"""Every format completes for Piranhas 2019, Blokus 2021 and Mau-Mau with six bots, one of
them a command bot, on the real engine (embedded servers, bot processes, TCP)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.league.helpers import (
    BLOKUS_COMMAND,
    MAUMAU_EXAMPLE,
    PIRANHAS_EXAMPLE,
    games_of,
    replay_text,
    run,
    standings_of,
)

FIELDS = {
    "piranhas-2019": ["random", "random", "random", "greedy", "random", PIRANHAS_EXAMPLE],
    "blokus-2021": ["random", "random", "random", "random", "greedy", BLOKUS_COMMAND],
    "maumau": ["random", "random", "heuristic", "heuristic", "random", MAUMAU_EXAMPLE],
}
FORMAT_OPTIONS: dict[str, dict[str, Any]] = {
    "roundrobin": {"games_per_pairing": 1},
    "gauntlet": {"challenger": "greedy"},
    "swiss": {"rounds": 2},
    "ko": {"best_of": 1},
}
REPLAY_START = {
    "piranhas-2019": "<!-- botarena game-type: swc_2019_piranhas -->\n<protocol>",
    "blokus-2021": "<!-- botarena game-type: swc_2021_blokus -->\n<protocol>",
    "maumau": '{"type": "meta"',
}


@pytest.mark.parametrize("fmt", sorted(FORMAT_OPTIONS))
@pytest.mark.parametrize("game", sorted(FIELDS))
def test_every_format_completes(tmp_path, game, fmt):
    options = dict(FORMAT_OPTIONS[fmt])
    bots = list(FIELDS[game])
    if fmt == "gauntlet":
        options["challenger"] = "greedy" if game != "maumau" else "heuristic"
        bots.remove(options["challenger"])
    outcome = run(tmp_path, game, fmt, bots, seed=5, **options)
    assert outcome.complete
    document = standings_of(tmp_path)
    records = games_of(tmp_path)
    assert sorted(r["index"] for r in records) == list(range(document["games_scheduled"]))
    assert len(document["standings"]) == 6
    assert sum(row["points"] for row in document["standings"]) == sum(
        sum(r["points"].values()) for r in records
    ) + 2 * len(document["byes"])
    for record in records:
        assert record["replay"] is not None, record["cause"]
        assert replay_text(tmp_path, record).startswith(REPLAY_START[game])
    command_games = [r for r in records if "cmd" in r["seats"]]
    assert command_games, "the command bot played"
    for record in command_games:
        slot = record["slots"][record["seats"].index("cmd")]
        assert (tmp_path / slot["log"]).is_file()
    report = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<svg" in report and "<script" not in report and "http://" not in report.split("<svg")[0]
    assert all(f'href="{r["replay"]}"' in report for r in records)
    cross = (tmp_path / "crosstable.csv").read_text().splitlines()
    assert cross[0].split(",")[1:] == [row["bot"] for row in document["standings"]]
    if game == "maumau":
        assert "openskill" in document["ratings"]
    else:
        assert set(document["ratings"]["elo"]["bots"]) == {r["bot"] for r in document["standings"]}
    if fmt == "ko":
        assert document["ko"]["champion"] == document["standings"][0]["bot"]


def test_maumau_tables_of_three_rotate_seats(tmp_path):
    # Four bots make the C(4, 3) = 4 tables: enough to see every table played with rotated
    # seats (six bots made 20 tables and 60 games that proved nothing more).
    bots = ["random", "random", "heuristic", "heuristic"]
    outcome = run(tmp_path, "maumau", "roundrobin", bots, seed=3, table_size=3, games_per_pairing=3)
    assert outcome.complete
    records = games_of(tmp_path)
    assert len(records) == 4 * 3
    assert len({tuple(sorted(r["seats"])) for r in records}) == 4  # every table of three
    first = sorted(records, key=lambda r: r["index"])[:3]
    assert [r["seats"] for r in first] == [
        first[0]["seats"],
        first[0]["seats"][1:] + first[0]["seats"][:1],
        first[0]["seats"][2:] + first[0]["seats"][:2],
    ]
    assert len({r["seed"] for r in first}) == 1
    assert "elo" not in standings_of(tmp_path)["ratings"]


def test_same_seed_same_standings(tmp_path):
    bots = ["random", "random", "greedy"]
    run(tmp_path / "one", "piranhas-2019", "roundrobin", bots, seed=21)
    run(tmp_path / "two", "piranhas-2019", "roundrobin", bots, seed=21, concurrency=1)
    assert (
        standings_of(tmp_path / "one")["standings"] == standings_of(tmp_path / "two")["standings"]
    )
