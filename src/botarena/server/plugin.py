"""The boundary between the game-agnostic server and one game (spec server-protocol §6).

The server owns connections, the lobby, rooms, slots, timers, results and replays; it never
interprets game XML. A :class:`GamePlugin` describes one game type (its protocol profile,
score definition, timeouts and colour names) and starts :class:`GameMatch` objects, one per
room, that hold the game state and speak the game's part of the wire format.

A new season (Hase und Igel 2018, Blokus 2021) plugs in by providing these two objects and
registering them in :mod:`botarena.server.registry`; nothing in the framework changes.

Optional hooks (looked up with ``getattr``, so plugins without them need nothing):

* ``GamePlugin.echo_violating_move: bool`` -- attach the offending ``<data>`` as
  ``originalRequest`` to the error a rule violator gets (2018 Hase und Igel does, 2019
  Piranhas does not); only payloads that parsed as a move are echoed, and a match with
  ``move_echo(move) -> Element`` supplies the echoed element (e.g. actions sorted by order);
* ``GameMatch.violation_message(invalid) -> str`` -- the text after "Ungueltiger Zug von
  'NAME'." in the violator's error when it is not the result's reason (2021 Blokus prints
  the exception: ``InvalidMoveException(mistake=…, move=…)``);
* ``GameMatch.move_text(move) -> str`` -- the official text of a move, quoted by 2021's
  not-your-turn error (``msg was …``);
* ``GameMatch.result_override(ends) -> (lines, winner_slot) | None`` -- the official result
  when the generic rule of spec §4.5 does not give it (Hase und Igel TC-62: a violator whose
  partial move reached the goal). ``ends`` maps each violating slot to a
  :class:`botarena.server.results.SlotEnd` (``cause``, ``reason``; empty for a regular end);
  ``lines`` are ``(ScoreCause, reason or None, parts)`` per slot with the match points
  first. Return ``None`` to use the generic result.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from lxml import etree

from botarena.core import Outcome, ScoreFragment

Element = etree._Element


@dataclass(frozen=True, slots=True)
class ProtocolProfile:
    """Version-specific framework behaviour (spec §9): 2018/2019, 2021 and 2026+.

    Seasons differ in element and attribute names, in how errors are reported and in the
    result's shape; those differences are data here so that a season's plugin declares them
    without new code paths for the common parts.
    """

    year: int
    close_element: str
    """The element the server writes before closing a connection because of an error."""
    move_request_class: str
    """``class`` of the move request ``data`` element."""
    error_request_field: str = "originalRequest"
    """Child of an ``error`` that carries the offending request."""
    joined_on_prepared_immediately: bool = False
    """2021+: ``joined`` right after ``joinPrepared``; 2018/2019: only when the room is full."""
    cancel_sends_result: bool = False
    """2021+: ``cancel`` ends the game with a result before ``left`` (spec §2.2.8): seated
    players ``REGULAR`` with the points of the game as it stands (a draw while it runs),
    empty slots ``LEFT``."""
    observers_see_paused_states: bool = False
    """2021+: in a paused room the state after each move still goes to observers (spec §3.6)."""
    paused_events: bool = False
    """2021+: observers get ``<data class="paused" paused=…/>`` when an admin toggles pause."""
    violator_gets_result: bool = False
    """2021+: the rule violator's error also goes (with the full text) to observers; the
    violator gets the result and ``left`` before it is closed (spec §4.3 version notes)."""
    join_display_name: str = "Unknown"
    """Display name of a player seated by a plain ``join`` (2021: empty, ``displayName=""``)."""
    end_document_on_drop: bool = True
    """2018/2019 write ``</protocol>`` also when they drop a client for its end of document, its
    EOF or input they cannot read; 2021 then just closes the socket (it writes ``</protocol>``
    only after its own close element or the client's)."""
    error_packets: bool = False
    """2021+: before closing a client because of its request the server sends a top-level
    ``<errorpacket message="EXCEPTION: TEXT">`` echoing the request (spec §2.3.13)."""
    joined_game_room_player_count: bool = False
    """2021+: ``joinedGameRoom`` tells admins ``playerCount`` instead of ``existing``."""
    keep_raw_tabs_in_attributes: bool = False
    """2018 (kxml): a raw tab inside an attribute value stays a tab instead of becoming a
    space (:mod:`botarena.server.attribute_tabs`)."""
    accept_seed_move_end_tag: bool = False
    """2018: accept the seed document's ``</move>`` closing a ``<data class="move">``
    (:mod:`botarena.server.seed_move_end_tag`)."""
    slot_reserved_attribute: bool = False
    """2021+: ``prepare`` slots are reserved only with ``reserved="true"``; the others get no
    code and are taken with ``joinRoom`` (spec §9, §11 item 13)."""
    empty_compliant_reason: bool = False
    """2021+: every non-violating player's score carries ``reason=""`` (no win-condition text;
    spec §4.5); 2018/2019 give the win condition's text on a regular end, else no reason."""

    join_default_game: bool = False
    """2026+: a ``<join/>`` without ``gameType`` joins the server's default game (the socha
    clients send it when started without a reservation); older seasons close the client."""
    keep_connections_open: bool = False
    """2026+: a refused lobby request is answered with an ``errorpacket`` only, and rule
    violations or misplaced moves end the game without closing anybody (spec §1.6, §4.3)."""
    left_before_close: bool = False
    """2026+: before the server closes a connection it sends a self-closing
    ``<left roomId/>`` for every room the connection is still in, then the close element
    (a socha client spins forever on a close without ``left``; socha-clients.md item 5)."""
    team_result: bool = False
    """2026+: the result is ``<scores><entry><player name team/><score><part>…`` and one
    ``<winner team regular reason/>`` (spec §4.6); a violator's parts are all 0."""
    left_reason: str = "Der Spieler hat das Spiel verlassen"
    """Reason of a player that left. Placeholders: ``{name}`` (the violator's display name,
    its team when blank), ``{soft}``/``{hard}`` (timeouts in seconds), ``{reason}`` (the
    rules' text) and ``{move}`` (see ``violating_move_text``)."""
    soft_timeout_reason: str = (
        "Der Spieler hat innerhalb von {soft} Sekunden nach Aufforderung keinen Zug gesendet"
    )
    hard_timeout_reason: str = (
        "Der Spieler hat innerhalb von {hard} Sekunden nach Aufforderung keinen Zug gesendet"
    )
    rule_violation_reason: str = "{reason}"
    violating_move_text: str = ""
    """What ``{move}`` of ``rule_violation_reason`` becomes when the move is known; ``{text}``
    is the move's official text (2026+: `` bei '{text}'``)."""
    misplaced_move_reason: str | None = None
    """2026+: a move out of turn or not requested is a process violation with this reason
    (the error's text as ``{reason}``); ``None``: the mover is scored ``LEFT`` (2018-2021)."""


PROFILE_2019 = ProtocolProfile(
    year=2019,
    close_element="sc.protocol.responses.CloseConnection",
    move_request_class="sc.framework.plugins.protocol.MoveRequest",
)
PROFILE_2018 = replace(
    PROFILE_2019, keep_raw_tabs_in_attributes=True, accept_seed_move_end_tag=True
)
"""2019's framework behaviour (spec §0) with 2018's XML parser quirk and the seed's typo."""

PROFILE_2021 = replace(
    PROFILE_2019,
    year=2021,
    close_element="sc.protocol.CloseConnection",
    error_request_field="originalMessage",
    joined_on_prepared_immediately=True,
    cancel_sends_result=True,
    observers_see_paused_states=True,
    paused_events=True,
    violator_gets_result=True,
    join_display_name="",
    end_document_on_drop=False,
    error_packets=True,
    joined_game_room_player_count=True,
    slot_reserved_attribute=True,
    empty_compliant_reason=True,
)
"""21.4.0's framework shape (spec §6, §7.11, Appendix B)."""

PROFILE_2026 = replace(
    PROFILE_2021,
    year=2026,
    close_element="close",
    move_request_class="moveRequest",
    join_default_game=True,
    keep_connections_open=True,
    left_before_close=True,
    team_result=True,
    left_reason="{name} hat das Spiel verlassen: LOST_CONNECTION",
    soft_timeout_reason=(
        "{name} hat fuer die Antwort auf die Zugaufforderung laenger als {soft} Sekunden gebraucht."
    ),
    # Java quirk kept (spec §10 item 14): the hard-timeout text quotes the soft timeout.
    hard_timeout_reason=(
        "{name} hat innerhalb von {soft} Sekunden nach Aufforderung keinen Zug gesendet."
    ),
    rule_violation_reason="Regelverletzung von {name}: {reason}{move}",
    violating_move_text=" bei '{text}'",
    misplaced_move_reason="Missachtung des Spielablaufs von {name}: {reason}",
)
"""The framework of backend 26.x and 27.x (Piranhas 2026, Blokus 2027; spec §9 2026 column,
socha-clients.md): ``<close/>``, ``moveRequest``, errorpackets without closing, ``left``
before every close, ``<join/>`` without a game type, the team result."""


def lobby_profile(
    plugins: Iterable[GamePlugin], default_game: GamePlugin | None = None
) -> ProtocolProfile:
    """The protocol of the lobby (requests before a connection is in a room): the profile of
    the served games when they all share one (a server for one season answers like that
    season's official server); on a mixed server the default game's profile when it is a
    2026+ season (socha clients must never see a bare close), else the 2019 profile."""
    profiles = {plugin.profile for plugin in plugins}
    if len(profiles) == 1:
        return profiles.pop()
    if default_game is not None and default_game.profile.join_default_game:
        return default_game.profile
    return PROFILE_2019


def season_of(game_type: str) -> int:
    """The year of a game type (``swc_2027_blokus`` → 2027; 0 when it names none)."""
    parts = game_type.split("_")
    if len(parts) > 1 and parts[1].isdigit():
        return int(parts[1])
    return 0


def newest_game(game_types: Iterable[str]) -> str | None:
    """The newest season among ``game_types`` (the server's default game)."""
    ordered = sorted(game_types, key=lambda game_type: (season_of(game_type), game_type))
    return ordered[-1] if ordered else None


@dataclass(frozen=True, slots=True)
class MoveTimeouts:
    """The official move time limits of a game, in milliseconds (spec §4.2)."""

    soft_ms: int = 2000
    hard_ms: int = 10000


@dataclass(frozen=True, slots=True)
class GameSetup:
    """How a room's game starts: a seed for the random setup, or a fixed initial state.

    ``initial_state`` is whatever the plugin accepts as a starting position: an engine state
    object or a ``<state>`` element (e.g. the first state of a recorded transcript). When it is
    set, ``seed`` only feeds randomness the state does not fix.
    """

    seed: int | None = None
    initial_state: object | None = None


class MalformedMoveError(ValueError):
    """A move element the official server could not even deserialize (unknown direction,
    non-numeric coordinate, unknown child element). The sender is hard-closed and scored LEFT.

    ``packet``: when set and the profile has ``error_packets`` (2021), the sender instead gets
    ``<errorpacket message=packet>`` and a regular close (e.g. non-move data in a room);
    ``{room_id}`` in ``packet`` is replaced by the room's id.
    """

    def __init__(self, message: str, packet: str | None = None) -> None:
        super().__init__(message)
        self.packet = packet


class GameMatch(Protocol):
    """One running game inside a room. Created when the room fills; lives until it ends."""

    @property
    def turn(self) -> int:
        """Number of moves applied so far (the state's ``turn`` attribute)."""
        ...

    def current_slot(self) -> int | None:
        """Slot of the player to move, ``None`` when the rules ended the game."""
        ...

    def parse_move(self, slot: int, data: Element) -> object:
        """Turn the ``<data class=…>`` payload of a room message from ``slot`` into a move.

        Raises :class:`botarena.core.InvalidMove` when the payload is a registered message
        but not a move (official: "NAME hat kein Zug-Objekt gesendet.") and
        :class:`MalformedMoveError` when it cannot be deserialized at all.
        """
        ...

    def apply(self, slot: int, move: object) -> None:
        """Apply ``move`` of ``slot``; raise :class:`botarena.core.InvalidMove` (official
        reason text) and leave the state unchanged when the rules reject it."""
        ...

    def state_element(self) -> Element:
        """The ``<state class=…>`` element of the current state (field name ``state``)."""
        ...

    def state_xml(self, indent_level: int) -> str:
        """The state printed as XStream does at ``indent_level`` (the hot path of a room).

        Must equal ``xstream.to_xstream(self.state_element(), indent_level)``; a plugin without
        a faster printer returns exactly that (see :func:`generic_state_xml`).
        """
        ...

    def outcome(self) -> Outcome | None:
        """The rules' end of the game (regular causes only), ``None`` while it runs."""
        ...

    def statistics(self, slot: int) -> Sequence[int | float | str]:
        """Score parts after the match points (e.g. largest swarm size), now."""
        ...

    def winner_element(self, slot: int) -> Element:
        """The ``<winner …/>`` element naming the player of ``slot``."""
        ...


class GamePlugin(Protocol):
    """A game type the server can host."""

    @property
    def game_type(self) -> str:
        """Plugin id used in ``join``/``prepare``, e.g. ``swc_2019_piranhas``."""
        ...

    @property
    def profile(self) -> ProtocolProfile: ...

    @property
    def score_definition(self) -> Sequence[ScoreFragment]:
        """All fragments in result order; fragment 0 is the match-point fragment."""
        ...

    @property
    def timeouts(self) -> MoveTimeouts: ...

    def welcome_color(self, slot: int) -> str:
        """The ``color`` of the welcome message for ``slot`` (2019: ``red``/``blue``)."""
        ...

    def new_match(self, display_names: Sequence[str], setup: GameSetup) -> GameMatch:
        """Start a game with players named ``display_names`` in slot order.

        Raises ``ValueError`` when ``setup.initial_state`` is not a state this plugin accepts.
        """
        ...


def generic_state_xml(match: GameMatch, indent_level: int) -> str:
    """``state_xml`` for plugins without their own printer."""
    from botarena.protocol.xstream import to_xstream  # noqa: PLC0415 - keep the boundary light

    return to_xstream(match.state_element(), indent_level)
