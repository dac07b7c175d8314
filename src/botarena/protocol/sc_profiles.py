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
)
"""21.4.0's framework shape (spec §6, §7.11, Appendix B)."""


def lobby_profile(plugins: Iterable[GamePlugin]) -> ProtocolProfile:
    """The protocol of the lobby (requests before a connection is in a room): the profile of
    the served games when they all share one (a server for one season answers like that
    season's official server), the 2019 profile for a mixed server."""
    profiles = {plugin.profile for plugin in plugins}
    if len(profiles) == 1:
        return profiles.pop()
    return PROFILE_2019
