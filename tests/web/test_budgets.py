"""Issue 23, finding 1: what requests to the UI can start is bounded, and what nobody joins
expires (over real sockets; the caps are set low where the mechanism is the same: the issue's
10,000 prepares become 40 against ``MAX_PREPARED_ROOMS`` = 4; expiry on a manual clock)."""

from __future__ import annotations

import asyncio
import json

import pytest

from botarena.server.manual_clock import ManualClock
from botarena.web import admin, budgets, human, limits
from tests.event_loop import until
from tests.web.live_servers import live


def test_prepared_rooms_are_bounded_and_expire(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budgets, "MAX_PREPARED_ROOMS", 4)
    monkeypatch.setattr(budgets, "MAX_PREPARED_ROOMS_PER_CLIENT", 3)
    clock = ManualClock()

    async def scenario() -> None:
        async with live(clock=clock) as servers:
            first, second = await servers.token(), await servers.token()
            answers = [await servers.prepare(["open", "open"], first) for _ in range(20)]
            answers += [await servers.prepare(["open", "open"], second) for _ in range(20)]
            made = [body for status, body in answers if status == 200]
            refused = [body for status, body in answers if status != 200]
            assert len(made) == 4 and len(servers.sc.lobby.rooms) == 4
            assert {status for status, _ in answers if status != 200} == {503}
            assert "MAX_PREPARED_ROOMS_PER_CLIENT=3" in refused[0]
            assert "MAX_PREPARED_ROOMS=4" in refused[-1]
            clock.advance(limits.PREPARED_ROOM_EXPIRY_S - 1)
            assert (await servers.prepare(["open", "open"], first))[0] == 503
            clock.advance(1)
            await until(lambda: not servers.sc.lobby.rooms)  # cancelled by the UI
            assert servers.web.hub is not None
            for body in made:
                record = servers.web.hub.record(body["roomId"])
                assert record is not None and record.status == "closed"  # never played
                assert "expired" in (record.result_text or "")
                assert "PREPARED_ROOM_EXPIRY_S" in (record.result_text or "")
            status, again = await servers.prepare(["open", "open"], first)
            assert status == 200, again

    asyncio.run(scenario())


def test_bot_processes_started_by_the_ui_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budgets, "MAX_UI_BOT_PROCESSES", 2)

    async def scenario() -> None:
        async with live() as servers:
            token = await servers.token()
            status, _ = await servers.prepare(["random", "open"], token)  # the bot waits
            assert status == 200 and admin.running_bots() == 1
            status, text = await servers.prepare(["random", "random"], token)
            assert status == 503 and "MAX_UI_BOT_PROCESSES=2" in text
            assert admin.running_bots() == 1 and len(servers.sc.lobby.rooms) == 1

    asyncio.run(scenario())


def test_human_seats_are_bounded_per_page_and_expire(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = ManualClock()

    async def scenario() -> None:
        async with live(clock=clock) as servers:
            token = await servers.token()
            answers = [await servers.prepare(["human", "open"], token) for _ in range(33)]
            held = [body for status, body in answers if status == 200]
            assert len(held) == limits.MAX_HUMAN_SEATS_PER_CLIENT
            assert "MAX_HUMAN_SEATS_PER_CLIENT" in answers[-1][1]
            seats = [servers.web.seats[body["human"]] for body in held]
            lobby = servers.sc.lobby
            await until(lambda: len(lobby.reservations) == len(held))  # the seats sit
            taken = seats[0]
            async with servers.http.ws_connect(f"{servers.base}/ws") as ws:
                await ws.send_str(json.dumps({"op": "seat", "seat": taken.token}))
                turn = json.loads((await ws.receive()).data)
                assert turn["type"] == "turn" and not turn["expired"]
                clock.advance(limits.HUMAN_SEAT_EXPIRY_S)
                assert seats[1].expired and not taken.expired
                await until(lambda: seats[1].over)
                hub = servers.web.hub
                assert hub is not None and seats[1].room_id is not None
                await until(lambda: seats[1].room_id in hub.finished)
                closed = hub.finished[seats[1].room_id]
                assert closed.status == "closed"  # the live list says so, no winner
                assert closed.result_words is not None and closed.result_words["winner"] is None
                assert closed.result_words["text"].startswith(
                    "closed: the human seat was abandoned"
                )
                status, _ = await servers.prepare(["human", "open"], token)
                assert status == 200  # the expired seat no longer counts

    asyncio.run(scenario())


def test_a_taken_seat_whose_browser_left_is_abandoned_and_its_room_closed() -> None:
    clock = ManualClock()

    async def scenario() -> None:
        async with live(clock=clock) as servers:
            token = await servers.token()
            status, body = await servers.prepare(["human", "open"], token)
            assert status == 200
            seat = servers.web.seats[body["human"]]
            await until(lambda: len(servers.sc.lobby.reservations) == 1)  # the seat sits
            async with servers.http.ws_connect(f"{servers.base}/ws") as ws:
                await ws.send_str(json.dumps({"op": "seat", "seat": seat.token}))
                assert json.loads((await ws.receive()).data)["type"] == "turn"
            await until(lambda: not seat.viewers)  # the server saw the browser leave
            clock.advance(limits.HUMAN_SEAT_EXPIRY_S - 1)
            assert not seat.expired  # a browser may still come back
            async with servers.http.ws_connect(f"{servers.base}/ws") as ws:
                await ws.send_str(json.dumps({"op": "seat", "seat": seat.token}))
                assert not json.loads((await ws.receive()).data)["expired"]
                clock.advance(limits.HUMAN_SEAT_EXPIRY_S)
                assert not seat.expired  # watched: it waits for its human
            await until(lambda: not seat.viewers)
            clock.advance(limits.HUMAN_SEAT_EXPIRY_S)
            assert seat.expired
            hub = servers.web.hub
            assert hub is not None and seat.room_id is not None
            await until(lambda: seat.room_id in hub.finished)
            closed = hub.finished[seat.room_id]
            assert closed.status == "closed"
            assert closed.result_words is not None
            assert closed.result_words["text"].startswith(
                "closed: the human seat was abandoned: its browser left"
            )

    asyncio.run(scenario())


def test_human_seats_in_all_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budgets, "MAX_HUMAN_SEATS", 1)
    assert human.MAX_HUMAN_SEATS > 1

    async def scenario() -> None:
        async with live() as servers:
            assert (await servers.prepare(["human", "open"], await servers.token()))[0] == 200
            status, text = await servers.prepare(["human", "open"], await servers.token())
            assert status == 503 and "MAX_HUMAN_SEATS=1" in text

    asyncio.run(scenario())
