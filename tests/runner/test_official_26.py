"""``botarena test --server`` against a server that reads the admin requests like the official
26.x one (``<authenticate password=…/>`` only, no ``loadGameInfo`` in ``prepare``): our server
behind :class:`Official26Proxy`, over real TCP."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.client.sc_connection import AsyncScConnection
from botarena.games.registry import load_plugin
from botarena.protocol import sc_client
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_client import Received, ServerClosed
from botarena.protocol.sc_profiles import PROFILE_2019
from botarena.runner.hosts import initial_state
from tests.runner.fake_official_server import Official26Proxy
from tests.runner.test_runner import ServerThread

PASSWORD = "s3cret"
SEASONS_26 = ["swc_2026_piranhas", "swc_2027_blokus"]


@pytest.fixture(scope="module")
def official() -> Iterator[Official26Proxy]:
    with ServerThread(PASSWORD) as server:
        proxy = Official26Proxy(server.port)
        asyncio.run_coroutine_threadsafe(proxy.start(), server.loop).result(10)
        try:
            yield proxy
        finally:
            asyncio.run_coroutine_threadsafe(proxy.stop(), server.loop).result(10)


@pytest.mark.parametrize("game_type", SEASONS_26)
def test_botarena_test_server_completes_games_on_an_official_26_server(
    official, tmp_path, game_type
):
    drops_before = len(official.dropped)
    out = tmp_path / "run"
    remote = ["--server", f"127.0.0.1:{official.port}", "--password", PASSWORD]
    run_options = ["--game", game_type, "-n", "2", "--seed", "3", "--out", str(out)]
    result = CliRunner().invoke(cli, ["test", *run_options, *remote, "random", "greedy"])
    assert result.exit_code == 0, result.output
    games = json.loads((out / "summary.json").read_text())["games"]
    assert [g["index"] for g in games] == [0, 1]
    assert all(g["regular"] and sum(g["bot_scores"].values()) == 1 for g in games)
    assert official.passwords_read[-1] == PASSWORD  # logged in the 2020+ way
    assert len(official.dropped) == drops_before  # and never sent a loadGameInfo


async def _prepare_answer(port: int, *requests: msg.Request) -> msg.ServerMessage | str:
    """The first answer to ``requests`` that is a message, or ``"closed"``."""
    connection = await AsyncScConnection.open("127.0.0.1", port)
    try:
        for request in requests:
            connection.send(request)
        async for event in connection.events():
            if isinstance(event, Received) and not isinstance(event.message, msg.Observed):
                return event.message
            if isinstance(event, ServerClosed):
                return "closed"
        return "closed"
    finally:
        connection.abort()


def test_the_fake_reads_only_password_and_drops_a_prepare_with_a_start_position(official):
    profile = load_plugin("swc_2026_piranhas").profile
    slots = [msg.SlotDescriptor("a"), msg.SlotDescriptor("b")]
    plain = sc_client.prepare("swc_2026_piranhas", slots, profile)
    started = sc_client.prepare(
        "swc_2026_piranhas", slots, profile, start=initial_state("swc_2026_piranhas", 1)
    )
    port = official.port

    answer = asyncio.run(_prepare_answer(port, sc_client.authenticate(PASSWORD, profile), plain))
    assert isinstance(answer, msg.Prepared) and len(answer.reservations) == 2

    old_login = sc_client.authenticate(PASSWORD, PROFILE_2019)  # passphrase="…"
    answer = asyncio.run(_prepare_answer(port, old_login, plain))
    assert not isinstance(answer, msg.Prepared)  # refused: no password was given
    assert official.passwords_read[-1] is None

    drops = len(official.dropped)
    answer = asyncio.run(_prepare_answer(port, sc_client.authenticate(PASSWORD, profile), started))
    assert answer == "closed"
    assert official.dropped[drops:] == ["prepare with loadGameInfo"]
