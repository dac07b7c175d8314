"""The final phase end to end with real processes: three teams' uploads are accepted while
the ladder runs (the active one cannot be retired), the organiser keeps replays private and
starts the final from the CLI, a late upload is refused with the reason, the ladder stops
for the game, the round robin plays by itself, and the final standings appear on the
leaderboard page, in ``final --status`` and in ``standings --final --json``; then the game's
replays are public."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from tests.arena.processes import api, bot_folder, botarena, line_value, rows, serve, wait_for

GAME = "piranhas"
TEAMS = {"alpha": "greedy", "beta": "random", "gamma": "random"}


def test_the_final_phase_freezes_uploads_plays_the_round_robin_and_publishes(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "arena"
    organiser = line_value(
        botarena("arena", "init", str(folder), "--organiser", "Olga").stdout, "token"
    )
    arena, url = serve(folder, "--workers", "2", "--queue", "2")
    try:
        private = {"private": True}
        assert api(url, "/api/replays", organiser, private)[1] == private
        tokens, submissions = {}, {}
        for team, player in TEAMS.items():
            added = botarena("arena", "add-team", "--server", url, "--token", organiser, team)
            tokens[team] = line_value(added.stdout, "token")
            bot = bot_folder(tmp_path, team, player)
            cli = ("arena", "submit", "--server", url, "--token", tokens[team], "--game", GAME)
            submissions[team] = int(line_value(botarena(*cli, str(bot)).stdout, "submission"))

        def accepted() -> list[dict[str, Any]] | None:
            _, found = api(url, "/api/submissions", organiser)
            return found if all(s["status"] == "accepted" for s in found) else None

        wait_for(accepted, "three accepted uploads")
        [validation] = rows(
            folder,
            "SELECT id FROM matches WHERE kind = 'validation' AND replay IS NOT NULL LIMIT 1",
        )
        replay = f"/api/matches/{validation['id']}/replay"
        active = str(submissions["alpha"])
        kept = botarena(
            "arena", "retire", "--server", url, "--token", tokens["alpha"], active, check=False
        )
        assert kept.returncode != 0 and "activate another before retiring it" in kept.stderr
        assert api(url, replay)[0] == 403  # private until the end

        final = ("arena", "final", "--server", url, "--token", organiser, "--game", GAME)
        final_standings = ("arena", "standings", "--server", url, "--game", GAME, "--final")
        early = botarena(*final_standings, check=False)
        assert early.returncode != 0 and "not published (final: none" in early.stderr
        started = botarena(*final, "--start")
        assert line_value(started.stdout, "final") == "playing"
        assert line_value(started.stdout, "matches").endswith("/6")  # 3 pairs, both ways
        late = botarena(
            "arena",
            "submit",
            "--server",
            url,
            "--token",
            tokens["beta"],
            "--game",
            GAME,
            str(bot_folder(tmp_path, "late", "random")),
            check=False,
        )
        assert late.returncode != 0 and "frozen: its final phase has started" in late.stderr

        def published() -> str | None:
            shown = botarena(*final).stdout
            return shown if line_value(shown, "final") == "done" else None

        shown = wait_for(published, "the final's six matches")
        assert line_value(shown, "matches") == "6/6"
        assert len(shown.splitlines()) == 2 + len(TEAMS)  # one line per team
        table = json.loads(botarena(*final_standings, "--json").stdout)
        assert {row["team"] for row in table} == set(TEAMS)
        for row in table:
            assert set(row) >= {"team", "submission", "elo", "low", "high", "games"}
            assert row["low"] <= row["elo"] <= row["high"] and row["games"] == 4
        assert [row["rank"] for row in table] == [1, 2, 3]
        # the ladder stopped: nothing but the final was queued once it started
        [[later]] = rows(
            folder,
            "SELECT COUNT(*) FROM matches WHERE final = 0 "
            "AND id > (SELECT MIN(id) FROM matches WHERE final = 1)",
        )
        assert later == 0
        with urllib.request.urlopen(url + "/", timeout=30) as response:
            page = response.read().decode()
        assert "final standings" in page and all(team in page for team in TEAMS)
        assert api(url, replay)[0] == 200  # public once the final is published
    finally:
        arena.stop()
