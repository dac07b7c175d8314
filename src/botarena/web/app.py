"""The web server: HTTP routes, the WebSocket of live rooms, static files.

``WebServer(config, hub)`` runs in the caller's event loop (``botarena serve`` passes the
:class:`~botarena.web.hub.LiveHub` it added to the SC lobby; ``botarena view`` passes none).

Routes::

    GET  /                      the UI (static/index.html)
    GET  /static/...            ES modules, style sheet, one board module per game
    GET  /api/info              games of the registry, live or not, whether admin needs a password
    GET  /api/files             replay files and run/tournament folders under the roots
    GET  /api/replay?root&path[&from]  one replay file in the viewer's format, in pages
    GET  /api/room/{id}         a live or finished room of this server, as a replay
    GET  /api/report?root&path  a run or tournament folder's report (JSON + SVG plot)
    POST /api/prepare           start a prepared game from a state (admin protocol)
    POST /api/score             the score parts of a state {"game", "state"} (our engine)
    GET  /ws                    live rooms: {"op": "rooms" | "watch" | "unwatch", "room": id}
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import math
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from botarena.games.registry import GAMES, lookup
from botarena.server.auth_throttle import TOO_MANY_FAILURES, AuthThrottle, throttle_keys
from botarena.web.connections import ConnectionGuard, GuardedSite, guard_middleware
from botarena.web.folders import describe_folder
from botarena.web.heavy import BusyError, HeavyPool
from botarena.web.hub import LiveHub, Viewer
from botarena.web.human import MAX_HUMAN_SEATS, HumanSeat
from botarena.web.limits import (
    DEFAULT_WEB_PORT,
    MAX_BAD_MESSAGES,
    MAX_PREPARE_BYTES,
    MAX_ROOM_ID_LENGTH,
    MAX_VIEWERS,
    MAX_WS_MESSAGE_BYTES,
    VIEWER_SEND_TIMEOUT_S,
)
from botarena.web.move_offers import score_text
from botarena.web.replay_pages import ReplayPages
from botarena.web.replays import AccessError, FileRoots, ReplayError

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"
LOOPBACK_HOSTS = ("127.0.0.1", "::1", "localhost")
ADMIN_HEADER = "X-Botarena-Admin"
"""Header carrying the admin password (needed when the UI listens beyond loopback)."""


@dataclass(slots=True)
class WebConfig:
    host: str = "127.0.0.1"
    port: int = DEFAULT_WEB_PORT
    roots: list[Path] = field(default_factory=list)
    """Folders (or files) whose replays and reports the UI may open."""
    admin_password: str | None = None
    sc_host: str = "127.0.0.1"
    sc_port: int | None = None
    """The SC server for admin actions (start-from-here, human play); None: not offered."""
    port_hint: str = "choose another port with --web-port, or --no-web"
    """What the command that starts the UI offers when the port is taken (its own options)."""


def board_module(board: str) -> str:
    """A season's board module: ``static/boards/<board>.js`` (the season's
    :attr:`~botarena.games.season.Season.board_name`), else the generic board."""
    name = f"{board}.js"
    return f"boards/{name}" if (STATIC_DIR / "boards" / name).is_file() else "boards/generic.js"


def games_info() -> list[dict[str, object]]:
    return [
        {
            "id": spec.id,
            "gameType": spec.game_type,
            "name": spec.name,
            "year": spec.year,
            "protocol": spec.protocol.name,
            "xmlStates": spec.protocol.xml_states,
            "board": board_module(spec.board_name),
            "players": list(spec.player_names),
        }
        for spec in GAMES
    ]


class WebServer:
    """The UI's aiohttp application on its own port, in the running event loop."""

    def __init__(self, config: WebConfig, hub: LiveHub | None = None) -> None:
        self.config = config
        self.hub = hub
        self.roots = FileRoots.of(config.roots)
        self.guard = ConnectionGuard()
        """Connection cap, fd reserve, header timeout (:mod:`botarena.web.connections`)."""
        self.app = web.Application(
            client_max_size=MAX_PREPARE_BYTES, middlewares=[guard_middleware(self.guard)]
        )
        self.app.add_routes(
            [
                web.get("/", self._index),
                web.get("/api/info", self._info),
                web.get("/api/files", self._files),
                web.get("/api/replay", self._replay),
                web.get("/api/room/{room_id}", self._room),
                web.get("/api/report", self._report),
                web.post("/api/prepare", self._prepare),
                web.post("/api/score", self._score),
                web.get("/ws", self._websocket),
                web.static("/static", STATIC_DIR, follow_symlinks=False),
            ]
        )
        self._runner: web.AppRunner | None = None
        self._site: GuardedSite | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self.seats: dict[str, HumanSeat] = {}
        """Human seats by token (:mod:`botarena.web.human`)."""
        self._auth_throttle = AuthThrottle()
        """Wrong admin password headers, per HTTP connection and overall."""
        self.heavy = HeavyPool()
        """Replays, reports and scores are computed here (:mod:`botarena.web.heavy`)."""
        self.replay_pages = ReplayPages()

    @property
    def port(self) -> int:
        if self._runner is None or not self._runner.addresses:
            raise RuntimeError("the web server is not started")
        return int(self._runner.addresses[0][1])

    @property
    def url(self) -> str:
        return f"http://{self.config.host}:{self.port}/"

    @property
    def needs_password(self) -> bool:
        return self.config.host not in LOOPBACK_HOSTS

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        self._site = GuardedSite(self._runner, self.config.host, self.config.port, self.guard)
        try:
            await self._site.start()
        except OSError as error:
            await self._runner.cleanup()
            self._runner = None
            where = f"{self.config.host}:{self.config.port}"
            raise OSError(
                error.errno,
                f"web UI cannot listen on {where}: {error.strerror} ({self.config.port_hint})",
            ) from None
        log.info("web UI on %s", self.url)

    async def stop(self) -> None:
        self.heavy.close()
        for seat in self.seats.values():
            seat.close()
        if self.hub is not None:
            self.hub.close()
        for socket in list(self._sockets):
            with contextlib.suppress(Exception):
                await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ pages

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC_DIR / "index.html")

    async def _info(self, request: web.Request) -> web.Response:
        return web.json_response(
            {
                "live": self.hub is not None,
                "games": games_info(),
                "admin": self.config.sc_port is not None,
                "needsPassword": self.needs_password,
            }
        )

    async def _files(self, request: web.Request) -> web.Response:
        listing = await asyncio.to_thread(self._described_listing)
        return web.json_response({"files": listing})

    def _described_listing(self) -> list[dict[str, object]]:
        """The files under the roots; a run or tournament folder with its title, players and
        result (:func:`botarena.web.folders.describe_folder`)."""
        listing = self.roots.listing()
        for entry in listing:
            if entry["kind"] == "report":
                path = self.roots.resolve(int(str(entry["root"])), str(entry["path"]))
                entry.update(describe_folder(path.parent))
        return listing

    def _path(self, request: web.Request) -> Path:
        try:
            root = int(request.query.get("root", "0"))
        except ValueError:
            raise web.HTTPBadRequest(text="root must be a number") from None
        try:
            return self.roots.resolve(root, request.query.get("path", ""))
        except AccessError as error:
            raise web.HTTPNotFound(text=str(error)) from None

    async def _replay(self, request: web.Request) -> web.Response:
        path = self._path(request)
        game = request.query.get("game") or None
        try:
            start = int(request.query.get("from", "0"))
        except ValueError:
            raise web.HTTPBadRequest(text="from must be a number") from None
        body = await self._heavy(path, self.replay_pages.page_json, path, game, start)
        return web.Response(body=body, content_type="application/json")

    async def _heavy(self, path: Path, function: Any, *args: Any) -> Any:
        """``function(*args)`` in the heavy pool; a file it cannot read is HTTP 422 with the
        reason (whatever failed), a full pool HTTP 503."""
        try:
            return await self.heavy.run(function, *args)
        except BusyError as error:
            raise web.HTTPServiceUnavailable(text=str(error)) from None
        except (ReplayError, ValueError) as error:
            raise web.HTTPUnprocessableEntity(text=str(error)) from None
        except Exception as error:
            log.warning("cannot read %s", path, exc_info=True)
            raise web.HTTPUnprocessableEntity(
                text=f"cannot read {path.name}: {type(error).__name__}: {error}"
            ) from None

    async def _room(self, request: web.Request) -> web.Response:
        record = self.hub.record(request.match_info["room_id"]) if self.hub else None
        if record is None:
            raise web.HTTPNotFound(text="no such room")
        return web.json_response(record.replay())

    async def _report(self, request: web.Request) -> web.Response:
        from botarena.web.reports import build_report_json  # noqa: PLC0415 - matplotlib

        path = self._path(request)
        body = await self._heavy(path, build_report_json, path.parent, self.roots, path)
        return web.Response(body=body, content_type="application/json")

    def _check_admin(self, request: web.Request) -> None:
        """The admin password header, beyond loopback; failed guesses are throttled per
        HTTP connection and overall (:mod:`botarena.server.auth_throttle`): a guesser waits
        alone (and a remote address with all its connections), the organiser's own connection
        from this machine is checked at once."""
        if not self.needs_password:
            return
        throttle, now = self._auth_throttle, time.monotonic()
        keys = throttle_keys(request.transport, request.remote)
        wait = throttle.retry_after(*keys, now=now)
        if wait > 0:
            throttle.refused()
            seconds = str(math.ceil(wait))
            raise web.HTTPTooManyRequests(
                text=f"{TOO_MANY_FAILURES} {seconds} s", headers={"Retry-After": seconds}
            )
        expected = self.config.admin_password or ""
        given = request.headers.get(ADMIN_HEADER, "")
        if expected and hmac.compare_digest(given.encode(), expected.encode()):
            throttle.forget(keys[0])
            return
        throttle.failed(*keys, now=now)
        close = {"Connection": "close"} if throttle.overloaded(now) else {}
        raise web.HTTPForbidden(text="admin password required", headers=close)

    async def _prepare(self, request: web.Request) -> web.Response:
        from botarena.web.admin import PrepareError, prepare_from_state  # noqa: PLC0415

        self._check_admin(request)
        if self.config.sc_port is None:
            raise web.HTTPConflict(text="no game server to prepare a game on")
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise web.HTTPBadRequest(text="the body must be JSON") from None
        humans = body.get("seats", []).count("human") if isinstance(body, dict) else 0
        if humans and len(self.seats) + humans > MAX_HUMAN_SEATS:
            raise web.HTTPServiceUnavailable(
                text=f"too many human seats (MAX_HUMAN_SEATS={MAX_HUMAN_SEATS})"
            )
        try:
            prepared = await prepare_from_state(
                self.config.sc_host, self.config.sc_port, self.config.admin_password, body
            )
        except PrepareError as error:
            raise web.HTTPBadRequest(text=str(error)) from None
        human = None
        spec = lookup(str(body.get("game")))
        human_codes: dict[int, str] = prepared.pop("humanCodes")  # type: ignore[assignment]
        for code in human_codes.values():
            assert spec is not None
            seat = HumanSeat(
                spec,
                self.config.sc_host,
                self.config.sc_port,
                code,
                time_limit_s=body.get("timePerMove"),
            )
            self.seats[seat.token] = seat
            seat.start()
            human = seat.token
        prepared["human"] = human
        return web.json_response(prepared)

    async def _score(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise web.HTTPBadRequest(text="the body must be JSON") from None
        game = body.get("game") if isinstance(body, dict) else None
        state = body.get("state") if isinstance(body, dict) else None
        spec = lookup(game) if isinstance(game, str) else None
        if spec is None or not spec.protocol.xml_states or not isinstance(state, str):
            raise web.HTTPBadRequest(
                text="game must name a Software-Challenge game, state a string"
            )
        try:
            text = await self.heavy.run(score_text, spec, state)
        except BusyError as error:
            raise web.HTTPServiceUnavailable(text=str(error)) from None
        except Exception as error:
            raise web.HTTPUnprocessableEntity(text=f"not a {spec.id} state: {error}") from None
        return web.json_response({"score": text})

    # ------------------------------------------------------------------ live rooms

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        hub = self.hub
        if hub is None:
            raise web.HTTPNotFound(text="no live games: this UI shows files only")
        if len(hub.viewers) >= MAX_VIEWERS:
            raise web.HTTPServiceUnavailable(text=f"too many viewers (MAX_VIEWERS={MAX_VIEWERS})")
        socket = web.WebSocketResponse(
            max_msg_size=MAX_WS_MESSAGE_BYTES,
            heartbeat=30,
            compress=False,  # deflate per frame costs the game loop more than the bytes
        )
        await socket.prepare(request)
        self._sockets.add(socket)

        async def send(text: str) -> None:
            await bounded_send(socket.send_str(text))

        viewer = Viewer(hub, send)
        hub.add_viewer(viewer)
        writer = asyncio.create_task(viewer.run())
        writer.add_done_callback(lambda task: _writer_done(task, socket))
        bad = 0
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    break
                self._forget_finished_seats()
                error = handle_request(hub, viewer, message.data, self.seats)
                if error is not None:
                    bad += 1
                    viewer.push(json.dumps({"type": "error", "text": error}))
                    if bad >= MAX_BAD_MESSAGES:
                        break
        finally:
            hub.remove_viewer(viewer)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            self._sockets.discard(socket)
            await socket.close()
        return socket

    def _forget_finished_seats(self) -> None:
        for token in [
            t
            for t, seat in self.seats.items()
            if seat.over and seat.task is not None and seat.task.done()
        ]:
            del self.seats[token]


async def bounded_send(sending: Awaitable[None]) -> None:
    """Await one WebSocket write, at most :data:`VIEWER_SEND_TIMEOUT_S` (a browser that does
    not take it by then is dropped: ``TimeoutError`` ends its writer)."""
    await asyncio.wait_for(sending, VIEWER_SEND_TIMEOUT_S)


def _writer_done(task: asyncio.Task[None], socket: web.WebSocketResponse) -> None:
    if task.cancelled():
        return
    if task.exception() is not None:  # a slow or vanished browser: drop it
        asyncio.get_running_loop().create_task(socket.close())


def handle_request(
    hub: LiveHub, viewer: Viewer, text: str, seats: dict[str, HumanSeat] | None = None
) -> str | None:
    """Apply one browser request; returns an error text for an invalid one."""
    try:
        request: Any = json.loads(text)
    except json.JSONDecodeError:
        return "not JSON"
    if not isinstance(request, dict):
        return "a request is a JSON object"
    op = request.get("op")
    if op == "rooms":
        hub.subscribe_rooms(viewer)
        return None
    if op in ("seat", "move"):
        token = request.get("seat")
        seat = (seats or {}).get(token) if isinstance(token, str) else None
        if seat is None:
            return "no such seat"
        if op == "seat":
            seat.subscribe(viewer)
            return None
        return seat.play(request.get("move"))
    room = request.get("room")
    if not isinstance(room, str) or not 0 < len(room) <= MAX_ROOM_ID_LENGTH:
        return f"room must be a string of at most {MAX_ROOM_ID_LENGTH} characters"
    if op == "watch":
        return hub.watch(viewer, room)
    if op == "unwatch":
        hub.unwatch(viewer, room)
        return None
    return f"unknown op {op!r}"
