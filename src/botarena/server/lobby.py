"""The lobby: game types, rooms, reservations, administrators (spec §2.2, §3).

Every request of every connection goes through :class:`Lobby`; each handler runs to the end
without awaiting. Lobby errors follow the connection's profile: 2018/2019 close the connection
with the close element and ignore admin requests from non-admins; 2021 sends an
``errorpacket`` first; 2026+ sends only the ``errorpacket`` and keeps the connection (also for
admin requests from non-admins).
"""

from __future__ import annotations

import hmac
import logging
import math
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from botarena.core import GameResult, ScoreFragment, SeededRandom
from botarena.games.registry import newest_of
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_plugin import Element, GamePlugin, GameSetup
from botarena.protocol.sc_profiles import ProtocolProfile, lobby_profile
from botarena.server import wire
from botarena.server.auth_throttle import (
    TOO_MANY_FAILURES,
    AuthThrottle,
    is_summary_count,
    throttle_keys,
)
from botarena.server.config import ServerConfig
from botarena.server.events import FinishedGame, LobbyListener
from botarena.server.game_control import GameControl
from botarena.server.move_clock import MoveTime, MoveTiming
from botarena.server.peer import Clock, Peer
from botarena.server.room import DEFAULT_DISPLAY_NAME, SLOTS_PER_ROOM, Room, Slot
from botarena.server.testmode import ScoreTable

log = logging.getLogger(__name__)

GAME_ROOM_EXCEPTION = "sc.api.plugins.exceptions.GameRoomException"
"""2021: exception class named in the ``errorpacket`` for a room that does not exist."""
UNAUTHENTICATED_EXCEPTION = "sc.server.network.UnauthenticatedException"
UNKNOWN_GAME_TYPE_EXCEPTION = "sc.server.plugins.UnknownGameTypeException"
UNKNOWN_RESERVATION = (
    "sc.server.gaming.UnknownReservationException: "
    "Couldn't find a reservation for the provided token."
)
AUTHENTICATION_FAILED = (
    "sc.server.network.AuthenticationFailedException: Failed to authenticate as administrator"
)


MAX_ROOMS = 10_000
"""Rooms alive at once; a ``join``/``prepare`` beyond it is rejected like an unknown type."""


def prepare_request_text(request: msg.Prepare) -> str:
    """Kotlin ``toString`` of the 2021 ``PrepareGameRequest`` a ``<prepare>`` deserialises to
    (booleans as ``Boolean.valueOf``: case-insensitive ``true``, absent ``false``; an absent
    name is ``null``)."""

    def flag(value: bool | None) -> str:
        return "true" if value else "false"

    def text(value: str | None) -> str:
        return "null" if value is None else value

    slots = ", ".join(
        f"SlotDescriptor(displayName={text(slot.display_name)}, "
        f"canTimeout={flag(slot.can_timeout)}, reserved={flag(slot.reserved)})"
        for slot in request.slots
    )
    return (
        f"PrepareGameRequest(gameType={text(request.game_type)}, "
        f"slotDescriptors=[{slots}], pause={flag(request.pause)})"
    )


@dataclass(frozen=True, slots=True)
class SlotDescriptor:
    """A ``<slot>`` of ``prepare`` (absent booleans are false, like the official server)."""

    display_name: str = DEFAULT_DISPLAY_NAME
    can_timeout: bool = False
    should_be_paused: bool = False
    reserved: bool | None = None
    """2021 ``slot@reserved`` (``None``: attribute absent). Only profiles with
    ``slot_reserved_attribute`` read it; there an absent value means ``false`` (spec §11)."""
    pace_ms: int = 0
    """In-process only (the admin protocol has no such attribute): the client seated here
    gets its messages at least this many ms apart (:mod:`botarena.server.pacing`)."""


@dataclass(frozen=True, slots=True)
class PreparedRoom:
    room_id: str
    reservations: tuple[str, ...]


class LobbyError(Exception):
    """A request the lobby refuses (the requester is closed in the 2019 profile)."""


class UnusableInitialStateError(LobbyError):
    """``prepare`` gave a ``loadGameInfo`` the game cannot read (the text says why)."""


