"""The Hase und Igel 2018 state and move XML, element for element as the official 18.2.6 server.

This module builds and reads :mod:`lxml` elements; turning them into bytes (XStream's pretty
printing and escaping) is the protocol layer's job (:mod:`botarena.protocol.xstream`).
Shapes (spec 5.4-5.9):

* ``<state class="state" turn startPlayer="RED" currentPlayer>`` with children ``red``,
  ``blue``, ``board`` and ``lastMove`` (absent before the first move);
* a player: ``<red displayName color="RED" index carrots salads>`` with ``<cards>`` (one
  ``<type>`` per card in hand order; ``<cards/>`` when empty) and ``<lastNonSkipAction
  class="advance" order distance/>`` when it has one; the result's ``<winner class="player"
  …>`` is the same element under another name;
* ``<board>``: 65 ``<fields index type/>``;
* a move: ``<data class="move">`` (or ``<lastMove>``, ``<originalRequest class="move">``) with
  the action elements ``advance(order, distance)``, ``card(order, type, value)``,
  ``exchangeCarrots(order, value)``, ``eatSalad(order)``, ``fallBack(order)``,
  ``skip(order)`` and ``<hint content/>`` children after them.

Reading a client's move follows what the official server (XStream 1.4.9) accepts: missing
integer attributes are 0, unknown attributes are ignored, integers are read like Java's
``Long.decode``; an unknown child element, a non-integer number or an unknown card type is an
error (:class:`MoveFormatError`: the official server drops the client, scored LEFT). A card
without ``type`` is read (as :class:`~botarena.games.hase_und_igel.actions.UntypedCard`),
because the official server only fails when it plays it, keeping the actions before it.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from botarena.games.hase_und_igel import actions
from botarena.games.hase_und_igel.board import BOARD_SIZE, Board, InvalidBoardError
from botarena.games.hase_und_igel.rules import COLORS, HaseUndIgelState, Player

# One parser of XStream integers for all seasons (both servers use XStream's IntConverter).
from botarena.protocol.xstream import xstream_int_attribute

STATE_CLASS = "state"
MOVE_CLASS = "move"
MOVE_CLASSES = frozenset({MOVE_CLASS, "sc.plugin2018.Move"})
"""The ``class`` values XStream maps to the 2018 move (alias and full class name)."""
START_PLAYER = "RED"
MAX_HINTS = 1000
"""More debug hints than this in one move are refused (the server echoes every one)."""
MAX_ACTIONS = 64
"""More actions than this in one move are refused (a legal move has at most 4)."""

ACTION_TAGS: dict[type, str] = {
    actions.Advance: "advance",
    actions.Card: "card",
    actions.UntypedCard: "card",
    actions.ExchangeCarrots: "exchangeCarrots",
    actions.EatSalad: "eatSalad",
    actions.FallBack: "fallBack",
    actions.Skip: "skip",
}
_PLAYER_TAGS = ("red", "blue")


class XmlFormatError(ValueError):
    """An element that is not a valid 2018 state (the message says what is wrong)."""


class MoveFormatError(XmlFormatError):
    """A move element the official server could not read (it disconnects the client)."""


# ---------------------------------------------------------------- actions and moves


def _set_action_attributes(element: etree._Element, action: actions.Action) -> None:
    element.set("order", str(action.order))
    if isinstance(action, actions.Advance):
        element.set("distance", str(action.distance))
    elif isinstance(action, actions.Card):
        element.set("type", action.type.value)
        element.set("value", str(action.value))
    elif isinstance(action, actions.UntypedCard | actions.ExchangeCarrots):
        element.set("value", str(action.value))


def action_to_element(action: actions.Action) -> etree._Element:
    """``<advance order="0" distance="2"/>`` and friends, attributes in the official order."""
    element = etree.Element(ACTION_TAGS[type(action)])
    _set_action_attributes(element, action)
    return element


def last_action_to_element(action: actions.Action) -> etree._Element:
    """``<lastNonSkipAction class="card" order="1" type="…" value="…"/>``."""
    element = etree.Element("lastNonSkipAction")
    element.set("class", ACTION_TAGS[type(action)])
    _set_action_attributes(element, action)
    return element


def move_to_element(
    move: actions.Move, tag: str = "data", move_class: str | None = MOVE_CLASS
) -> etree._Element:
    """A move with its actions (sorted by order, as the server echoes them) and hints.

    ``tag``/``move_class``: ``data``/``move`` for a client's move, ``lastMove``/``None`` in a
    state, ``originalRequest``/``move`` in an error.
    """
    element = etree.Element(tag)
    if move_class is not None:
        element.set("class", move_class)
    for action in move.sorted_actions():
        element.append(action_to_element(action))
    for hint in move.hints:
        etree.SubElement(element, "hint").set("content", hint)
    return element


def _int_attribute(element: etree._Element, name: str) -> int:
    try:
        return xstream_int_attribute(element, name)  # official quirk: missing is 0
    except ValueError as error:
        raise MoveFormatError(f"<{element.tag}> attribute {error}") from error


def _card_from_element(element: etree._Element) -> actions.Card | actions.UntypedCard:
    order = _int_attribute(element, "order")
    value = _int_attribute(element, "value")
    type_text = element.get("type")
    if type_text is None:
        return actions.UntypedCard(value, order)
    try:
        card_type = actions.CardType[type_text]
    except KeyError:
        raise MoveFormatError(f"unknown card type {type_text!r}") from None
    return actions.Card(card_type, value, order)


def action_from_element(element: etree._Element) -> actions.Action:
    """One action element of a move (its tag says which action)."""
    tag = element.tag
    if tag == "advance":
        return actions.Advance(
            _int_attribute(element, "distance"), _int_attribute(element, "order")
        )
    if tag == "card":
        return _card_from_element(element)
    if tag == "exchangeCarrots":
        return actions.ExchangeCarrots(
            _int_attribute(element, "value"), _int_attribute(element, "order")
        )
    if tag == "eatSalad":
        return actions.EatSalad(_int_attribute(element, "order"))
    if tag == "fallBack":
        return actions.FallBack(_int_attribute(element, "order"))
    if tag == "skip":
        return actions.Skip(_int_attribute(element, "order"))
    raise MoveFormatError(f"unknown element <{tag}> in a move")


def move_from_element(element: etree._Element) -> actions.Move:
    """Read a client's ``<data class="move">`` or a state's ``<lastMove>``.

    Actions keep document order (the rules sort them by ``order``); without any action
    element the move has no action list (the server answers ``Aktionen sind null``).
    """
    move_class = element.get("class")
    if move_class is not None and move_class not in MOVE_CLASSES:
        raise MoveFormatError(f"class {move_class!r} is not a Hase und Igel move")
    parsed: list[actions.Action] = []
    hints: list[str] = []
    for child in element:
        if not isinstance(child.tag, str):
            continue  # comments and processing instructions carry nothing
        if child.tag == "hint":
            if len(hints) >= MAX_HINTS:
                raise MoveFormatError(f"more than {MAX_HINTS} hints in one move")
            hints.append(child.get("content", ""))
            continue
        if len(parsed) >= MAX_ACTIONS:
            raise MoveFormatError(f"more than {MAX_ACTIONS} actions in one move")
        parsed.append(action_from_element(child))
    return actions.Move(tuple(parsed) if parsed else None, tuple(hints))


# ---------------------------------------------------------------- players and states


def player_to_element(
    player: Player, seat: int, name: str | None, tag: str | None = None
) -> etree._Element:
    """``<red …>``/``<blue …>`` of a state, or ``<winner class="player" …>`` with ``tag``."""
    element = etree.Element(tag or _PLAYER_TAGS[seat])
    if tag is not None:
        element.set("class", "player")
    if name is not None:
        element.set("displayName", name)
    element.set("color", COLORS[seat])
    element.set("index", str(player.index))
    element.set("carrots", str(player.carrots))
    element.set("salads", str(player.salads))
    cards = etree.SubElement(element, "cards")
    for card in player.cards:
        etree.SubElement(cards, "type").text = card.value
    if player.last_non_skip_action is not None:
        element.append(last_action_to_element(player.last_non_skip_action))
    return element


def winner_to_element(state: HaseUndIgelState, seat: int, name: str | None) -> etree._Element:
    """The result's ``<winner class="player" …>`` for ``seat``."""
    return player_to_element(state.player_states[seat], seat, name, tag="winner")


