"""Budgets for what a request to the UI can start: bot processes, prepared rooms, human seats.

``POST /api/prepare`` makes a room on the game server, may start built-in bot processes and
may hold human seats. Each is counted here before the request goes to the game server (a
:class:`Ticket` holds its share while the request is under way, so concurrent requests
cannot both slip under a cap) and refused with a :class:`BudgetError` naming the limit:

* :data:`MAX_UI_BOT_PROCESSES` bot processes the UI started, running at once;
* :data:`MAX_PREPARED_ROOMS` prepared rooms whose game has not started, in all, and
  :data:`MAX_PREPARED_ROOMS_PER_CLIENT` per page session;
* :data:`MAX_HUMAN_SEATS` human seats in all, :data:`MAX_HUMAN_SEATS_PER_CLIENT` per session.

A prepared room whose game has not started :data:`PREPARED_ROOM_EXPIRY_S` after it was
prepared expires: the ``expire`` callback (the web server cancels it and says so).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from botarena.server.peer import Clock, TimerHandle
from botarena.web import admin
from botarena.web.human import MAX_HUMAN_SEATS
from botarena.web.limits import (
    MAX_HUMAN_SEATS_PER_CLIENT,
    MAX_PREPARED_ROOMS,
    MAX_PREPARED_ROOMS_PER_CLIENT,
    MAX_UI_BOT_PROCESSES,
    PREPARED_ROOM_EXPIRY_S,
)

log = logging.getLogger(__name__)


class BudgetError(Exception):
    """A request beyond one of the budgets (HTTP 503; the text names the limit)."""


@dataclass(slots=True)
class Ticket:
    """One prepare under way: its client, the bots it will start, its human seats."""

    client: str
    bots: int
    humans: int


@dataclass(slots=True)
class _Room:
    client: str
    timer: TimerHandle


class UiBudgets:
    """The budgets of one web server. ``is_waiting(room_id)``: whether a room's game has not
    started yet; ``human_seats(client)``: seats held (``None``: by everyone)."""

    def __init__(
        self,
        clock: Clock,
        is_waiting: Callable[[str], bool],
        human_seats: Callable[[str | None], int],
        expire: Callable[[str], None],
    ) -> None:
        self.clock = clock
        self.is_waiting = is_waiting
        self.human_seats = human_seats
        self.expire = expire
        self.rooms: dict[str, _Room] = {}
        """Rooms the UI prepared and still counts (their expiry timer pending)."""
        self.pending: list[Ticket] = []

    def _open_rooms(self, client: str | None) -> int:
        for room_id in [r for r in self.rooms if not self.is_waiting(r)]:
            self.rooms.pop(room_id).timer.cancel()  # started or over: no longer open
        rooms = sum(1 for room in self.rooms.values() if client in (None, room.client))
        return rooms + sum(1 for ticket in self.pending if client in (None, ticket.client))

    def _pending_humans(self, client: str | None) -> int:
        return sum(t.humans for t in self.pending if client in (None, t.client))

    def reserve(self, client: str, *, bots: int, humans: int) -> Ticket:
        """A ticket for a prepare of ``client`` with ``bots`` built-in bots and ``humans``
        human seats; :class:`BudgetError` when one budget has no room for it."""
        running = admin.running_bots() + sum(ticket.bots for ticket in self.pending)
        if bots and running + bots > MAX_UI_BOT_PROCESSES:
            raise BudgetError(
                f"too many bot processes started by the UI (MAX_UI_BOT_PROCESSES="
                f"{MAX_UI_BOT_PROCESSES}); wait for their games to end"
            )
        if self._open_rooms(None) >= MAX_PREPARED_ROOMS:
            raise BudgetError(
                f"too many prepared rooms waiting for players (MAX_PREPARED_ROOMS="
                f"{MAX_PREPARED_ROOMS}); they expire after {PREPARED_ROOM_EXPIRY_S:g} s"
            )
        if self._open_rooms(client) >= MAX_PREPARED_ROOMS_PER_CLIENT:
            raise BudgetError(
                f"this page has too many prepared rooms waiting for players "
                f"(MAX_PREPARED_ROOMS_PER_CLIENT={MAX_PREPARED_ROOMS_PER_CLIENT}); they "
                f"expire after {PREPARED_ROOM_EXPIRY_S:g} s"
            )
        if humans:
            if self.human_seats(None) + self._pending_humans(None) + humans > MAX_HUMAN_SEATS:
                raise BudgetError(f"too many human seats (MAX_HUMAN_SEATS={MAX_HUMAN_SEATS})")
            held = self.human_seats(client) + self._pending_humans(client)
            if held + humans > MAX_HUMAN_SEATS_PER_CLIENT:
                raise BudgetError(
                    f"this page holds too many human seats "
                    f"(MAX_HUMAN_SEATS_PER_CLIENT={MAX_HUMAN_SEATS_PER_CLIENT})"
                )
        ticket = Ticket(client, bots, humans)
        self.pending.append(ticket)
        return ticket

    def release(self, ticket: Ticket) -> None:
        """The prepare is over (done or failed): its share is counted where it went."""
        if ticket in self.pending:
            self.pending.remove(ticket)

    def prepared(self, ticket: Ticket, room_id: str) -> None:
        """The prepare made ``room_id``: counted as open until its game starts, and expired
        after :data:`PREPARED_ROOM_EXPIRY_S` if it has not started by then."""
        self.release(ticket)
        timer = self.clock.call_later(PREPARED_ROOM_EXPIRY_S, lambda: self._expire(room_id))
        self.rooms[room_id] = _Room(ticket.client, timer)

    def _expire(self, room_id: str) -> None:
        room = self.rooms.pop(room_id, None)
        if room is not None and self.is_waiting(room_id):
            log.info(
                "prepared room %s expired: its game did not start within %g s",
                room_id,
                PREPARED_ROOM_EXPIRY_S,
            )
            self.expire(room_id)

    def close(self) -> None:
        for room in self.rooms.values():
            room.timer.cancel()
        self.rooms.clear()
