"""Typed Software-Challenge messages (2019 profile) and their XML codec.

Client → server (spec §2.2)::

    decode_request(element) -> Request        # raises UnknownMessageError / InvalidMessageError
    request.to_element() -> lxml element      # for clients (the SDK) and tests

    Request = Join | JoinPrepared | JoinRoom | Authenticate | Prepare | Observe | Pause | Step
            | Cancel | FreeReservation | Timeout | TestMode | ScoreForPlayer | RoomPacket
            | CloseConnection

``RoomPacket(room_id, data)`` keeps the ``<data>`` payload as an lxml element: the game
plugin decodes moves; ``data_class`` is its ``class``. Attribute values follow XStream:
missing attributes are ``None`` (strings) or ``False`` (booleans), booleans are ``true`` in
any case, anything else ``False``; unknown attributes are ignored; unknown child elements,
a ``data`` without ``class`` and unparsable integers are ``InvalidMessageError`` (the official
server hard-closes), except in ``joinRoom``, which ignores its children as our server always
has. 2021 additions: ``JoinRoom``, ``Prepare.pause`` and ``SlotDescriptor.reserved``
(``None`` when the attribute is absent). ``<close/>``,
``<sc.protocol.responses.CloseConnection/>`` and ``<sc.protocol.CloseConnection/>`` all decode
to ``CloseConnection``.

Server → client (spec §2.3), builders returning lxml elements in the official attribute
order, ready for ``xstream.encode``::

    joined(room_id)                          <joined roomId/>
    joined_game_room(room_id, existing)      <joinedGameRoom roomId existing/>
    JoinedGameRoom(room_id, player_count=n)  <joinedGameRoom roomId playerCount/> (2021+)
    prepared(room_id, reservations)          <prepared roomId><reservation>…</reservation>…
    observed(room_id)                        <observed roomId/>
    left(room_id)                            <left roomId/>
    testing(test_mode)                       <testing testMode/>
    player_score(name, tests, values)        <playerScore><score …><values>…
    close_connection()                       <sc.protocol.responses.CloseConnection/>
    room(room_id, data)                      <room roomId>DATA</room>
    welcome_message(room_id, color)          …<data class="welcomeMessage" color/> (verbatim)
    memento(room_id, state)                  …<data class="memento">STATE</data>
    move_request(room_id)                    …<data class=MOVE_REQUEST_CLASS/>
    room_error(room_id, message, original_request=None)
                                             …<data class="error" message><originalRequest …/>
    result(room_id, fragments, scores, winner=None)
                                             …<data class="result"><definition>…<score…>…
    winner(display_name, color)              <winner displayName color/>

``memento`` and ``room``/``result`` *move* the given child elements into the new tree (lxml
elements have one parent); pass a copy if the caller keeps using them. ``room_error`` copies
``original_request`` (a received ``<data>`` element) and renames it ``originalRequest``.

``decode_server_message(element)`` parses the server → client messages into the frozen
dataclasses ``Joined``, ``JoinedGameRoom``, ``Prepared``, ``Observed``, ``Left``,
``Testing``, ``PlayerScore``, ``CloseConnection``, ``WelcomeMessage``, ``Memento``, ``MoveRequest``,
``RoomError``, ``GameResult``, ``OtherRoomMessage`` (room payload of another class) and
``ErrorPacket`` (2021+), each with ``to_element()``. A 2026+ result (``scores/entry`` and one
``winner team regular reason``) decodes to the same ``GameResult``: one score per entry, causes
read from the winner's reason (:data:`TEAM_RESULT_CAUSES`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from lxml import etree

from botarena.core.score import ScoreAggregation, ScoreFragment
from botarena.protocol.sc_errors import InvalidMessageError, UnknownMessageError

Element = etree._Element

MOVE_REQUEST_CLASS = "sc.framework.plugins.protocol.MoveRequest"
MOVE_REQUEST_CLASSES = frozenset({MOVE_REQUEST_CLASS, "moveRequest"})
"""The move request's ``class``: the FQN up to 2021, the alias ``moveRequest`` from 2026 on."""
ERROR_PACKET_TAG = "errorpacket"
TEAM_RESULT_CAUSES = (
    ("hat das Spiel verlassen", "LEFT"),
    ("Regelverletzung von", "RULE_VIOLATION"),
    ("Missachtung des Spielablaufs", "RULE_VIOLATION"),
    ("laenger als", "SOFT_TIMEOUT"),
    ("keinen Zug gesendet", "HARD_TIMEOUT"),
)
"""2026+ results carry no causes; the loser's cause of an irregular game is read from the
winner's ``reason`` (texts of the official ``Violation`` class), else ``UNKNOWN``."""
CLOSE_CONNECTION_TAG = "sc.protocol.responses.CloseConnection"
CLOSE_CONNECTION_TAGS = frozenset({"close", CLOSE_CONNECTION_TAG, "sc.protocol.CloseConnection"})
DISPLAY_NAME_ATTRIBUTE = "displayName"
"""botarena extension on ``join``/``joinPrepared``/``joinRoom``: the bot's display name; it
names a slot that has no name of its own (official servers ignore it: XStream skips
attributes that match no field)."""
UNKNOWN_DISPLAY_NAME = "Unknown"
"""The name the official server gives a player seated by ``join`` or a slot without a name."""


