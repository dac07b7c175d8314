"""Issue 23 finding 2 (runner part): a ``step`` for a room that already ended — sent late by
a runner whose reading fell behind — is the end of that room, not of the admin connection
or of the next ``prepare`` (before: the server's refusal failed the pending prepare)."""

from __future__ import annotations

import asyncio

from botarena.games.registry import load_plugin
from botarena.protocol import sc_messages as msg
from botarena.runner.hosts import RemoteHost
from botarena.server import ScServer, ServerConfig, SlotDescriptor

GAME = "swc_2026_piranhas"  # 2026+: the server refuses with an errorpacket, keeps the connection
PASSWORD = "organiser-secret"


def _slots() -> list[SlotDescriptor]:
    return [SlotDescriptor(name, can_timeout=True, reserved=True) for name in ("a", "b")]


async def _scenario() -> tuple[bool, list[str], bool]:
    config = ServerConfig(host="127.0.0.1", port=0, password=PASSWORD, default_game=GAME)
    server = ScServer(config, [load_plugin(GAME)])
    await server.start()
    host = RemoteHost("127.0.0.1", server.port, PASSWORD)
    await host.connect()
    try:
        first = await host.prepare(GAME, _slots(), seed=1, replay_path=None)
        first.force_start()  # nobody joined: the room ends at once (both seats LEFT)
        await first.finished
        host.send(msg.Step(first.room_id, True))  # the late step: the room is gone
        first.force_start()  # and the runner itself sends nothing for an ended room
        second = await host.prepare(GAME, _slots(), seed=2, replay_path=None)
        second.abort("the test is over")
        end = await second.finished
        return first.finished.done(), list(second.reservations), end.result is not None
    finally:
        await host.close()
        await server.stop()


def test_a_late_step_ends_nothing_but_its_room():
    first_ended, reservations, second_ended = asyncio.run(_scenario())
    assert first_ended
    assert len(reservations) == 2  # the next prepare was answered on the same connection
    assert second_ended  # its cancel went over the same connection: a result came back
