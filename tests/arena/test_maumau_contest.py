"""Mau-Mau in the arena end to end with real processes: three teams upload Mau-Mau bots (a
``start.sh`` started as ``start.sh --host H --port P --name N``), each plays its validation
tables against ``random`` and is accepted (a bot that exits at once is not, with the
reason), the ladder fills tables of three, and the standings list all three teams with rated
games; a table's result keeps every seat's rank, its settings say the wall clock (the arena
serves on the CPU clock), its transcript is the replay the viewer reads, and ``arena
replay`` plays the table again locally."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.arena.processes import api, bot_folder, botarena, line_value, rows, serve, wait_for

GAME = "maumau"
TEAMS = ("alpha", "beta", "gamma")


def test_three_maumau_bots_are_validated_and_play_ladder_tables_of_three(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "arena"
    organiser = line_value(
        botarena("arena", "init", str(folder), "--organiser", "Olga").stdout, "token"
    )
    arena, url = serve(folder, "--workers", "2", "--queue", "2", "--clock", "cpu")
    try:
        for team in TEAMS:
            added = botarena("arena", "add-team", "--server", url, "--token", organiser, team)
            token = line_value(added.stdout, "token")
            bot = bot_folder(tmp_path, team, "random", game=GAME)
            sent = botarena(
                "arena", "submit", "--server", url, "--token", token, "--game", GAME, str(bot)
            )
            assert line_value(sent.stdout, "status") == "validating"
        added = botarena("arena", "add-team", "--server", url, "--token", organiser, "delta")
        broken = tmp_path / "delta"
        broken.mkdir()
        (broken / "start.sh").write_text("#!/bin/sh\necho 'no bot here' >&2\nexit 3\n")
        (broken / "start.sh").chmod(0o755)
        token = line_value(added.stdout, "token")
        botarena("arena", "submit", "--server", url, "--token", token, "--game", GAME, str(broken))

        def validated() -> dict[str, dict[str, Any]] | None:
            _, found = api(url, "/api/submissions", organiser)
            done = len(found) == 4 and all(s["status"] != "validating" for s in found)
            return {s["team"]: s for s in found} if done else None

        found = wait_for(validated, "four validated uploads")
        assert [found[team]["status"] for team in TEAMS] == ["accepted"] * 3, found
        assert found["delta"]["status"] == "error"  # a bot that never takes its seat
        assert "LEFT" in found["delta"]["reason"]
        assert "exited with code 3" in found["delta"]["reason"]
        validation = rows(
            folder,
            "SELECT m.id, COUNT(*) AS seats, SUM(s.builtin = 'random') AS random "
            "FROM matches m JOIN match_seats s ON s.match = m.id "
            "WHERE m.kind = 'validation' GROUP BY m.id",
        )
        assert [(r["seats"], r["random"]) for r in validation] == [(2, 1)] * 8

        def played() -> list[dict[str, Any]] | None:
            _, table = api(url, f"/api/standings?game={GAME}")
            return table if len(table) == 3 and all(r["games"] > 0 for r in table) else None

        table = wait_for(played, "a rated ladder table for every team")
        assert {row["team"] for row in table} == set(TEAMS)
        cli = botarena("arena", "standings", "--server", url, "--game", GAME, "--json")
        assert {row["team"] for row in json.loads(cli.stdout)} == set(TEAMS)

        # the first tables seat the teams accepted first; once all three are, tables of three
        ladder = wait_for(
            lambda: rows(
                folder,
                "SELECT * FROM matches m WHERE kind = 'ladder' AND status = 'done' "
                "AND (SELECT COUNT(*) FROM match_seats WHERE match = m.id) = 3 LIMIT 1",
            ),
            "a ladder table of three played",
        )[0]
        assert ladder["rated"]
        assert json.loads(ladder["settings"])["clock"] == "wall"
        seats = rows(folder, "SELECT * FROM match_seats WHERE match = ?", ladder["id"])
        assert {seat["label"] for seat in seats} == {f"{team}-v1" for team in TEAMS}
        assert 1 in {seat["rank"] for seat in seats}
        assert all(1 <= seat["rank"] <= 3 for seat in seats)
        assert all(seat["log"] is not None for seat in seats)
        status, page = api(url, f"/api/replay?path={ladder['id']}")
        assert status == 200, page
        assert page["stateCount"] > 1
        again = botarena(
            "arena", "replay", "--server", url, "--token", organiser, "--sandbox", "rlimit",
            str(ladder["id"]),
        )  # fmt: skip
        assert f"match {ladder['id']}, seed {ladder['seed']}:" in again.stdout
        assert again.stdout.count("in the arena:") == 3
    finally:
        arena.stop()
