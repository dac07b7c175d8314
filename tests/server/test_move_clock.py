"""The move clock: it starts a grace after the move request was written (for a paced
connection: when the pacer wrote it), the soft limit applies to the charged time, and every
move is recorded with its raw and charged time (near misses marked)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from botarena.core import ScoreCause
from botarena.games.registry import load_plugin
from botarena.move_clock_limits import MAX_MOVE_GRACE_MS
from botarena.protocol.sc_profiles import PROFILE_2019, PROFILE_2021, PROFILE_2026
from botarena.server.config import ConfigError, ServerConfig
from botarena.server.events import FinishedGame, LobbyListener
from botarena.server.lobby import Lobby, SlotDescriptor
from botarena.server.manual_clock import ManualClock
from botarena.server.move_clock import MoveTime, charged_seconds
from botarena.server.pacing import PacedWriter
from botarena.server.room import Room, RoomPhase
from tests.server.test_pacing import FakeTransport
from tests.server.test_room import MOVE_REQUEST, PIRANHAS, FakeHost, FakePeer, new_room

GRACE_S = 0.25
FIRST_GRACE_S = 2 * GRACE_S
"""The first request comes after two messages of its turn (the welcome message, the state)."""


def _room(host: FakeHost, clock: ManualClock, *, grace_s: float = GRACE_S) -> Room:
    return new_room(host, clock, move_grace_s=grace_s)


def _started(peer_one: FakePeer | None = None) -> tuple[Room, FakeHost, ManualClock, FakePeer]:
    host, clock = FakeHost(), ManualClock()
    room = _room(host, clock)
    one = peer_one or FakePeer(1)
    room.seat_joiner(one)
    room.seat_joiner(FakePeer(2))
    return room, host, clock, one


def _first_move(room: Room) -> object:
    from botarena.games.piranhas.xml import move_to_element  # noqa: PLC0415

    return move_to_element(room.match.state.legal_moves()[0])  # type: ignore[union-attr]


def test_the_charged_time_is_the_raw_time_less_the_grace_never_below_zero():
    assert charged_seconds(2.2, 0.25) == pytest.approx(1.95)
    assert charged_seconds(0.1, 0.25) == 0.0
    move = MoveTime(0, requested_at=10.0, received_at=12.2, grace_s=0.25, soft_limit_s=2.0)
    assert move.raw_ms == pytest.approx(2200.0) and move.charged_ms == pytest.approx(1950.0)
    assert move.near_miss and not move.over_limit
    fast = MoveTime(0, requested_at=10.0, received_at=11.0, grace_s=0.25, soft_limit_s=2.0)
    assert not fast.near_miss and not fast.over_limit
    late = MoveTime(0, requested_at=10.0, received_at=12.3, grace_s=0.25, soft_limit_s=2.0)
    assert late.over_limit and not late.near_miss
    untimed = MoveTime(0, requested_at=10.0, received_at=19.0, grace_s=0.25, soft_limit_s=None)
    assert not untimed.over_limit and not untimed.near_miss


def test_the_request_goes_out_at_once_and_a_move_within_the_grace_is_a_near_miss():
    room, host, clock, one = _started()
    assert one.classes()[-3:] == ["welcomeMessage", "memento", MOVE_REQUEST]
    assert host.requested == [(0, 0.0)]  # the grace delays nothing
    clock.advance(2.2)  # raw 2.2 s, charged 1.7 s: within the 2 s, and not even close
    room.on_room_message(one, _first_move(room), clock.time())  # type: ignore[arg-type]
    [first] = room.stats.moves
    assert first.grace_s == FIRST_GRACE_S and first.charged_ms == pytest.approx(1700.0)
    assert host.requested[-1][0] == 1 and host.requested[-1][1] == pytest.approx(2.2)
    two = room.slots[1].client
    assert isinstance(two, FakePeer) and two.classes()[-2:] == ["memento", MOVE_REQUEST]
    clock.advance(2.2)  # also slot 1's first request: two graces
    room.on_room_message(two, _first_move(room), clock.time())  # type: ignore[arg-type]
    assert room.stats.moves[-1].grace_s == FIRST_GRACE_S
    clock.advance(2.2)  # slot 0's second request: one grace
    room.on_room_message(one, _first_move(room), clock.time())  # type: ignore[arg-type]
    assert room.phase is RoomPhase.ACTIVE
    move = room.stats.moves[-1]
    assert move.slot == 0 and move.grace_s == GRACE_S and move.near_miss
    assert move.raw_ms == pytest.approx(2200.0) and move.charged_ms == pytest.approx(1950.0)
    assert host.answered == room.stats.moves and host.answered[0] == first
    assert host.states[-1] == pytest.approx(1950.0)  # states report the charged time


def test_the_soft_limit_applies_to_the_charged_time():
    room, host, clock, one = _started()
    clock.advance(2.0 + FIRST_GRACE_S + 0.001)
    room.on_room_message(one, _first_move(room), clock.time())  # type: ignore[arg-type]
    [(result, _xml)] = host.finished
    assert result is not None and result.scores[0].cause is ScoreCause.SOFT_TIMEOUT
    assert host.answered[0].over_limit and room.stats.moves == []


def test_the_hard_timer_runs_from_the_same_start():
    room, host, clock, _one = _started()
    clock.advance(10.0 + FIRST_GRACE_S - 0.001)
    assert room.phase is RoomPhase.ACTIVE
    clock.advance(0.001)
    [(result, _xml)] = host.finished
    assert result is not None and result.scores[0].cause is ScoreCause.HARD_TIMEOUT


class PacedPeer(FakePeer):
    """A peer whose writes are queued: ``when_written`` callbacks run when the test says."""

    def __init__(self, peer_id: int) -> None:
        super().__init__(peer_id)
        self.waiting: list[Callable[[float], None]] = []

    def when_written(self, callback: Callable[[float], None]) -> None:
        self.waiting.append(callback)


def test_a_paced_players_clock_starts_when_its_request_is_written():
    one = PacedPeer(1)
    room, host, clock, _ = _started(one)
    assert host.requested == []  # queued, not written: no clock yet, no hard timer
    clock.advance(11.0)
    assert room.phase is RoomPhase.ACTIVE
    written = clock.time()
    one.waiting.pop()(written)
    assert host.requested == [(0, written)]
    clock.advance(1.9)
    room.on_room_message(one, _first_move(room), clock.time())  # type: ignore[arg-type]
    [move] = room.stats.moves
    assert move.requested_at == written and move.raw_ms == pytest.approx(1900.0)
    assert move.charged_ms == pytest.approx(1900.0 - 1000 * FIRST_GRACE_S)


def test_paced_writer_reports_when_the_last_queued_message_is_written():
    clock = ManualClock()
    transport = FakeTransport(clock)
    writer = PacedWriter(transport, clock, 0.05, lambda: None, 1 << 20)  # type: ignore[arg-type]
    times: list[float] = []
    writer.when_written(times.append)  # nothing queued: at once
    writer.write(b"state")
    writer.write(b"request")
    writer.when_written(times.append)
    assert times == [0.0]
    clock.advance(0.05)
    assert times == [0.0, 0.05] and transport.writes[-1] == (0.05, b"request")


def test_each_season_has_its_measured_grace_and_the_option_overrides_it():
    assert (PROFILE_2019.move_grace_ms, PROFILE_2021.move_grace_ms) == (50, 35)
    assert PROFILE_2026.move_grace_ms == 350
    plugin = load_plugin("swc_2026_piranhas")
    for override, expected in ((None, 0.35), (0, 0.0), (700, 0.7)):
        lobby = Lobby(ServerConfig(port=0, move_grace_ms=override), [plugin], ManualClock())
        prepared = lobby.prepare_room(plugin.game_type, [SlotDescriptor("a"), SlotDescriptor("b")])
        assert lobby.rooms[prepared.room_id].timing.move_grace_s == expected


def test_grace_and_pace_settings_out_of_range_are_refused():
    with pytest.raises(ConfigError, match="move_grace_ms"):
        ServerConfig(move_grace_ms=MAX_MOVE_GRACE_MS + 1)
    with pytest.raises(ConfigError, match="move_grace_ms"):
        ServerConfig(move_grace_ms=-1)
    with pytest.raises(ConfigError, match="--pace-client needs --pace-ms"):
        ServerConfig(pace_clients=("bot",))
    assert ServerConfig(move_grace_ms=MAX_MOVE_GRACE_MS).move_grace_ms == MAX_MOVE_GRACE_MS


def test_listeners_hear_each_request_and_answer_and_get_raw_and_charged_times():
    clock = ManualClock()
    plugin = load_plugin(PIRANHAS)
    lobby = Lobby(ServerConfig(port=0, move_grace_ms=100), [plugin], clock)
    heard: list[object] = []
    finished: list[FinishedGame] = []

    class Listener(LobbyListener):
        def move_requested(self, room: Room, slot: int, written_at: float) -> None:
            heard.append(("requested", slot, written_at))

        def move_answered(self, room: Room, move: MoveTime) -> None:
            heard.append(("answered", move.slot, round(move.raw_ms), round(move.charged_ms)))

        def game_finished(self, game: FinishedGame) -> None:
            finished.append(game)

    lobby.add_listener(Listener())
    prepared = lobby.prepare_room(
        plugin.game_type, [SlotDescriptor("a", True), SlotDescriptor("b", True)]
    )
    one, two = FakePeer(1), FakePeer(2)
    lobby.join_prepared(one, prepared.reservations[0])
    lobby.join_prepared(two, prepared.reservations[1])
    room = lobby.rooms[prepared.room_id]
    clock.advance(0.04)  # within the grace (a first request: 2 x 100 ms): charged 0
    room.on_room_message(one, _first_move(room), clock.time())  # type: ignore[arg-type]
    room.cancel()
    assert heard == [
        ("requested", 0, 0.0),
        ("answered", 0, 40, 0),
        ("requested", 1, pytest.approx(0.04)),
    ]
    [game] = finished
    assert [(round(m.raw_ms), m.charged_ms) for m in game.moves] == [(40, 0.0)]
    assert game.move_times_ms == (0.0,) and game.move_slots == (0,)