SetupProvider = Callable[[str], GameSetup | None]
"""Called for each new room with its game type; a returned setup fixes its seed/state."""


class Lobby:
    """All rooms of one server."""

    def __init__(
        self,
        config: ServerConfig,
        plugins: Iterable[GamePlugin],
        clock: Clock,
        *,
        setup_provider: SetupProvider | None = None,
    ) -> None:
        self.config = config
        self.plugins: dict[str, GamePlugin] = {plugin.game_type: plugin for plugin in plugins}
        self.clock = clock
        self.setup_provider = setup_provider
        self.rooms: dict[str, Room] = {}
        self._waiting: dict[str, dict[str, Room]] = {}
        """Rooms not started yet, per game type, oldest first: where ``join`` looks."""
        self._memberships: dict[int, dict[str, Room]] = {}
        """Rooms each connection sits or observes in: what its loss has to touch."""
        self.reservations: dict[str, tuple[Room, int]] = {}
        self.admins: dict[int, Peer] = {}
        self.test_mode = config.test_mode
        self.scores = ScoreTable()
        self.auth_throttle = AuthThrottle()
        self.listeners: list[LobbyListener] = []
        """Public observers of every room (:mod:`botarena.server.events`); use
        :meth:`add_listener` / :meth:`remove_listener`."""
        self.turnaround_sink: Callable[[float], None] | None = None
        """If set, gets the seconds from each move's arrival to the next move request's write."""
        self._rng = SeededRandom(config.seed)
        self._rooms_created = 0
        self.default_game = self._default_game(config.default_game)
        """The game a ``<join/>`` without ``gameType`` joins (2026+ profiles only)."""
        chosen = self.default_game if config.default_game is not None else None
        self.profile = lobby_profile(self.plugins.values(), chosen)
        """Protocol of requests outside any room (lobby errors, drops before a join). A mixed
        server speaks 2019 there unless its default game was chosen (``botarena serve``
        always chooses one) and is a 2026+ season."""
        self._peer_profiles: dict[int, ProtocolProfile] = {}
        """Protocol of the last room each connection sat or observed in (kept after the game)."""

    # ----------------------------------------------------------------- helpers

    def _default_game(self, game_type: str | None) -> GamePlugin | None:
        if game_type is None:
            newest = newest_of(self.plugins)
            return None if newest is None else self.plugins[newest]
        plugin = self.plugins.get(game_type)
        if plugin is None:
            offered = ", ".join(sorted(self.plugins)) or "none"
            raise ValueError(f"default game {game_type!r} is not offered (offered: {offered})")
        return plugin

    def _reject(
        self,
        peer: Peer,
        why: str,
        packet: str | None = None,
        request: Element | None = None,
        *,
        quiet: bool = False,
    ) -> None:
        """Close ``peer`` after a refused request. 2021+ (``error_packets``) first send
        ``<errorpacket message=packet>`` (the official exception text) echoing ``request``,
        by default the request being handled (``peer.current_request``). ``quiet``: the
        caller logs in summary instead."""
        log_at = log.debug if quiet else log.info
        profile = self.profile_for(peer)
        if request is None:
            request = getattr(peer, "current_request", None)
        if profile.keep_connections_open:  # 2026+: the errorpacket is the whole answer
            log_at("connection %d: %s", peer.peer_id, why)
            peer.send(wire.error_packet(packet or why, request))
            return
        log_at("connection %d: %s; closing it", peer.peer_id, why)
        if packet is not None and profile.error_packets:
            peer.send(wire.error_packet(packet, request))
        peer.close(wire.close_element(profile))

    def _plugin(self, game_type: str | None) -> GamePlugin | None:
        return self.plugins.get(game_type) if game_type else None

    def _refuse_non_admin(self, peer: Peer, what: str) -> bool:
        """True if ``peer`` may not send the admin request ``what``. 2018-2021 ignore such
        requests silently (2021's ``prepare`` excepted, see :meth:`prepare`); 2026+ answer
        with an ``errorpacket``."""
        if peer.is_admin:
            return False
        if self.profile_for(peer).keep_connections_open:
            self._reject(
                peer,
                f"{what} without authentication",
                f"{UNAUTHENTICATED_EXCEPTION}: Request {what} requires authentication",
            )
        return True

    def _new_room_id(self) -> str:
        return str(uuid.uuid4())

    def _next_setup(self, game_type: str, setup: GameSetup | None) -> GameSetup:
        self._rooms_created += 1
        if setup is None and self.setup_provider is not None:
            setup = self.setup_provider(game_type)
        if setup is None:
            setup = GameSetup()
        if setup.seed is None:
            derived = self._rng.derive(f"room-{self._rooms_created}").seed_value
            setup = GameSetup(seed=derived, initial_state=setup.initial_state)
        return setup

    def _create_room(
        self, plugin: GamePlugin, *, prepared: bool, paused: bool, setup: GameSetup | None
    ) -> Room:
        if len(self.rooms) >= MAX_ROOMS:
            raise LobbyError(f"too many rooms (MAX_ROOMS={MAX_ROOMS})")
        room = Room(
            self,
            self._new_room_id(),
            plugin,
            prepared=prepared,
            paused=paused,
            setup=self._next_setup(plugin.game_type, setup),
            clock=self.clock,
            timing=self._move_timing(plugin),
            save_replay=self.config.save_replay,
        )
        self.rooms[room.room_id] = room
        self._waiting.setdefault(plugin.game_type, {})[room.room_id] = room
        self.notify(lambda listener: listener.room_created(room), room)
        return room

    def _move_timing(self, plugin: GamePlugin) -> MoveTiming:
        """The season's time limits and grace, overridden by the server's settings."""
        timeouts = plugin.timeouts
        soft_ms = self.config.soft_timeout_ms or timeouts.soft_ms
        hard_ms = self.config.hard_timeout_ms or timeouts.hard_ms
        grace_ms = self.config.move_grace_ms
        if grace_ms is None:
            grace_ms = plugin.profile.move_grace_ms
        return MoveTiming(
            soft_timeout_s=soft_ms / 1000.0,
            hard_timeout_s=hard_ms / 1000.0,
            timeouts_enabled=not self.config.no_timeout,
            move_grace_s=grace_ms / 1000.0,
            clock_kind=self.config.clock,
        )

    # ----------------------------------------------------------------- listeners

    def add_listener(self, listener: LobbyListener) -> None:
        """Hear every room's events from now on (see :mod:`botarena.server.events`)."""
        self.listeners.append(listener)

    def remove_listener(self, listener: LobbyListener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def notify(self, call: Callable[[LobbyListener], None], room: Room) -> None:
        """Run ``call`` for each listener; a failing listener is logged, never fatal."""
        for listener in list(self.listeners):
            try:
                call(listener)
            except Exception:
                log.exception("lobby listener failed for room %s", room.room_id)

    def game(self, room_id: str) -> GameControl:
        """The game of a room that exists (e.g. one :meth:`prepare_room` made); ``KeyError``
        for an unknown or finished room."""
        return GameControl(self.rooms[room_id])

    def _guarded(self, room: Room, action: Callable[[], None]) -> None:
        """Run a room action; an exception ends that room, never the server."""
        try:
            action()
        except Exception as error:
            log.exception("room %s failed", room.room_id)
            room.abort(f"internal server error ({type(error).__name__})")

    # ----------------------------------------------------------------- requests

    def join(self, peer: Peer, game_type: str | None, display_name: str | None = None) -> None:
        """``join``: the oldest open room of this game type, else a new unprepared room.

        Without ``gameType`` (the socha clients' ``<join/>``): the default game, when that is
        a season whose protocol allows it (2026+)."""
        plugin = self._plugin(game_type)
        default = self.default_game
        if game_type is None and default is not None and default.profile.join_default_game:
            plugin = default
        if plugin is None:
            available = ", ".join(self.plugins)
            self._reject(
                peer,
                f"unknown game type {game_type!r}",
                f"{UNKNOWN_GAME_TYPE_EXCEPTION}: Unknown GameType UUID: {game_type} "
                f"(available: {available})",
            )
            return
        room = next(
            (r for r in self._waiting.get(plugin.game_type, {}).values() if r.has_free_slot()),
            None,
        )
        existing = room is not None
        if room is None:
            try:
                room = self._create_room(
                    plugin, prepared=False, paused=self.config.paused, setup=None
                )
            except LobbyError as error:
                self._reject(peer, str(error))
                return
        target = room
        self._guarded(target, lambda: target.seat_joiner(peer, display_name))
        seated = sum(1 for slot in target.slots if slot.client is not None)
        notice = wire.joined_game_room(target.room_id, existing, plugin.profile, seated)
        for admin in list(self.admins.values()):
            admin.send(notice)

    def join_room(self, peer: Peer, room_id: str | None, display_name: str | None = None) -> None:
        """2021 ``joinRoom``: a free unreserved slot of the given room."""
        room = self._room_or_reject(peer, room_id, "joinRoom:")
        if room is None:
            return
        if not room.has_free_slot():
            self._reject(
                peer,
                f"joinRoom: room {room_id!r} is full",
                f"{GAME_ROOM_EXCEPTION}: Room {room_id} is already full!",
            )
            return
        self._guarded(room, lambda: room.seat_joiner(peer, display_name))

    def join_prepared(self, peer: Peer, code: str | None, display_name: str | None = None) -> None:
        entry = self.reservations.pop(code, None) if code else None
        if entry is None:
            self._reject(peer, "unknown or used reservation code", UNKNOWN_RESERVATION)
            return
        room, slot_index = entry
        self._guarded(room, lambda: room.seat_reserved(peer, slot_index, display_name))

    def authenticate(self, peer: Peer, passphrase: str | None) -> None:
        """Check the passphrase, unless this connection has to wait after its failures;
        a refusal then says so (2021+ errorpacket). While the whole server is being guessed
        at, a wrong passphrase closes its connection (:mod:`botarena.server.auth_throttle`).
        """
        throttle = self.auth_throttle
        now = self.clock.time()
        keys = throttle_keys(peer.peer_id, getattr(peer, "address", None))
        wait = throttle.retry_after(*keys, now=now)
        if wait > 0:
            self._log_auth_failure(peer, throttle.refused(), wait)
            text = f"{AUTHENTICATION_FAILED}: {TOO_MANY_FAILURES} {math.ceil(wait)} s"
            self._reject(peer, "authenticate during the delay after failures", text, quiet=True)
            return
        expected = self.config.password
        if (
            expected
            and passphrase is not None
            and hmac.compare_digest(passphrase.encode("utf-8"), expected.encode("utf-8"))
        ):
            throttle.forget(keys[0])
            peer.is_admin = True
            self.admins[peer.peer_id] = peer
            return
        attempts = throttle.failed(*keys, now=now)
        self._log_auth_failure(peer, attempts, throttle.retry_after(*keys, now=now))
        self._reject(peer, "wrong passphrase", AUTHENTICATION_FAILED, quiet=True)
        if throttle.overloaded(now) and not peer.closed:
            peer.close(wire.close_element(self.profile_for(peer)))

    def _log_auth_failure(self, peer: Peer, attempts: int, wait: float) -> None:
        if is_summary_count(attempts):
            address = str(getattr(peer, "address", None) or "unknown address")
            log.warning(
                "%d failed authenticate attempt(s) on this server, the last from %s "
                "(connection %d, its next one checked in %.0f s)",
                attempts,
                address,
                peer.peer_id,
                wait,
            )

    def prepare(self, peer: Peer, request: msg.Prepare) -> None:
        """``prepare`` (admin): a room with the request's slots; 2021's ``prepare@pause``
        pauses the whole room instead of per-slot ``shouldBePaused`` (spec §9)."""
        if not peer.is_admin:
            # 2018/2019 ignore it; 2021 refuses it with an errorpacket and closes.
            if self.profile_for(peer).error_packets:
                text = prepare_request_text(request)
                self._reject(
                    peer,
                    "prepare without authentication",
                    f"{UNAUTHENTICATED_EXCEPTION}: Request {text} requires authentication",
                )
            return
        slots = [
            SlotDescriptor(
                slot.display_name or DEFAULT_DISPLAY_NAME,
                slot.can_timeout,
                slot.should_be_paused or request.pause,
                slot.reserved,
            )
            for slot in request.slots
        ]
        setup = None
        if request.load_game_info is not None:
            setup = GameSetup(initial_state=request.load_game_info)
        try:
            prepared = self.prepare_room(request.game_type, slots, setup)
        except UnusableInitialStateError as error:
            # The admin's tool is at fault, not a player: say why in the log (and, 2021+,
            # in an errorpacket) instead of closing without a word.
            log.warning("connection %d: %s", peer.peer_id, error)
            self._reject(peer, str(error), f"{GAME_ROOM_EXCEPTION}: {error}")
            return
        except LobbyError as error:
            self._reject(peer, str(error))
            return
        peer.send(wire.prepared(prepared.room_id, prepared.reservations))

    def prepare_room(
        self,
        game_type: str | None,
        slots: Sequence[SlotDescriptor],
        setup: GameSetup | None = None,
        fixed_codes: Sequence[str] = (),
    ) -> PreparedRoom:
        """In-process ``prepare``: a room with two reserved slots; ``setup`` fixes the game.

        ``fixed_codes``: reservation codes to use instead of random ones, in slot order
        (replaying a capture whose clients redeem fixed codes); a code in use is refused."""
        if any(code in self.reservations for code in fixed_codes):
            raise LobbyError("prepare: a given reservation code is already in use")
        plugin = self._plugin(game_type)
        if plugin is None:
            raise LobbyError(f"unknown game type {game_type!r}")
        if len(slots) > SLOTS_PER_ROOM:
            raise LobbyError(f"prepare with {len(slots)} slots (at most {SLOTS_PER_ROOM})")
        if setup is not None and setup.initial_state is not None:
            try:  # refuse a bad loadGameInfo now rather than when the players have arrived
                plugin.new_match([DEFAULT_DISPLAY_NAME] * SLOTS_PER_ROOM, setup)
            except ValueError as error:
                raise UnusableInitialStateError(
                    f"prepare {plugin.game_type}: unusable initial state: {error}"
                ) from None
        descriptors = list(slots)
        # Missing descriptors: official defaults, which do not pause the room (spec §2.2.4).
        paused = any(d.should_be_paused for d in descriptors)
        while len(descriptors) < SLOTS_PER_ROOM:
            descriptors.append(SlotDescriptor(DEFAULT_DISPLAY_NAME, True, False))
        room = self._create_room(plugin, prepared=True, paused=paused, setup=setup)
        codes: list[str] = []
        for index, descriptor in enumerate(descriptors):
            reserved = True
            if plugin.profile.slot_reserved_attribute:
                reserved = descriptor.reserved is True
            code = None
            if reserved:
                code = fixed_codes[index] if index < len(fixed_codes) else str(uuid.uuid4())
            room.slots.append(
                Slot(
                    index=index,
                    display_name=descriptor.display_name or DEFAULT_DISPLAY_NAME,
                    can_timeout=descriptor.can_timeout,
                    should_be_paused=descriptor.should_be_paused,
                    reservation=code,
                    pace_ms=descriptor.pace_ms,
                )
            )
            if code is not None:  # an unreserved slot is taken with joinRoom (2021)
                self.reservations[code] = (room, index)
                codes.append(code)
        return PreparedRoom(room.room_id, tuple(codes))

    def _room_or_reject(
        self, peer: Peer, room_id: str | None, what: str, request: Element | None = None
    ) -> Room | None:
        """The room ``room_id``; else ``None`` after refusing ``peer`` (2021+: with the
        official ``GameRoomException`` text, echoing ``request`` or the current request)."""
        room = self.rooms.get(room_id) if room_id else None
        if room is None:
            self._reject(
                peer,
                f"{what} unknown room {room_id!r}",
                f"{GAME_ROOM_EXCEPTION}: Couldn't find a room with id {room_id}",
                request,
            )
        return room

    def _admin_room(self, peer: Peer, room_id: str | None) -> Room | None:
        return self.rooms.get(room_id) if room_id else None

    def observe(self, peer: Peer, room_id: str | None) -> None:
        if self._refuse_non_admin(peer, "observe"):
            return
        room = self._room_or_reject(peer, room_id, "observe:")
        if room is None:
            return
        self._guarded(room, lambda: room.observe(peer, catch_up=True))

    def pause(self, peer: Peer, room_id: str | None, paused: bool) -> None:
        if self._refuse_non_admin(peer, "pause"):
            return
        room = self._admin_room(peer, room_id)
        if room is None:
            log.info("pause: unknown room %r ignored", room_id)
            return
        self._guarded(room, lambda: room.set_paused(paused))

    def step(self, peer: Peer, room_id: str | None, forced: bool) -> None:
        self._admin_action(peer, room_id, "step", lambda room: room.step(forced))

    def cancel(self, peer: Peer, room_id: str | None) -> None:
        self._admin_action(peer, room_id, "cancel", Room.cancel)

    def _admin_action(
        self, peer: Peer, room_id: str | None, what: str, action: Callable[[Room], None]
    ) -> None:
        """An admin request ``what`` on one room: refused for a non-admin (see
        :meth:`_refuse_non_admin`), the requester closed for an unknown room, else run."""
        if self._refuse_non_admin(peer, what):
            return
        room = self._admin_room(peer, room_id)
        if room is None:
            self._reject(peer, f"{what}: unknown room {room_id!r}")
            return
        self._guarded(room, lambda: action(room))

    def free_reservation(self, peer: Peer, code: str | None) -> None:
        if not peer.is_admin:
            return
        entry = self.reservations.pop(code, None) if code else None
        if entry is None:
            log.info("freeReservation: unknown code ignored")
            return
        room, slot_index = entry
        room.slots[slot_index].reservation = None

    def set_timeout(self, peer: Peer, room_id: str | None, slot: int, activate: bool) -> None:
        if not peer.is_admin:
            return
        room = self._admin_room(peer, room_id)
        if room is None:
            self._reject(peer, f"timeout: unknown room {room_id!r}")
            return
        room.set_can_timeout(slot, activate)

    def set_test_mode(self, peer: Peer, enabled: bool) -> None:
        if not peer.is_admin:
            return
        self.test_mode = enabled
        peer.send(wire.testing(enabled))

    def score_for_player(self, peer: Peer, display_name: str | None) -> None:
        if not peer.is_admin:
            return
        name = display_name or ""
        fragments = list(self.scores.fragments_of(name)) or self._score_fragments()
        entry = self.scores.entry(name, len(fragments))
        peer.send(wire.player_score(name, fragments, entry.number_of_tests, entry.values))

    def _score_fragments(self) -> list[ScoreFragment]:
        # For a name without games (the official server has one game type per server, we
        # may have several): the score definition of the first installed plugin.
        for plugin in self.plugins.values():
            return list(plugin.score_definition)
        return []

    def room_message(
        self, peer: Peer, room_id: str | None, data: Element, received_at: float
    ) -> None:
        request = wire.room_packet(room_id or "", data) if room_id not in self.rooms else None
        room = self._room_or_reject(peer, room_id, "move for", request)
        if room is None:
            return
        self._guarded(room, lambda: room.on_room_message(peer, data, received_at))

    def farewell(self, peer: Peer) -> list[bytes]:
        """What a 2026+ connection gets before the server closes it: ``<left roomId/>`` for
        every room it still sits or observes in (socha clients stop only on ``left``)."""
        if not self.profile_for(peer).left_before_close:
            return []
        rooms = self._memberships.get(peer.peer_id, {})
        return [wire.left(room_id) for room_id in rooms]

    def close_requested(self, peer: Peer) -> None:
        """The client sent a close element: hard close; the loss is reported later."""
        peer.close()

    # ----------------------------------------------------------------- events

    def peer_lost(self, peer: Peer) -> None:
        """A connection is gone (either side closed it)."""
        self.admins.pop(peer.peer_id, None)
        self.auth_throttle.forget(throttle_keys(peer.peer_id, None)[0])
        self._peer_profiles.pop(peer.peer_id, None)
        for room in list(self._memberships.pop(peer.peer_id, {}).values()):
            self._guarded(room, lambda room=room: room.peer_lost(peer))  # type: ignore[misc]

    def record_test_scores(self, room: Room, result: GameResult) -> None:
        """Spec §5.6, before the result is broadcast (deviation from the 2019 race)."""
        if not self.test_mode:
            return
        names = room.display_names()
        if len(set(names)) != len(names):
            return
        fragments = list(room.plugin.score_definition)
        for name, score in zip(names, result.scores, strict=False):
            self.scores.add(name, fragments, score.parts)

    def room_finished(
        self, room: Room, result: GameResult | None, result_xml: str | None = None
    ) -> None:
        """Remove a finished room and its unredeemed reservations (spec §3.1)."""
        self.rooms.pop(room.room_id, None)
        self._stop_waiting(room)
        for peer in [*room.players, *room.observers.values()]:
            rooms = self._memberships.get(peer.peer_id)
            if rooms is not None:
                rooms.pop(room.room_id, None)
                if not rooms:
                    del self._memberships[peer.peer_id]
        for slot in room.slots:
            if slot.reservation is not None:
                self.reservations.pop(slot.reservation, None)
                slot.reservation = None
        if self.listeners:
            game = FinishedGame(
                room.room_id,
                room.plugin.game_type,
                tuple(room.display_names()),
                result,
                tuple(room.replay),
                tuple(room.stats.moves),
                room.stats.infra_error_slot,
            )
            self.notify(lambda item: item.game_finished(game), room)
            self.notify(lambda item: item.room_finished(room, result, result_xml), room)

    def profile_for(self, peer: Peer) -> ProtocolProfile:
        """The protocol ``peer`` speaks: its room's, or the lobby's before it entered one."""
        return self._peer_profiles.get(peer.peer_id, self.profile)

    def joined_room(self, peer: Peer, room: Room) -> None:
        """``peer`` now sits or observes in ``room`` (called by the room)."""
        self._peer_profiles[peer.peer_id] = room.plugin.profile
        self._memberships.setdefault(peer.peer_id, {})[room.room_id] = room
        self._pace_seated(peer, room)

    def _pace_seated(self, peer: Peer, room: Room) -> None:
        """Pace a client that took a seat paced by the slot (``SlotDescriptor.pace_ms``) or by
        its display name (``--pace-client NAME``). Peers without ``pace`` are not paced."""
        pace = getattr(peer, "pace", None)
        if pace is None:
            return
        for index in room.slots_of(peer):
            slot = room.slots[index]
            pace_ms = slot.pace_ms
            if not pace_ms and slot.display_name in self.config.pace_clients:
                pace_ms = self.config.pace_ms
            if pace_ms:
                pace(pace_ms)
                return

    def room_started(self, room: Room) -> None:
        """``room``'s game has begun: it no longer takes ``join`` clients (called by the room)."""
        self._stop_waiting(room)
        if self.listeners:
            self.notify(lambda listener: listener.room_started(room), room)

    def _stop_waiting(self, room: Room) -> None:
        waiting = self._waiting.get(room.plugin.game_type)
        if waiting is not None:
            waiting.pop(room.room_id, None)

    def room_state(self, room: Room, state_xml: str, move_ms: float | None) -> None:
        """A state ``room``'s players get (called by the room): to the listeners."""
        if self.listeners:
            self.notify(lambda listener: listener.room_state(room, state_xml, move_ms), room)

    def move_turnaround(self, seconds: float) -> None:
        """From a move's arrival to the next move request (called by the room)."""
        if self.turnaround_sink is not None:
            self.turnaround_sink(seconds)

    def move_requested(self, room: Room, slot: int, written_at: float) -> None:
        """A seat's move request was written (called by the room): to the listeners."""
        if self.listeners:
            self.notify(lambda listener: listener.move_requested(room, slot, written_at), room)

    def move_answered(self, room: Room, move: MoveTime) -> None:
        """A move request's answer was read (called by the room): to the listeners."""
        if self.listeners:
            self.notify(lambda listener: listener.move_answered(room, move), room)

    def is_seated(self, peer: Peer) -> bool:
        """Whether ``peer`` holds a slot in a room that has not ended."""
        rooms = self._memberships.get(peer.peer_id, {})
        return any(room.slots_of(peer) for room in rooms.values())
