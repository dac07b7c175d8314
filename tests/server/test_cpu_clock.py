"""The CPU clock (``--clock cpu``): a seat with a meter is charged the CPU time its bot used
between the request's write and the answer's read; the soft limit applies to it; the wall cap
(5x the soft limit) still ends a move, as a hard timeout when the bot used more CPU than the
limit and as an infra error when it did not (the machine stalled it). A seat without a meter
keeps the wall clock. Fake meters and a manual clock: no real time."""

from __future__ import annotations

from typing import Any

import pytest

from botarena.core import ScoreCause
from botarena.move_clock_limits import CPU_WALL_CAP_FACTOR
from botarena.server.manual_clock import ManualClock
from botarena.server.move_clock import ClockKind, MoveTime
from botarena.server.room import Room, RoomPhase
from tests.server.test_move_clock import _first_move
from tests.server.test_room import FakeHost, FakePeer, new_room

SOFT_S = 2.0  # new_room's soft limit
CAP_S = CPU_WALL_CAP_FACTOR * SOFT_S


class FakeMeter:
    """A bot's CPU seconds as the test sets them."""

    def __init__(self, peak: int | None = None) -> None:
        self.cpu = 0.0
        self.peak = peak
        self.reads = 0

    def cpu_seconds(self) -> float | None:
        self.reads += 1
        return self.cpu

    def peak_memory_bytes(self) -> int | None:
        return self.peak


Started = tuple[Room, FakeHost, ManualClock, list[Any]]


def phase(room: Room) -> RoomPhase:
    """The room's phase now (read through a call: it changes under the test's feet)."""
    return room.phase


def _with_meters(kind: ClockKind, startup_cpu_s: float = 0.0) -> Started:
    """A started room whose seats got their meters before the game began (as the runner
    attaches them before it starts the bots); slot 0's bot used ``startup_cpu_s`` to start."""
    host, clock = FakeHost(), ManualClock()
    room = new_room(host, clock, move_grace_s=0.25, clock_kind=kind)
    one, two = FakePeer(1), FakePeer(2)
    meters = [FakeMeter(peak=123 * 1024 * 1024), FakeMeter()]
    meters[0].cpu = startup_cpu_s
    room.seat_joiner(one)
    room.slots[0].meter = meters[0]
    room.seat_joiner(two)  # starts the game: slot 0's request is written now
    room.slots[1].meter = meters[1]
    return room, host, clock, [one, two, *meters]


def _without_meters(kind: ClockKind) -> Started:
    host, clock = FakeHost(), ManualClock()
    room = new_room(host, clock, move_grace_s=0.25, clock_kind=kind)
    one, two = FakePeer(1), FakePeer(2)
    room.seat_joiner(one)
    room.seat_joiner(two)
    return room, host, clock, [one, two]


def _answer(room: Room, peer: FakePeer, clock: ManualClock) -> MoveTime:
    room.on_room_message(peer, _first_move(room), clock.time())  # type: ignore[arg-type]
    host = room.host
    assert isinstance(host, FakeHost)
    return host.answered[-1]


def test_the_cpu_a_bot_used_before_its_move_request_is_not_charged():
    room, _host, clock, (one, _two, meter, _) = _with_meters("cpu", startup_cpu_s=5.0)
    clock.advance(3.0)
    meter.cpu += 0.2
    first = _answer(room, one, clock)
    assert first.cpu_clock and first.charged_ms == pytest.approx(200.0)
    assert phase(room) is RoomPhase.ACTIVE


def test_cpu_time_is_charged_and_the_soft_limit_applies_to_it():
    room, host, clock, (one, two, meter_one, meter_two) = _with_meters("cpu")
    clock.advance(0.1)
    _answer(room, one, clock)
    clock.advance(6.0)  # six seconds of wall time (a loaded machine) ...
    meter_two.cpu += 1.2  # ... for 1.2 s of CPU
    move = _answer(room, two, clock)
    assert move.cpu_clock and move.cpu_s == pytest.approx(1.2)
    assert move.charged_ms == pytest.approx(1200.0) and move.raw_ms == pytest.approx(6000.0)
    assert not move.over_limit and not move.near_miss
    assert phase(room) is RoomPhase.ACTIVE
    meter_one.cpu += 3.0  # slot 0 thinks 3 s of CPU in 3.5 s of wall time
    clock.advance(3.5)
    move = _answer(room, one, clock)
    assert move.over_limit and move.peak_memory_bytes == 123 * 1024 * 1024
    assert phase(room) is RoomPhase.OVER
    [(result, _xml)] = host.finished
    assert result is not None and result.scores[0].cause is ScoreCause.SOFT_TIMEOUT


@pytest.mark.parametrize(
    ("cpu_s", "cause", "infra_slot"),
    [
        (0.3, ScoreCause.UNKNOWN, 1),  # stalled: SIGSTOPped, swapped out, starved
        (2.5, ScoreCause.HARD_TIMEOUT, None),  # an endless loop on half a core
    ],
)
def test_the_wall_cap_ends_a_move_as_an_infra_error_only_with_little_cpu(
    cpu_s: float, cause: ScoreCause, infra_slot: int | None
) -> None:
    room, host, clock, (one, _two, _meter_one, meter_two) = _with_meters("cpu")
    clock.advance(0.1)
    _answer(room, one, clock)
    meter_two.cpu += cpu_s
    clock.advance(CAP_S - 0.01)
    # the cap of 5 x 2 s ends it, not the wall clock's hard timer (10 s after a 0.5 s grace)
    assert phase(room) is RoomPhase.ACTIVE
    clock.advance(0.02)
    assert phase(room) is RoomPhase.OVER and room.stats.infra_error_slot == infra_slot
    [(result, _xml)] = host.finished
    assert result is not None and result.scores[1].cause is cause
    assert ("infra_error" in (result.scores[1].reason or "")) == (infra_slot is not None)


def test_the_wall_clock_reads_the_meters_but_charges_wall_time():
    room, host, clock, (one, two, _meter_one, meter_two) = _with_meters("wall")
    clock.advance(0.1)
    _answer(room, one, clock)
    meter_two.cpu += 0.4
    clock.advance(2.6)  # 2.6 s raw less two graces of 0.25 s: 2.1 s, over the limit
    move = _answer(room, two, clock)
    assert not move.cpu_clock and move.cpu_s == pytest.approx(0.4)
    assert move.over_limit and phase(room) is RoomPhase.OVER
    [(result, _xml)] = host.finished
    assert result is not None and result.scores[1].cause is ScoreCause.SOFT_TIMEOUT


def test_a_seat_without_a_meter_keeps_the_wall_clock_under_the_cpu_clock():
    room, _host, clock, (one, two) = _without_meters("cpu")
    clock.advance(0.1)
    _answer(room, one, clock)
    clock.advance(2.6)
    move = _answer(room, two, clock)
    assert not move.cpu_clock and move.cpu_s is None and move.over_limit
    clock.advance(CAP_S)  # nothing pending any more
    assert room.stats.infra_error_slot is None