# -- attribute helpers (XStream semantics) --------------------------------------------------


def _text_attr(element: Element, name: str) -> str | None:
    value = element.get(name)
    return None if value is None else str(value)


def _bool_attr(element: Element, name: str) -> bool:
    # XStream's BooleanConverter: "true" ignoring case is true, anything else (absent) false.
    value = element.get(name)
    return value is not None and str(value).lower() == "true"


_INT = re.compile(r"\s*[+-]?\d+\s*")


def _int_attr(element: Element, name: str) -> int:
    value = element.get(name)
    if value is None:
        return 0  # Java default of a missing int field
    if _INT.fullmatch(str(value)) is None:
        raise InvalidMessageError(f"<{element.tag}> attribute {name}={value!r} is not an integer")
    return int(value)


def _optional_bool_attr(element: Element, name: str) -> bool | None:
    """A boolean attribute whose absence matters (``None``); present values as ``_bool_attr``."""
    value = element.get(name)
    return None if value is None else str(value).lower() == "true"


def _bool_text(value: bool) -> str:
    return "true" if value else "false"


def _children(element: Element) -> list[Element]:
    return [child for child in element if isinstance(child.tag, str)]


def _no_children(element: Element) -> None:
    children = _children(element)
    if children:
        raise InvalidMessageError(
            f"<{element.tag}> has an unknown child element <{children[0].tag}>"
        )


def _make(tag: str, *attrs: tuple[str, str | None]) -> Element:
    element = etree.Element(tag)
    for name, value in attrs:
        if value is not None:
            element.set(name, value)
    return element


# -- client → server requests --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Join:
    """``<join gameType/>``: join (or open) a room of that game type."""

    game_type: str | None
    display_name: str | None = None
    """The botarena extension :data:`DISPLAY_NAME_ATTRIBUTE` (also on the other joins)."""

    def to_element(self) -> Element:
        return _make(
            "join", ("gameType", self.game_type), (DISPLAY_NAME_ATTRIBUTE, self.display_name)
        )


@dataclass(frozen=True, slots=True)
class JoinPrepared:
    """``<joinPrepared reservationCode/>``: take a reserved slot."""

    reservation_code: str | None
    display_name: str | None = None

    def to_element(self) -> Element:
        return _make(
            "joinPrepared",
            ("reservationCode", self.reservation_code),
            (DISPLAY_NAME_ATTRIBUTE, self.display_name),
        )


@dataclass(frozen=True, slots=True)
class JoinRoom:
    """2021 ``<joinRoom roomId/>``: take a free unreserved slot of a prepared room."""

    room_id: str | None
    display_name: str | None = None

    def to_element(self) -> Element:
        return _make(
            "joinRoom", ("roomId", self.room_id), (DISPLAY_NAME_ATTRIBUTE, self.display_name)
        )


