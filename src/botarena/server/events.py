"""The public way to watch a lobby: :class:`LobbyListener`.

A listener added with :meth:`botarena.server.lobby.Lobby.add_listener` hears about every room
of the server: when it is created, when its game starts, each state the players see (the
``<state>`` printed as in a memento, with the time the move that led to it took), and its
end (the result, ``None`` for a game cancelled without one; :meth:`LobbyListener.game_finished`
gives the finished game as a :class:`FinishedGame`, with its replay and move times, for those
that must not hold on to the room, such as the runner). The move clock's two events come
from the room code that times the moves: :meth:`LobbyListener.move_requested` (a seat's
move request was written to its connection: its clock runs) and
:meth:`LobbyListener.move_answered` (its answer was read, as a
:class:`~botarena.server.move_clock.MoveTime` with the raw and the charged time).

The calls run inside the event loop, synchronously, in the room's own order; a listener
must return quickly and must not change the room (the web UI only queues the event for its
viewers). An exception in a listener is logged and never reaches the room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from botarena.core import GameResult
from botarena.server.move_clock import MoveTime
from botarena.server.wire import replay_document

if TYPE_CHECKING:
    from botarena.server.room import Room


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A room's game as it ended: everything an embedding keeps of it."""

    room_id: str
    game_type: str
    display_names: tuple[str, ...]
    result: GameResult | None
    """``None``: cancelled without a result."""
    replay_packets: tuple[bytes, ...]
    """The replay's packets (empty unless the server keeps replays, ``save_replay``)."""
    moves: tuple[MoveTime, ...]
    """Every applied move as the move clock timed it (raw and charged time, near misses)."""
    infra_error_slot: int | None = None
    """The seat the machine stalled under the CPU clock (``Room``: an infra error), if any."""

    @property
    def move_times_ms(self) -> tuple[float, ...]:
        """The charged time of each move."""
        return tuple(move.charged_ms for move in self.moves)

    @property
    def move_slots(self) -> tuple[int, ...]:
        """The slot that made each move of ``move_times_ms``."""
        return tuple(move.slot for move in self.moves)

    def replay_document(self) -> bytes:
        """The official replay document: ``<protocol>``, the packets, ``</protocol>``, with a
        comment before it that names the season (:func:`botarena.server.wire.replay_start`)."""
        return replay_document(self.game_type, self.replay_packets)


class LobbyListener:
    """Events of every room of a lobby; override the ones you need (the defaults do nothing)."""

    def room_created(self, room: Room) -> None:
        """A room exists (``join`` or ``prepare``); no game yet."""

    def room_started(self, room: Room) -> None:
        """Both seats are taken; the game has begun (its first state follows)."""

    def room_state(self, room: Room, state_xml: str, move_ms: float | None) -> None:
        """A state the players get: ``state_xml`` is the ``<state>`` element as printed in a
        memento; ``move_ms`` the time the move that led to it took (``None`` for the first)."""

    def move_requested(self, room: Room, slot: int, written_at: float) -> None:
        """``slot``'s move request was written to its connection at ``written_at`` (the
        room's clock; a paced connection writes it later than the room queued it)."""

    def move_answered(self, room: Room, move: MoveTime) -> None:
        """The answer to a move request was read; called before the room judges it (a move
        whose ``move.over_limit`` is true ends the game by soft timeout)."""

    def room_finished(self, room: Room, result: GameResult | None, result_xml: str | None) -> None:
        """The room is over and removed; ``result_xml`` is the ``<data class="result">``
        element sent to the players (both ``None`` when it was cancelled without a result)."""

    def game_finished(self, game: FinishedGame) -> None:
        """The room is over (called before :meth:`room_finished`), as a :class:`FinishedGame`."""
