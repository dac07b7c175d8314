"""The web UI's limits, each by its name (no browser)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.web import admin, budgets, limits, replays
from botarena.web import app as web_app
from botarena.web import hub as hub_module
from botarena.web.app import WebConfig, WebServer, handle_request
from botarena.web.hub import RECORD_SEPARATOR, LiveHub, Viewer
from botarena.web.replays import AccessError, FileRoots, ReplayError
from tests.conftest import FIXTURES


def fake_room(room_id: str) -> Any:
    return SimpleNamespace(
        room_id=room_id,
        plugin=SimpleNamespace(game_type="swc_2019_piranhas"),
        display_names=lambda: ["a", "b"],
    )


def frame_messages(frame: str) -> list[dict[str, Any]]:
    """A frame's messages as ``frameMessages`` in ``static/api.js`` reads them: a room
    snapshot takes the state records that follow it into its replay."""
    messages: list[dict[str, Any]] = []
    for part in frame.split(RECORD_SEPARATOR):
        if part.startswith("S\t"):
            _, room, index, ms, xml = part.split("\t", 4)
            last = messages[-1] if messages else {}
            taking = last.get("type") == "room" and last.get("room") == room
            if taking and len(last["replay"]["states"]) < last["stateCount"]:
                replay = last["replay"]
                replay["states"].append(xml)
                replay["moveMs"].append(float(ms) if ms else None)
                continue
            messages.append({"type": "state", "room": room, "index": int(index), "xml": xml})
        else:
            messages.append(json.loads(part))
    return messages


async def _no_send(text: str) -> None:
    raise AssertionError("not sent in this test")


def test_viewer_queue_overflow_becomes_one_snapshot() -> None:
    hub = LiveHub()
    viewer = Viewer(hub, _no_send)
    room = fake_room("r1")
    hub.room_created(room)
    hub.watch(viewer, "r1")
    viewer.extra_snapshots.append(lambda: json.dumps({"type": "turn"}))  # a human seat
    for turn in range(limits.VIEWER_QUEUE_LIMIT + 5):
        hub.room_state(room, f"<state turn='{turn}'/>", None)
    assert viewer.resync and len(viewer.queue) < limits.VIEWER_QUEUE_LIMIT
    sent: list[str] = []

    async def send(text: str) -> None:
        sent.append(text)
        viewer.close()

    viewer.send = send
    hub.flush_viewers()
    asyncio.run(viewer.run())
    (frame,) = sent
    snapshot, turn_offer = frame_messages(frame)
    assert snapshot["type"] == "room" and turn_offer == {"type": "turn"}
    assert len(snapshot["replay"]["states"]) == limits.VIEWER_QUEUE_LIMIT + 5


def test_states_per_room_and_finished_rooms_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_module, "MAX_STATES_PER_ROOM", 3)
    monkeypatch.setattr(hub_module, "MAX_FINISHED_ROOMS", 2)
    hub = LiveHub()
    for index in range(3):
        room = fake_room(f"r{index}")
        hub.room_created(room)
        for turn in range(5):
            hub.room_state(room, f"<state turn='{turn}'/>", None)
        assert len(hub.rooms[room.room_id].states) == 3
        hub.room_finished(room, None, None)
    assert list(hub.finished) == ["r1", "r2"]


def test_watched_rooms_per_viewer_are_bounded() -> None:
    hub = LiveHub()
    viewer = Viewer(hub, _no_send, limit=10_000)
    for index in range(limits.MAX_WATCHED_ROOMS + 1):
        hub.room_created(fake_room(f"r{index}"))
    errors = [hub.watch(viewer, f"r{index}") for index in range(limits.MAX_WATCHED_ROOMS + 1)]
    assert errors[:-1] == [None] * limits.MAX_WATCHED_ROOMS
    assert "MAX_WATCHED_ROOMS" in (errors[-1] or "")


def test_websocket_requests_are_validated() -> None:
    hub = LiveHub()
    viewer = Viewer(hub, _no_send)
    assert handle_request(hub, viewer, "{") == "not JSON"
    assert handle_request(hub, viewer, "[1]") == "a request is a JSON object"
    too_long = "x" * (limits.MAX_ROOM_ID_LENGTH + 1)
    assert "at most" in (
        handle_request(hub, viewer, json.dumps({"op": "watch", "room": too_long})) or ""
    )
    assert "unknown op" in (handle_request(hub, viewer, json.dumps({"op": "x", "room": "r"})) or "")
    assert handle_request(hub, viewer, json.dumps({"op": "rooms"})) is None


def test_room_list_updates_are_coalesced() -> None:
    async def scenario() -> None:
        hub = LiveHub()
        viewer = Viewer(hub, _no_send)
        hub.add_viewer(viewer)
        hub.subscribe_rooms(viewer)
        assert len(viewer.queue) == 1
        room = fake_room("r")
        hub.room_created(room)
        for turn in range(10):
            hub.room_state(room, f"<state turn='{turn}'/>", None)
        assert len(viewer.queue) == 1  # nothing yet: one flush is pending
        assert hub._list_flush is not None
        hub._list_flush.cancel()
        hub._flush_list()
        assert len(viewer.queue) == 2
        assert json.loads(viewer.queue[-1])["type"] == "roomsChanged"
        assert (
            limits.ROOM_LIST_INTERVAL_S > 0 and hub.list_interval_s == limits.ROOM_LIST_INTERVAL_S
        )

    asyncio.run(scenario())


def test_no_path_traversal(tmp_path: Path) -> None:
    (tmp_path / "served").mkdir()
    (tmp_path / "served" / "a.xml").write_text("<protocol/>")
    (tmp_path / "secret.xml").write_text("<protocol/>")
    roots = FileRoots.of([tmp_path / "served"])
    assert roots.resolve(0, "a.xml").name == "a.xml"
    for bad in ("../secret.xml", "/etc/passwd", "a.xml\x00", "sub/../../secret.xml"):
        with pytest.raises(AccessError):
            roots.resolve(0, bad)
    with pytest.raises(AccessError):
        roots.resolve(1, "a.xml")
    (tmp_path / "served" / "link.xml").symlink_to(tmp_path / "secret.xml")
    with pytest.raises(AccessError):
        roots.resolve(0, "link.xml")


def test_listing_and_file_size_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for index in range(5):
        (tmp_path / f"r{index}.xml").write_text("<protocol>" + " " * 100 + "</protocol>")
    monkeypatch.setattr(replays, "MAX_LISTED_FILES", 3)
    assert len(FileRoots.of([tmp_path]).listing()) == 3
    monkeypatch.setattr(replays, "MAX_REPLAY_BYTES", 50)
    with pytest.raises(ReplayError, match="MAX_REPLAY_BYTES"):
        replays.read_bytes(tmp_path / "r0.xml")


async def _with_server(scenario: Any, hub: LiveHub | None = None) -> None:
    server = WebServer(WebConfig(port=0, sc_port=9, admin_password="x"), hub or LiveHub())
    await server.start()
    try:
        async with aiohttp.ClientSession() as session:
            await scenario(session, server)
    finally:
        await server.stop()


async def _session_headers(session: aiohttp.ClientSession, server: WebServer) -> dict[str, str]:
    """The headers of the UI's own page: a session token (``POST /api/session``)."""
    async with session.post(f"http://127.0.0.1:{server.port}/api/session", json={}) as answer:
        token = (await answer.json())["token"]
    return {limits.SESSION_HEADER: token}