@dataclass(frozen=True, slots=True)
class Authenticate:
    """``<authenticate passphrase/>`` (2018/2019); ``password`` is the 2021+ spelling."""

    passphrase: str | None
    password: str | None = None

    def to_element(self) -> Element:
        return _make("authenticate", ("passphrase", self.passphrase), ("password", self.password))


@dataclass(frozen=True, slots=True)
class SlotDescriptor:
    """One ``<slot>`` of ``prepare``; absent attributes are ``None``/``False`` (Java defaults).

    ``reserved`` is 2021's ``slot@reserved`` (``None``: the attribute is absent)."""

    display_name: str | None = None
    can_timeout: bool = False
    should_be_paused: bool = False
    reserved: bool | None = None

    def to_element(self) -> Element:
        reserved = None if self.reserved is None else _bool_text(self.reserved)
        return _make(
            "slot",
            ("displayName", self.display_name),
            ("canTimeout", _bool_text(self.can_timeout)),
            ("shouldBePaused", _bool_text(self.should_be_paused)),
            ("reserved", reserved),
        )


@dataclass(frozen=True, slots=True)
class Prepare:
    """``<prepare gameType [pause]><slot …/>…[<loadGameInfo class=…>…]</prepare>`` (admin).

    ``pause`` is 2021's ``prepare@pause``: the whole room starts paused (written only when
    true)."""

    game_type: str | None
    slots: tuple[SlotDescriptor, ...] = ()
    load_game_info: Element | None = field(default=None, compare=False)
    pause: bool = False

    def to_element(self) -> Element:
        element = _make(
            "prepare", ("gameType", self.game_type), ("pause", "true" if self.pause else None)
        )
        for slot in self.slots:
            element.append(slot.to_element())
        if self.load_game_info is not None:
            element.append(copy.deepcopy(self.load_game_info))
        return element


@dataclass(frozen=True, slots=True)
class Observe:
    room_id: str | None

    def to_element(self) -> Element:
        return _make("observe", ("roomId", self.room_id))


@dataclass(frozen=True, slots=True)
class Pause:
    room_id: str | None
    pause: bool

    def to_element(self) -> Element:
        return _make("pause", ("roomId", self.room_id), ("pause", _bool_text(self.pause)))


@dataclass(frozen=True, slots=True)
class Step:
    room_id: str | None
    forced: bool = False

    def to_element(self) -> Element:
        return _make("step", ("roomId", self.room_id), ("forced", "true" if self.forced else None))


@dataclass(frozen=True, slots=True)
class Cancel:
    room_id: str | None

    def to_element(self) -> Element:
        return _make("cancel", ("roomId", self.room_id))


@dataclass(frozen=True, slots=True)
class FreeReservation:
    reservation: str | None

    def to_element(self) -> Element:
        return _make("freeReservation", ("reservation", self.reservation))


@dataclass(frozen=True, slots=True)
class Timeout:
    """``<timeout roomId slot activate/>``: set ``canTimeout`` of slot ``slot`` (0-based)."""

    room_id: str | None
    slot: int
    activate: bool

    def to_element(self) -> Element:
        return _make(
            "timeout",
            ("roomId", self.room_id),
            ("slot", str(self.slot)),
            ("activate", _bool_text(self.activate)),
        )


@dataclass(frozen=True, slots=True)
class TestMode:
    __test__ = False  # not a pytest test class despite the name

    test_mode: bool

    def to_element(self) -> Element:
        return _make("testMode", ("testMode", _bool_text(self.test_mode)))


@dataclass(frozen=True, slots=True)
class ScoreForPlayer:
    display_name: str | None

    def to_element(self) -> Element:
        return _make("scoreForPlayer", ("displayName", self.display_name))


@dataclass(frozen=True, slots=True)
class RoomPacket:
    """``<room roomId><data class=…>…</data></room>``; ``data`` is kept for the game plugin."""

    room_id: str | None
    data: Element = field(compare=False)

    @property
    def data_class(self) -> str:
        return str(self.data.get("class"))

    def to_element(self) -> Element:
        element = _make("room", ("roomId", self.room_id))
        element.append(copy.deepcopy(self.data))
        return element


