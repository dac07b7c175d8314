"""The live room list as the server renders it on first load: filters and paging.

``GET /?game=piranhas-2026&status=running&page=2`` is a linkable filtered page. The server
puts the list into the page itself (a browser without WebSocket or scripts sees the rooms);
``static/live.js`` builds the same markup from the room summaries it gets over the WebSocket
and keeps it up to date. Both show :data:`ROOMS_PAGE_SIZE` rooms a page: live rooms in the
order they were opened, then finished and closed ones, newest first
(:meth:`botarena.web.hub.LiveHub.room_list`).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

ROOMS_PAGE_SIZE = 20
"""Rooms on one page of the live list."""
MAX_FILTER_CHARS = 64
"""A filter value (game, status, page) longer than this is refused."""
STATUSES = ("waiting", "running", "finished", "closed")
"""What a room can be: ``closed`` rooms ended before their game was played."""
PLACEHOLDER = "<!--room-list-->"
"""Where ``index.html`` takes the rendered list."""


class FilterError(ValueError):
    """A filter or page the list cannot show (HTTP 400 with this text)."""


@dataclass(frozen=True, slots=True)
class RoomFilter:
    game: str = ""
    """A registry id (``piranhas-2026``); empty: every game."""
    status: str = ""
    """One of :data:`STATUSES`; empty: every status."""
    page: int = 1

    def query(self, page: int | None = None) -> str:
        """The query string of this filter (at ``page``), empty values left out."""
        values = {"game": self.game, "status": self.status}
        number = self.page if page is None else page
        items = [(key, value) for key, value in values.items() if value]
        if number != 1:
            items.append(("page", str(number)))
        return "?" + urlencode(items) if items else ""


def parse_filter(query: Mapping[str, str], games: Sequence[str]) -> RoomFilter:
    """The filter of a request's query; :class:`FilterError` names what is wrong."""
    for key in ("game", "status", "page"):
        if len(query.get(key, "")) > MAX_FILTER_CHARS:
            raise FilterError(f"{key} is longer than {MAX_FILTER_CHARS} characters")
    game = query.get("game", "")
    if game and game not in games:
        raise FilterError(f"unknown game {game!r}: one of {', '.join(games)}")
    status = query.get("status", "")
    if status and status not in STATUSES:
        raise FilterError(f"unknown status {status!r}: one of {', '.join(STATUSES)}")
    text = query.get("page", "1") or "1"
    if not text.isdigit() or int(text) < 1:
        raise FilterError(f"page must be a whole number from 1, not {text!r}")
    return RoomFilter(game, status, int(text))


@dataclass(frozen=True, slots=True)
class RoomPage:
    rooms: list[dict[str, object]]
    page: int
    pages: int
    """Pages of the filtered list (at least 1)."""
    total: int


def select(rooms: Iterable[dict[str, object]], wanted: RoomFilter) -> RoomPage:
    """The rooms of ``wanted``'s page among the filtered ``rooms`` (summaries, in list
    order); a page beyond the last shows the last."""
    kept = [
        room
        for room in rooms
        if (not wanted.game or room["game"] == wanted.game)
        and (not wanted.status or room["status"] == wanted.status)
    ]
    pages = max(1, -(-len(kept) // ROOMS_PAGE_SIZE))
    page = min(wanted.page, pages)
    start = (page - 1) * ROOMS_PAGE_SIZE
    return RoomPage(kept[start : start + ROOMS_PAGE_SIZE], page, pages, len(kept))


def _escape(value: object) -> str:
    return html.escape(str(value), quote=True)


def result_cell(room: Mapping[str, object]) -> str:
    """The result in English words, the official text on hover."""
    words = room.get("resultWords")
    if isinstance(words, dict):
        title = f' title="{_escape(words.get("official") or "")}"' if words.get("official") else ""
        return f'<td class="result"{title}>{_escape(words.get("text") or "")}</td>'
    return f'<td class="result">{_escape(room.get("result") or "")}</td>'


def _row(room: Mapping[str, object]) -> str:
    room_id = _escape(room["id"])
    status = _escape(room["status"])
    names = room.get("names") or []
    players = " – ".join(str(name) for name in names) if isinstance(names, list) else ""
    links = (
        "" if room["status"] == "closed" else f'<a href="#/live/{room_id}" class="watch">watch</a>'
    )
    if room["status"] in ("finished", "closed"):
        links += f' <a href="#/room/{room_id}" class="replay">replay</a>'
    return (
        f'<tr data-room="{room_id}" data-status="{status}">'
        f'<td><span class="status status-{status}">{status}</span></td>'
        f"<td>{_escape(room['game'])}</td><td>{_escape(players)}</td>"
        f"<td>{_escape(room['turn'])}</td>{result_cell(room)}<td>{links}</td></tr>"
    )


def _options(name: str, values: Sequence[str], chosen: str, every: str) -> str:
    options = [f'<option value=""{" selected" if not chosen else ""}>{every}</option>']
    for value in values:
        selected = " selected" if value == chosen else ""
        options.append(f'<option value="{_escape(value)}"{selected}>{_escape(value)}</option>')
    return f'<select name="{name}" id="filter-{name}">{"".join(options)}</select>'


def render_room_list(
    rooms: Iterable[dict[str, object]], wanted: RoomFilter, games: Sequence[str]
) -> str:
    """The list section (filter form, table, pager) as HTML; the markup ``live.js`` builds."""
    page = select(rooms, wanted)
    head = "".join(
        f"<th>{name}</th>" for name in ("status", "game", "players", "turn", "result", "")
    )
    rows = "".join(_row(room) for room in page.rooms)
    empty = "" if page.rooms else '<p class="none" id="no-rooms">none</p>'
    form = (
        '<form id="room-filter" method="get" action="/">'
        f"<label>game {_options('game', games, wanted.game, 'every game')}</label> "
        f"<label>status {_options('status', STATUSES, wanted.status, 'every status')}</label> "
        '<button type="submit" id="filter-apply">filter</button></form>'
    )
    return (
        f'<section id="room-list"><h2>Rooms</h2>{form}'
        f'<div class="table-wrap"><table id="rooms"><tr>{head}</tr>{rows}</table></div>'
        f"{empty}{pager(wanted, page)}</section>"
    )


def pager(wanted: RoomFilter, page: RoomPage) -> str:
    """``page N of M (T rooms)`` with links to the pages before and after."""
    parts = []
    if page.page > 1:
        parts.append(f'<a rel="prev" href="/{_escape(wanted.query(page.page - 1))}">← newer</a>')
    parts.append(f'<span id="page-of">page {page.page} of {page.pages} ({page.total} rooms)</span>')
    if page.page < page.pages:
        parts.append(f'<a rel="next" href="/{_escape(wanted.query(page.page + 1))}">older →</a>')
    return (
        f'<nav id="pager" data-page="{page.page}" data-pages="{page.pages}">{" ".join(parts)}</nav>'
    )
