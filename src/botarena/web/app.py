"""The web server: HTTP routes, the WebSocket of live rooms, static files.

``WebServer(config, hub)`` runs in the caller's event loop (``botarena serve`` passes the
:class:`~botarena.web.hub.LiveHub` it added to the SC lobby; ``botarena view`` passes none).

Routes::

    GET  /[?game&status&page]   the UI (static/index.html), with the live room list in it
    GET  /static/...            ES modules, style sheet, one board module per game
    GET  /api/info              games of the registry, live or not, whether admin needs a password
    GET  /api/files             replay files and run/tournament folders under the roots
    GET  /api/replay?root&path[&from]  one replay file in the viewer's format, in pages
    GET  /api/room/{id}         a live or finished room of this server, as a replay
    GET  /api/room/{id}/moves?from=N  the moves that led to its states from N on (notation)
    GET  /api/report?root&path  a run or tournament folder's report (JSON + SVG plot)
    GET  /folder/{root}/{path}[?download]  a folder's report.html, replay or bot log: a
                                replay opens the viewer at that game (download: the file)
    POST /api/session           a session token for the page ({"password"} beyond loopback)
    POST /api/prepare           start a prepared game from a state (admin protocol)
    POST /api/score             the score parts of a state {"game", "state"} (our engine)
    GET  /ws                    live rooms: {"op": "rooms" | "watch" | "unwatch", "room": id}

Every request passes :mod:`botarena.web.guard` (its own ``Host`` and ``Origin`` only); every
``POST`` is JSON with the page's session token in :data:`SESSION_HEADER`; what a prepare may
start is counted by :mod:`botarena.web.budgets`, and each WebSocket connection's requests by
its :class:`~botarena.web.request_budget.RequestBudget`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from aiohttp import WSMsgType, web

from botarena.games.registry import GAMES, lookup
from botarena.server.auth_throttle import TOO_MANY_FAILURES, AuthThrottle, throttle_keys
from botarena.server.peer import Clock
from botarena.web.budgets import BudgetError, UiBudgets
from botarena.web.connections import ConnectionGuard, GuardedSite
from botarena.web.connections import guard_middleware as connection_guard
from botarena.web.folders import describe_folder
from botarena.web.guard import Session, Sessions, host_allowed, origin_allowed
from botarena.web.heavy import BusyError, HeavyPool
from botarena.web.hub import LiveHub, Viewer
from botarena.web.human import HumanSeat
from botarena.web.limits import (
    DEFAULT_WEB_PORT,
    MAX_BAD_MESSAGES,
    MAX_PREPARE_BYTES,
    MAX_ROOM_ID_LENGTH,
    MAX_VIEWERS,
    MAX_WS_MESSAGE_BYTES,
    PREPARED_ROOM_EXPIRY_S,
    SESSION_HEADER,
    VIEWER_SEND_TIMEOUT_S,
)
from botarena.web.move_list import move_notations
from botarena.web.move_offers import score_text
from botarena.web.replay_pages import ReplayPages
from botarena.web.replays import REPLAY_SUFFIXES, AccessError, FileRoots, ReplayError
from botarena.web.request_budget import RequestBudget
from botarena.web.room_list import PLACEHOLDER, FilterError, parse_filter, render_room_list

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"
LOOPBACK_HOSTS = ("127.0.0.1", "::1", "localhost")
JSON_TYPE = "application/json"
FOLDER_FILES = (*REPLAY_SUFFIXES, ".log")
"""What ``/folder/...`` serves besides ``report.html``: replays and bot logs."""


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
    default_game: str | None = None
    """The SC server's default game (game type): what the play form offers first."""
    port_hint: str = "choose another port with --web-port, or --no-web"
    """What the command that starts the UI offers when the port is taken (its own options)."""
    names: list[str] = field(default_factory=list)
    """Host names the UI answers to besides its addresses and ``localhost`` (``--web-name``:
    a name of the machine, or of a proxy in front of it)."""


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


def _game_id(game_type: str | None) -> str | None:
    """The registry id (``piranhas-2026``) of a game type, ``None`` for none or an unknown one."""
    spec = lookup(game_type) if game_type is not None else None
    return None if spec is None else spec.id