@dataclass(frozen=True, slots=True)
class CloseConnection:
    """The close element; we write the 2018/2019 spelling, accept every spelling."""

    def to_element(self) -> Element:
        return etree.Element(CLOSE_CONNECTION_TAG)


Request = (
    Join
    | JoinPrepared
    | JoinRoom
    | Authenticate
    | Prepare
    | Observe
    | Pause
    | Step
    | Cancel
    | FreeReservation
    | Timeout
    | TestMode
    | ScoreForPlayer
    | RoomPacket
    | CloseConnection
)


def _decode_room_data(element: Element) -> Element:
    children = _children(element)
    if len(children) != 1 or children[0].tag != "data":
        found = ", ".join(f"<{child.tag}>" for child in children) or "nothing"
        raise InvalidMessageError(f"<{element.tag}> must contain exactly one <data>, found {found}")
    data = children[0]
    if data.get("class") is None:
        raise InvalidMessageError(f"<data> in <{element.tag}> has no class attribute")
    return data


def _decode_prepare(element: Element) -> Prepare:
    slots: list[SlotDescriptor] = []
    load_game_info: Element | None = None
    for child in _children(element):
        if child.tag == "slot":
            _no_children(child)
            slots.append(
                SlotDescriptor(
                    display_name=_text_attr(child, "displayName"),
                    can_timeout=_bool_attr(child, "canTimeout"),
                    should_be_paused=_bool_attr(child, "shouldBePaused"),
                    reserved=_optional_bool_attr(child, "reserved"),
                )
            )
        elif child.tag == "loadGameInfo":
            load_game_info = child
        else:
            raise InvalidMessageError(f"<prepare> has an unknown child element <{child.tag}>")
    return Prepare(
        _text_attr(element, "gameType"), tuple(slots), load_game_info, _bool_attr(element, "pause")
    )


def _display_name(element: Element) -> str | None:
    return _text_attr(element, DISPLAY_NAME_ATTRIBUTE)


def decode_request(element: Element) -> Request:
    """Decode one client → server message (a direct child of the client's root)."""
    tag = element.tag
    if not isinstance(tag, str):
        raise UnknownMessageError(f"not an element: {element!r}")
    if tag == "room":
        return RoomPacket(_text_attr(element, "roomId"), _decode_room_data(element))
    if tag == "prepare":
        return _decode_prepare(element)
    if tag in CLOSE_CONNECTION_TAGS:
        _no_children(element)
        return CloseConnection()
    if tag == "joinRoom":  # children ignored (our server always took it that way)
        return JoinRoom(_text_attr(element, "roomId"), _display_name(element))
    simple = _SIMPLE_REQUESTS.get(tag)
    if simple is None:
        raise UnknownMessageError(f"unknown message <{tag}>")
    _no_children(element)
    return simple(element)


_SIMPLE_REQUESTS: dict[str, Callable[[Element], Request]] = {
    "join": lambda e: Join(_text_attr(e, "gameType"), _display_name(e)),
    "joinPrepared": lambda e: JoinPrepared(_text_attr(e, "reservationCode"), _display_name(e)),
    "authenticate": lambda e: Authenticate(_text_attr(e, "passphrase"), _text_attr(e, "password")),
    "observe": lambda e: Observe(_text_attr(e, "roomId")),
    "pause": lambda e: Pause(_text_attr(e, "roomId"), _bool_attr(e, "pause")),
    "step": lambda e: Step(_text_attr(e, "roomId"), _bool_attr(e, "forced")),
    "cancel": lambda e: Cancel(_text_attr(e, "roomId")),
    "freeReservation": lambda e: FreeReservation(_text_attr(e, "reservation")),
    "timeout": lambda e: Timeout(
        _text_attr(e, "roomId"), _int_attr(e, "slot"), _bool_attr(e, "activate")
    ),
    "testMode": lambda e: TestMode(_bool_attr(e, "testMode")),
    "scoreForPlayer": lambda e: ScoreForPlayer(_text_attr(e, "displayName")),
}


