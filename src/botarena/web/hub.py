"""The live hub: what the lobby does, fanned out to browsers without ever slowing a room.

:class:`LiveHub` is a :class:`~botarena.server.events.LobbyListener`. Each event is turned
into one JSON text at most (only when someone watches) and put into the bounded queue of
each interested :class:`Viewer`; a viewer's own task writes to its WebSocket. A viewer whose
queue overflows loses the queue and gets one snapshot of everything it watches instead
(coalescing), so the room never waits for a browser and memory stays bounded.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from botarena.core import GameResult
from botarena.games.registry import GAMES
from botarena.server.events import LobbyListener
from botarena.server.results import describe
from botarena.server.room import Room
from botarena.web.limits import (
    MAX_FINISHED_ROOMS,
    MAX_STATES_PER_ROOM,
    MAX_WATCHED_ROOMS,
    ROOM_LIST_INTERVAL_S,
    VIEWER_FLUSH_INTERVAL_S,
    VIEWER_QUEUE_LIMIT,
)

log = logging.getLogger(__name__)

_GAME_IDS = {spec.game_type: spec.id for spec in GAMES}


@dataclass(slots=True)
class RoomRecord:
    """What the hub knows of one room."""

    room_id: str
    game_type: str
    names: list[str]
    status: str = "waiting"
    states: list[str] = field(default_factory=list)
    move_ms: list[float | None] = field(default_factory=list)
    result_xml: str | None = None
    result_text: str | None = None
    watchers: set[Viewer] = field(default_factory=set)

    def summary(self) -> dict[str, object]:
        return {
            "id": self.room_id,
            "gameType": self.game_type,
            "game": _GAME_IDS.get(self.game_type, self.game_type),
            "names": self.names,
            "status": self.status,
            "turn": max(len(self.states) - 1, 0),
            "result": self.result_text,
        }

    def replay(self) -> dict[str, object]:
        """The room as a replay (the format of :mod:`botarena.web.replays`)."""
        return {
            "gameType": self.game_type,
            "game": _GAME_IDS.get(self.game_type, self.game_type),
            "names": self.names,
            "states": self.states,
            "moveMs": self.move_ms,
            "result": self.result_xml,
        }


Send = Callable[[str], Awaitable[None]]

RECORD_SEPARATOR = "\x1e"
"""Separates the messages of one WebSocket frame."""


def state_message(room_id: str, index: int, move_ms: float | None, state_xml: str) -> str:
    """A state for the browsers, without JSON-escaping the XML (the hot path with viewers):
    ``S<TAB>room<TAB>index<TAB>moveMs<TAB>xml``; every other message is a JSON object."""
    ms = "" if move_ms is None else f"{move_ms:.3f}"
    return f"S\t{room_id}\t{index}\t{ms}\t{state_xml}"


class Viewer:
    """One browser connection: a bounded queue of JSON texts and what it watches."""

    def __init__(self, hub: LiveHub, send: Send, limit: int = VIEWER_QUEUE_LIMIT) -> None:
        self.hub = hub
        self.send = send
        self.limit = limit
        self.queue: deque[str] = deque()
        self.wants_rooms = False
        self.watching: set[str] = set()
        self.resync = False
        """The queue overflowed: the next write is a snapshot of everything watched."""
        self.extra_snapshots: list[Callable[[], str]] = []
        """More that a snapshot repeats (a human seat's current offer of moves)."""
        self.dropped = 0
        self.closed = False
        self._ready = asyncio.Event()

    def push(self, text: str) -> None:
        if self.closed:
            return
        if len(self.queue) >= self.limit:
            self.queue.clear()
            self.resync = True
            self.dropped += 1
        elif not self.resync:
            self.queue.append(text)
        self._ready.set()

    def request_snapshot(self) -> None:
        self.resync = True
        self._ready.set()

    async def run(self, flush_interval_s: float = VIEWER_FLUSH_INTERVAL_S) -> None:
        """Write queued messages until :meth:`close`, all that waited in one WebSocket frame
        (joined by :data:`RECORD_SEPARATOR`) at most every ``flush_interval_s``; raises what
        ``send`` raises."""
        while not self.closed:
            await self._ready.wait()
            if flush_interval_s > 0:
                await asyncio.sleep(flush_interval_s)  # gather what comes meanwhile
            self._ready.clear()
            if self.closed:
                return
            if self.resync:
                self.resync = False
                self.queue.clear()
                batch = self.hub.snapshot(self)
            else:
                batch = list(self.queue)
                self.queue.clear()
            if batch:
                await self.send(RECORD_SEPARATOR.join(batch))

    def close(self) -> None:
        self.closed = True
        self._ready.set()


class LiveHub(LobbyListener):
    """Rooms of a lobby as the web UI shows them, and the browsers watching them."""

    def __init__(self, list_interval_s: float = ROOM_LIST_INTERVAL_S) -> None:
        self.rooms: dict[str, RoomRecord] = {}
        self.finished: OrderedDict[str, RoomRecord] = OrderedDict()
        self.viewers: set[Viewer] = set()
        self.list_interval_s = list_interval_s
        self._list_flush: asyncio.TimerHandle | None = None
        self.list_viewers = 0
        """Viewers following the room list."""

    # ------------------------------------------------------------------ lobby events

    def room_created(self, room: Room) -> None:
        self.rooms[room.room_id] = RoomRecord(room.room_id, room.plugin.game_type, [])
        self._list_changed()

    def room_started(self, room: Room) -> None:
        record = self.rooms.get(room.room_id)
        if record is not None:
            record.status = "running"
            record.names = list(room.display_names())
            self._list_changed()

    def room_state(self, room: Room, state_xml: str, move_ms: float | None) -> None:
        record = self.rooms.get(room.room_id)
        if record is None or len(record.states) >= MAX_STATES_PER_ROOM:
            return
        record.states.append(state_xml)
        record.move_ms.append(move_ms)
        if record.watchers:
            text = state_message(record.room_id, len(record.states) - 1, move_ms, state_xml)
            for viewer in record.watchers:
                viewer.push(text)
        self._list_changed()

    def room_finished(self, room: Room, result: GameResult | None, result_xml: str | None) -> None:
        record = self.rooms.pop(room.room_id, None)
        if record is None:
            return
        record.status = "finished"
        record.names = list(room.display_names())
        record.result_xml = result_xml
        record.result_text = (
            describe(result, record.names) if result is not None else "cancelled without a result"
        )
        if record.watchers:
            text = json.dumps(
                {
                    "type": "result",
                    "room": record.room_id,
                    "xml": result_xml,
                    "text": record.result_text,
                }
            )
            for viewer in record.watchers:
                viewer.push(text)
        self.finished[record.room_id] = record
        while len(self.finished) > MAX_FINISHED_ROOMS:
            _, old = self.finished.popitem(last=False)
            for viewer in old.watchers:
                viewer.watching.discard(old.room_id)
        self._list_changed()

    # ------------------------------------------------------------------ viewers

    def record(self, room_id: str) -> RoomRecord | None:
        return self.rooms.get(room_id) or self.finished.get(room_id)

    def add_viewer(self, viewer: Viewer) -> None:
        self.viewers.add(viewer)

    def remove_viewer(self, viewer: Viewer) -> None:
        viewer.close()
        if viewer in self.viewers and viewer.wants_rooms:
            self.list_viewers -= 1
        self.viewers.discard(viewer)
        for room_id in viewer.watching:
            record = self.record(room_id)
            if record is not None:
                record.watchers.discard(viewer)
        viewer.watching.clear()

    def subscribe_rooms(self, viewer: Viewer) -> None:
        if not viewer.wants_rooms:
            self.list_viewers += 1
        viewer.wants_rooms = True
        viewer.push(self.room_list_text())

    def watch(self, viewer: Viewer, room_id: str) -> str | None:
        """Start sending ``room_id`` to ``viewer`` (all its states so far first); returns an
        error text instead when that is not possible."""
        record = self.record(room_id)
        if record is None:
            return f"no room {room_id!r}"
        if room_id not in viewer.watching and len(viewer.watching) >= MAX_WATCHED_ROOMS:
            return f"watching too many rooms at once (MAX_WATCHED_ROOMS={MAX_WATCHED_ROOMS})"
        viewer.watching.add(room_id)
        record.watchers.add(viewer)
        viewer.push(json.dumps(self._room_snapshot(record)))
        return None

    def unwatch(self, viewer: Viewer, room_id: str) -> None:
        viewer.watching.discard(room_id)
        record = self.record(room_id)
        if record is not None:
            record.watchers.discard(viewer)

    def snapshot(self, viewer: Viewer) -> list[str]:
        """Everything ``viewer`` watches, from scratch (after its queue overflowed)."""
        texts = [self.room_list_text()] if viewer.wants_rooms else []
        for room_id in sorted(viewer.watching):
            record = self.record(room_id)
            if record is not None:
                texts.append(json.dumps(self._room_snapshot(record)))
        texts += [extra() for extra in viewer.extra_snapshots]
        return texts

    def _room_snapshot(self, record: RoomRecord) -> dict[str, object]:
        return {
            "type": "room",
            "room": record.room_id,
            "summary": record.summary(),
            "replay": record.replay(),
            "resultText": record.result_text,
        }

    def room_list(self) -> list[dict[str, object]]:
        live = [record.summary() for record in self.rooms.values()]
        done = [record.summary() for record in reversed(self.finished.values())]
        return live + done

    def room_list_text(self) -> str:
        return json.dumps({"type": "rooms", "rooms": self.room_list()})

    def _list_changed(self) -> None:
        """Coalesce room-list updates: one per :data:`ROOM_LIST_INTERVAL_S` at most."""
        if self._list_flush is not None or not self.list_viewers:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._list_flush = loop.call_later(self.list_interval_s, self._flush_list)

    def _flush_list(self) -> None:
        self._list_flush = None
        text = self.room_list_text()
        for viewer in self.viewers:
            if viewer.wants_rooms:
                viewer.push(text)

    def close(self) -> None:
        if self._list_flush is not None:
            self._list_flush.cancel()
            self._list_flush = None
        for viewer in list(self.viewers):
            self.remove_viewer(viewer)
