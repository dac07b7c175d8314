"""The arena's HTTP API, pages and WebSocket (aiohttp, like ``botarena.web``).

Routes (``T``: a bearer token or a member's session cookie, with the role named)::

    GET  /                          the leaderboard (server-rendered; live over /ws)
    GET  /team                      the member's team page (cookie)
    GET  /match/{id}                a match: seats, result, replay and (own) logs
    GET  /ws                        standings pushed as they change
    GET  /viewer#replay?path=ID     the web UI's replay viewer on a match (/static, /api/info,
                                    /api/replay?path=ID&from=N)
    GET  /api/standings?game=G      leaderboard rows (JSON)
    GET  /api/matches[?game=G]      the latest matches
    GET  /api/matches/{id}          one match
    GET  /api/matches/{id}/replay   its replay (gzipped XML)
    GET  /api/matches/{id}/log/{seat}  a seat's log: its own team or the organiser only
    POST /api/teams                 {"name"} -> token and join key (organiser)
    POST /api/join                  {"join_key", "name", "password"} -> a member
    POST /api/login                 {"team", "name", "password"} -> session cookie
    GET  /api/submissions           the team's (organiser: all) uploads (team)
    POST /api/submissions?game=G    the ZIP as body -> id and status (team)
    POST /api/submissions/{id}/activate  (team)
    POST /api/submissions/{id}/retire    never paired again; not the active one (team)
    POST /api/challenges            {"opponent"} (team)
    POST /api/ladder                {"running"} (organiser)
    POST /api/replays               {"private"}: replays for the organiser and the match's
                                    own teams only, until the end (organiser)
    GET  /api/final?game=G          the final phase: status, matches played, and once
                                    done its standings (Bradley-Terry Elo ± 95 % CI)
    POST /api/final                 {"game"}: freeze uploads, stop the game's ladder, queue
                                    the full round robin (organiser)
    GET  /api/organiser             teams, workers, queue, finals (organiser)
    POST /api/worker/next-match | heartbeat | fail | result | blob   (worker or organiser)
    GET  /api/worker/blob/{sha}     (worker or organiser)

Every request is counted against its client's budget (:data:`API_REQUESTS_PER_S`; workers
and the organiser are not), bodies are bounded per route, a cross-site ``Origin`` is refused
(``web.guard.origin_allowed``) and a ``POST`` with a cookie must be JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import WSMsgType, web

from botarena.arena import pages
from botarena.arena.blobs import BlobError
from botarena.arena.records import MatchResult, Principal, RecordError
from botarena.arena.service import Arena, ArenaError, NotAllowedError, game_id
from botarena.arena.uploads import MAX_UPLOAD_BYTES, UploadError
from botarena.server.auth_throttle import TOO_MANY_FAILURES, AuthThrottle, throttle_keys
from botarena.server.peer import Clock
from botarena.web.app import STATIC_DIR, games_info
from botarena.web.guard import origin_allowed
from botarena.web.replay_pages import ReplayPages
from botarena.web.replays import ReplayError
from botarena.web.request_budget import RequestBudget

log = logging.getLogger(__name__)

DEFAULT_ARENA_PORT = 13090
MAX_JSON_BYTES = 64 * 1024
"""Largest JSON body of a request (a worker's result included)."""
MAX_BLOB_BYTES = 64 * 1024 * 1024
"""Largest blob a worker may post (a replay or a capped seat log)."""
API_REQUESTS_PER_S = 20.0
"""Requests per second one client (a team's token, a cookie or an address) may send on
average; :data:`API_REQUEST_BURST` at once."""
API_REQUEST_BURST = 60
MAX_BUDGETS = 10_000
"""Clients whose budgets are remembered (the oldest is forgotten first)."""
MAX_WS_CLIENTS = 500
"""Leaderboard WebSockets open at once."""
COOKIE_NAME = "arena_session"
PRINCIPAL_KEY = web.RequestKey("arena_principal", Principal)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _error(status: int, text: str) -> web.Response:
    return web.json_response({"error": text}, status=status)


class ArenaSite:
    """The aiohttp application around one :class:`Arena`."""

    def __init__(self, arena: Arena, clock: Clock) -> None:
        self.arena = arena
        self.clock = clock
        self.budgets: OrderedDict[str, RequestBudget] = OrderedDict()
        self.sockets: set[web.WebSocketResponse] = set()
        self.replay_pages = ReplayPages()
        self.login_throttle = AuthThrottle()
        arena.listeners.append(self._standings_changed)
        self.app = web.Application(client_max_size=MAX_BLOB_BYTES, middlewares=[self._guard])
        routes = [
            web.get("/", self.leaderboard_page),
            web.get("/team", self.team_page),
            web.get("/match/{id:\\d+}", self.match_page),
            web.get("/organiser", self.organiser_page),
            web.get("/ws", self.websocket),
            web.get("/viewer", self.viewer),
            web.get("/api/info", self.info),
            web.get("/api/replay", self.replay_pages_json),
            web.static("/static", STATIC_DIR, follow_symlinks=False),
            web.get("/api/standings", self.standings),
            web.get("/api/matches", self.matches),
            web.get("/api/matches/{id:\\d+}", self.match),
            web.get("/api/matches/{id:\\d+}/replay", self.replay),
            web.get("/api/matches/{id:\\d+}/log/{seat:\\d+}", self.seat_log),
            web.post("/api/teams", self.add_team),
            web.post("/api/join", self.join),
            web.post("/api/login", self.login),
            web.get("/api/submissions", self.submissions),
            web.post("/api/submissions", self.submit),
            web.post("/api/submissions/{id:\\d+}/activate", self.activate),
            web.post("/api/submissions/{id:\\d+}/retire", self.retire),
            web.post("/api/challenges", self.challenge),
            web.post("/api/ladder", self.ladder),
            web.post("/api/replays", self.replays),
            web.get("/api/final", self.final),
            web.post("/api/final", self.start_final),
            web.get("/api/organiser", self.organiser),
            web.post("/api/worker/next-match", self.next_match),
            web.post("/api/worker/heartbeat", self.heartbeat),
            web.post("/api/worker/fail", self.fail),
            web.post("/api/worker/result", self.result),
            web.post("/api/worker/blob", self.put_blob),
            web.get("/api/worker/blob/{sha}", self.get_blob),
        ]
        self.app.add_routes(routes)
        self.app.on_shutdown.append(self._close_sockets)

    # -- guard ------------------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not origin_allowed(request.headers.get("Origin"), request.host):
            return _error(403, "cross-site requests are refused")
        token = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        cookie = request.cookies.get(COOKIE_NAME)
        principal = self.arena.principal(token or None, cookie)
        if (
            request.method == "POST"
            and cookie
            and not token
            and request.content_type != "application/json"
        ):
            return _error(415, "a POST with a session takes application/json")
        if principal is None or principal.role == "team":
            key = token or cookie or request.remote or "?"
            if self._budget(key).take() > 0:
                return _error(429, "too many requests: slow down")
        if principal is not None:
            request[PRINCIPAL_KEY] = principal
        try:
            return await handler(request)
        except NotAllowedError as error:
            return _error(403, str(error))
        except (ArenaError, UploadError, RecordError, BlobError) as error:
            return _error(400, str(error))

    def _budget(self, key: str) -> RequestBudget:
        budget = self.budgets.get(key)
        if budget is None:
            budget = RequestBudget(self.clock, API_REQUESTS_PER_S, API_REQUEST_BURST)
            self.budgets[key] = budget
            while len(self.budgets) > MAX_BUDGETS:
                self.budgets.popitem(last=False)
        self.budgets.move_to_end(key)
        return budget

    @staticmethod
    def _principal(request: web.Request) -> Principal | None:
        return request.get(PRINCIPAL_KEY)

    @staticmethod
    async def _json(request: web.Request) -> dict[str, Any]:
        if request.content_length is not None and request.content_length > MAX_JSON_BYTES:
            raise ArenaError(f"the body is larger than {MAX_JSON_BYTES} bytes")
        body = await request.content.read(MAX_JSON_BYTES + 1)
        if len(body) > MAX_JSON_BYTES:
            raise ArenaError(f"the body is larger than {MAX_JSON_BYTES} bytes")
        try:
            data = json.loads(body or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise ArenaError("the body is not JSON") from None
        if not isinstance(data, dict):
            raise ArenaError("the body is not a JSON object")
        return data

    @staticmethod
    def _text(data: dict[str, Any], key: str) -> str:
        value = data.get(key)
        if not isinstance(value, str):
            raise ArenaError(f"{key} is missing or not text")
        return value

    @staticmethod
    def _int(data: dict[str, Any], key: str) -> int:
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ArenaError(f"{key} is missing or not a whole number")
        return value

    # -- public reading --------------------------------------------------------------------------

    def _game(self, request: web.Request) -> str:
        game = request.query.get("game")
        if game:
            return game_id(game)
        games = self.arena.store.games_with_entrants()
        return games[0] if games else ""

    async def standings(self, request: web.Request) -> web.Response:
        rows = self.arena.store.standings(self._game(request))
        return web.json_response([row.to_json() for row in rows])

    async def matches(self, request: web.Request) -> web.Response:
        principal = self._principal(request)
        found = self.arena.store.matches(game=request.query.get("game"), limit=100)
        return web.json_response([self._match_json(m, principal) for m in found])

    @staticmethod
    def _match_json(match: Any, principal: Principal | None) -> dict[str, Any]:
        data: dict[str, Any] = match.to_json(
            logs_of=None if principal is None else principal.team,
            organiser=principal is not None and principal.role == "organiser",
        )
        return data

    def _find_match(self, request: web.Request) -> Any:
        match = self.arena.store.match(int(request.match_info["id"]))
        if match is None:
            raise web.HTTPNotFound(text="no such match")
        return match

    async def match(self, request: web.Request) -> web.Response:
        return web.json_response(
            self._match_json(self._find_match(request), self._principal(request))
        )

    async def replay(self, request: web.Request) -> web.Response:
        match = self._find_match(request)
        if match.replay is None:
            return _error(404, "this match has no replay")
        self._may_watch(request, match)
        return web.Response(
            body=self.arena.blobs.get(match.replay),
            content_type="application/gzip",
            headers={"Content-Disposition": f'attachment; filename="match-{match.id}.xml.gz"'},
        )

    def _may_watch(self, request: web.Request, match: Any) -> None:
        teams = [s.team for s in match.seats]
        if not self.arena.may_watch(self._principal(request), match.game, teams):
            raise NotAllowedError("the organiser keeps the replays private until the end")

    async def seat_log(self, request: web.Request) -> web.Response:
        match = self._find_match(request)
        seat = int(request.match_info["seat"])
        if seat >= len(match.seats):
            return _error(404, "no such seat")
        principal = self._principal(request)
        if not self._match_json(match, principal)["seats"][seat]["log"]:
            if match.seats[seat].log is None:
                return _error(404, "this seat has no log")
            raise NotAllowedError("a seat's log is for its own team and the organiser only")
        return web.Response(
            body=self.arena.blobs.get(match.seats[seat].log), content_type="text/plain"
        )

    # -- the web UI's replay viewer on a match (its static files and replay pages) --------

    async def viewer(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC_DIR / "index.html")

    async def info(self, request: web.Request) -> web.Response:
        return web.json_response(
            {"live": False, "games": games_info(), "admin": False, "needsPassword": False}
        )

    async def replay_pages_json(self, request: web.Request) -> web.Response:
        """``/api/replay?path=MATCH_ID[&from=N]``: the match's replay in the viewer's pages."""
        try:
            match = self.arena.store.match(int(request.query.get("path", "")))
            start = int(request.query.get("from", "0"))
        except ValueError:
            return _error(400, "path is a match id and from a state number")
        if match is None or match.replay is None:
            return _error(404, "no replay of that match")
        self._may_watch(request, match)
        path = self.arena.blobs.path(match.replay)
        try:
            body = await asyncio.to_thread(self.replay_pages.page_json, path, match.game, start)
        except ReplayError as error:
            return _error(422, str(error))
        return web.Response(body=body, content_type="application/json")

    # -- accounts ------------------------------------------------------------------------------

    async def add_team(self, request: web.Request) -> web.Response:
        self.arena.need(self._principal(request), "organiser")
        data = await self._json(request)
        token, join_key = self.arena.add_team(self._text(data, "name"))
        return web.json_response({"token": token, "join_key": join_key})

    async def join(self, request: web.Request) -> web.Response:
        data = await self._json(request)
        member = self.arena.join(
            self._text(data, "join_key"), self._text(data, "name"), self._text(data, "password")
        )
        return web.json_response({"member": member})

    async def login(self, request: web.Request) -> web.Response:
        """A member's session cookie; wrong passwords are throttled per connection, address
        and member (:mod:`botarena.server.auth_throttle`, as the web UI's admin password)."""
        data = await self._json(request)
        team, name = self._text(data, "team"), self._text(data, "name")
        keys = (*throttle_keys(request.transport, request.remote), ("member", team[:64], name[:64]))
        now = self.clock.time()
        wait = self.login_throttle.retry_after(*keys, now=now)
        if wait > 0:
            self.login_throttle.refused()
            seconds = str(math.ceil(wait))
            return _error(429, f"{TOO_MANY_FAILURES} {seconds} s")
        try:
            cookie = self.arena.login(team, name, self._text(data, "password"))
        except NotAllowedError:
            self.login_throttle.failed(*keys, now=now)
            raise
        self.login_throttle.forget(keys[0])
        response = web.json_response({"ok": True})
        response.set_cookie(COOKIE_NAME, cookie, httponly=True, samesite="Strict")
        return response

    # -- uploads and challenges -----------------------------------------------------------------

    async def submissions(self, request: web.Request) -> web.Response:
        principal = self.arena.need(self._principal(request), "team", "organiser")
        found = self.arena.store.submissions(
            team=None if principal.role == "organiser" else principal.team
        )
        organiser = principal.role == "organiser"
        return web.json_response(
            [s.to_json() | ({"blob": s.blob} if organiser else {}) for s in found]
        )

    async def submit(self, request: web.Request) -> web.Response:
        principal = self.arena.need(self._principal(request), "team")
        if request.content_length is not None and request.content_length > MAX_UPLOAD_BYTES:
            raise UploadError(f"the upload is larger than {MAX_UPLOAD_BYTES} bytes")
        data = await request.content.read(MAX_UPLOAD_BYTES + 1)
        submission = self.arena.submit(principal, request.query.get("game", ""), data)
        info = self.arena.store.submission(submission)
        assert info is not None
        return web.json_response(info.to_json())

    async def activate(self, request: web.Request) -> web.Response:
        principal = self.arena.need(self._principal(request), "team")
        self.arena.activate(principal, int(request.match_info["id"]))
        return web.json_response({"ok": True})

    async def retire(self, request: web.Request) -> web.Response:
        principal = self.arena.need(self._principal(request), "team")
        submission = int(request.match_info["id"])
        self.arena.retire(principal, submission)
        info = self.arena.store.submission(submission)
        assert info is not None
        return web.json_response(info.to_json())

    async def challenge(self, request: web.Request) -> web.Response:
        principal = self.arena.need(self._principal(request), "team")
        data = await self._json(request)
        challenge = self.arena.challenge(principal, self._int(data, "opponent"))
        return web.json_response({"challenge": challenge})

    async def ladder(self, request: web.Request) -> web.Response:
        self.arena.need(self._principal(request), "organiser")
        data = await self._json(request)
        self.arena.set_ladder(bool(data.get("running")))
        return web.json_response({"running": self.arena.ladder_running})

    async def replays(self, request: web.Request) -> web.Response:
        self.arena.need(self._principal(request), "organiser")
        data = await self._json(request)
        self.arena.set_replays_private(bool(data.get("private")))
        return web.json_response({"private": self.arena.replays_private})

    async def final(self, request: web.Request) -> web.Response:
        game = self._game(request)
        status, rows = self.arena.final(game) if game else (None, [])
        return web.json_response(pages.final_json(game, status, rows))

    async def start_final(self, request: web.Request) -> web.Response:
        principal = self.arena.need(self._principal(request), "organiser")
        data = await self._json(request)
        status = self.arena.start_final(principal, self._text(data, "game"))
        return web.json_response(pages.final_json(status.game, status, []))

    async def organiser(self, request: web.Request) -> web.Response:
        self.arena.need(self._principal(request), "organiser")
        return web.json_response(pages.organiser_data(self.arena))

    # -- workers ----------------------------------------------------------------------------

    async def _worker_json(self, request: web.Request) -> tuple[str, dict[str, Any]]:
        self.arena.need(self._principal(request), "worker", "organiser")
        data = await self._json(request)
        return self._text(data, "worker"), data

    async def next_match(self, request: web.Request) -> web.Response:
        worker, _ = await self._worker_json(request)
        lease = self.arena.lease(worker)
        return web.json_response({"lease": None if lease is None else lease.to_json()})

    async def heartbeat(self, request: web.Request) -> web.Response:
        worker, data = await self._worker_json(request)
        return web.json_response({"ok": self.arena.heartbeat(worker, self._int(data, "match"))})

    async def fail(self, request: web.Request) -> web.Response:
        worker, data = await self._worker_json(request)
        status = self.arena.fail(worker, self._int(data, "match"), self._text(data, "reason"))
        return web.json_response({"status": status})

    async def result(self, request: web.Request) -> web.Response:
        worker, data = await self._worker_json(request)
        done = self.arena.finish(worker, MatchResult.from_json(data.get("result")))
        return web.json_response({"ok": done})

    async def put_blob(self, request: web.Request) -> web.Response:
        self.arena.need(self._principal(request), "worker", "organiser")
        data = await request.content.read(MAX_BLOB_BYTES + 1)
        if len(data) > MAX_BLOB_BYTES:
            raise ArenaError(f"a blob may have at most {MAX_BLOB_BYTES} bytes")
        return web.json_response({"sha256": self.arena.blobs.put(data)})

    async def get_blob(self, request: web.Request) -> web.Response:
        self.arena.need(self._principal(request), "worker", "organiser")
        sha = request.match_info["sha"]
        if not self.arena.blobs.has(sha):
            return _error(404, "no such blob")
        return web.Response(body=self.arena.blobs.get(sha))

    # -- pages and the live leaderboard ---------------------------------------------------------

    async def leaderboard_page(self, request: web.Request) -> web.Response:
        game = self._game(request)
        final, final_rows = self.arena.final(game) if game else (None, [])
        standings = self.arena.store.standings(game) if game else []
        html = pages.leaderboard(game, standings, final, final_rows)
        return web.Response(text=html, content_type="text/html")

    async def team_page(self, request: web.Request) -> web.Response:
        principal = self._principal(request)
        if principal is None or principal.team is None:
            return web.Response(text=pages.login_page(), content_type="text/html")
        return web.Response(
            text=pages.team_page(self.arena, principal.team), content_type="text/html"
        )

    async def match_page(self, request: web.Request) -> web.Response:
        match = self._find_match(request)
        data = self._match_json(match, self._principal(request))
        return web.Response(text=pages.match_page(data), content_type="text/html")

    async def organiser_page(self, request: web.Request) -> web.Response:
        return web.Response(text=pages.organiser_page(), content_type="text/html")

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        if len(self.sockets) >= MAX_WS_CLIENTS:
            return _error(503, "too many leaderboard connections")
        socket = web.WebSocketResponse(heartbeat=30.0, max_msg_size=1024)
        await socket.prepare(request)
        self.sockets.add(socket)
        try:
            async for message in socket:
                if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break  # the leaderboard only listens: a message ends the connection
        finally:
            self.sockets.discard(socket)
        return socket

    def _standings_changed(self, game: str) -> None:
        if not self.sockets:
            return
        rows = [row.to_json() for row in self.arena.store.standings(game)]
        text = json.dumps({"type": "standings", "game": game, "rows": rows})
        for socket in list(self.sockets):
            if not socket.closed:
                asyncio.get_running_loop().create_task(self._send(socket, text))

    @staticmethod
    async def _send(socket: web.WebSocketResponse, text: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await socket.send_str(text)

    async def _close_sockets(self, app: web.Application) -> None:
        for socket in list(self.sockets):
            await socket.close()