# -- server → client messages --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Joined:
    room_id: str

    def to_element(self) -> Element:
        return _make("joined", ("roomId", self.room_id))


@dataclass(frozen=True, slots=True)
class JoinedGameRoom:
    """To administrators: a ``join`` client sits in a room. 2018/2019 say whether the room
    existed (``existing``); 2021+ say how many players it now has (``player_count``, spec §9;
    then ``existing`` is not written)."""

    room_id: str
    existing: bool = False
    player_count: int | None = None

    def to_element(self) -> Element:
        if self.player_count is not None:
            return _make(
                "joinedGameRoom", ("roomId", self.room_id), ("playerCount", str(self.player_count))
            )
        return _make(
            "joinedGameRoom", ("roomId", self.room_id), ("existing", _bool_text(self.existing))
        )


@dataclass(frozen=True, slots=True)
class Prepared:
    room_id: str
    reservations: tuple[str, ...]

    def to_element(self) -> Element:
        element = _make("prepared", ("roomId", self.room_id))
        for code in self.reservations:
            etree.SubElement(element, "reservation").text = code
        return element


@dataclass(frozen=True, slots=True)
class Observed:
    room_id: str

    def to_element(self) -> Element:
        return _make("observed", ("roomId", self.room_id))


@dataclass(frozen=True, slots=True)
class Left:
    room_id: str

    def to_element(self) -> Element:
        return _make("left", ("roomId", self.room_id))


@dataclass(frozen=True, slots=True)
class Testing:
    test_mode: bool

    def to_element(self) -> Element:
        return _make("testing", ("testMode", _bool_text(self.test_mode)))


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """``<playerScore>`` (2018–2021 test mode): one value per score fragment of a name."""

    display_name: str
    number_of_tests: int
    values: tuple[tuple[ScoreFragment, str], ...]

    def to_element(self) -> Element:
        root = etree.Element("playerScore")
        score = _make(
            "score",
            ("displayName", self.display_name),
            ("numberOfTests", str(self.number_of_tests)),
        )
        root.append(score)
        for fragment, value in self.values:
            values = etree.SubElement(score, "values")
            values.append(score_definition([fragment])[0])
            etree.SubElement(values, "value").text = value
        return root


@dataclass(frozen=True, slots=True)
class WelcomeMessage:
    room_id: str
    color: str

    def to_element(self) -> Element:
        return room(self.room_id, _make("data", ("class", "welcomeMessage"), ("color", self.color)))


@dataclass(frozen=True, slots=True)
class Memento:
    room_id: str
    state: Element = field(compare=False)

    def to_element(self) -> Element:
        data = _make("data", ("class", "memento"))
        data.append(copy.deepcopy(self.state))
        return room(self.room_id, data)


@dataclass(frozen=True, slots=True)
class MoveRequest:
    room_id: str

    def to_element(self) -> Element:
        return room(self.room_id, _make("data", ("class", MOVE_REQUEST_CLASS)))


@dataclass(frozen=True, slots=True)
class RoomError:
    room_id: str
    message: str | None
    original_request: Element | None = field(default=None, compare=False)

    def to_element(self) -> Element:
        return room_error(self.room_id, self.message, self.original_request)


@dataclass(frozen=True, slots=True)
class ResultScore:
    """One ``<score>`` of a result: the player's cause, optional reason and score parts."""

    cause: str
    reason: str | None
    parts: tuple[str, ...]

    def to_element(self) -> Element:
        element = _make("score", ("cause", self.cause), ("reason", self.reason))
        for part in self.parts:
            etree.SubElement(element, "part").text = part
        return element


@dataclass(frozen=True, slots=True)
class GameResult:
    """``<data class="result">``: score definition, one score per slot, optional winner."""

    room_id: str
    fragments: tuple[ScoreFragment, ...]
    scores: tuple[ResultScore, ...]
    winner: Element | None = field(default=None, compare=False)

    def to_element(self) -> Element:
        winner_copy = None if self.winner is None else copy.deepcopy(self.winner)
        return result(self.room_id, self.fragments, self.scores, winner_copy)