def board_to_element(board: Board) -> etree._Element:
    element = etree.Element("board")
    for index, field in enumerate(board.fields):
        child = etree.SubElement(element, "fields")
        child.set("index", str(index))
        child.set("type", field.value)
    return element


def state_to_element(
    state: HaseUndIgelState, names: Sequence[str | None] = (None, None)
) -> etree._Element:
    """The ``<state class="state" …>`` of a memento; ``names`` are the display names."""
    element = etree.Element("state")
    element.set("class", STATE_CLASS)
    element.set("turn", str(state.turn))
    element.set("startPlayer", START_PLAYER)
    element.set("currentPlayer", COLORS[state.turn & 1])
    for seat in (0, 1):
        element.append(player_to_element(state.player_states[seat], seat, names[seat]))
    element.append(board_to_element(state.board))
    if state.last_move is not None:
        element.append(move_to_element(state.last_move, tag="lastMove", move_class=None))
    return element


def _required(element: etree._Element, name: str) -> str:
    value = element.get(name)
    if value is None:
        raise XmlFormatError(f"<{element.tag}> has no {name} attribute")
    return value


def _int(element: etree._Element, name: str) -> int:
    text = _required(element, name)
    try:
        return int(text)
    except ValueError:
        raise XmlFormatError(
            f"<{element.tag}> attribute {name}={text!r} is not an integer"
        ) from None


