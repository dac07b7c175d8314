"""The public way to watch the Mau-Mau server: :class:`MauMauListener`.

A listener added with :meth:`botarena.server.maumau.MauMauServer.add_listener` hears about
every game: when it is created and started, each table an observer may see (a
:class:`TableView`: top card, wished suit, hand sizes, whose turn; never a hand) and its end
(the :class:`~botarena.server.maumau.room.FinishedTable`, ``None`` for a game that crashed or
was cancelled). The calls run inside the event loop, synchronously, in the game's order; a
listener must return quickly and must not change the game. An exception in a listener is
logged and never reaches the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from botarena.protocol.maumau_plugin import TableView

if TYPE_CHECKING:
    from botarena.server.maumau.room import FinishedTable, GameRoom

__all__ = ["MauMauListener", "TableView"]


class MauMauListener:
    """Events of every game of a Mau-Mau server; override the ones you need."""

    def game_created(self, room: GameRoom) -> None:
        """Enough players have joined: a game exists (``room.game_id``, ``room.names``)."""

    def game_started(self, room: GameRoom) -> None:
        """The cards are dealt; the first table follows."""

    def game_state(self, room: GameRoom, table: TableView, move_ms: float | None) -> None:
        """A turn was announced (or, with ``turn_of`` ``None``, the game ended): what an
        observer sees now; ``move_ms`` the time the answer that led here took (``None`` when
        no answer did, e.g. for the first turn)."""

    def game_finished(self, room: GameRoom, record: FinishedTable | None) -> None:
        """The game is over (``record`` ``None`` when it crashed or was cancelled)."""