@dataclass(frozen=True, slots=True)
class OtherRoomMessage:
    """A room payload whose class this codec does not know (kept as an element)."""

    room_id: str
    data: Element = field(compare=False)

    def to_element(self) -> Element:
        return room(self.room_id, copy.deepcopy(self.data))


@dataclass(frozen=True, slots=True)
class ErrorPacket:
    """2021+ top-level ``<errorpacket message>``: the server refused a request."""

    message: str | None
    original_request: Element | None = field(default=None, compare=False)

    def to_element(self) -> Element:
        packet = _make(ERROR_PACKET_TAG, ("message", self.message))
        if self.original_request is not None:
            packet.append(copy.deepcopy(self.original_request))
        return packet


ServerMessage = (
    Joined
    | JoinedGameRoom
    | Prepared
    | Observed
    | Left
    | Testing
    | PlayerScore
    | CloseConnection
    | WelcomeMessage
    | Memento
    | MoveRequest
    | RoomError
    | GameResult
    | OtherRoomMessage
    | ErrorPacket
)


# -- builders (what the server calls) -------------------------------------------------------


def joined(room_id: str) -> Element:
    return Joined(room_id).to_element()


def joined_game_room(room_id: str, existing: bool) -> Element:
    return JoinedGameRoom(room_id, existing).to_element()


def prepared(room_id: str, reservations: Iterable[str]) -> Element:
    return Prepared(room_id, tuple(reservations)).to_element()


def observed(room_id: str) -> Element:
    return Observed(room_id).to_element()


def left(room_id: str) -> Element:
    return Left(room_id).to_element()


def testing(test_mode: bool) -> Element:
    return Testing(test_mode).to_element()


def player_score(
    display_name: str, number_of_tests: int, values: Iterable[tuple[ScoreFragment, str]]
) -> Element:
    """``<playerScore><score displayName numberOfTests><values><fragment…/><value>…``."""
    return PlayerScore(display_name, number_of_tests, tuple(values)).to_element()


def close_connection() -> Element:
    return CloseConnection().to_element()


def room(room_id: str, data: Element) -> Element:
    """Wrap a payload (moved, not copied) in ``<room roomId="…">``."""
    element = _make("room", ("roomId", room_id))
    element.append(data)
    return element


def welcome_message(room_id: str, color: str) -> Element:
    """The welcome message, ``color`` verbatim: the game's profile decides its spelling
    (2018/2019 ``red``/``blue`` in lower case, 21.2.1+ and 2026 ``ONE``/``TWO``)."""
    return WelcomeMessage(room_id, color).to_element()


def memento(room_id: str, state: Element) -> Element:
    """``<room><data class="memento">STATE</data></room>``; ``state`` is moved into it."""
    data = _make("data", ("class", "memento"))
    data.append(state)
    return room(room_id, data)


def move_request(room_id: str) -> Element:
    return MoveRequest(room_id).to_element()


def room_error(
    room_id: str, message: str | None, original_request: Element | None = None
) -> Element:
    """``<data class="error" message>`` with an optional copy of the offending ``<data>``."""
    data = _make("data", ("class", "error"), ("message", message))
    if original_request is not None:
        original = copy.deepcopy(original_request)
        original.tag = "originalRequest"
        original.tail = None
        data.append(original)
    return room(room_id, data)


def error_packet(message: str, original_request: Element | None = None) -> Element:
    """2021+ top-level ``<errorpacket message>`` (spec §2.3.13) with an optional copy of the
    offending request as ``<originalRequest class="ALIAS" …>`` (its attributes and children)."""
    packet = _make("errorpacket", ("message", message))
    if original_request is not None:
        original = etree.SubElement(packet, "originalRequest")
        original.set("class", str(original_request.tag))
        for name, value in original_request.attrib.items():
            original.set(name, value)
        for child in original_request:
            copied = copy.deepcopy(child)
            copied.tail = None
            original.append(copied)
    return packet


