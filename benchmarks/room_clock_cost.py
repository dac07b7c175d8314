"""The server's work per move in a room, for ``confine_overhead.py --moves``: whole
Piranhas 2019 games with both seats answering at once and a manual clock. It imports only
the server, so it runs on a checkout from before ``--clock`` too (``clock=None``)."""

from __future__ import annotations

import time
from typing import Any


class _Peer:
    is_admin = False
    closed = False

    def __init__(self, peer_id: int) -> None:
        self.peer_id = peer_id

    def send(self, message: bytes) -> None:
        return None

    def close(self, close_element: bytes | None = None, *, end_document: bool = True) -> None:
        self.closed = True


class _Host:
    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


ROOM_GAMES = 5


def _timing(clock: str | None) -> dict[str, Any]:
    """The room's move timing: one ``MoveTiming``, or on a checkout from before ``--clock``
    (``clock`` ``None``) the keyword arguments its room took instead."""
    if clock is None:
        return {"soft_timeout_s": 2.0, "hard_timeout_s": 10.0, "timeouts_enabled": True}
    from botarena.server.move_clock import MoveTiming  # noqa: PLC0415

    return {"timing": MoveTiming(2.0, 10.0, True, clock_kind=clock)}  # type: ignore[arg-type]


def room_ms_per_move(clock: str | None, meter: object | None) -> float:
    """ms per move of ``ROOM_GAMES`` whole games in a room; ``clock`` ``None``: the room of
    a checkout before ``--clock`` (no such argument)."""
    from botarena.games.piranhas.xml import move_to_element  # noqa: PLC0415
    from botarena.games.registry import load_plugin  # noqa: PLC0415
    from botarena.protocol.sc_plugin import GameSetup  # noqa: PLC0415
    from botarena.server.manual_clock import ManualClock  # noqa: PLC0415
    from botarena.server.room import Room, RoomPhase  # noqa: PLC0415

    moves, spent = 0, 0.0
    for seed in range(ROOM_GAMES):
        timer = ManualClock()
        room = Room(
            _Host(),
            "room",
            load_plugin("swc_2019_piranhas"),
            prepared=False,
            paused=False,
            setup=GameSetup(seed=seed),
            clock=timer,
            **_timing(clock),
        )
        peers = [_Peer(1), _Peer(2)]
        room.seat_joiner(peers[0])
        if meter is not None:
            room.slots[0].meter = meter  # type: ignore[assignment]
        room.seat_joiner(peers[1])
        if meter is not None:
            room.slots[1].meter = meter  # type: ignore[assignment]
        while room.phase is RoomPhase.ACTIVE and room.pending is not None:
            match = room.match
            assert match is not None
            move = move_to_element(match.state.legal_moves()[0])  # type: ignore[attr-defined]
            peer = peers[room.pending.slot]
            began = time.perf_counter()
            room.on_room_message(peer, move, timer.time())
            spent += time.perf_counter() - began
            moves += 1
    return spent / moves * 1000
