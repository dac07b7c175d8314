"""The Mau-Mau server's public listener: created, started, each table as observers see it
(never a hand), finished."""

from __future__ import annotations

import asyncio
from typing import Any

from botarena.games.maumau.rules import HAND_SIZE
from botarena.server.maumau import FinishedTable, GameRoom, MauMauListener, TableView
from tests.server.maumau.helpers import play_bot, run


class Recorder(MauMauListener):
    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    def game_created(self, room: GameRoom) -> None:
        self.events.append(("created", list(room.names)))

    def game_started(self, room: GameRoom) -> None:
        self.events.append(("started", room.game_id))

    def game_state(self, room: GameRoom, table: TableView, move_ms: float | None) -> None:
        self.events.append(("state", (table, move_ms)))

    def game_finished(self, room: GameRoom, record: FinishedTable | None) -> None:
        self.events.append(("finished", record))


class Broken(MauMauListener):
    def game_state(self, room: GameRoom, table: TableView, move_ms: float | None) -> None:
        raise RuntimeError("a listener's bug")


def test_a_listener_hears_a_whole_game_as_an_observer_sees_it() -> None:
    recorder = Recorder()

    async def scenario(server: Any) -> Any:
        server.add_listener(Broken())  # a failing listener never reaches the game
        server.add_listener(recorder)
        await asyncio.gather(play_bot(server, "Alice", 1), play_bot(server, "Bob", 2))
        return server.records

    (record,) = run(scenario, seed=5)
    kinds = [kind for kind, _ in recorder.events]
    assert kinds[:2] == ["created", "started"] and kinds[-1] == "finished"
    assert set(kinds[2:-1]) == {"state"}
    assert recorder.events[0][1] == ["Alice", "Bob"]
    assert recorder.events[-1][1] is record
    tables = [table for kind, (table, _) in recorder.events[2:-1] if kind == "state"]
    first, last = tables[0], tables[-1]
    assert max(first.hand_sizes) >= HAND_SIZE and min(first.hand_sizes) == HAND_SIZE  # dealt
    assert first.turn_of is not None and last.turn_of is None
    assert last.hand_sizes == tuple(record.cards_left)
    assert all(0 <= table.top_card < 32 and -1 <= table.wish < 4 for table in tables)
    assert not any(hasattr(table, "hands") or hasattr(table, "hand") for table in tables)
    move_times = [ms for kind, (_, ms) in recorder.events[2:-1] if kind == "state"]
    assert move_times[0] is None and any(ms is not None and ms >= 0 for ms in move_times)


def test_a_removed_listener_hears_nothing() -> None:
    recorder = Recorder()

    async def scenario(server: Any) -> None:
        server.add_listener(recorder)
        server.remove_listener(recorder)
        await asyncio.gather(play_bot(server, "A", 1), play_bot(server, "B", 2))

    run(scenario, seed=3)
    assert recorder.events == []