def score_definition(fragments: Iterable[ScoreFragment]) -> Element:
    definition = etree.Element("definition")
    for fragment in fragments:
        element = etree.SubElement(definition, "fragment", name=fragment.name)
        etree.SubElement(element, "aggregation").text = fragment.aggregation.value
        etree.SubElement(element, "relevantForRanking").text = _bool_text(
            fragment.relevant_for_ranking
        )
    return definition


def result(
    room_id: str,
    fragments: Iterable[ScoreFragment],
    scores: Iterable[ResultScore],
    winner: Element | None = None,
) -> Element:
    """The 2018/2019 result; ``winner`` (moved into it) is omitted on a draw."""
    data = _make("data", ("class", "result"))
    data.append(score_definition(fragments))
    for score in scores:
        data.append(score.to_element())
    if winner is not None:
        data.append(winner)
    return room(room_id, data)


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """One ``<entry>`` of a 2026+ result: the player (name omitted when blank), its team and
    its score parts."""

    name: str
    team: str
    parts: tuple[str, ...]


def team_result(
    room_id: str,
    fragments: Iterable[ScoreFragment],
    entries: Iterable[TeamEntry],
    *,
    winner_team: str | None,
    regular: bool,
    reason: str,
) -> Element:
    """The 2026+ result (spec §4.6): ``<scores><entry><player name team/><score><part>…`` and
    one ``<winner team regular reason/>`` (no ``team`` on a draw)."""
    data = _make("data", ("class", "result"))
    data.append(score_definition(fragments))
    scores = etree.SubElement(data, "scores")
    for entry in entries:
        element = etree.SubElement(scores, "entry")
        element.append(_make("player", ("name", entry.name or None), ("team", entry.team)))
        score = etree.SubElement(element, "score")
        for part in entry.parts:
            etree.SubElement(score, "part").text = part
    data.append(
        _make("winner", ("team", winner_team), ("regular", _bool_text(regular)), ("reason", reason))
    )
    return room(room_id, data)


def winner(display_name: str, color: str) -> Element:
    """The 2019 winner element, ``<winner displayName="…" color="BLUE"/>`` (no class)."""
    return _make("winner", ("displayName", display_name), ("color", color))


# -- decoding server → client messages (for the SDK and the conformance tools) -------------


def _required(element: Element, name: str) -> str:
    value = element.get(name)
    if value is None:
        raise InvalidMessageError(f"<{element.tag}> lacks the attribute {name}")
    return str(value)


def _decode_fragment(element: Element) -> ScoreFragment:
    values = {child.tag: (child.text or "") for child in _children(element)}
    try:
        aggregation = ScoreAggregation(values.get("aggregation", ""))
    except ValueError as error:
        raise InvalidMessageError(
            f"bad score aggregation in {etree.tostring(element)!r}"
        ) from error
    return ScoreFragment(
        _required(element, "name"),
        aggregation,
        values.get("relevantForRanking", "true").lower() == "true",
    )


def _decode_result(room_id: str, data: Element) -> GameResult:
    fragments: list[ScoreFragment] = []
    scores: list[ResultScore] = []
    entries: list[Element] = []
    winner_element: Element | None = None
    for child in _children(data):
        if child.tag == "definition":
            fragments.extend(_decode_fragment(f) for f in _children(child) if f.tag == "fragment")
        elif child.tag == "score":
            parts = tuple((p.text or "") for p in _children(child) if p.tag == "part")
            scores.append(
                ResultScore(_required(child, "cause"), _text_attr(child, "reason"), parts)
            )
        elif child.tag == "winner":
            winner_element = child
        elif child.tag == "scores":
            entries.extend(e for e in _children(child) if e.tag == "entry")
        else:
            raise InvalidMessageError(f'<data class="result"> has an unknown child <{child.tag}>')
    if entries:
        scores = [_decode_team_entry(entry, winner_element) for entry in entries]
    return GameResult(room_id, tuple(fragments), tuple(scores), winner_element)


