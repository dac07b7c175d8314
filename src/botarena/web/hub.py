"""The live hub: what the game servers do, fanned out to browsers without ever slowing a room.

:class:`LiveHub` is a :class:`~botarena.server.events.LobbyListener` of the SC lobby (and,
through :mod:`botarena.web.maumau_live`, hears the Mau-Mau server). A room nobody watches
costs one append per state. A watched room's state becomes one text, shared by every viewer
watching it, and goes into each viewer's bounded queue; one hub-wide timer wakes the viewers
with something queued at most every :data:`VIEWER_FLUSH_INTERVAL_S`, and each viewer's task
then writes all of it in one WebSocket frame. A viewer whose queue overflows loses the queue
and gets one snapshot of everything it watches instead (coalescing), so a room never waits
for a browser and memory stays bounded. Room-list changes are gathered (which rooms changed,
not how often) and sent as one update per :data:`ROOM_LIST_INTERVAL_S`.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

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
from botarena.web.result_words import players, result_words

log = logging.getLogger(__name__)

_GAME_IDS = {spec.game_type: spec.id for spec in GAMES}


@dataclass(slots=True)
class RoomRecord:
    """What the hub knows of one room."""

    room_id: str
    game_type: str
    names: list[str]
    order: int = 0
    """Place in the room list: live rooms by creation, finished ones by their end."""
    status: str = "waiting"
    """waiting, running, finished (the game was played to a result), or closed (its players
    left before it was played: it never started, or a human seat was abandoned)."""
    states: list[str] = field(default_factory=list)
    move_ms: list[float | None] = field(default_factory=list)
    moves: list[str | None] | None = None
    """What led to each state, in words, where the game's feed tells it (Mau-Mau); ``None``:
    the moves are read from the states (SC games: ``web.move_list``)."""
    result_xml: str | None = None
    result_text: str | None = None
    result_words: dict[str, Any] | None = None
    """The result in words (:func:`botarena.web.result_words.result_words`), made once."""
    watchers: set[Viewer] = field(default_factory=set)

    @property
    def game_id(self) -> str:
        return _GAME_IDS.get(self.game_type, self.game_type)

    def summary(self) -> dict[str, object]:
        return {
            "id": self.room_id,
            "gameType": self.game_type,
            "game": _GAME_IDS.get(self.game_type, self.game_type),
            "names": self.names,
            "status": self.status,
            "turn": max(len(self.states) - 1, 0),
            "result": self.result_text,
            "resultWords": self.result_words,
            "order": self.order,
        }

    def replay(self) -> dict[str, object]:
        """The room as a replay (the format of :mod:`botarena.web.replays`)."""
        game_id = self.game_id
        return {
            "gameType": self.game_type,
            "game": _GAME_IDS.get(self.game_type, self.game_type),
            "names": self.names,
            "states": self.states,
            "moveMs": self.move_ms,
            "result": self.result_xml,
            "players": players(game_id, self.names),
            "resultWords": self.result_words,
        }

    def snapshot_text(self) -> str:
        """The room from scratch for a viewer: ``{"type": "room", "stateCount": n, ...}``
        (its replay's ``states`` and ``moveMs`` empty) followed by its ``n`` states as state
        records (:func:`state_message`), so no state is JSON-escaped; the browser
        (``frameMessages`` in ``static/api.js``) puts them back into the replay."""
        replay = self.replay()
        replay["states"] = []
        replay["moveMs"] = []
        head = json.dumps(
            {
                "type": "room",
                "room": self.room_id,
                "summary": self.summary(),
                "resultText": self.result_text,
                "stateCount": len(self.states),
                "replay": replay,
            }
        )
        room_id = self.room_id
        records = [
            state_message(room_id, index, move_ms, state)
            for index, (state, move_ms) in enumerate(zip(self.states, self.move_ms, strict=True))
        ]
        return RECORD_SEPARATOR.join([head, *records])


NEVER_STARTED = "the game never started (a player left before the other joined)"
"""Why a room that ended before its game started is closed."""


def closed_words(why: str, words: dict[str, Any] | None) -> dict[str, Any]:
    """The result in words of a closed room: ``closed: why``, never a winner; the server's
    official text (if any) stays on hover."""
    official = words["official"] if words is not None else ""
    return {"text": f"closed: {why}", "official": official, "winner": None}


Send = Callable[[str], Awaitable[None]]

RECORD_SEPARATOR = "\x1e"
"""Separates the messages of one WebSocket frame."""


def state_message(room_id: str, index: int, move_ms: float | None, state_xml: str) -> str:
    """A state for the browsers, without JSON-escaping the XML (the hot path with viewers):
    ``S<TAB>room<TAB>index<TAB>moveMs<TAB>xml``; every other message is a JSON object."""
    ms = "" if move_ms is None else f"{move_ms:.3f}"
    return f"S\t{room_id}\t{index}\t{ms}\t{state_xml}"


class Viewer:
    """One browser connection: a bounded queue of texts and what it watches. Its writer task
    (:meth:`run`) sleeps until the hub's flush (:meth:`LiveHub.flush_viewers`) wakes it."""

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
        self.flush_pending = False
        """Already among the viewers the hub's next flush wakes."""
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
        if not self.flush_pending:
            self.flush_pending = True
            self.hub.flush_soon(self)

    def request_snapshot(self) -> None:
        self.resync = True
        if not self.flush_pending:
            self.flush_pending = True
            self.hub.flush_soon(self)

    def wake(self) -> None:
        """The hub's flush: write what waits now."""
        self.flush_pending = False
        self._ready.set()

    async def run(self) -> None:
        """Each time the hub wakes this viewer, write everything queued in one WebSocket
        frame (joined by :data:`RECORD_SEPARATOR`) until :meth:`close`; raises what
        ``send`` raises."""
        while not self.closed:
            await self._ready.wait()
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
    """Rooms of the game servers as the web UI shows them, and the browsers watching them.

    The SC lobby calls the :class:`LobbyListener` methods; any other server (Mau-Mau) calls
    :meth:`open_room`, :meth:`start_room`, :meth:`add_state` and :meth:`finish_room`."""

    def __init__(
        self,
        list_interval_s: float = ROOM_LIST_INTERVAL_S,
        flush_interval_s: float = VIEWER_FLUSH_INTERVAL_S,
    ) -> None:
        self.rooms: dict[str, RoomRecord] = {}
        self.finished: OrderedDict[str, RoomRecord] = OrderedDict()
        self.viewers: set[Viewer] = set()
        self.list_interval_s = list_interval_s
        self.flush_interval_s = flush_interval_s
        self._list_flush: asyncio.TimerHandle | None = None
        self._changed: dict[str, RoomRecord] = {}
        """Rooms whose summary changed since the last room-list update."""
        self._removed: list[str] = []
        """Rooms dropped from the list since the last room-list update."""
        self._viewer_flush: asyncio.TimerHandle | None = None
        self._to_wake: list[Viewer] = []
        """Viewers with something queued, for the next :meth:`flush_viewers`."""
        self._order = 0
        self.list_viewers = 0
        """Viewers following the room list."""
        self.end_notes: dict[str, str] = {}
        """Why a live room is being closed by the UI (it expired, its human seat was
        abandoned): its result text instead of the server's."""

    # ------------------------------------------------------------------ SC lobby events

    def room_created(self, room: Room) -> None:
        self.open_room(room.room_id, room.plugin.game_type)

    def room_started(self, room: Room) -> None:
        self.start_room(room.room_id, list(room.display_names()))

    def room_state(self, room: Room, state_xml: str, move_ms: float | None) -> None:
        self.add_state(room.room_id, state_xml, move_ms)

    def room_finished(self, room: Room, result: GameResult | None, result_xml: str | None) -> None:
        names = list(room.display_names())
        text = describe(result, names) if result is not None else "cancelled without a result"
        self.finish_room(room.room_id, names, result_xml, text)

    # ------------------------------------------------------------------ rooms of any server

    def open_room(self, room_id: str, game_type: str) -> None:
        """A room exists; no game yet."""
        self._order += 1
        record = RoomRecord(room_id, game_type, [], self._order)
        self.rooms[room_id] = record
        self._list_changed(record)

    def start_room(self, room_id: str, names: list[str]) -> None:
        """The game started: the players are known; who watches already is told them."""
        record = self.rooms.get(room_id)
        if record is not None:
            record.status = "running"
            record.names = names
            self._list_changed(record)
            if record.watchers:
                text = json.dumps(
                    {"type": "players", "room": room_id, "players": players(record.game_id, names)}
                )
                for viewer in record.watchers:
                    viewer.push(text)

    def add_state(
        self, room_id: str, state_xml: str, move_ms: float | None, move: str | None = None
    ) -> None:
        """The hot path: one append unless someone watches the room or the list. ``move``:
        what led to the state in words, where the game's feed tells it (Mau-Mau)."""
        record = self.rooms.get(room_id)
        if record is None or len(record.states) >= MAX_STATES_PER_ROOM:
            return
        states = record.states
        if move is not None and record.moves is None:
            record.moves = [None] * len(states)
        if record.moves is not None:
            record.moves.append(move)
        states.append(state_xml)
        record.move_ms.append(move_ms)
        if record.watchers:
            text = state_message(room_id, len(states) - 1, move_ms, state_xml)
            for viewer in record.watchers:
                viewer.push(text)
        if self.list_viewers:
            self._list_changed(record)

    def finish_room(
        self, room_id: str, names: list[str], result_xml: str | None, result_text: str
    ) -> None:
        """The room is over: ``result_xml`` as the players got it (``None`` when there is
        none), ``result_text`` one line for people."""
        record = self.rooms.pop(room_id, None)
        note = self.end_notes.pop(room_id, None)
        if record is None:
            return
        words = result_words(record.game_id, names, result_xml)
        if note is None and record.status == "waiting":
            note = NEVER_STARTED
        record.status = "finished" if note is None else "closed"
        record.names = names
        record.result_xml = result_xml
        record.result_text = result_text if note is None else note
        record.result_words = words if note is None else closed_words(note, words)
        self._order += 1
        record.order = self._order
        if record.watchers:
            text = json.dumps(
                {
                    "type": "result",
                    "room": room_id,
                    "xml": result_xml,
                    "text": result_text,
                    "words": record.result_words,
                    "players": players(record.game_id, names),
                }
            )
            for viewer in record.watchers:
                viewer.push(text)
        self.finished[room_id] = record
        self._list_changed(record)
        while len(self.finished) > MAX_FINISHED_ROOMS:
            _, old = self.finished.popitem(last=False)
            for viewer in old.watchers:
                viewer.watching.discard(old.room_id)
            self._list_removed(old.room_id)

    def note_end(self, room_id: str, text: str) -> None:
        """The live room ``room_id`` is about to be closed for the reason ``text`` (it
        expired, its human seat was abandoned): it is listed as closed and says why."""
        if room_id in self.rooms:
            self.end_notes[room_id] = text

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
        viewer.push(record.snapshot_text())
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
                texts.append(record.snapshot_text())
        texts += [extra() for extra in viewer.extra_snapshots]
        return texts

    def flush_soon(self, viewer: Viewer) -> None:
        """``viewer`` has something queued: wake it with the others at the next flush, at
        most :attr:`flush_interval_s` from now (one timer for the whole hub). Without a
        running event loop (unit tests) nothing is scheduled: call :meth:`flush_viewers`."""
        self._to_wake.append(viewer)
        if self._viewer_flush is None:
            self._viewer_flush = _call_later(self.flush_interval_s, self.flush_viewers)

    def flush_viewers(self) -> None:
        """Wake every viewer with something queued; each writes it all in one frame."""
        if self._viewer_flush is not None:
            self._viewer_flush.cancel()
            self._viewer_flush = None
        viewers, self._to_wake = self._to_wake, []
        for viewer in viewers:
            viewer.wake()

    # ------------------------------------------------------------------ the room list

    def room_list(self) -> list[dict[str, object]]:
        live = [record.summary() for record in self.rooms.values()]
        done = [record.summary() for record in reversed(self.finished.values())]
        return live + done

    def room_list_text(self) -> str:
        """The whole list (``{"type": "rooms"}``): for a new or resynchronised viewer."""
        return json.dumps({"type": "rooms", "rooms": self.room_list()})

    def _list_changed(self, record: RoomRecord) -> None:
        """Note a changed summary; the update goes out with the next list flush."""
        if not self.list_viewers:
            return
        self._changed[record.room_id] = record
        self._schedule_list_flush()

    def _list_removed(self, room_id: str) -> None:
        if not self.list_viewers:
            return
        self._changed.pop(room_id, None)
        self._removed.append(room_id)
        self._schedule_list_flush()

    def _schedule_list_flush(self) -> None:
        """Coalesce room-list updates: one per :data:`ROOM_LIST_INTERVAL_S` at most."""
        if self._list_flush is None:
            self._list_flush = _call_later(self.list_interval_s, self._flush_list)

    def _flush_list(self) -> None:
        """Send the list's changes since the last flush (``{"type": "roomsChanged",
        "rooms": [summaries], "removed": [ids]}``) to every viewer following the list."""
        self._list_flush = None
        if not self._changed and not self._removed:
            return
        text = json.dumps(
            {
                "type": "roomsChanged",
                "rooms": [record.summary() for record in self._changed.values()],
                "removed": self._removed,
            }
        )
        self._changed = {}
        self._removed = []
        for viewer in self.viewers:
            if viewer.wants_rooms:
                viewer.push(text)

    def close(self) -> None:
        for timer in (self._list_flush, self._viewer_flush):
            if timer is not None:
                timer.cancel()
        self._list_flush = self._viewer_flush = None
        for viewer in list(self.viewers):
            self.remove_viewer(viewer)


def _call_later(delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle | None:
    """A timer on the running event loop; ``None`` without one (unit tests flush by hand)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.call_later(delay, callback)
