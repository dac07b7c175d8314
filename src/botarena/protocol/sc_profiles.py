"""Every season's framework behaviour as data (spec server-protocol §9).

The server has one code path per message; where seasons differ (element names, error packets,
what observers see) it reads a flag of the room's :class:`ProtocolProfile`. A new season
declares its profile here, next to the others, and its plugin points to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from botarena.protocol.sc_plugin import GamePlugin


@dataclass(frozen=True, slots=True)
class ProtocolProfile:
    """Version-specific framework behaviour (spec §9): seasons differ in element and
    attribute names and in how errors are reported; those differences are data here, so a
    season declares them without new code paths for the common parts."""

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
    unnamed_seat_kind: str | None = None
    """2026+: ``"socha"``: a seat whose client sent no display name (the socha clients never
    send one) is named ``socha (ONE)`` instead of the official blank name
    (:mod:`botarena.server.seat_names`); ``None``: the official name stays (2018/2019
    ``Unknown``, 2021 blank, as their captures show)."""
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
    authenticate_attribute: str = "passphrase"
    """The attribute of ``<authenticate>`` the official server reads the admin password from:
    ``passphrase`` (2018/2019), ``password`` (2020+; spec §9)."""
    official_start_position: bool = True
    """2018/2019: the official server reads a start position in ``prepare`` as
    ``<loadGameInfo class="state" …>`` (the state itself, aliased; spec §2.2.4). 2021+: the
    official servers know no ``loadGameInfo`` and drop the admin who sends one; botarena's
    server reads it there as ``<loadGameInfo><state …/></loadGameInfo>``."""
    move_grace_ms: int = 50
    """The move clock starts this long after the move request was written
    (:mod:`botarena.server.move_clock`; ``--move-grace-ms`` overrides it): the official
    servers run a full GC between the state and the request and start the clock after it,
    so a client parses the state for free. The defaults are the measured median gaps
    between the state and the request (``benchmarks/official_request_gaps.py`` on the
    captures: 18.2.6 50 ms, 19.2.1 48 ms, 21.4.0 35 ms); 26.x: the 243 ms median gap
    measured on the wire in issue 22 plus the 100 ms that a socha client (the usual 2026+
    client) waits on its socket before it looks at a request that came with its state,
    which a request sent after a gap does not cost it (``benchmarks/socha_move_gap.py``).
    It stays below 400 ms: a socha bot that thinks 2.3 s must still time out. A seat gets
    the grace once per message of the turn before its request (see
    ``MoveTiming.move_grace_s``)."""


PROFILE_2019 = ProtocolProfile(
    year=2019,
    close_element="sc.protocol.responses.CloseConnection",
    move_request_class="sc.framework.plugins.protocol.MoveRequest",
)
PROFILE_2018 = replace(
    PROFILE_2019, keep_raw_tabs_in_attributes=True, accept_seed_move_end_tag=True
)
"""2019's framework behaviour (spec §0) with 2018's XML parser quirk and the seed's typo."""


PROFILE_2021 = ProtocolProfile(
    year=2021,
    close_element="sc.protocol.CloseConnection",
    move_request_class="sc.framework.plugins.protocol.MoveRequest",
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
    authenticate_attribute="password",
    official_start_position=False,
    move_grace_ms=35,
)
"""21.4.0's framework shape (spec §6, §7.11, Appendix B)."""


PROFILE_2026 = replace(
    PROFILE_2021,
    year=2026,
    close_element="close",
    move_request_class="moveRequest",
    join_default_game=True,
    unnamed_seat_kind="socha",
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
    move_grace_ms=350,
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