def _decode_team_entry(entry: Element, winner_element: Element | None) -> ResultScore:
    """A 2026+ ``<entry>`` as a score: ``REGULAR`` unless the game was irregular and this is
    not the winner's team (then the cause the winner's reason names)."""
    player = entry.find("player")
    score = entry.find("score")
    parts = () if score is None else tuple((p.text or "") for p in score if p.tag == "part")
    team = None if player is None else player.get("team")
    if winner_element is None or _bool_attr(winner_element, "regular"):
        return ResultScore("REGULAR", None, parts)
    if team is not None and team == winner_element.get("team"):
        return ResultScore("REGULAR", None, parts)
    reason = winner_element.get("reason") or ""
    cause = next((c for text, c in TEAM_RESULT_CAUSES if text in reason), "UNKNOWN")
    return ResultScore(cause, reason or None, parts)


def _decode_player_score(element: Element) -> PlayerScore:
    scores = [child for child in _children(element) if child.tag == "score"]
    if not scores:
        return PlayerScore("", 0, ())
    score = scores[0]
    values: list[tuple[ScoreFragment, str]] = []
    for entry in _children(score):
        fragment = entry.find("fragment")
        value = entry.find("value")
        if entry.tag != "values" or fragment is None or value is None:
            raise InvalidMessageError("<playerScore> values need a fragment and a value")
        values.append((_decode_fragment(fragment), value.text or ""))
    return PlayerScore(
        _required(score, "displayName"), _int_attr(score, "numberOfTests"), tuple(values)
    )


def _decode_room_message(element: Element) -> ServerMessage:
    room_id = _required(element, "roomId")
    data = _decode_room_data(element)
    data_class = str(data.get("class"))
    if data_class == "welcomeMessage":
        return WelcomeMessage(room_id, _required(data, "color"))
    if data_class == "memento":
        states = _children(data)
        if len(states) != 1:
            raise InvalidMessageError("a memento must contain exactly one state element")
        return Memento(room_id, states[0])
    if data_class in MOVE_REQUEST_CLASSES:
        return MoveRequest(room_id)
    if data_class == "error":
        originals = _children(data)
        return RoomError(room_id, _text_attr(data, "message"), originals[0] if originals else None)
    if data_class == "result":
        return _decode_result(room_id, data)
    return OtherRoomMessage(room_id, data)


def decode_server_message(element: Element) -> ServerMessage:
    """Decode one server → client message (a direct child of the server's root)."""
    tag = element.tag
    if tag == "room":
        return _decode_room_message(element)
    if tag in CLOSE_CONNECTION_TAGS:
        return CloseConnection()
    decoder = _SERVER_MESSAGES.get(str(tag))
    if decoder is None:
        raise UnknownMessageError(f"unknown server message <{tag}>")
    return decoder(element)


def _decode_prepared(element: Element) -> Prepared:
    codes = tuple((c.text or "") for c in _children(element) if c.tag == "reservation")
    return Prepared(_required(element, "roomId"), codes)


def _decode_error_packet(element: Element) -> ErrorPacket:
    originals = _children(element)
    return ErrorPacket(_text_attr(element, "message"), originals[0] if originals else None)


_SERVER_MESSAGES: dict[str, Callable[[Element], ServerMessage]] = {
    "joined": lambda e: Joined(_required(e, "roomId")),
    "joinedGameRoom": lambda e: JoinedGameRoom(
        _required(e, "roomId"),
        _bool_attr(e, "existing"),
        None if e.get("playerCount") is None else _int_attr(e, "playerCount"),
    ),
    "prepared": _decode_prepared,
    "observed": lambda e: Observed(_required(e, "roomId")),
    "left": lambda e: Left(_required(e, "roomId")),
    "testing": lambda e: Testing(_bool_attr(e, "testMode")),
    "playerScore": _decode_player_score,
    ERROR_PACKET_TAG: _decode_error_packet,
}
"""Decoders of the server → client messages outside a room, by tag."""