class WebServer:
    """The UI's aiohttp application on its own port, in the running event loop."""

    def __init__(
        self, config: WebConfig, hub: LiveHub | None = None, clock: Clock | None = None
    ) -> None:
        self.config = config
        self.hub = hub
        self.roots = FileRoots.of(config.roots)
        self.guard = ConnectionGuard()
        """Connection cap, fd reserve, header timeout (:mod:`botarena.web.connections`)."""
        self.app = web.Application(
            client_max_size=MAX_PREPARE_BYTES,
            middlewares=[connection_guard(self.guard), request_guard(self)],
        )
        self.app.add_routes(
            [
                web.get("/", self._index),
                web.post("/api/session", self._session),
                web.get("/api/info", self._info),
                web.get("/api/files", self._files),
                web.get("/api/replay", self._replay),
                web.get("/api/room/{room_id}", self._room),
                web.get("/api/room/{room_id}/moves", self._room_moves),
                web.get("/api/report", self._report),
                web.get("/folder/{root}/{path:.+}", self._folder_file),
                web.post("/api/prepare", self._prepare),
                web.post("/api/score", self._score),
                web.get("/ws", self._websocket),
                web.static("/static", STATIC_DIR, follow_symlinks=False),
            ]
        )
        self._runner: web.AppRunner | None = None
        self._site: GuardedSite | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self._socket_handlers: set[asyncio.Task[Any]] = set()
        """The tasks serving ``/ws``; stopping cancels them (one may wait in its request
        budget, and aiohttp would wait for it up to its shutdown timeout)."""
        self.seats: dict[str, HumanSeat] = {}
        """Human seats by token (:mod:`botarena.web.human`)."""
        self._auth_throttle = AuthThrottle()
        """Wrong admin password headers, per HTTP connection and overall."""
        self.heavy = HeavyPool()
        """Replays, reports and scores are computed here (:mod:`botarena.web.heavy`)."""
        self.replay_pages = ReplayPages()
        self.sessions = Sessions()
        self._clock = clock
        """Expiry times and request budgets run on it (default: the event loop)."""
        self.budgets: UiBudgets | None = None
        """What prepares may start (made by :meth:`start`, on the running loop's clock)."""
        self._tasks: set[asyncio.Task[None]] = set()

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

    @property
    def clock(self) -> Clock:
        return self._clock or asyncio.get_running_loop()

    async def start(self) -> None:
        self.budgets = UiBudgets(self.clock, self._is_waiting, self._human_seats, self._expire)
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
        if self.budgets is not None:
            self.budgets.close()
        for task in list(self._tasks):
            task.cancel()
        for seat in self.seats.values():
            seat.close()
        if self.hub is not None:
            self.hub.close()
        for handler in list(self._socket_handlers):
            handler.cancel()
        for socket in list(self._sockets):
            with contextlib.suppress(Exception):
                await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ pages

    async def _index(self, request: web.Request) -> web.StreamResponse:
        """The UI's page; with live games, the room list (filtered and paged by the query)
        is in it (:mod:`botarena.web.room_list`), so it shows without the WebSocket."""
        page = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
        listing = ""
        if self.hub is not None:
            games = [spec.id for spec in GAMES]
            try:
                wanted = parse_filter(request.query, games)
            except FilterError as error:
                raise web.HTTPBadRequest(text=str(error)) from None
            listing = render_room_list(self.hub.room_list(), wanted, games)
        return web.Response(text=page.replace(PLACEHOLDER, listing), content_type="text/html")

    async def _info(self, request: web.Request) -> web.Response:
        return web.json_response(
            {
                "live": self.hub is not None,
                "games": games_info(),
                "admin": self.config.sc_port is not None,
                "needsPassword": self.needs_password,
                "defaultGame": _game_id(self.config.default_game),
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

    async def _room_moves(self, request: web.Request) -> web.Response:
        """``{"from": N, "moves": [...]}``: the notation of the moves that led to the room's
        states from number N on (computed in the heavy pool; at most MAX_STATES_PER_ROOM)."""
        record = self.hub.record(request.match_info["room_id"]) if self.hub else None
        if record is None:
            raise web.HTTPNotFound(text="no such room")
        try:
            start = max(0, int(request.query.get("from", "0")))
        except ValueError:
            raise web.HTTPBadRequest(text="from must be a number") from None
        if record.moves is not None:  # told by the game's feed (Mau-Mau)
            return web.json_response({"from": start, "moves": record.moves[start:]})
        states = record.states[start:]
        try:
            moves = await self.heavy.run(move_notations, record.game_id, states, start)
        except BusyError as error:
            raise web.HTTPServiceUnavailable(text=str(error)) from None
        return web.json_response({"from": start, "moves": moves})

    async def _folder_file(self, request: web.Request) -> web.StreamResponse:
        """A file of a served folder as its static report.html links it: the page itself,
        a replay (the viewer at that game; ``?download``: the file) or a bot's log (the
        file). Other files are not served (:data:`FOLDER_FILES`)."""
        try:
            root = int(request.match_info["root"])
        except ValueError:
            raise web.HTTPBadRequest(text="root must be a number") from None
        relative = request.match_info["path"]
        try:
            path = self.roots.resolve(root, relative)
        except AccessError as error:
            raise web.HTTPNotFound(text=str(error)) from None
        name = path.name
        if name == "report.html":
            return web.FileResponse(path, headers={"Content-Type": "text/html; charset=utf-8"})
        if not name.endswith(FOLDER_FILES):
            raise web.HTTPNotFound(text=f"not a replay, log or report: {name}")
        if name.endswith(REPLAY_SUFFIXES) and "download" not in request.query:
            raise web.HTTPFound(f"/#/replay?{urlencode({'root': root, 'path': relative})}")
        disposition = f'attachment; filename="{quote(name)}"'
        return web.FileResponse(path, headers={"Content-Disposition": disposition})

    async def _report(self, request: web.Request) -> web.Response:
        from botarena.web.reports import build_report_json  # noqa: PLC0415 - matplotlib

        path = self._path(request)
        body = await self._heavy(path, build_report_json, path.parent, self.roots, path)
        return web.Response(body=body, content_type="application/json")

    def session_of(self, request: web.Request) -> Session:
        """The page session whose token ``request`` carries; HTTP 403 without a valid one."""
        session = self.sessions.check(request.headers.get(SESSION_HEADER))
        if session is None:
            raise web.HTTPForbidden(
                text=f"no valid session: send the token of POST /api/session in {SESSION_HEADER}"
            )
        return session

    async def _json_body(self, request: web.Request) -> Any:
        try:
            return await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise web.HTTPBadRequest(text="the body must be JSON") from None

    async def _session(self, request: web.Request) -> web.Response:
        """A session token for the page; beyond loopback an admin session takes the admin
        password (``{"password": ...}``), sent this once instead of with every request."""
        body = await self._json_body(request)
        password = body.get("password") if isinstance(body, dict) else None
        admin = not self.needs_password
        if self.needs_password and password is not None:
            self._check_password(request, password)
            admin = True
        return web.json_response({"token": self.sessions.issue(admin=admin), "admin": admin})

    def _check_password(self, request: web.Request, password: object) -> None:
        """The admin password of a session request beyond loopback; failed guesses are
        throttled per HTTP connection and overall (:mod:`botarena.server.auth_throttle`): a
        guesser waits alone (and a remote address with all its connections), the organiser's
        own connection is checked at once."""
        throttle, now = self._auth_throttle, time.monotonic()
        keys = throttle_keys(request.transport, request.remote)
        wait = throttle.retry_after(*keys, now=now)
        if wait > 0:
            throttle.refused()
            seconds = str(math.ceil(wait))
            raise web.HTTPTooManyRequests(
                text=f"{TOO_MANY_FAILURES} {seconds} s", headers={"Retry-After": seconds}
            )
        expected = (self.config.admin_password or "").encode()
        given = password.encode() if isinstance(password, str) else b""
        if expected and hmac.compare_digest(given, expected):
            throttle.forget(keys[0])
            return
        throttle.failed(*keys, now=now)
        close = {"Connection": "close"} if throttle.overloaded(now) else {}
        raise web.HTTPForbidden(text="wrong admin password", headers=close)

    async def _prepare(self, request: web.Request) -> web.Response:
        from botarena.web.admin import PrepareError, prepare_from_state  # noqa: PLC0415

        session = self.session_of(request)
        if not session.admin:
            raise web.HTTPForbidden(
                text='admin actions need the admin password: POST /api/session {"password"}'
            )
        if self.config.sc_port is None or self.budgets is None:
            raise web.HTTPConflict(text="no game server to prepare a game on")
        body = await self._json_body(request)
        seats = body.get("seats", []) if isinstance(body, dict) else []
        seats = seats if isinstance(seats, list) else []
        humans = seats.count("human")
        bots = sum(1 for seat in seats if seat not in ("human", "open"))
        self._forget_finished_seats()
        try:
            ticket = self.budgets.reserve(session.client, bots=bots, humans=humans)
        except BudgetError as error:
            raise web.HTTPServiceUnavailable(text=str(error)) from None
        try:
            prepared = await prepare_from_state(
                self.config.sc_host, self.config.sc_port, self.config.admin_password, body
            )
            self.budgets.prepared(ticket, str(prepared["roomId"]))
        except PrepareError as error:
            raise web.HTTPBadRequest(text=str(error)) from None
        finally:
            self.budgets.release(ticket)
        human = None
        spec = lookup(str(body.get("game")))
        human_codes: dict[int, str] = prepared.pop("humanCodes")  # type: ignore[assignment]
        for seat_index, code in human_codes.items():
            assert spec is not None
            seat = HumanSeat(
                spec,
                self.config.sc_host,
                self.config.sc_port,
                code,
                time_limit_s=body.get("timePerMove"),
                clock=self._clock,
                owner=session.client,
                seat=int(seat_index),
                on_expire=self._seat_abandoned,
            )
            seat.room_id = str(prepared["roomId"])  # known before the server says so
            self.seats[seat.token] = seat
            seat.start()
            human = seat.token
        prepared["human"] = human
        return web.json_response(prepared)

    def _is_waiting(self, room_id: str) -> bool:
        """Whether the room exists and its game has not started."""
        record = self.hub.record(room_id) if self.hub is not None else None
        return record is not None and record.status == "waiting"

    def _human_seats(self, client: str | None) -> int:
        seats = self.seats.values()
        return sum(1 for seat in seats if not seat.over and client in (None, seat.owner))

    def _seat_abandoned(self, room_id: str, why: str) -> None:
        """A human seat was abandoned (``why``): its room is closed and says so."""
        if self.hub is not None:
            self.hub.note_end(room_id, f"the human seat was abandoned: {why}")

    def _expire(self, room_id: str) -> None:
        """A prepared room's game did not start in time: cancel it, its result says why."""
        from botarena.web.admin import admin_cancel  # noqa: PLC0415

        record = self.hub.record(room_id) if self.hub is not None else None
        spec = lookup(record.game_type) if record is not None else None
        if self.hub is None or spec is None or self.config.sc_port is None:
            return
        self.hub.note_end(
            room_id,
            f"expired: the game did not start within {PREPARED_ROOM_EXPIRY_S:g} s "
            "(PREPARED_ROOM_EXPIRY_S)",
        )
        cancel = admin_cancel(
            self.config.sc_host, self.config.sc_port, self.config.admin_password, spec, room_id
        )
        task = asyncio.get_running_loop().create_task(cancel)
        self._tasks.add(task)
        task.add_done_callback(_task_done(self._tasks, f"cancel of expired room {room_id}"))

    async def _score(self, request: web.Request) -> web.Response:
        body = await self._json_body(request)
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
        handler = asyncio.current_task()
        if handler is not None:
            self._socket_handlers.add(handler)

        async def send(text: str) -> None:
            await bounded_send(socket.send_str(text))

        viewer = Viewer(hub, send)
        hub.add_viewer(viewer)
        writer = asyncio.create_task(viewer.run())
        writer.add_done_callback(lambda task: _writer_done(task, socket))
        budget = RequestBudget(self.clock)
        bad = 0
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    break
                await budget.wait()  # a flood waits here, in its own socket
                self._forget_finished_seats()
                error = handle_request(hub, viewer, message.data, self.seats)
                if error is not None:
                    bad += 1
                    viewer.push(json.dumps({"type": "error", "text": error}))
                    if bad >= MAX_BAD_MESSAGES:
                        break
        finally:
            hub.remove_viewer(viewer)
            for seat in self.seats.values():
                if viewer in seat.viewers:
                    seat.unsubscribe(viewer)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            self._sockets.discard(socket)
            if handler is not None:
                self._socket_handlers.discard(handler)
            await socket.close()
        return socket

    def _forget_finished_seats(self) -> None:
        for token in [
            t
            for t, seat in self.seats.items()
            if seat.over and seat.task is not None and seat.task.done()
        ]:
            del self.seats[token]


def request_guard(server: WebServer) -> Any:
    """The checks of :mod:`botarena.web.guard` before any route: the request's ``Host`` names
    the UI, its ``Origin`` (if any) is the UI's page; a ``POST`` is JSON and (except the one
    asking for a session) carries a valid session token"""

    @web.middleware
    async def guard(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        host = request.headers.get("Host")
        if not host_allowed(host, server.config.host, server.config.names):
            raise web.HTTPMisdirectedRequest(
                text=f"this UI answers only requests to its own address, not to Host {host!r} "
                "(botarena serve --web-name NAME adds a name)"
            )
        if not origin_allowed(request.headers.get("Origin"), host):
            raise web.HTTPForbidden(text="requests from pages of other sites are refused")
        if request.method not in ("GET", "HEAD"):
            if request.content_type != JSON_TYPE:
                raise web.HTTPUnsupportedMediaType(text=f"a {request.method} takes {JSON_TYPE}")
            if request.path != "/api/session":
                server.session_of(request)
        return await handler(request)

    return guard


def _task_done(tasks: set[asyncio.Task[None]], what: str) -> Callable[[asyncio.Task[None]], None]:
    def done(task: asyncio.Task[None]) -> None:
        tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("%s failed: %s", what, task.exception())

    return done


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
