"""One game room: slots, observers, pause/step, the move clock, the end of a game.

A room runs entirely inside the event loop's thread and never awaits, so all its events are
serialised without locks and every connection sees them in the order they were produced
(spec §4.1). Message order follows the 2019 server exactly (spec §3.5, §3.8, §4.1-§4.4).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from botarena.core import GameResult, InvalidMove, ScoreCause
from botarena.protocol.sc_plugin import (
    Element,
    GameMatch,
    GamePlugin,
    GameSetup,
    MalformedMoveError,
    SlotEnd,
)
from botarena.server import wire
from botarena.server.move_clock import CPU_WALL_CAP_FACTOR, CpuMeter, MoveTime, MoveTiming
from botarena.server.peer import Clock, Peer, TimerHandle
from botarena.server.results import build_result, describe, result_element
from botarena.server.seat_names import seat_name

log = logging.getLogger(__name__)

DEFAULT_DISPLAY_NAME = "Unknown"
"""Name of players seated by ``join`` and of prepared slots without ``displayName``."""
MAX_DISPLAY_NAME_LENGTH = 64
"""A requested display name is cut to this many characters."""


def requested_display_name(name: str | None) -> str | None:
    """The display name a join request carried (the botarena extension ``displayName``),
    stripped and cut; ``None`` when absent or blank."""
    name = (name or "").strip()[:MAX_DISPLAY_NAME_LENGTH]
    return name or None


FIRST_REQUEST_GRACES = 2
"""A seat's first move request gets this many move graces: it follows the seat's welcome
message and its first state, the slowest a client handles (measured with socha 4.3.9:
about 0.7 s raw on a loaded machine for a move of no thought, 0.35 s later)."""

SLOTS_PER_ROOM = 2
"""Every covered game has exactly two players (official ``getMaximumPlayerCount() == 2``)."""

NOT_YOUR_TURN = "It's not your turn yet."
NOT_REQUESTED = "We didn't request a data from you yet."
GAME_LOGIC_EXCEPTION = "sc.api.plugins.exceptions.GameLogicException"
"""2021: prefix of the ``errorpacket`` text for a rule violation."""
GAME_ROOM_EXCEPTION = "sc.api.plugins.exceptions.GameRoomException"
"""2026+: prefix of the ``errorpacket`` text for a room message the room does not take."""


def _seconds(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def invalid_move_message(display_name: str, reason: str) -> str:
    return f"Ungueltiger Zug von '{display_name}'.\n{reason}"


class RoomHost(Protocol):
    """What a room needs of whoever holds it (the lobby), as :class:`Peer` is what it needs of
    a connection: a room built on a fake host runs and is tested without a lobby."""

    def joined_room(self, peer: Peer, room: Room) -> None:
        """``peer`` now sits or observes in ``room``."""

    def room_started(self, room: Room) -> None:
        """The game has begun: the room takes no more ``join`` clients."""

    def room_state(self, room: Room, state_xml: str, move_ms: float | None) -> None:
        """A state the players get (the ``<state>`` as printed in a memento)."""

    def move_turnaround(self, seconds: float) -> None:
        """From a move's arrival to the write of the next move request."""

    def move_requested(self, room: Room, slot: int, written_at: float) -> None:
        """The move request of ``slot`` was written to its connection: its clock runs."""

    def move_answered(self, room: Room, move: MoveTime) -> None:
        """The answer to a move request was read (before it is judged and applied)."""

    def record_test_scores(self, room: Room, result: GameResult) -> None:
        """Before the result goes out (test mode's score table)."""

    def room_finished(
        self, room: Room, result: GameResult | None, result_xml: str | None = None
    ) -> None:
        """The room is over (``result`` ``None``: cancelled without one)."""


class RoomPhase(Enum):
    CREATED = "created"
    ACTIVE = "active"
    OVER = "over"


@dataclass(slots=True)
class Slot:
    index: int
    display_name: str = DEFAULT_DISPLAY_NAME
    can_timeout: bool = True
    should_be_paused: bool = False
    reservation: str | None = None
    client: Peer | None = None
    joined_sent: bool = False
    pace_ms: int = 0
    """The client seated here gets its messages at least this many ms apart."""
    requested: bool = False
    """Whether this seat got a move request in this game (its first gets a double grace)."""
    meter: CpuMeter | None = None
    """The CPU meter of the bot seated here (see ``move_clock``), if the embedding gave one."""