def test_bad_websocket_clients_are_dropped() -> None:
    async def scenario(session: aiohttp.ClientSession, server: WebServer) -> None:
        url = f"http://127.0.0.1:{server.port}/ws"
        async with session.ws_connect(url) as ws:
            await ws.send_str("x" * (limits.MAX_WS_MESSAGE_BYTES + 1))
            message = await ws.receive()
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        async with session.ws_connect(url) as ws:
            for _ in range(limits.MAX_BAD_MESSAGES):
                await ws.send_str("not json")
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
            assert ws.closed

    asyncio.run(_with_server(scenario))


def test_viewers_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_app, "MAX_VIEWERS", 1)

    async def scenario(session: aiohttp.ClientSession, server: WebServer) -> None:
        url = f"http://127.0.0.1:{server.port}/ws"
        async with session.ws_connect(url) as first:
            await first.send_str(json.dumps({"op": "rooms"}))
            await first.receive()  # the first viewer is registered
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(url)
            assert refused.value.status == 503

    asyncio.run(_with_server(scenario))


def test_prepare_body_is_bounded() -> None:
    async def scenario(session: aiohttp.ClientSession, server: WebServer) -> None:
        url = f"http://127.0.0.1:{server.port}/api/prepare"
        headers = await _session_headers(session, server)
        headers["Content-Type"] = "application/json"
        body = b"x" * (limits.MAX_PREPARE_BYTES + 1)
        async with session.post(url, data=body, headers=headers) as response:
            assert response.status == 413

    asyncio.run(_with_server(scenario))


