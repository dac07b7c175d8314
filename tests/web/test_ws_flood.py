"""Issue 23, finding 2: one WebSocket client's flood of valid requests is paid by that client.

The issue's flood (valid ``rooms`` / ``watch`` / ``unwatch`` as fast as a client can send
them) while a game of two real bot processes runs, over real sockets; the request budget runs
on a manual clock, so "the flooder waits" is a count, not a time: the server handles the
flooder's ``WS_REQUEST_BURST`` requests, then none until the clock moves, while another
client is answered at once and the game ends as it would without the flood.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter

from botarena.core import GameResult
from botarena.server.events import LobbyListener
from botarena.server.manual_clock import ManualClock
from botarena.server.room import Room
from botarena.web import limits
from botarena.web.hub import Viewer
from tests.event_loop import until
from tests.web.live_servers import live

FLOOD = 3000
"""Requests the flooder sends (the issue: 857k in 30 s from 10 clients)."""


class Finished(LobbyListener):
    def __init__(self) -> None:
        self.results: list[GameResult | None] = []
        self.event = asyncio.Event()

    def room_finished(self, room: Room, result: GameResult | None, result_xml: str | None) -> None:
        self.results.append(result)
        self.event.set()


def test_a_websocket_flood_waits_in_the_flooders_own_budget() -> None:
    clock = ManualClock()

    async def scenario() -> None:
        async with live(clock=clock) as servers:
            hub = servers.web.hub
            assert hub is not None
            handled: Counter[Viewer] = Counter()
            subscribe = hub.subscribe_rooms

            def counting(viewer: Viewer) -> None:
                handled[viewer] += 1
                subscribe(viewer)

            hub.subscribe_rooms = counting  # type: ignore[method-assign]
            finished = Finished()
            servers.sc.lobby.add_listener(finished)
            status, game = await servers.prepare(["random", "random"], await servers.token())
            assert status == 200
            room = game["roomId"]
            requests = [{"op": "rooms"}, {"op": "watch", "room": room}]
            requests.append({"op": "unwatch", "room": room})
            async with servers.http.ws_connect(f"{servers.base}/ws") as flooder:
                for index in range(FLOOD):
                    await flooder.send_str(json.dumps(requests[index % 3]))
                await until(lambda: sum(handled.values()) >= 1)
                (flooding,) = handled
                burst = limits.WS_REQUEST_BURST
                await until(lambda: handled[flooding] >= -(-burst // 3))
                async with servers.http.ws_connect(f"{servers.base}/ws") as other:
                    await other.send_str(json.dumps({"op": "rooms"}))
                    answer = json.loads((await other.receive()).data)
                    assert answer["type"] == "rooms"
                # the flooder's budget is spent: of its first BURST requests a third were
                # "rooms"; nothing more is handled until its budget refills
                assert handled[flooding] == -(-burst // 3)
                clock.advance(1.0)
                refilled = burst + int(limits.WS_REQUESTS_PER_S)
                await until(lambda: handled[flooding] == -(-refilled // 3))
                await asyncio.wait_for(finished.event.wait(), 120)
            (result,) = finished.results
            assert result is not None and result.is_regular

    asyncio.run(scenario())
