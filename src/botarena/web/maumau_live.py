"""Mau-Mau games as live rooms of the hub: a :class:`MauMauListener` of the Mau-Mau server.

Each game becomes a room ``maumau-<game id>`` whose states are the tables an observer sees
(:func:`botarena.web.maumau_replay.table_xml` without hands: top card, wished suit, hand
sizes, whose turn), drawn by the same board module as Mau-Mau replays.
"""

from __future__ import annotations

from botarena.games.registry import MAUMAU_JSON, only_game_of
from botarena.server.maumau import FinishedTable, GameRoom, MauMauListener, TableView
from botarena.web.hub import LiveHub
from botarena.web.maumau_replay import table_xml

MAUMAU_GAME_TYPE = only_game_of(MAUMAU_JSON).game_type


def room_id(room: GameRoom) -> str:
    return f"maumau-{room.game_id}"


def result_text(record: FinishedTable | None) -> str:
    if record is None:
        return "cancelled without a result"
    winner = f"winner {record.winner_name!r}" if record.winner_name is not None else "no winner"
    return f"{winner} ({record.ending})"


class MauMauFeed(MauMauListener):
    """Tells ``hub`` what the Mau-Mau server's games do."""

    def __init__(self, hub: LiveHub) -> None:
        self.hub = hub
        self._turns: dict[str, int] = {}

    def game_created(self, room: GameRoom) -> None:
        self.hub.open_room(room_id(room), MAUMAU_GAME_TYPE)

    def game_started(self, room: GameRoom) -> None:
        self.hub.start_room(room_id(room), list(room.names))

    def game_state(self, room: GameRoom, table: TableView, move_ms: float | None) -> None:
        key = room_id(room)
        turn = self._turns.get(key, 0)
        self._turns[key] = turn + 1
        turn_of = "" if table.turn_of is None else room.names[table.turn_of]
        state = table_xml(
            turn, table.top_card, table.wish, turn_of, room.names, list(table.hand_sizes)
        )
        self.hub.add_state(key, state, move_ms, table.action)

    def game_finished(self, room: GameRoom, record: FinishedTable | None) -> None:
        key = room_id(room)
        self._turns.pop(key, None)
        self.hub.finish_room(key, list(room.names), None, result_text(record))
