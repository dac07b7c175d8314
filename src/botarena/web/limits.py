"""Every limit of the web UI, by name (each one has a test)."""

from __future__ import annotations

DEFAULT_WEB_PORT = 13080
"""``botarena serve`` serves the UI here unless ``--web-port`` or ``--no-web``."""

VIEWER_QUEUE_LIMIT = 256
"""Messages waiting for one browser; beyond it the queue is dropped and the browser gets one
fresh snapshot of what it watches instead (a slow browser never slows a game)."""
VIEWER_FLUSH_INTERVAL_S = 0.25
"""Messages to browsers are sent together at most this often: one hub-wide timer wakes every
browser with something queued, which then gets it all in one WebSocket frame (messages
joined by a record separator). Four updates a second are plenty to watch a game; the
server writes far fewer frames and wakes far fewer tasks (at 0.1 s, 50 viewers cost 11-15 %
of the moves per second of ``benchmarks/server_throughput.py``; at 0.25 s about 2 %)."""
VIEWER_SEND_TIMEOUT_S = 10.0
"""A browser that does not take one message within this time is disconnected."""
MAX_VIEWERS = 256
"""WebSocket connections at once; more are refused with HTTP 503."""
MAX_WATCHED_ROOMS = 16
"""Rooms one WebSocket connection may watch at once."""
MAX_WS_MESSAGE_BYTES = 4096
"""Largest message a browser may send (requests are tiny JSON objects)."""
MAX_BAD_MESSAGES = 8
"""Invalid messages a browser may send before it is disconnected."""
MAX_ROOM_ID_LENGTH = 64
"""Longest room id accepted in a request (ours are 36-character UUIDs)."""
ROOM_LIST_INTERVAL_S = 0.5
"""Room-list updates to browsers are coalesced to at most one per this many seconds."""
MAX_STATES_PER_ROOM = 5000
"""States kept per live room for viewers who join late (no game comes close)."""
MAX_FINISHED_ROOMS = 200
"""Finished rooms kept in memory with their states (their replays stay viewable)."""
MAX_REPLAY_BYTES = 64 * 1024 * 1024
"""Largest (uncompressed) replay file read."""
MAX_LISTED_FILES = 2000
"""Replay files listed per folder scan."""
MAX_PREPARE_BYTES = 1024 * 1024
"""Largest body of a start-from-here request (one state)."""
HEAVY_WORKERS = 2
"""Threads reading replays and reports (:mod:`botarena.web.heavy`); the machine's other
cores stay with the game servers."""
MAX_HEAVY_REQUESTS = 4
"""Replay, report and score requests held at once (running or waiting, an abandoned one
until its work ends); more are refused with HTTP 503."""
REPLAY_PAGE_BYTES = 1024 * 1024
"""State text sent to the viewer per replay page (at least one state): a long replay comes
in pages the viewer asks for one after the other, never as one huge JSON document."""
REPLAY_CACHE_BYTES = 128 * 1024 * 1024
"""State text of recently read replays kept for their next pages (least recently used
replays are dropped first; a larger replay is read again for each page)."""
MAX_WEB_CONNECTIONS = 256
"""Connections to the web port at once; more are answered 503 and closed."""
WEB_FD_RESERVE = 128
"""File descriptors the web UI leaves to the game servers of the same process: while fewer
are free it refuses new connections (answered 503 and closed)."""
WEB_ACCEPT_BACKLOG = 32
"""The web port's listen backlog, which is also how many connections asyncio accepts in one go
before the connection guard sees any of them: far below :data:`WEB_FD_RESERVE`, so that a
burst of connections cannot take the game servers' reserve (at aiohttp's default of 128 one
burst could take all of it, and the game servers' accepts then failed)."""
HEADER_TIMEOUT_S = 10.0
"""A connection that has not sent a request's headers within this time (after it opened, or
after its last response) is closed."""
BODY_TIMEOUT_S = 10.0
"""A request body not received within this time is answered 408."""

# ---------------------------------------------------------------- who may ask (issue 23)

SESSION_HEADER = "X-Botarena-Session"
"""Header carrying the page's session token on every ``POST`` (from ``POST /api/session``)."""

# ---------------------------------------------------------------- what a request can start

MAX_UI_BOT_PROCESSES = 16
"""Built-in bot processes started by the UI (start from here, play) running at once; a
prepare needing more is refused with HTTP 503."""
MAX_PREPARED_ROOMS = 16
"""Rooms prepared by the UI whose game has not started yet, in all (HTTP 503 beyond)."""
MAX_PREPARED_ROOMS_PER_CLIENT = 4
"""Rooms prepared by one page session whose game has not started yet (HTTP 503 beyond)."""
PREPARED_ROOM_EXPIRY_S = 600.0
"""A room the UI prepared whose game has not started this long after is cancelled; the room
list says it expired."""
MAX_HUMAN_SEATS_PER_CLIENT = 2
"""Human seats one page session holds at once (``MAX_HUMAN_SEATS`` in all)."""
HUMAN_SEAT_EXPIRY_S = 300.0
"""A human seat no browser has taken this long after it was prepared leaves its game; the
seat says it expired."""

# ---------------------------------------------------------------- WebSocket requests

WS_REQUESTS_PER_S = 20.0
"""Requests per second one WebSocket connection may send on average (a page sends a few per
minute); more wait: the connection is not read until its budget allows the next one, so a
flooding client slows only itself."""
WS_REQUEST_BURST = 40
"""Requests one WebSocket connection may send at once before :data:`WS_REQUESTS_PER_S`
applies."""
