"""What an embedding (the runner) may see of one prepared room and do with it, without the
room's internals: :meth:`botarena.server.lobby.Lobby.game` returns it."""

from __future__ import annotations

from botarena.server.move_clock import CpuMeter
from botarena.server.room import Room, RoomPhase


class GameControl:
    """One room's game: has it started, who sits, start it now, end it."""

    __slots__ = ("_room",)

    def __init__(self, room: Room) -> None:
        self._room = room

    @property
    def room_id(self) -> str:
        return self._room.room_id

    def started(self) -> bool:
        """Whether the game has begun (or already ended)."""
        return self._room.phase is not RoomPhase.CREATED

    def seated(self, slot: int) -> bool:
        """Whether a client holds slot ``slot``."""
        slots = self._room.slots
        return 0 <= slot < len(slots) and slots[slot].client is not None

    def attach_meter(self, slot: int, meter: CpuMeter) -> None:
        """The CPU meter of the bot that takes slot ``slot`` (``--clock cpu`` charges it;
        every clock records its readings)."""
        if 0 <= slot < len(self._room.slots):
            self._room.slots[slot].meter = meter

    def force_start(self) -> None:
        """Start now (the admin's forced ``step``): empty slots lose with LEFT."""
        self._room.step(forced=True)

    def abort(self, why: str) -> None:
        """End the game at once, cause UNKNOWN for every slot (``why`` in the reason)."""
        self._room.abort(why)
