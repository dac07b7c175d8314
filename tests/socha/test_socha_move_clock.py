"""Issue 22: a socha 4.3.9 bot tuned on the official 26.x server does not time out on
botarena. The bot thinks 1.85 s from its ``calculate_move`` call (as contest bots budget their
time) while both cores are loaded by busy loops; the official server gives it the state's
parsing for free (it starts the clock after a full GC), botarena gives it the season's move
grace. It must complete every game through ``botarena test`` and on the server ``botarena
serve`` runs, while a bot that thinks 2.3 s still gets the official soft timeout.

These are the only tests with a bot that takes real time: the move limit is real seconds.
The bot thinks only for its first ``SLOW_MOVES`` moves (then it plays at once), which keeps
the tests short; every slow move meets the real clock. The tests themselves never sleep.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from botarena.games.registry import load_plugin
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.events import FinishedGame, LobbyListener
from tests.socha.sochaenv import BOTS, SOCHA_2026, offline_env, socha_python
from tests.socha.test_socha_clients import RUN_TIMEOUT_S, SEASONS, _botarena_test

GAME = SEASONS[SOCHA_2026]
TUNED_THINK_S = "1.85"
SLOW_THINK_S = "2.3"
SLOW_MOVES = "3"
BUSY_LOOPS = 2
"""One per core of the test machine."""


@pytest.fixture
def loaded_cores() -> Iterator[None]:
    """``BUSY_LOOPS`` processes spinning for the whole test, killed at its end."""
    loops = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(BUSY_LOOPS)
    ]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def _thinking_env(think_s: str) -> dict[str, str]:
    return {
        **offline_env(),
        "BOTARENA_SOCHA_THINK_S": think_s,
        "BOTARENA_SOCHA_SLOW_MOVES": SLOW_MOVES,
    }


def _socha_moves(game: dict) -> list[float]:  # type: ignore[type-arg]
    socha = next(slot["bot"] for slot in game["slots"] if slot["bot"] != "random")
    return [
        raw for bot, raw in zip(game["move_bots"], game["move_raw_ms"], strict=True) if bot == socha
    ]


def test_a_bot_thinking_1_85_s_completes_every_game_through_botarena_test(
    loaded_cores: None, tmp_path: Path
):
    games = _botarena_test(
        SOCHA_2026, 2, tmp_path / "run", _thinking_env(TUNED_THINK_S), timeouts=True
    )
    for game in games:
        assert game["regular"], game["cause"]
        assert [slot["cause"] for slot in game["slots"]] == ["REGULAR", "REGULAR"]
        slow = [raw for raw in _socha_moves(game) if raw >= 1850.0]
        assert len(slow) == int(SLOW_MOVES)  # its slow moves met the real clock


def test_a_bot_thinking_1_85_s_completes_its_game_on_the_server_of_serve(loaded_cores: None):
    python = socha_python(SOCHA_2026)

    async def scenario() -> tuple[list[int], list[FinishedGame]]:
        plugin = load_plugin(GAME)
        config = ServerConfig(host="127.0.0.1", port=0, default_game=GAME)  # official limits
        server = ScServer(config, [plugin])
        await server.start()
        ended: list[FinishedGame] = []

        class Finished(LobbyListener):
            def game_finished(self, game: FinishedGame) -> None:
                ended.append(game)

        server.lobby.add_listener(Finished())
        try:
            processes = [
                await asyncio.create_subprocess_exec(
                    str(python),
                    str(BOTS[SOCHA_2026]),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(server.port),
                    env=env,
                    stdout=asyncio.subprocess.DEVNULL,
                    stderr=asyncio.subprocess.DEVNULL,
                )
                for env in (_thinking_env(TUNED_THINK_S), offline_env())
            ]
            codes = [await asyncio.wait_for(p.wait(), RUN_TIMEOUT_S) for p in processes]
        finally:
            await server.stop()
        return codes, ended

    codes, ended = asyncio.run(scenario())
    assert codes == [0, 0]
    [game] = ended
    assert game.result is not None and game.result.is_regular
    assert sum(1 for move in game.moves if move.raw_ms >= 1850.0) == int(SLOW_MOVES)


def test_a_bot_thinking_2_3_s_gets_the_official_soft_timeout(tmp_path: Path):
    env = {**_thinking_env(SLOW_THINK_S), "BOTARENA_SOCHA_SLOW_MOVES": "1"}
    [game] = _botarena_test(SOCHA_2026, 1, tmp_path / "run", env, timeouts=True)
    socha = next(slot for slot in game["slots"] if slot["bot"] != "random")
    assert socha["cause"] == "SOFT_TIMEOUT"
    assert socha["reason"] == (
        f"{socha['bot']} hat fuer die Antwort auf die Zugaufforderung laenger als 2 Sekunden "
        "gebraucht."
    )
