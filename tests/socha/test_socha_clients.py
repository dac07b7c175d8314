"""The real socha clients from PyPI play full games against botarena, as processes.

* socha 4.3.9 (Piranhas 2026) and socha 5.1.0 (Blokus 2027) each play ``GAMES`` games through
  ``botarena test`` (prepared rooms, reservations) against a built-in bot: every game must end
  regularly and every bot process must exit 0 (a socha client exits only on ``<left/>``).
* Two socha clients started without a reservation send ``<join/>`` without a gameType to a
  running server; they must meet in the server's default game and play it to the end.

The virtualenvs are built from PyPI once and cached (:mod:`tests.socha.sochaenv`); without
PyPI these tests fail with that message.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.registry import load_plugin
from botarena.server.results import GameResult
from botarena.server.room import Room
from tests.socha.sochaenv import BOTS, SOCHA_2026, SOCHA_2027, offline_env, socha_python

GAMES = 20
CONCURRENCY = 10
"""Games at once: a socha client mostly waits (it polls its socket every 0.1 s)."""
RUN_TIMEOUT_S = 600
"""Safety net for a hanging run (no timing assertion: the test fails only if it hangs)."""
SEASONS = {SOCHA_2026: "swc_2026_piranhas", SOCHA_2027: "swc_2027_blokus"}


def _bot_command(version: str) -> str:
    return f"{socha_python(version)} {BOTS[version]}"


@pytest.mark.parametrize("version", [SOCHA_2026, SOCHA_2027])
def test_socha_plays_regular_games_through_botarena_test(version: str, tmp_path: Path):
    out = tmp_path / "run"
    command = [
        sys.executable,
        "-m",
        "botarena",
        "test",
        "--game",
        SEASONS[version],
        "-n",
        str(GAMES),
        "--concurrency",
        str(CONCURRENCY),
        "--out",
        str(out),
        "--no-timeout",  # the test checks the protocol, not the speed of a busy machine
        _bot_command(version),
        "random",
    ]
    done = subprocess.run(
        command,
        env=offline_env(),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads((out / "summary.json").read_text())
    games = summary["games"]
    assert len(games) == GAMES
    for game in games:
        assert game["regular"], game
        assert [slot["cause"] for slot in game["slots"]] == ["REGULAR", "REGULAR"]
        assert [slot["exit_code"] for slot in game["slots"]] == [0, 0], game
    socha_seats = [slot for game in games for slot in game["slots"] if slot["bot"] != "random"]
    assert len(socha_seats) == GAMES  # one socha seat per game, both colours in turn


@pytest.mark.parametrize("version", [SOCHA_2026, SOCHA_2027])
def test_socha_without_reservation_joins_the_default_game(version: str):
    """``<join/>`` (no gameType) on a server offering every season: the default game is the
    one given; two such clients share a room and play it to a regular end."""
    game_type = SEASONS[version]
    python = socha_python(version)

    async def scenario() -> tuple[list[int | None], list[tuple[str, GameResult | None]]]:
        plugins = [load_plugin(g) for g in ("swc_2019_piranhas", *SEASONS.values())]
        config = ServerConfig(host="127.0.0.1", port=0, default_game=game_type, no_timeout=True)
        server = ScServer(config, plugins)
        await server.start()
        ended: list[tuple[str, GameResult | None]] = []

        def finished(room: Room, result: GameResult | None) -> None:
            ended.append((room.plugin.game_type, result))

        server.lobby.room_listeners.append(finished)
        try:
            processes = [
                await asyncio.create_subprocess_exec(
                    str(python),
                    str(BOTS[version]),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(server.port),
                    env=offline_env(),
                    stdout=asyncio.subprocess.DEVNULL,
                    stderr=asyncio.subprocess.DEVNULL,
                )
                for _ in range(2)
            ]
            codes = [await asyncio.wait_for(p.wait(), RUN_TIMEOUT_S) for p in processes]
        finally:
            await server.stop()
        return codes, ended

    codes, ended = asyncio.run(scenario())
    assert codes == [0, 0]
    assert len(ended) == 1
    played, result = ended[0]
    assert played == game_type
    assert result is not None and result.is_regular