def test_view_serves_files_only(tmp_path: Path) -> None:
    replay = FIXTURES / "server-protocol-19.2.1" / "R_replay_file.xml"

    async def scenario() -> None:
        server = WebServer(WebConfig(port=0, roots=[replay]))
        await server.start()
        base = f"http://127.0.0.1:{server.port}"
        try:
            async with aiohttp.ClientSession() as session:
                async with session.get(f"{base}/api/info") as response:
                    info = await response.json()
                assert info["live"] is False and info["admin"] is False
                ids = {game["id"] for game in info["games"]}
                assert {"piranhas-2019", "blokus-2021", "maumau-2017"} <= ids
                async with session.get(f"{base}/ws") as response:
                    assert response.status == 404
                async with session.get(f"{base}/api/replay?root=0&path=") as response:
                    replay_json = await response.json()
                assert replay_json["game"] == "piranhas-2019"
                assert len(replay_json["states"]) == 3
                async with session.get(f"{base}/api/replay?root=0&path=../x") as response:
                    assert response.status == 404  # a single-file root serves only that file
                async with session.get(f"{base}/api/replay?root=5&path=") as response:
                    assert response.status == 404
                async with session.get(f"{base}/static/boards/piranhas-2019.js") as response:
                    assert response.status == 200
                async with session.get(f"{base}/static/../app.py") as response:
                    assert response.status in (403, 404)
        finally:
            await server.stop()

    asyncio.run(scenario())


def test_cli_offers_the_web_ui() -> None:
    serve_help = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "--web-port" in serve_help and "--no-web" in serve_help
    assert "--web-name" in serve_help
    view_help = CliRunner().invoke(cli, ["view", "--help"]).output
    assert "replay files" in view_help
    missing = CliRunner().invoke(cli, ["view", "/nonexistent/replay.xml"])
    assert missing.exit_code != 0 and "does not exist" in missing.output


def test_a_browser_that_does_not_take_a_message_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web_app, "VIEWER_SEND_TIMEOUT_S", 0)
    assert limits.VIEWER_SEND_TIMEOUT_S > 0

    async def scenario() -> None:
        never: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        with pytest.raises(TimeoutError):
            await web_app.bounded_send(never)

    asyncio.run(scenario())


def test_human_seats_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budgets, "MAX_HUMAN_SEATS", 0)

    async def scenario(session: aiohttp.ClientSession, server: WebServer) -> None:
        body = {"game": "piranhas-2019", "state": None, "seats": ["human", "random"]}
        url = f"http://127.0.0.1:{server.port}/api/prepare"
        headers = await _session_headers(session, server)
        async with session.post(url, json=body, headers=headers) as response:
            assert response.status == 503
            assert "MAX_HUMAN_SEATS" in await response.text()

    asyncio.run(_with_server(scenario))


def test_a_silent_game_server_fails_prepare(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admin, "ADMIN_REPLY_TIMEOUT_S", 0)

    async def scenario() -> None:
        silent = await asyncio.start_server(lambda reader, writer: None, "127.0.0.1", 0)
        port = silent.sockets[0].getsockname()[1]
        body = {"game": "piranhas-2019", "state": None, "seats": ["open", "open"]}
        try:
            with pytest.raises(admin.PrepareError, match="did not answer"):
                await admin.prepare_from_state("127.0.0.1", port, "pw", body)
            with pytest.raises(admin.PrepareError, match="unknown seat"):
                await admin.prepare_from_state(
                    "127.0.0.1", port, "pw", dict(body, seats=["x", "open"])
                )
            with pytest.raises(admin.PrepareError, match="not a piranhas-2019 state"):
                await admin.prepare_from_state(
                    "127.0.0.1", port, "pw", dict(body, state="<state/>")
                )
        finally:
            silent.close()
            await silent.wait_closed()

    asyncio.run(scenario())
