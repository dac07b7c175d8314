"""The live hub's coalescing, driven by explicit flush calls (no event loop, no clock)."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

from botarena.web.hub import LiveHub, Viewer
from tests.web.test_limits import fake_room, frame_messages


def collecting_viewer(hub: LiveHub) -> tuple[Viewer, list[str]]:
    frames: list[str] = []

    async def send(text: str) -> None:
        frames.append(text)

    viewer = Viewer(hub, send, limit=10_000)
    hub.add_viewer(viewer)
    return viewer, frames


def write_once(viewer: Viewer) -> None:
    """Let ``viewer``'s writer take one wake-up (if the hub woke it), then stop it."""

    async def scenario() -> None:
        writer = asyncio.create_task(viewer.run())
        await asyncio.sleep(0)  # the writer writes what the flush woke it for
        viewer.closed = True
        viewer._ready.set()
        await writer

    asyncio.run(scenario())


def test_one_flush_wakes_each_viewer_once_with_everything_queued() -> None:
    hub = LiveHub()
    room = fake_room("r")
    hub.room_created(room)
    viewers = [collecting_viewer(hub) for _ in range(3)]
    for viewer, _ in viewers:
        hub.watch(viewer, "r")
    for turn in range(5):
        hub.room_state(room, f"<state turn='{turn}'/>", 1.5)
    assert len(hub._to_wake) == 3  # each viewer once, however many states came
    hub.flush_viewers()
    assert not hub._to_wake
    for viewer, frames in viewers:
        write_once(viewer)
        (frame,) = frames
        snapshot, *states = frame_messages(frame)
        assert snapshot["type"] == "room" and snapshot["replay"]["states"] == []
        assert [state["xml"] for state in states] == [f"<state turn='{t}'/>" for t in range(5)]
        assert [state["index"] for state in states] == list(range(5))


def test_states_go_to_viewers_as_one_shared_text() -> None:
    hub = LiveHub()
    room = fake_room("r")
    hub.room_created(room)
    (first, _), (second, _) = collecting_viewer(hub), collecting_viewer(hub)
    hub.watch(first, "r")
    hub.watch(second, "r")
    hub.room_state(room, "<state/>", None)
    assert first.queue[-1] is second.queue[-1]


def test_a_room_nobody_watches_only_records_its_states() -> None:
    hub = LiveHub()
    room = fake_room("r")
    hub.room_created(room)
    bystander, _ = collecting_viewer(hub)
    for turn in range(3):
        hub.room_state(room, f"<state turn='{turn}'/>", None)
    assert hub.rooms["r"].states == [f"<state turn='{t}'/>" for t in range(3)]
    assert not bystander.queue and not hub._to_wake and not hub._changed


def test_a_snapshot_carries_every_state_so_far() -> None:
    hub = LiveHub()
    room = fake_room("r")
    hub.room_created(room)
    hub.room_started(room)
    for turn in range(4):
        hub.room_state(room, f'<state turn="{turn}" note="a\tb"/>', None if turn == 0 else 2.0)
    viewer, frames = collecting_viewer(hub)
    assert hub.watch(viewer, "r") is None
    hub.flush_viewers()
    write_once(viewer)
    (snapshot,) = frame_messages(frames[0])
    assert snapshot["stateCount"] == 4
    assert snapshot["replay"]["states"] == hub.rooms["r"].states
    assert snapshot["replay"]["moveMs"] == [None, 2.0, 2.0, 2.0]
    assert snapshot["replay"]["names"] == ["a", "b"]


def test_room_list_updates_carry_only_what_changed() -> None:
    hub = LiveHub()
    viewer, _ = collecting_viewer(hub)
    hub.subscribe_rooms(viewer)
    quiet, busy = fake_room("quiet"), fake_room("busy")
    hub.room_created(quiet)
    hub.room_created(busy)
    hub._flush_list()  # by hand: no event loop here
    hub.room_started(busy)
    for turn in range(20):
        hub.room_state(busy, f"<state turn='{turn}'/>", None)
    hub._flush_list()
    hub._flush_list()  # nothing changed since: nothing sent
    full, created, changed = (json.loads(text) for text in viewer.queue)
    assert full == {"type": "rooms", "rooms": []}
    assert [room["id"] for room in created["rooms"]] == ["quiet", "busy"]
    assert changed["type"] == "roomsChanged" and changed["removed"] == []
    (busy_summary,) = changed["rooms"]
    assert busy_summary["id"] == "busy" and busy_summary["turn"] == 19
    assert busy_summary["status"] == "running"


def test_rooms_evicted_from_the_list_are_announced_as_removed(monkeypatch: Any) -> None:
    from botarena.web import hub as hub_module  # noqa: PLC0415

    monkeypatch.setattr(hub_module, "MAX_FINISHED_ROOMS", 1)
    hub = LiveHub()
    viewer, _ = collecting_viewer(hub)
    hub.subscribe_rooms(viewer)
    for name in ("old", "new"):
        room = fake_room(name)
        hub.room_created(room)
        hub.room_finished(room, None, None)
    hub._flush_list()
    update = json.loads(viewer.queue[-1])
    assert update["removed"] == ["old"]
    assert [room["id"] for room in update["rooms"]] == ["new"]
    assert update["rooms"][0]["order"] > 0


def test_rooms_of_any_server_go_through_the_same_calls() -> None:
    hub = LiveHub()
    hub.open_room("maumau-1", "maumau")
    hub.start_room("maumau-1", ["x", "y"])
    hub.add_state("maumau-1", "<state/>", None)
    hub.finish_room("maumau-1", ["x", "y"], None, "x won")
    record = hub.finished["maumau-1"]
    assert (record.names, record.states, record.result_text) == (["x", "y"], ["<state/>"], "x won")
    assert SimpleNamespace(**record.summary()).status == "finished"


def test_who_watches_before_the_start_is_told_the_players() -> None:
    hub = LiveHub()
    room = fake_room("r")
    hub.room_created(room)
    viewer, frames = collecting_viewer(hub)
    hub.watch(viewer, "r")
    hub.room_started(room)
    hub.flush_viewers()
    write_once(viewer)
    snapshot, players = frame_messages(frames[0])
    assert snapshot["replay"]["names"] == []  # watched before anyone was seated
    assert players["type"] == "players" and players["room"] == "r"
    assert [player["name"] for player in players["players"]] == ["a", "b"]
