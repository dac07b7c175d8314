"""Issue 23, finding 1: no other site's page (nor a DNS-rebinding one) acts through the UI.

The requests are the ones of the issue, over real sockets: a foreign page's ``POST
/api/prepare`` with ``Origin: http://evil.example`` and ``Content-Type: text/plain`` (no
preflight needed), a foreign ``Host`` (DNS rebinding) on ``/api/files``, ``/api/info`` and
``/api/prepare``, and ``/ws`` from a foreign ``Origin``.
"""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from botarena.server.manual_clock import ManualClock
from botarena.web import admin
from botarena.web.guard import Sessions, host_allowed, origin_allowed
from botarena.web.limits import SESSION_HEADER
from tests.web.live_servers import PASSWORD, live

EVIL = "http://evil.example"
PREPARE = json.dumps({"game": "piranhas-2019", "state": None, "seats": ["random", "random"]})


def test_a_foreign_page_cannot_prepare_a_game() -> None:
    async def scenario() -> None:
        async with live() as servers:
            url = f"{servers.base}/api/prepare"
            headers = {"Origin": EVIL, "Content-Type": "text/plain"}
            for _ in range(30):  # the issue's 30 requests (103 child processes before)
                async with servers.http.post(url, data=PREPARE, headers=headers) as answer:
                    assert answer.status == 403
                    assert "other sites" in await answer.text()
            # without an Origin (not a browser) text/plain is still no JSON request
            plain = {"Content-Type": "text/plain", SESSION_HEADER: await servers.token()}
            async with servers.http.post(url, data=PREPARE, headers=plain) as answer:
                assert answer.status == 415
            # a page's JSON request without the session token its own page reads
            async with servers.http.post(
                url, data=PREPARE, headers={"Content-Type": "application/json"}
            ) as answer:
                assert answer.status == 403 and SESSION_HEADER in await answer.text()
            assert servers.sc.lobby.rooms == {}
            assert admin.running_bots() == 0

    asyncio.run(scenario())


def test_a_foreign_host_is_refused_everywhere() -> None:
    async def scenario() -> None:
        async with live() as servers:
            rebinding = {"Host": f"evil.example:{servers.web.port}"}
            for path in ("/api/files", "/api/info", "/", "/static/app.js"):
                async with servers.http.get(servers.base + path, headers=rebinding) as answer:
                    assert answer.status == 421, path
            token = await servers.token()
            async with servers.http.post(
                f"{servers.base}/api/prepare",
                data=PREPARE,
                headers={**rebinding, "Content-Type": "application/json", SESSION_HEADER: token},
            ) as answer:
                assert answer.status == 421
                assert "reservation" not in await answer.text()
            assert servers.sc.lobby.rooms == {}
            name = f"localhost:{servers.web.port}"
            own = {"Host": name, "Origin": f"http://{name}"}
            async with servers.http.get(f"{servers.base}/api/info", headers=own) as answer:
                assert answer.status == 200

    asyncio.run(scenario())


def test_the_websocket_refuses_a_foreign_origin() -> None:
    async def scenario() -> None:
        async with live() as servers:
            url = f"{servers.base}/ws"
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await servers.http.ws_connect(url, origin=EVIL)
            assert refused.value.status == 403
            async with servers.http.ws_connect(url, origin=servers.base) as ws:
                await ws.send_str(json.dumps({"op": "rooms"}))
                assert json.loads((await ws.receive()).data)["type"] == "rooms"

    asyncio.run(scenario())


def test_beyond_loopback_admin_takes_the_password_once() -> None:
    clock = ManualClock()

    async def scenario() -> None:
        async with live(web_host="127.0.0.2", clock=clock) as servers:  # beyond loopback
            assert servers.web.needs_password
            viewer = await servers.token()
            status, text = await servers.prepare(["open", "open"], viewer)
            assert status == 403 and "password" in text
            guess = {"password": "examplepassword"}
            async with servers.http.post(f"{servers.base}/api/session", json=guess) as answer:
                assert answer.status == 403  # wrong: no session
            organiser = await servers.token(PASSWORD)  # the password, sent once
            for _ in range(2):  # then the session alone
                status, prepared = await servers.prepare(["open", "open"], organiser)
                assert status == 200 and len(prepared["codes"]) == 2
            forged = organiser.replace("admin.", "admin.x", 1)
            assert (await servers.prepare(["open", "open"], forged))[0] == 403

    asyncio.run(scenario())


def test_host_and_origin_rules() -> None:
    assert host_allowed("127.0.0.1:13080", "127.0.0.1")
    assert host_allowed("localhost:13080", "127.0.0.1")
    assert host_allowed("[::1]:13080", "127.0.0.1")
    assert not host_allowed("evil.example:13080", "127.0.0.1")
    assert not host_allowed(None, "127.0.0.1")
    assert not host_allowed("192.0.2.7:13080", "127.0.0.1")
    assert host_allowed("192.0.2.7:13080", "0.0.0.0")  # an address of this machine
    assert not host_allowed("evil.example", "0.0.0.0")
    assert host_allowed("arena.lan:13080", "0.0.0.0", ["arena.lan"])
    assert origin_allowed(None, "127.0.0.1:13080")
    assert origin_allowed("http://127.0.0.1:13080", "127.0.0.1:13080")
    assert not origin_allowed("http://127.0.0.1:13081", "127.0.0.1:13080")
    assert not origin_allowed("null", "127.0.0.1:13080")
    assert not origin_allowed(EVIL, "127.0.0.1:13080")
    sessions = Sessions()
    token = sessions.issue(admin=False)
    assert sessions.check(token) is not None and not sessions.check(token).admin  # type: ignore[union-attr]
    assert sessions.check(token.replace("view.", "admin.", 1)) is None
    assert Sessions().check(token) is None  # another server run's token
