"""2026+ violations in a room, driven without sockets (fake peers, a fake clock): the official
``winner@reason`` texts, and nobody is disconnected."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from botarena.games.piranhas_2026.plugin import PLUGIN
from botarena.protocol.sc_plugin import GameSetup
from botarena.server.config import ServerConfig
from botarena.server.lobby import Lobby, SlotDescriptor
from botarena.server.room import Room
from tests.server.fake_peer import FakePeer as SilentPeer


@dataclass
class Timer:
    due: float
    callback: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class FakeClock:
    now: float = 0.0
    timers: list[Timer] = field(default_factory=list)

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        timer = Timer(self.now + delay, callback)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        self.now += seconds
        for timer in [t for t in self.timers if t.due <= self.now and not t.cancelled]:
            timer.cancelled = True
            timer.callback()


class FakePeer(SilentPeer):
    """Also reads back what it was sent."""

    def tags(self) -> list[str]:
        return [_describe(etree.fromstring(message)) for message in self.sent]


def _describe(element: etree._Element) -> str:
    data = element.find("data")
    return element.tag if data is None else str(data.get("class"))


def _start() -> tuple[Room, FakePeer, FakePeer, FakeClock]:
    clock = FakeClock()
    lobby = Lobby(ServerConfig(port=0), [PLUGIN], clock)
    prepared = lobby.prepare_room(
        PLUGIN.game_type,
        [SlotDescriptor("alpha", True, False, True), SlotDescriptor("beta", True, False, True)],
        GameSetup(seed=3),
    )
    one, two = FakePeer(1), FakePeer(2)
    lobby.join_prepared(one, prepared.reservations[0])
    lobby.join_prepared(two, prepared.reservations[1])
    return lobby.rooms[prepared.room_id], one, two, clock


def _winner(peer: FakePeer) -> etree._Element:
    result = next(m for m in peer.sent if b'class="result"' in m)
    winner = etree.fromstring(result).find("data/winner")
    assert winner is not None
    return winner


def _move_of(room: Room) -> etree._Element:
    state = room.match.state  # type: ignore[union-attr]
    move = state.legal_moves()[0]
    return etree.fromstring(
        f'<data class="move"><from x="{move.x}" y="{move.y}"/>'
        f"<direction>{move.direction.name}</direction></data>"
    )


def test_hard_timeout_quotes_the_soft_timeout_and_closes_nobody():
    room, one, two, clock = _start()
    assert room.pending is not None
    clock.advance(10.0 + room.pending.grace_s)  # the clock starts after the grace
    winner = _winner(two)
    assert [winner.get(a) for a in ("team", "regular")] == ["TWO", "false"]
    assert winner.get("reason") == (
        "alpha hat innerhalb von 2 Sekunden nach Aufforderung keinen Zug gesendet."
    )
    assert one.tags()[-2:] == ["result", "left"] and not one.closed and not two.closed


def test_soft_timeout_text():
    room, one, _two, _clock = _start()
    assert room.pending is not None and room.pending.issued_at is not None
    late = room.pending.issued_at + room.pending.grace_s + 2.001
    room.on_room_message(one, _move_of(room), late)
    assert _winner(one).get("reason") == (
        "alpha hat fuer die Antwort auf die Zugaufforderung laenger als 2 Sekunden gebraucht."
    )


def test_a_move_out_of_turn_is_a_process_violation_without_a_close():
    room, one, two, clock = _start()
    room.on_room_message(two, _move_of(room), clock.now)
    assert two.tags()[-3:] == ["error", "result", "left"]
    winner = _winner(one)
    assert winner.get("team") == "ONE"
    assert winner.get("reason") == "Missachtung des Spielablaufs von beta: It's not your turn yet."
    assert not two.closed


def test_an_illegal_move_is_a_rule_violation_with_the_official_texts():
    room, one, two, clock = _start()
    corner = etree.fromstring(
        '<data class="move"><from x="0" y="0"/><direction>UP</direction></data>'
    )
    room.on_room_message(one, corner, clock.now)
    error = etree.fromstring(next(m for m in one.sent if b'class="error"' in m)).find("data")
    assert error is not None
    assert error.get("message") == (
        "Ungueltiger Zug von 'alpha'.\nInvalidMoveException(mistake=WRONG_START, "
        "move=Schwimme von [0|0] in Richtung UP)"
    )
    assert error.find("originalMessage") is not None
    assert _winner(two).get("reason") == (
        "Regelverletzung von alpha: Das Startfeld ist kein Piranha des eigenen Teams "
        "bei 'Schwimme von [0|0] in Richtung UP'"
    )
    assert one.tags()[-2:] == ["result", "left"] and not one.closed