def _child(element: etree._Element, tag: str) -> etree._Element | None:
    for child in element:
        if child.tag == tag:
            return child
    return None


def _last_action_from_element(element: etree._Element) -> actions.Action:
    tag = _required(element, "class")
    renamed = etree.Element(tag)
    for key, value in element.attrib.items():
        if key != "class":
            renamed.set(key, value)
    try:
        action = action_from_element(renamed)
    except MoveFormatError as error:
        raise XmlFormatError(f"bad lastNonSkipAction: {error}") from None
    if isinstance(action, actions.Skip | actions.UntypedCard):
        raise XmlFormatError(f"a {tag} cannot be a lastNonSkipAction")
    return action


def player_from_element(element: etree._Element) -> tuple[Player, str | None]:
    """A state's ``<red>``/``<blue>`` (or a ``<winner>``): the player and its display name."""
    cards_element = _child(element, "cards")
    if cards_element is None:
        raise XmlFormatError(f"<{element.tag}> has no <cards>")
    try:
        cards = tuple(
            actions.CardType[child.text or ""] for child in cards_element if child.tag == "type"
        )
    except KeyError as error:
        raise XmlFormatError(f"unknown card type {error.args[0]!r}") from None
    last_element = _child(element, "lastNonSkipAction")
    last = None if last_element is None else _last_action_from_element(last_element)
    player = Player(
        _int(element, "index"), _int(element, "carrots"), _int(element, "salads"), cards, last
    )
    if not 0 <= player.index < BOARD_SIZE:
        raise XmlFormatError(f"<{element.tag}> index {player.index} is off the board")
    return player, element.get("displayName")


def board_from_element(element: etree._Element) -> Board:
    fields = [child for child in element if child.tag == "fields"]
    if len(fields) != BOARD_SIZE:
        raise XmlFormatError(f"a board has {BOARD_SIZE} <fields>, got {len(fields)}")
    for expected, child in enumerate(fields):
        if _int(child, "index") != expected:
            raise XmlFormatError(f"<fields> number {expected} has index {child.get('index')}")
    try:
        return Board.from_types([_required(child, "type") for child in fields])
    except InvalidBoardError as error:
        raise XmlFormatError(f"invalid board: {error}") from None


def engine_state_from_element(element: etree._Element) -> HaseUndIgelState:
    """Read a ``<state class="state">`` into the engine's state (the names dropped)."""
    return state_from_element(element)[0]


def state_from_element(element: etree._Element) -> tuple[HaseUndIgelState, tuple[str | None, ...]]:
    """Read a ``<state class="state">``: the state and the players' display names."""
    players = []
    for tag in _PLAYER_TAGS:
        child = _child(element, tag)
        if child is None:
            raise XmlFormatError(f"<state> has no <{tag}>")
        players.append(player_from_element(child))
    board_element = _child(element, "board")
    if board_element is None:
        raise XmlFormatError("<state> has no <board>")
    last_move_element = _child(element, "lastMove")
    try:
        last_move = None if last_move_element is None else move_from_element(last_move_element)
    except MoveFormatError as error:
        raise XmlFormatError(f"bad lastMove: {error}") from None
    state = HaseUndIgelState(
        board_from_element(board_element),
        players[0][0],
        players[1][0],
        _int(element, "turn"),
        last_move,
    )
    if state.turn < 0:
        raise XmlFormatError(f"negative turn {state.turn}")
    return state, (players[0][1], players[1][1])
