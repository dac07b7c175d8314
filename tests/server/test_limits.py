"""The server's named limits: connections, rooms, lingering finished players."""

from __future__ import annotations

import pytest

from botarena.server import lobby as lobby_module
from botarena.server.config import (
    FINISHED_PLAYER_GRACE_S,
    FIRST_MESSAGE_TIMEOUT_S,
    MAX_CONNECTIONS,
    PARTIAL_MESSAGE_TIMEOUT_S,
)
from tests.event_loop import until
from tests.server.scclient import GAME, Client, admin, join_two, run, running_server


def test_limits_have_sensible_defaults():
    assert MAX_CONNECTIONS >= 400  # 200 concurrent games
    assert FIRST_MESSAGE_TIMEOUT_S >= 10 and PARTIAL_MESSAGE_TIMEOUT_S >= 10
    assert FINISHED_PLAYER_GRACE_S == 10.0  # spec §12 Q3
    assert lobby_module.MAX_ROOMS >= 1000


@run
async def test_connections_beyond_the_limit_are_refused_without_a_byte():
    async with running_server(max_connections=2) as server:
        first = await Client.connect(server.port, "first")
        second = await Client.connect(server.port, "second")
        await until(lambda: len(server.connections) == 2)  # both accepted before the third
        third = await Client.connect(server.port, "third")
        await third.until_eof()
        assert bytes(third.raw) == b""
        await first.send(f'<join gameType="{GAME}"/>')
        await first.expect("joined")
        for client in (first, second, third):
            await client.close()


def test_rooms_beyond_the_limit_are_refused(monkeypatch):
    monkeypatch.setattr(lobby_module, "MAX_ROOMS", 1)

    @run
    async def scenario():
        async with running_server() as server:
            lonely = await Client.connect(server.port, "lonely")
            await lonely.send(f'<join gameType="{GAME}"/>')
            await lonely.expect("joined")
            boss = await admin(server.port)
            await boss.send(f'<prepare gameType="{GAME}"/>')
            await boss.until_eof()  # refused like an unknown game type: close element
            assert bytes(boss.raw).endswith(
                b"<sc.protocol.responses.CloseConnection/>\n</protocol>"
            )
            await lonely.close()

    scenario()


@pytest.mark.parametrize("grace", [0.2, 0.0])
def test_finished_players_are_closed_after_the_grace_period_only_if_set(grace):
    """Spec §12 Q3: linger after ``left`` for ``grace`` s (0 = never); admins stay."""

    @run
    async def scenario():
        async with running_server(finished_player_grace_s=grace, sweep_interval_s=0.05) as s:
            boss = await admin(s.port)
            red, blue, _ = await join_two(s.port)
            await blue.close()
            await red.expect_room("welcomeMessage")
            await red.expect_room("memento")
            await red.expect_room("sc.framework.plugins.protocol.MoveRequest")
            await red.expect_room("result")
            await red.expect("left")
            if grace:
                await red.until_eof(timeout=3)
                assert bytes(red.raw).endswith(b'"/>\n</protocol>')
            else:
                await red.silent(0.4)
                assert not red.eof
            await boss.expect("joinedGameRoom")
            await boss.expect("joinedGameRoom")
            await boss.silent(0.1)
            assert not boss.eof
            # a lingering player may start a new game on the same connection
            if not grace:
                await red.send(f'<join gameType="{GAME}"/>')
                await red.expect("joined")
            await red.close()
            await boss.close()

    scenario()
