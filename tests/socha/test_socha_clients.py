"""The real socha clients from PyPI play full games against botarena, as processes.

* socha 4.3.9 (Piranhas 2026) and socha 5.1.0 (Blokus 2027) each play ``GAMES`` games through
  ``botarena test`` (prepared rooms, reservations) against a built-in bot: every game must end
  regularly and every bot process must exit 0 (a socha client exits only on ``<left/>``).
* A socha bot whose first move is illegal gets the official rule violation and still exits 0.
* Two socha clients started without a reservation send ``<join/>`` without a gameType to a
  running server; they must meet in the server's default game and play it to the end.

The virtualenvs are built from PyPI once and cached (:mod:`tests.socha.sochaenv`); without
PyPI these tests fail with that message.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from botarena.core import GameResult
from botarena.games.registry import load_plugin
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.events import FinishedGame, LobbyListener
from tests.socha.sochaenv import (
    BOTS,
    SOCHA_2026,
    SOCHA_2027,
    SochaUnavailableError,
    closed_port,
    offline_env,
    socha_python,
)

GAMES = 10
CONCURRENCY = 10
"""Games at once: a socha client mostly waits (it polls its socket every 0.1 s)."""
RUN_TIMEOUT_S = 600
"""Safety net for a hanging run (no timing assertion: the test fails only if it hangs)."""
SEASONS = {SOCHA_2026: "swc_2026_piranhas", SOCHA_2027: "swc_2027_blokus"}


def _bot_command(version: str) -> str:
    return f"{socha_python(version)} {BOTS[version]}"


def _botarena_test(
    version: str,
    games: int,
    out: Path,
    env: dict[str, str],
    *,
    timeouts: bool = False,
) -> list[dict[str, Any]]:
    """``botarena test --game SEASON -n GAMES "PY socha_bot.py" random``; the games' records.
    Without ``timeouts`` the run has ``--no-timeout`` (the protocol tests do not measure the
    speed of a busy machine); with them, the season's official limits and move grace."""
    command = [
        sys.executable,
        "-m",
        "botarena",
        "test",
        "--game",
        SEASONS[version],
        "-n",
        str(games),
        "--concurrency",
        str(CONCURRENCY),
        "--out",
        str(out),
        *(() if timeouts else ("--no-timeout",)),
        _bot_command(version),
        "random",
    ]
    done = subprocess.run(
        command,
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    records: list[dict[str, Any]] = json.loads((out / "summary.json").read_text())["games"]
    assert len(records) == games
    return records


@pytest.mark.parametrize("version", [SOCHA_2026, SOCHA_2027])
def test_socha_plays_regular_games_through_botarena_test(version: str, tmp_path: Path):
    games = _botarena_test(version, GAMES, tmp_path / "run", offline_env())
    for game in games:
        assert game["regular"], game
        assert [slot["cause"] for slot in game["slots"]] == ["REGULAR", "REGULAR"]
        assert [slot["exit_code"] for slot in game["slots"]] == [0, 0], game
    socha_seats = [slot["bot"] for game in games for slot in game["slots"]]
    assert socha_seats.count("random") == GAMES  # one socha seat per game, sides swapped


ILLEGAL_REASONS = {
    SOCHA_2026: "Das Startfeld ist kein Piranha des eigenen Teams bei "
    "'Schwimme von [0|0] in Richtung UP'",
    SOCHA_2027: "Der erste Zug muss den festgelegten Spielstein setzen",
}
"""The official ``InvalidMoveException`` messages of the bots' illegal first moves."""


@pytest.mark.parametrize("version", [SOCHA_2026, SOCHA_2027])
def test_an_illegal_socha_move_gets_the_official_violation(version: str, tmp_path: Path):
    """The socha bot's first move is illegal (``BOTARENA_SOCHA_ILLEGAL=1``): it loses by
    ``RULE_VIOLATION`` with the official reason, gets the result and ``left`` and exits 0."""
    env = {**offline_env(), "BOTARENA_SOCHA_ILLEGAL": "1"}
    for game in _botarena_test(version, 2, tmp_path / "run", env):
        socha = next(slot for slot in game["slots"] if slot["bot"] != "random")
        other = next(slot for slot in game["slots"] if slot["bot"] == "random")
        assert socha["cause"] == "RULE_VIOLATION"
        assert socha["reason"] == (
            f"Regelverletzung von {socha['bot']}: {ILLEGAL_REASONS[version]}"
        )
        assert other["cause"] == "REGULAR" and other["match_points"] == 2
        assert [slot["exit_code"] for slot in game["slots"]] == [0, 0], game


@pytest.mark.parametrize("version", [SOCHA_2026, SOCHA_2027])
def test_socha_without_reservation_joins_the_default_game(version: str, tmp_path: Path):
    """``<join/>`` (no gameType) on a server offering every season: the default game is the
    one given; two such clients share a room and play it to a regular end. They send no
    name: their seats are ``socha (ONE)`` and ``socha (TWO)``, also in the replay."""
    game_type = SEASONS[version]
    python = socha_python(version)

    async def scenario() -> tuple[list[int], list[tuple[str, GameResult | None, list[str]]]]:
        plugins = [load_plugin(g) for g in ("swc_2019_piranhas", *SEASONS.values())]
        config = ServerConfig(
            host="127.0.0.1",
            port=0,
            default_game=game_type,
            no_timeout=True,
            save_replay=True,
            replay_dir=tmp_path,
        )
        server = ScServer(config, plugins)
        await server.start()
        ended: list[tuple[str, GameResult | None, list[str]]] = []

        class Finished(LobbyListener):
            def game_finished(self, game: FinishedGame) -> None:
                ended.append((game.game_type, game.result, list(game.display_names)))

        server.lobby.add_listener(Finished())
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
    played, result, names = ended[0]
    assert played == game_type
    assert result is not None and result.is_regular
    assert names == ["socha (ONE)", "socha (TWO)"]
    (replay,) = tmp_path.iterdir()
    players = etree.fromstring(replay.read_bytes()).iterfind("room/data/scores/entry/player")
    assert [list(player.items()) for player in players] == [
        [("name", "socha (ONE)"), ("team", "ONE")],
        [("name", "socha (TWO)"), ("team", "TWO")],
    ]


def test_without_pypi_the_build_fails_with_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """No PyPI (every index at a closed local port): a clear error, never a skip."""
    closed = f"http://127.0.0.1:{closed_port()}/simple"
    monkeypatch.setenv("BOTARENA_CACHE", str(tmp_path))
    for name, value in {
        "PIP_INDEX_URL": closed,
        "PIP_EXTRA_INDEX_URL": "",
        "PIP_FIND_LINKS": "",
        "PIP_RETRIES": "0",
        "PIP_DEFAULT_TIMEOUT": "5",
        "PIP_CONFIG_FILE": os.devnull,
    }.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SochaUnavailableError, match=r"install socha==4\.3\.9 from PyPI"):
        socha_python(SOCHA_2026)
    assert not list(tmp_path.glob("socha-*-py*[0-9]"))  # no half-built environment is kept
