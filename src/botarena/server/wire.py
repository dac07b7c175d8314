"""The server's bridge to the protocol core: messages the rooms send, as ready-to-write bytes.

The shapes come from :mod:`botarena.protocol.sc_messages` (builders) and
:mod:`botarena.protocol.xstream` (the official pretty-printing); this module only encodes
them once so that a broadcast writes the same bytes to every recipient, and picks the
profile-specific pieces (close element, move request class).
"""

from __future__ import annotations

import copy
import string
from collections.abc import Iterable, Sequence
from decimal import Decimal

from lxml import etree

from botarena.core import ScoreFragment
from botarena.protocol import sc_messages, xstream
from botarena.protocol.sc_plugin import Element
from botarena.protocol.sc_profiles import ProtocolProfile

REPLAY_MOVE_TIME_ATTRIBUTE = "botarenaMoveMs"
"""Extra attribute on a replay's ``<room>`` packet: milliseconds the move before this state
took (from the move request being written to the move being received). The official loaders
ignore unknown attributes (spec §1.4)."""


def encode(element: Element) -> bytes:
    return xstream.encode(element)


def close_element(profile: ProtocolProfile) -> bytes:
    return encode(etree.Element(profile.close_element))


def joined(room_id: str) -> bytes:
    return encode(sc_messages.joined(room_id))


def joined_game_room(
    room_id: str, existing: bool, profile: ProtocolProfile, player_count: int
) -> bytes:
    """``existing="true|false"`` (2018/2019) or ``playerCount="N"`` (2021+, spec §9)."""
    if profile.joined_game_room_player_count:
        return encode(sc_messages.JoinedGameRoom(room_id, player_count=player_count).to_element())
    return encode(sc_messages.joined_game_room(room_id, existing))


def prepared(room_id: str, reservations: Sequence[str]) -> bytes:
    return encode(sc_messages.prepared(room_id, reservations))


def observed(room_id: str) -> bytes:
    return encode(sc_messages.observed(room_id))


def left(room_id: str) -> bytes:
    return encode(sc_messages.left(room_id))


def testing(enabled: bool) -> bytes:
    return encode(sc_messages.testing(enabled))


def welcome(room_id: str, color: str) -> bytes:
    return encode(sc_messages.welcome_message(room_id, color))


def memento_message(room_id: str, state_xml: str) -> bytes:
    """A memento as sent to players and observers; ``state_xml`` printed at level 3.

    Equals ``encode(sc_messages.memento(room_id, state))`` (pinned by the tests) without
    building an element tree for the envelope.
    """
    return (
        f'\n  <room roomId="{xstream.escape_attribute(room_id)}">\n    <data class="memento">'
        f"{state_xml}\n    </data>\n  </room>"
    ).encode()


def memento_replay_packet(room_id: str, state_xml: str, move_ms: float | None) -> bytes:
    """A memento packet of a replay file; ``state_xml`` printed at level 2."""
    extra = "" if move_ms is None else f' {REPLAY_MOVE_TIME_ATTRIBUTE}="{move_ms:.3f}"'
    return (
        f'<room roomId="{xstream.escape_attribute(room_id)}"{extra}>\n  <data class="memento">'
        f"{state_xml}\n  </data>\n</room>\n"
    ).encode()


def paused_event(room_id: str, paused: bool) -> bytes:
    """2021+: ``<room roomId><data class="paused" paused="true|false"/></room>`` (observers)."""
    data = etree.Element("data")
    data.set("class", "paused")
    data.set("paused", "true" if paused else "false")
    return encode(sc_messages.room(room_id, data))


def move_request(room_id: str, profile: ProtocolProfile) -> bytes:
    data = etree.Element("data")
    data.set("class", profile.move_request_class)
    return encode(sc_messages.room(room_id, data))


def error(
    room_id: str, message: str, original_request: Element | None, profile: ProtocolProfile
) -> bytes:
    """A room ``error``; the offending payload goes into the profile's field
    (``originalRequest`` in 2018/2019, ``originalMessage`` from 2021 on)."""
    element = sc_messages.room_error(room_id, message, original_request)
    if original_request is not None and profile.error_request_field != "originalRequest":
        for child in element.iter("originalRequest"):
            child.tag = profile.error_request_field
    return encode(element)


def room_packet(room_id: str, data: Element) -> Element:
    """The ``<room roomId><data …/></room>`` request a client sent (a copy), as echoed in an
    ``errorpacket``."""
    packet = etree.Element("room", roomId=room_id)
    copied = copy.deepcopy(data)
    copied.tail = None
    packet.append(copied)
    return packet


def error_packet(message: str, original_request: Element | None = None) -> bytes:
    return encode(sc_messages.error_packet(message, original_request))


def result(
    room_id: str,
    fragments: Iterable[ScoreFragment],
    scores: Iterable[tuple[str, str | None, Sequence[object]]],
    winner: Element | None,
) -> Element:
    score_messages = [
        sc_messages.ResultScore(cause, reason, tuple(part_text(p) for p in parts))
        for cause, reason, parts in scores
    ]
    return sc_messages.result(room_id, tuple(fragments), score_messages, winner)


def part_text(value: object) -> str:
    """A score part as written on the wire (integral floats without ``.0``)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def player_score(
    name: str, fragments: Sequence[ScoreFragment], tests: int, values: Sequence[Decimal]
) -> bytes:
    """``<playerScore><score displayName numberOfTests><values><fragment…/><value>…`` (§2.2.11).

    Not in the protocol core's builders yet; the shape is the one of capture AC.
    """
    root = etree.Element("playerScore")
    score = etree.SubElement(root, "score")
    score.set("displayName", name)
    score.set("numberOfTests", str(tests))
    for fragment, value in zip(fragments, values, strict=False):
        values_element = etree.SubElement(score, "values")
        definition = sc_messages.score_definition([fragment])
        values_element.append(definition[0])
        etree.SubElement(values_element, "value").text = str(value)
    return encode(root)


def replay_packet(message: Element, move_ms: float | None) -> bytes:
    """One packet of a replay file: the room message at column 0, followed by a newline."""
    if move_ms is not None:
        message.set(REPLAY_MOVE_TIME_ATTRIBUTE, f"{move_ms:.3f}")
    text = xstream.to_xstream(message, 0)[1:] + "\n"
    if move_ms is not None:
        del message.attrib[REPLAY_MOVE_TIME_ATTRIBUTE]
    return text.encode("utf-8")


REPLAY_START = b"<protocol>\n"
REPLAY_END = b"</protocol>"
REPLAY_SEASON_MARK = "botarena game-type:"
"""Starts the comment before ``<protocol>`` that names a replay's season: XML readers (the
official viewer's included) skip comments, and our viewer reads the season from it instead of
guessing it from the states (two seasons may share a state format)."""
_GAME_TYPE_CHARACTERS = frozenset(string.ascii_letters + string.digits + "_.")
"""What a game type in the season comment may hold (never ``--``, which would end it)."""


def replay_start(game_type: str) -> bytes:
    """The start of a replay document written by botarena: the season comment (left out for a
    game type that could not stand in a comment) and ``<protocol>``."""
    if not game_type or not set(game_type) <= _GAME_TYPE_CHARACTERS:
        return REPLAY_START
    return f"<!-- {REPLAY_SEASON_MARK} {game_type} -->\n".encode() + REPLAY_START


def replay_document(game_type: str, packets: Iterable[bytes]) -> bytes:
    """A whole replay document: the season comment, ``<protocol>``, the packets, the end."""
    return replay_start(game_type) + b"".join(packets) + REPLAY_END
