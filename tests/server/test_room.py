"""A room on a fake host (no lobby, no sockets, a manual clock): it reports to its host what
the lobby needs (seats, start, states, turnarounds, the end) and plays a game by itself."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from botarena.core import GameResult, ScoreCause
from botarena.games.piranhas.xml import move_to_element
from botarena.games.registry import load_plugin
from botarena.protocol.sc_plugin import GameSetup
from botarena.server.manual_clock import ManualClock
from botarena.server.move_clock import ClockKind, MoveTime, MoveTiming
from botarena.server.peer import Peer
from botarena.server.room import Room, RoomPhase
from tests.server.fake_peer import FakePeer as SilentPeer

PIRANHAS = "swc_2019_piranhas"
MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


class FakePeer(SilentPeer):
    """Also reads back what it was sent."""

    def classes(self) -> list[str]:
        """Each message's tag, or its payload's class for a room message."""
        found = []
        for message in self.sent:
            element = etree.fromstring(message)
            data = element.find("data")
            found.append(element.tag if data is None else str(data.get("class")))
        return found


@dataclass
class FakeHost:
    """Records what the room tells its host."""

    joined: list[tuple[int, str]] = field(default_factory=list)
    started: list[str] = field(default_factory=list)
    states: list[float | None] = field(default_factory=list)
    turnarounds: list[float] = field(default_factory=list)
    requested: list[tuple[int, float]] = field(default_factory=list)
    answered: list[MoveTime] = field(default_factory=list)
    scored: list[GameResult] = field(default_factory=list)
    finished: list[tuple[GameResult | None, str | None]] = field(default_factory=list)

    def joined_room(self, peer: Peer, room: Room) -> None:
        self.joined.append((peer.peer_id, room.room_id))

    def room_started(self, room: Room) -> None:
        self.started.append(room.room_id)

    def room_state(self, room: Room, state_xml: str, move_ms: float | None) -> None:
        assert state_xml.lstrip().startswith("<state")
        self.states.append(move_ms)

    def move_turnaround(self, seconds: float) -> None:
        self.turnarounds.append(seconds)

    def move_requested(self, room: Room, slot: int, written_at: float) -> None:
        self.requested.append((slot, written_at))

    def move_answered(self, room: Room, move: MoveTime) -> None:
        self.answered.append(move)

    def record_test_scores(self, room: Room, result: GameResult) -> None:
        self.scored.append(result)

    def room_finished(
        self, room: Room, result: GameResult | None, result_xml: str | None = None
    ) -> None:
        self.finished.append((result, result_xml))


def new_room(
    host: FakeHost,
    clock: ManualClock,
    *,
    save_replay: bool = False,
    move_grace_s: float = 0.0,
    clock_kind: ClockKind = "wall",
) -> Room:
    return Room(
        host,
        "room-1",
        load_plugin(PIRANHAS),
        prepared=False,
        paused=False,
        setup=GameSetup(seed=5),
        clock=clock,
        timing=MoveTiming(2.0, 10.0, True, move_grace_s=move_grace_s, clock_kind=clock_kind),
        save_replay=save_replay,
    )


def test_a_room_seats_starts_and_times_out_through_its_host_alone():
    host, clock = FakeHost(), ManualClock()
    room = new_room(host, clock, save_replay=True)
    one, two = FakePeer(1), FakePeer(2)
    room.seat_joiner(one)
    assert host.joined == [(1, "room-1")] and not host.started
    room.seat_joiner(two)
    assert host.joined == [(1, "room-1"), (2, "room-1")]
    assert host.started == ["room-1"] and room.phase is RoomPhase.ACTIVE
    assert host.states == [None]  # the first state, no move before it
    assert one.classes() == ["joined", "welcomeMessage", "memento", MOVE_REQUEST]
    assert two.classes() == ["joined", "welcomeMessage", "memento"]

    clock.advance(10.0)  # the hard timeout of the first player

    assert room.phase.value == "over"
    [(result, result_xml)] = host.finished
    assert result is not None and result_xml is not None and 'class="result"' in result_xml
    assert [score.cause for score in result.scores] == [
        ScoreCause.HARD_TIMEOUT,
        ScoreCause.REGULAR,
    ]
    assert host.scored == [result]  # test scores are recorded before the result goes out
    assert one.classes()[-2:] == two.classes()[-2:] == ["result", "left"]
    assert len(room.replay) == 2  # the first state and the result


def test_a_move_reports_its_time_and_turnaround_to_the_host():
    host, clock = FakeHost(), ManualClock()
    room = new_room(host, clock)
    one, two = FakePeer(1), FakePeer(2)
    room.seat_joiner(one)
    room.seat_joiner(two)
    assert room.match is not None and room.pending is not None
    state = room.match.state  # type: ignore[attr-defined]
    move = move_to_element(state.legal_moves()[0])
    clock.advance(0.5)
    room.on_room_message(one, move, clock.time())
    assert host.states == [None, 500.0]
    assert host.turnarounds == [0.0]  # the next request went out at the move's arrival
    assert two.classes()[-1] == MOVE_REQUEST
    assert room.replay == []  # no replay unless asked for
    assert not host.finished
