"""The arena's API in-process (aiohttp's test server on a real socket): auth on every route,
roles, members and session cookies, per-client request budgets on a manual clock, body
limits, cross-site requests, and the pages."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from botarena.arena.app import API_REQUEST_BURST, COOKIE_NAME, MAX_JSON_BYTES, ArenaSite
from botarena.arena.service import Arena, init_folder
from botarena.server.auth_throttle import AUTH_FREE_FAILURES, AUTH_MAX_DELAY_S, TOO_MANY_FAILURES
from botarena.server.manual_clock import ManualClock
from tests.arena.test_uploads import START, make_zip


def run(folder: Path, body: Callable[..., Awaitable[None]]) -> None:
    organiser = init_folder(folder, "Olga")

    async def main() -> None:
        arena = Arena(folder, clock=lambda: 1000.0)
        clock = ManualClock()
        site = ArenaSite(arena, clock)
        async with TestClient(TestServer(site.app)) as client:
            await body(client, organiser, clock)
        arena.close()

    asyncio.run(main())


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def new_team(client: Any, organiser: str, name: str) -> tuple[str, str]:
    response = await client.post("/api/teams", json={"name": name}, headers=bearer(organiser))
    assert response.status == 200
    answer = await response.json()
    return answer["token"], answer["join_key"]


PROTECTED = [
    ("POST", "/api/teams"),
    ("GET", "/api/submissions"),
    ("POST", "/api/submissions?game=piranhas"),
    ("POST", "/api/submissions/1/activate"),
    ("POST", "/api/submissions/1/retire"),
    ("POST", "/api/final"),
    ("POST", "/api/challenges"),
    ("POST", "/api/ladder"),
    ("GET", "/api/organiser"),
    ("POST", "/api/worker/next-match"),
    ("POST", "/api/worker/heartbeat"),
    ("POST", "/api/worker/fail"),
    ("POST", "/api/worker/result"),
    ("POST", "/api/worker/blob"),
    ("GET", "/api/worker/blob/" + "ab" * 32),
]


def test_every_protected_route_refuses_without_a_token(tmp_path: Path) -> None:
    async def body(client: Any, organiser: str, clock: ManualClock) -> None:
        for method, path in PROTECTED:
            response = await client.request(method, path, json={})
            assert response.status == 403, (method, path)
            response = await client.request(method, path, json={}, headers=bearer("forged"))
            assert response.status == 403, (method, path)

    run(tmp_path / "arena", body)


def test_roles_teams_cannot_act_as_organiser_or_worker(tmp_path: Path) -> None:
    async def body(client: Any, organiser: str, clock: ManualClock) -> None:
        team, _ = await new_team(client, organiser, "alpha")
        for path in ("/api/teams", "/api/ladder", "/api/final", "/api/worker/next-match"):
            response = await client.post(
                path, json={"name": "x", "worker": "w"}, headers=bearer(team)
            )
            assert response.status == 403
            assert "role" in (await response.json())["error"]
        response = await client.post(
            "/api/submissions?game=piranhas",
            data=make_zip({"start.sh": START}),
            headers=bearer(organiser),
        )
        assert response.status == 403  # only a team uploads
        response = await client.post(
            "/api/submissions?game=chess", data=make_zip({"start.sh": START}), headers=bearer(team)
        )
        assert response.status == 400
        assert "the arena plays piranhas-2019" in (await response.json())["error"]
        response = await client.post(
            "/api/submissions?game=piranhas", data=make_zip({"bot.sh": START}), headers=bearer(team)
        )
        assert "no start.sh" in (await response.json())["error"]
        response = await client.post(
            "/api/submissions?game=piranhas",
            data=make_zip({"start.sh": START}),
            headers=bearer(team),
        )
        assert (await response.json())["status"] == "validating"
        response = await client.post(
            "/api/teams", json={"name": "alpha"}, headers=bearer(organiser)
        )
        assert response.status == 400 and "exists already" in (await response.json())["error"]

    run(tmp_path / "arena", body)


def test_members_join_log_in_and_see_their_team_page(tmp_path: Path) -> None:
    async def body(client: Any, organiser: str, clock: ManualClock) -> None:
        _, join_key = await new_team(client, organiser, "alpha")
        response = await client.post(
            "/api/join", json={"join_key": "wrong", "name": "ann", "password": "long password"}
        )
        assert response.status == 403
        response = await client.post(
            "/api/join", json={"join_key": join_key, "name": "ann", "password": "short"}
        )
        assert response.status == 400
        response = await client.post(
            "/api/join", json={"join_key": join_key, "name": "ann", "password": "long password"}
        )
        assert response.status == 200
        response = await client.post(
            "/api/login", json={"team": "alpha", "name": "ann", "password": "wrong password"}
        )
        assert response.status == 403
        page = await (await client.get("/team")).text()
        assert "log in" in page
        response = await client.post(
            "/api/login", json={"team": "alpha", "name": "ann", "password": "long password"}
        )
        assert response.status == 200 and COOKIE_NAME in response.cookies
        page = await (await client.get("/team")).text()
        assert "uploads" in page and "challenge" in page
        # a session's POST must be JSON (a cross-site form cannot send that)
        response = await client.post("/api/challenges", data="opponent=1")
        assert response.status == 415
        response = await client.post(
            "/api/challenges", json={"opponent": 1}, headers={"Origin": "http://evil.example"}
        )
        assert response.status == 403

    run(tmp_path / "arena", body)


def test_wrong_passwords_are_throttled(tmp_path: Path) -> None:
    async def body(client: Any, organiser: str, clock: ManualClock) -> None:
        _, join_key = await new_team(client, organiser, "alpha")
        member = {"join_key": join_key, "name": "ann", "password": "long password"}
        assert (await client.post("/api/join", json=member)).status == 200
        wrong = {"team": "alpha", "name": "ann", "password": "guess guess"}
        statuses = [(await client.post("/api/login", json=wrong)).status for _ in range(5)]
        assert statuses[:AUTH_FREE_FAILURES] == [403] * AUTH_FREE_FAILURES
        assert 429 in statuses
        right = wrong | {"password": "long password"}
        response = await client.post("/api/login", json=right)
        assert response.status == 429  # checked only after the wait
        assert TOO_MANY_FAILURES in (await response.json())["error"]
        clock.advance(AUTH_MAX_DELAY_S)
        assert (await client.post("/api/login", json=right)).status == 200

    run(tmp_path / "arena", body)


def test_a_clients_request_budget_refills_with_time(tmp_path: Path) -> None:
    async def body(client: Any, organiser: str, clock: ManualClock) -> None:
        statuses = [
            (await client.get("/api/standings?game=piranhas")).status
            for _ in range(API_REQUEST_BURST + 1)
        ]
        assert statuses[:-1] == [200] * API_REQUEST_BURST and statuses[-1] == 429
        clock.advance(1.0)
        assert (await client.get("/api/standings?game=piranhas")).status == 200
        # the organiser is not budgeted
        for _ in range(API_REQUEST_BURST + 1):
            response = await client.get("/api/organiser", headers=bearer(organiser))
            assert response.status == 200

    run(tmp_path / "arena", body)


def test_bodies_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def body(client: Any, organiser: str, clock: ManualClock) -> None:
        response = await client.post(
            "/api/teams",
            data=b"{" + b" " * MAX_JSON_BYTES + b"}",
            headers=bearer(organiser) | {"Content-Type": "application/json"},
        )
        assert response.status == 400 and "larger than" in (await response.json())["error"]
        response = await client.post("/api/teams", data=b"[1]", headers=bearer(organiser))
        assert "not a JSON object" in (await response.json())["error"]
        response = await client.post(
            "/api/worker/result",
            json={"worker": "w", "result": {"match": 1}},
            headers=bearer(organiser),
        )
        assert response.status == 400 and "missing" in (await response.json())["error"]

    run(tmp_path / "arena", body)


def test_the_pages_render(tmp_path: Path) -> None:
    async def body(client: Any, organiser: str, clock: ManualClock) -> None:
        page = await (await client.get("/")).text()
        assert "<table>" in page and "μ ± σ" in page and "new WebSocket" in page
        assert "organiser token" in await (await client.get("/organiser")).text()
        assert (await client.get("/match/99")).status == 404
        state = await (await client.get("/api/organiser", headers=bearer(organiser))).json()
        assert state["queue"] == {"queued": 0, "leased": 0, "done": 0, "error": 0}
        assert state["ladder_running"] is True
        answer = await client.post(
            "/api/ladder", json={"running": False}, headers=bearer(organiser)
        )
        assert (await answer.json())["running"] is False
        state = await (await client.get("/api/organiser", headers=bearer(organiser))).json()
        assert state["ladder_running"] is False and state["replays_private"] is False

    run(tmp_path / "arena", body)


def test_the_final_and_retiring_over_http(tmp_path: Path) -> None:
    async def body(client: Any, organiser: str, clock: ManualClock) -> None:
        team, _ = await new_team(client, organiser, "alpha")
        upload = await client.post(
            "/api/submissions?game=piranhas",
            data=make_zip({"start.sh": START}),
            headers=bearer(team),
        )
        submission = (await upload.json())["id"]
        response = await client.post(f"/api/submissions/{submission}/retire", headers=bearer(team))
        assert response.status == 400 and "is validating" in (await response.json())["error"]
        response = await client.get("/api/final?game=piranhas")
        assert (await response.json()) == {
            "game": "piranhas-2026",
            "status": "none",
            "played": 0,
            "total": 0,
            "rows": [],
        }
        response = await client.post(
            "/api/final", json={"game": "piranhas"}, headers=bearer(organiser)
        )
        assert response.status == 400
        assert "needs two accepted active uploads" in (await response.json())["error"]
        response = await client.post("/api/final", json={}, headers=bearer(organiser))
        assert response.status == 400 and "game is missing" in (await response.json())["error"]
        assert "start the final phase" in await (await client.get("/organiser")).text()
        state = await (await client.get("/api/organiser", headers=bearer(organiser))).json()
        assert state["finals"] == {}

    run(tmp_path / "arena", body)