@dataclass(slots=True)
class PendingRequest:
    slot: int
    grace_s: float
    """This request's move grace (see ``MoveTiming.move_grace_s``)."""
    issued_at: float | None = None
    """When the request was written to the seat's connection (``None``: still queued)."""
    hard_timer: TimerHandle | None = None
    cpu_at_request: float | None = None
    """The seat's meter when the request was written (``None``: no meter, or no reading)."""


@dataclass(slots=True)
class RoomStats:
    """Per-move timing, kept for replays, records and benchmarks."""

    moves: list[MoveTime] = field(default_factory=list)
    """Every applied move, in order, as the move clock timed it."""
    infra_error_slot: int | None = None
    """The seat whose move reached the CPU clock's wall cap with its CPU time under the soft
    limit: the machine stalled it (the game ended with cause UNKNOWN for it)."""


class Room:
    """A room of one game type. Created by ``join`` (unprepared) or ``prepare``."""

    def __init__(
        self,
        host: RoomHost,
        room_id: str,
        plugin: GamePlugin,
        *,
        prepared: bool,
        paused: bool,
        setup: GameSetup,
        clock: Clock,
        timing: MoveTiming,
        save_replay: bool = False,
    ) -> None:
        self.host = host
        self.save_replay = save_replay
        """Keep the replay packets of this game in :attr:`replay`."""
        self.room_id = room_id
        self.plugin = plugin
        self.prepared = prepared
        self.paused = paused
        self.setup = setup
        self.clock = clock
        self.timing = timing
        """How this room times a move (:mod:`botarena.server.move_clock`)."""
        self.slots: list[Slot] = []
        self.observers: dict[int, Peer] = {}
        self.phase = RoomPhase.CREATED
        self.match: GameMatch | None = None
        self.pending: PendingRequest | None = None
        self.waiting_at_boundary = False
        self.last_move_ms: float | None = None
        self.stats = RoomStats()
        self.replay: list[bytes] = []
        self.move_received_at: float | None = None
        """When the move that led to the current boundary arrived (for turnaround figures)."""
        profile = plugin.profile
        self._close_element = wire.close_element(profile)
        self._move_request = wire.move_request(room_id, profile)

    # ----------------------------------------------------------------- seating

    @property
    def players(self) -> list[Peer]:
        return [slot.client for slot in self.slots if slot.client is not None]

    def has_free_slot(self) -> bool:
        """Whether a plain ``join`` may take a seat here (spec §3.2)."""
        if self.phase is not RoomPhase.CREATED:
            return False
        if len(self.slots) < SLOTS_PER_ROOM and not self.prepared:
            return True
        return any(slot.client is None and slot.reservation is None for slot in self.slots)

    def seat_joiner(self, peer: Peer, display_name: str | None = None) -> None:
        """Seat a ``join`` client in the first free slot; the game starts when the room is full.

        ``display_name``: the name the client asked for (see :meth:`_adopt_requested_name`)."""
        for slot in self.slots:
            if slot.client is None and slot.reservation is None:
                slot.client = peer
                break
        else:
            slot = Slot(
                index=len(self.slots),
                display_name=self.plugin.profile.join_display_name,
                client=peer,
            )
            self.slots.append(slot)
        self._adopt_requested_name(slot, display_name)
        self.host.joined_room(peer, self)
        slot.joined_sent = True
        peer.send(wire.joined(self.room_id))
        self._start_if_full()

    def seat_reserved(self, peer: Peer, slot_index: int, display_name: str | None = None) -> None:
        """Seat a ``joinPrepared`` client in its reserved slot."""
        slot = self.slots[slot_index]
        slot.reservation = None
        slot.client = peer
        self._adopt_requested_name(slot, display_name)
        self.host.joined_room(peer, self)
        if self.plugin.profile.joined_on_prepared_immediately:
            slot.joined_sent = True
            peer.send(wire.joined(self.room_id))
        self._start_if_full()

    def _adopt_requested_name(self, slot: Slot, requested: str | None) -> None:
        """A slot without a name of its own (``join``, or prepared without ``displayName``)
        takes the name the client sent; an admin's name for a prepared slot wins; 2026+: a
        slot left without a name is called by its client's kind and team (``socha (ONE)``)."""
        profile = self.plugin.profile
        slot.display_name = seat_name(
            slot.display_name,
            requested_display_name(requested),
            unnamed=frozenset({DEFAULT_DISPLAY_NAME, profile.join_display_name}),
            kind=profile.unnamed_seat_kind,
            team=self.plugin.welcome_color(slot.index),
        )

    def is_full(self) -> bool:
        return len(self.slots) == SLOTS_PER_ROOM and all(s.client is not None for s in self.slots)

    def _start_if_full(self) -> None:
        if self.is_full():
            self.start()

    def slots_of(self, peer: Peer) -> list[int]:
        return [slot.index for slot in self.slots if slot.client is peer]

    # ----------------------------------------------------------------- game flow

    def start(self) -> None:
        """Spec §3.5: joined (prepared rooms), welcome messages, then the first boundary."""
        for slot in self.slots:  # reserved seats learn their room only now (2019)
            if not slot.joined_sent:
                slot.joined_sent = True
                self._send_to_slot(slot, wire.joined(self.room_id))
        names = [slot.display_name for slot in self.slots]
        self.match = self.plugin.new_match(names, self.setup)
        self.phase = RoomPhase.ACTIVE
        self.host.room_started(self)
        log.info(
            "room %s: %s started, seed %s, players %s",
            self.room_id,
            self.plugin.game_type,
            self.setup.seed,
            ", ".join(repr(name) for name in names),
        )
        for slot in self.slots:
            color = self.plugin.welcome_color(slot.index)
            self._send_to_slot(slot, wire.welcome(self.room_id, color))
        self._boundary()

    def _boundary(self) -> None:
        """A turn boundary: the game start or an applied move."""
        match = self._require_match()
        if match.outcome() is not None:
            # The game is over: the final state and the result go out even in a paused room,
            # because nothing could resume it.
            self._broadcast_state()
            self._end_regular()
            return
        if self.paused:
            self.waiting_at_boundary = True
            if self.plugin.profile.observers_see_paused_states:
                self._broadcast_state(players=False)
            return
        self._advance()

    def _advance(self) -> None:
        """Send the current state and request the next move."""
        self.waiting_at_boundary = False
        self._broadcast_state()
        match = self._require_match()
        slot_index = match.current_slot()
        if slot_index is None:
            self._end_regular()
            return
        self._request_move(slot_index)

    def _broadcast_state(self, players: bool = True) -> None:
        match = self._require_match()
        state_xml = match.state_xml(3)
        message = wire.memento_message(self.room_id, state_xml)
        for observer in list(self.observers.values()):
            observer.send(message)
        if not players:
            return
        self.host.room_state(self, state_xml, self.last_move_ms)
        for slot in self.slots:
            self._send_to_slot(slot, message)
        if self.save_replay:
            packet = wire.memento_replay_packet(self.room_id, match.state_xml(2), self.last_move_ms)
            self.replay.append(packet)
        self.last_move_ms = None

    def _request_move(self, slot_index: int) -> None:
        slot = self.slots[slot_index]
        grace = self.timing.move_grace_s
        grace_s = grace if slot.requested else FIRST_REQUEST_GRACES * grace
        slot.requested = True
        pending = PendingRequest(slot=slot_index, grace_s=grace_s)
        self.pending = pending
        # The request goes out in its own write; the clock starts once it has been written:
        # at once, or when a paced connection (``when_written``) has written it.
        self._send_to_slot(slot, self._move_request)
        when_written = getattr(slot.client, "when_written", None)
        if when_written is None:
            self._request_written(pending, self.clock.time())
        else:
            when_written(lambda at: self._guard(lambda p: self._request_written(p, at), pending))

    def _request_written(self, pending: PendingRequest, written_at: float) -> None:
        if self.pending is not pending or self.phase is not RoomPhase.ACTIVE:
            return
        pending.issued_at = written_at
        slot = self.slots[pending.slot]
        if slot.meter is not None:
            pending.cpu_at_request = slot.meter.cpu_seconds()
        if self._can_time_out(slot):
            pending.hard_timer = self.clock.call_later(
                self._wall_cap_s(pending), lambda: self._guard(self._hard_timeout, pending)
            )
        if self.move_received_at is not None:
            self.host.move_turnaround(written_at - self.move_received_at)
        self.move_received_at = None
        self.host.move_requested(self, pending.slot, written_at)

    def _can_time_out(self, slot: Slot) -> bool:
        return self.timing.timeouts_enabled and slot.can_timeout

    def _cpu_clocked(self, pending: PendingRequest) -> bool:
        """Whether this request is charged by CPU time (``--clock cpu`` and a reading)."""
        return self.timing.clock_kind == "cpu" and pending.cpu_at_request is not None

    def _wall_cap_s(self, pending: PendingRequest) -> float:
        """When the hard timer ends the request: the hard timeout after the clock's start,
        or under the CPU clock :data:`CPU_WALL_CAP_FACTOR` times the soft limit."""
        if self._cpu_clocked(pending):
            return CPU_WALL_CAP_FACTOR * self.timing.soft_timeout_s
        return self.timing.hard_timeout_s + pending.grace_s

    def _cpu_used_s(self, pending: PendingRequest) -> float | None:
        """The CPU seconds the seat's bot used since its request was written."""
        meter = self.slots[pending.slot].meter
        now = None if meter is None else meter.cpu_seconds()
        if now is None or pending.cpu_at_request is None:
            return None
        return max(0.0, now - pending.cpu_at_request)

    def _hard_timeout(self, pending: PendingRequest) -> None:
        if self.pending is not pending or self.phase is not RoomPhase.ACTIVE:
            return
        if self._cpu_clocked(pending):
            used = self._cpu_used_s(pending)
            if used is not None and used <= self.timing.soft_timeout_s:
                cap = CPU_WALL_CAP_FACTOR * self.timing.soft_timeout_s
                self.stats.infra_error_slot = pending.slot
                reason = (
                    f"botarena: infra_error: the move of {self.slots[pending.slot].display_name}"
                    f" took over {cap:g} s of wall time with {used:.2f} s of CPU (the machine "
                    "stalled it, not the bot)"
                )
                self._end_irregular({pending.slot: SlotEnd(ScoreCause.UNKNOWN, reason)})
                return
        reason = self._reason(self.plugin.profile.hard_timeout_reason, pending.slot)
        self._end_irregular({pending.slot: SlotEnd(ScoreCause.HARD_TIMEOUT, reason)})

    def _guard(self, action: Callable[[PendingRequest], None], pending: PendingRequest) -> None:
        try:
            action(pending)
        except Exception:
            log.exception("room %s: timer failed", self.room_id)
            self.abort("internal server error in a move timer")

    # ----------------------------------------------------------------- moves

    def on_room_message(self, peer: Peer, data: Element, received_at: float) -> None:
        """A ``<room roomId=…>`` message from ``peer`` with payload ``data`` (spec §4.3)."""
        own_slots = self.slots_of(peer)
        if not own_slots:  # e. not a player of this room
            self._refuse(peer, data, f"{GAME_ROOM_EXCEPTION}: You are not a player of this room")
            return
        if self.phase is not RoomPhase.ACTIVE:
            # g. game not started: the sender is closed; the room ends when the loss is reported.
            self._refuse(peer, data, f"{GAME_ROOM_EXCEPTION}: The game has not started yet")
            return
        match = self._require_match()
        pending = self.pending
        if pending is None or pending.slot not in own_slots:
            current = match.current_slot()
            if pending is None and current in own_slots:
                message, culprit = NOT_REQUESTED, current  # d.
            else:
                message = NOT_YOUR_TURN  # c.
                culprit = next((s for s in own_slots if s != current), own_slots[0])
            profile = self.plugin.profile
            if profile.misplaced_move_reason is not None:  # 2026+: a process violation
                peer.send(wire.error(self.room_id, message, data, profile))
                reason = self._reason(profile.misplaced_move_reason, culprit, reason=message)
                self._end_irregular({culprit: SlotEnd(ScoreCause.RULE_VIOLATION, reason)})
                return
            packet = None
            if profile.error_packets:
                message, packet = self._misplaced_texts(match, data, culprit, current, message)
            peer.send(wire.error(self.room_id, message, data, profile))
            if packet is not None:
                peer.send(wire.error_packet(packet, wire.room_packet(self.room_id, data)))
            peer.close(self._close_element)
            self._end_irregular({culprit: self._left(culprit)})
            return
        slot = self.slots[pending.slot]
        timed = MoveTime(
            slot.index,
            received_at if pending.issued_at is None else pending.issued_at,
            received_at,
            pending.grace_s,
            self.timing.soft_timeout_s if self._can_time_out(slot) else None,
            cpu_s=self._cpu_used_s(pending),
            cpu_clock=self._cpu_clocked(pending),
            peak_memory_bytes=None if slot.meter is None else slot.meter.peak_memory_bytes(),
        )
        self.host.move_answered(self, timed)
        if timed.over_limit:
            reason = self._reason(self.plugin.profile.soft_timeout_reason, slot.index)
            self._end_irregular({slot.index: SlotEnd(ScoreCause.SOFT_TIMEOUT, reason)})
            return
        move: object = None
        try:
            move = match.parse_move(slot.index, data)
            match.apply(slot.index, move)
        except InvalidMove as invalid:
            # Only a payload that is a move is echoed (a non-move object is not, 2018).
            text = match.violation_message(invalid)
            echo = self._echo(match, move, data)
            self._rule_violation(peer, slot, invalid.reason, echo, text=text, data=data, move=move)
            return
        except MalformedMoveError as error:
            profile = self.plugin.profile
            if profile.keep_connections_open:
                # 2026+: a registered non-move payload is refused and the request stays
                # outstanding; a payload that is no move at all is a rule violation.
                if error.packet is not None:
                    text = error.packet.replace("{room_id}", self.room_id)
                    peer.send(wire.error_packet(text, wire.room_packet(self.room_id, data)))
                    return
                self._rule_violation(peer, slot, str(error), None, data=data)
                return
            if error.packet is not None and profile.error_packets:
                text = error.packet.replace("{room_id}", self.room_id)
                peer.send(wire.error_packet(text, wire.room_packet(self.room_id, data)))
                peer.close(self._close_element)
            else:  # hard close; the loss of the connection scores LEFT
                peer.close(end_document=profile.end_document_on_drop)
            self._end_irregular({slot.index: self._left(slot.index)})
            return
        self._finish_request(pending)
        self.stats.moves.append(timed)
        self.last_move_ms = timed.charged_ms
        self.move_received_at = received_at
        self._boundary()

    def _team(self, slot: int | None) -> str:
        """2021's ``Player.toString`` in exception texts: ``Team 1(NAME)``."""
        if slot is None:
            return "null"
        return f"Team {slot + 1}({self.slots[slot].display_name})"

    def _misplaced_texts(
        self, match: GameMatch, data: Element, culprit: int, current: int | None, message: str
    ) -> tuple[str, str]:
        """2021 error and ``errorpacket`` texts for a move out of turn or not requested."""
        if message == NOT_REQUESTED:
            text = f"Move from {self._team(culprit)} has not been requested."
            return text, f"{GAME_LOGIC_EXCEPTION}: {text}"
        try:
            move_text = match.move_text(match.parse_move(culprit, data)) or "null"
        except (InvalidMove, MalformedMoveError):
            move_text = "null"
        expected, got = self._team(current), self._team(culprit)
        return (
            f"It's not your turn yet; expected: {expected}, got {got} (msg was {move_text}).",
            f"NotYourTurnException(expected={expected}, actual={got}, data={move_text})",
        )

    def _echo(self, match: GameMatch, move: object, data: Element) -> Element | None:
        """The ``originalRequest`` of a rule violation: none unless the plugin asks for it
        (2019 Piranhas attaches no move; 2018 Hase und Igel does) and the payload was a move.
        ``match.move_echo`` gives the move as the official server re-serialised it."""
        if move is None or not self.plugin.echo_violating_move:
            return None
        return match.move_echo(move, data)

    def _rule_violation(
        self,
        peer: Peer,
        slot: Slot,
        reason: str,
        echo: Element | None,
        *,
        text: str | None = None,
        data: Element | None = None,
        move: object = None,
    ) -> None:
        """``reason`` goes into the result (through the profile's template, with the official
        text of ``move``); ``text`` (default: ``reason``) into the error."""
        text = reason if text is None else text
        message = invalid_move_message(slot.display_name, text)
        profile = self.plugin.profile
        peer.send(wire.error(self.room_id, message, echo, profile))
        if not profile.violator_gets_result:
            peer.close(self._close_element)
        # 2019: observers get the bare reason; 2021+: the offender's full message.
        observer_text = message if profile.violator_gets_result else text
        observer_error = wire.error(self.room_id, observer_text, echo, profile)
        for observer in list(self.observers.values()):
            observer.send(observer_error)
        summary = self._reason(
            profile.rule_violation_reason, slot.index, reason=reason, move=self._move_text(move)
        )
        self._end_irregular({slot.index: SlotEnd(ScoreCause.RULE_VIOLATION, summary)})
        if profile.violator_gets_result and not profile.keep_connections_open:
            if profile.error_packets:
                packet = f"{GAME_LOGIC_EXCEPTION}: {text}"
                request = None if data is None else wire.room_packet(self.room_id, data)
                peer.send(wire.error_packet(packet, request))
            peer.close(self._close_element)

    def _refuse(self, peer: Peer, data: Element, packet: str) -> None:
        """A room message the room does not take: 2026+ answer with an ``errorpacket`` and
        keep the connection; older seasons close it with the close element."""
        if self.plugin.profile.keep_connections_open:
            peer.send(wire.error_packet(packet, wire.room_packet(self.room_id, data)))
            return
        peer.close(self._close_element)

    def _reason(self, template: str, slot: int, reason: str = "", move: str = "") -> str:
        """A violation reason from one of the profile's templates (see ``ProtocolProfile``)."""
        name = self.slots[slot].display_name if slot < len(self.slots) else ""
        return template.format(
            name=name or self.plugin.welcome_color(slot),
            soft=_seconds(self.timing.soft_timeout_s),
            hard=_seconds(self.timing.hard_timeout_s),
            reason=reason,
            move=move,
        )

    def _left(self, slot: int) -> SlotEnd:
        """The end of a player who left (disconnected, or its seat stayed empty)."""
        return SlotEnd(ScoreCause.LEFT, self._reason(self.plugin.profile.left_reason, slot))

    def _move_text(self, move: object) -> str:
        """The profile's ``violating_move_text`` for ``move`` (empty when there is no move or
        the match cannot print it)."""
        template = self.plugin.profile.violating_move_text
        if move is None or self.match is None or not template:
            return ""
        try:
            text = self.match.move_text(move)
        except (TypeError, ValueError):
            return ""
        return "" if text is None else template.format(text=text)

    def _finish_request(self, pending: PendingRequest) -> None:
        if pending.hard_timer is not None:
            pending.hard_timer.cancel()
        if self.pending is pending:
            self.pending = None

    # ----------------------------------------------------------------- admin control

    def observe(self, peer: Peer, catch_up: bool) -> None:
        """Add an observer (idempotent); with ``catch_up`` it gets the current state at once."""
        self.observers[peer.peer_id] = peer
        self.host.joined_room(peer, self)
        peer.send(wire.observed(self.room_id))
        if catch_up and self.phase is RoomPhase.ACTIVE and self.match is not None:
            peer.send(wire.memento_message(self.room_id, self.match.state_xml(3)))

    def set_paused(self, paused: bool) -> None:
        """Spec §5.1: pause at the next boundary; unpausing a waiting room acts like a step."""
        if paused == self.paused:
            return
        self.paused = paused
        if not paused and self.phase is RoomPhase.ACTIVE and self.waiting_at_boundary:
            self._advance()
        if self.plugin.profile.paused_events:  # 2021+: after the move request (spec blokus §6.2)
            event = wire.paused_event(self.room_id, paused)
            for observer in list(self.observers.values()):
                observer.send(event)

    def step(self, forced: bool) -> None:
        """Spec §5.2: one move in a paused room; ``forced`` starts (or ends) a waiting room."""
        if self.phase is RoomPhase.CREATED:
            if not forced:
                return
            empty = [slot.index for slot in self.slots if slot.client is None]
            empty += list(range(len(self.slots), SLOTS_PER_ROOM))
            if not empty:
                self.start()
                return
            self._end_irregular({index: self._left(index) for index in empty})
            return
        if self.phase is RoomPhase.ACTIVE and self.paused and self.waiting_at_boundary:
            self._advance()

    def set_can_timeout(self, slot_index: int, activate: bool) -> None:
        if 0 <= slot_index < len(self.slots):
            self.slots[slot_index].can_timeout = activate

    def cancel(self) -> None:
        """2019 ``cancel``: ``left`` to everyone in the room, no result; the room is removed.

        2021+ (``profile.cancel_sends_result``): a result first, then ``left``.
        """
        if self.phase is RoomPhase.OVER:
            return
        if self.plugin.profile.cancel_sends_result:
            empty = [index for index in range(SLOTS_PER_ROOM) if not self._seated(index)]
            if empty:
                self._end_irregular({i: self._left(i) for i in empty})
            elif self.match is not None and self.match.outcome() is not None:
                self._end_regular()
            else:
                self._end_draw()
            return
        self.phase = RoomPhase.OVER
        self._stop_clock()
        left = wire.left(self.room_id)
        for slot in self.slots:
            self._send_to_slot(slot, left)
        for observer in list(self.observers.values()):
            observer.send(left)
        log.info("room %s: %s cancelled without a result", self.room_id, self.plugin.game_type)
        self.host.room_finished(self, None)

    def abort(self, why: str) -> None:
        """End the room after an internal error, with cause UNKNOWN for every seat."""
        if self.phase is RoomPhase.OVER:
            return
        reason = f"botarena: {why}"
        ends = {index: SlotEnd(ScoreCause.UNKNOWN, reason) for index in range(SLOTS_PER_ROOM)}
        try:
            self._end_irregular(ends)
        except Exception:
            log.exception("room %s: could not send the result of an aborted game", self.room_id)
            self.phase = RoomPhase.OVER
            self._stop_clock()
            self.host.room_finished(self, None)

    # ----------------------------------------------------------------- disconnects

    def peer_lost(self, peer: Peer) -> None:
        """Spec §3.9 / §4.4: a seated player's loss ends the room with LEFT; observers just go."""
        self.observers.pop(peer.peer_id, None)
        if self.phase is RoomPhase.OVER:
            return
        own_slots = self.slots_of(peer)
        if not own_slots:
            return
        for index in own_slots:
            self.slots[index].client = None if self.phase is RoomPhase.CREATED else peer
        if self.phase is RoomPhase.ACTIVE and self.pending is not None:
            culprit = self.pending.slot if self.pending.slot in own_slots else own_slots[0]
        else:
            culprit = own_slots[0]
        self._end_irregular({culprit: self._left(culprit)})

    # ----------------------------------------------------------------- the end

    def _end_regular(self) -> None:
        self._end(None)

    def _end_irregular(self, ends: dict[int, SlotEnd]) -> None:
        self._end(ends)

    def _end_draw(self) -> None:
        """A game stopped while it runs: both REGULAR with draw points (2021+ cancel)."""
        self._end({}, draw=True)

    def _seated(self, index: int) -> bool:
        return index < len(self.slots) and self.slots[index].client is not None

    def _end(self, outcome_ends: dict[int, SlotEnd] | None, draw: bool = False) -> None:
        """Spec §3.8: result to players then observers, replay, ``left``, removal.

        ``outcome_ends``: the violating slots, or ``None`` when the rules ended the game.
        """
        if self.phase is RoomPhase.OVER:
            return
        self.phase = RoomPhase.OVER
        self._stop_clock()
        match = self.match
        if match is None:
            # The room ends before it started: a game is made only to report its statistics.
            names = [slot.display_name for slot in self.slots]
            names += [self.plugin.profile.join_display_name] * (SLOTS_PER_ROOM - len(names))
            match = self.plugin.new_match(names, self.setup)
        result = build_result(
            match,
            outcome_ends,
            SLOTS_PER_ROOM,
            draw=draw,
            empty_compliant_reason=self.plugin.profile.empty_compliant_reason,
            violator_parts_zero=self.plugin.profile.team_result,
        )
        self.host.record_test_scores(self, result)
        outcome = describe(result, self.display_names())
        log.info("room %s: %s over: %s", self.room_id, self.plugin.game_type, outcome)
        element = result_element(self.room_id, self.plugin, match, result, self.display_names())
        message = wire.encode(element)
        for slot in self.slots:
            self._send_to_slot(slot, message)
        for observer in list(self.observers.values()):
            observer.send(message)
        self._record(element, None)
        left = wire.left(self.room_id)
        for slot in self.slots:
            self._send_to_slot(slot, left)
        for observer in list(self.observers.values()):
            observer.send(left)
        self.host.room_finished(self, result, message.decode("utf-8"))

    def _stop_clock(self) -> None:
        if self.pending is not None:
            self._finish_request(self.pending)

    # ----------------------------------------------------------------- helpers

    def _send_to_slot(self, slot: Slot, message: bytes) -> None:
        if slot.client is not None and not slot.client.closed:
            slot.client.send(message)

    def _record(self, message: Element, move_ms: float | None) -> None:
        if self.save_replay:
            self.replay.append(wire.replay_packet(message, move_ms))

    def _require_match(self) -> GameMatch:
        if self.match is None:
            raise RuntimeError(f"room {self.room_id} has no game yet")
        return self.match

    def display_names(self) -> Sequence[str]:
        return [slot.display_name for slot in self.slots]
