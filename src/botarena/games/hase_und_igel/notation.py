"""The compact text notation of the official single-move cases (``conformance.txt``).

Players are ``index,carrots,salads,cards,last`` with cards as letters in hand order
(T TAKE_OR_DROP_CARROTS, E EAT_SALAD, H HURRY_AHEAD, F FALL_BACK) and ``last`` an action token
or ``-``. Action tokens: ``A:distance:order``, ``C:TYPE:value:order``, ``X:value:order``,
``E:order`` (eatSalad), ``F:order`` (fallBack), ``S:order`` (skip). A move is its action tokens
in document order, separated by spaces. Also handy for writing tests.
"""

from __future__ import annotations

from botarena.games.hase_und_igel import actions
from botarena.games.hase_und_igel.rules import Player

CARD_LETTERS: dict[actions.CardType, str] = {
    actions.CardType.TAKE_OR_DROP_CARROTS: "T",
    actions.CardType.EAT_SALAD: "E",
    actions.CardType.HURRY_AHEAD: "H",
    actions.CardType.FALL_BACK: "F",
}
_CARDS_BY_LETTER = {letter: card for card, letter in CARD_LETTERS.items()}


class NotationError(ValueError):
    """Text that is not in the notation."""


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{what} must be an integer, got {text!r}") from None


_ORDER_ONLY_ACTIONS: dict[str, type[actions.EatSalad | actions.FallBack | actions.Skip]] = {
    "E": actions.EatSalad,
    "F": actions.FallBack,
    "S": actions.Skip,
}
"""The actions whose token is their letter and order only."""
_ORDER_ONLY_LETTERS = {action: letter for letter, action in _ORDER_ONLY_ACTIONS.items()}


def parse_action(token: str) -> actions.Action:
    parts = token.split(":")
    kind, args = parts[0], parts[1:]
    arity = {"A": 2, "C": 3, "X": 2, "E": 1, "F": 1, "S": 1}.get(kind)
    if arity is None or len(args) != arity:
        raise NotationError(f"not an action token: {token!r}")
    order = _int(args[-1], "order")
    if kind == "A":
        return actions.Advance(_int(args[0], "distance"), order)
    if kind == "C":
        try:
            card_type = actions.CardType[args[0]]
        except KeyError:
            raise NotationError(f"unknown card type {args[0]!r}") from None
        return actions.Card(card_type, _int(args[1], "card value"), order)
    if kind == "X":
        return actions.ExchangeCarrots(_int(args[0], "exchange value"), order)
    return _ORDER_ONLY_ACTIONS[kind](order)


def format_action(action: actions.Action) -> str:
    if isinstance(action, actions.Advance):
        return f"A:{action.distance}:{action.order}"
    if isinstance(action, actions.Card):
        return f"C:{action.type.value}:{action.value}:{action.order}"
    if isinstance(action, actions.UntypedCard):
        return f"C::{action.value}:{action.order}"
    if isinstance(action, actions.ExchangeCarrots):
        return f"X:{action.value}:{action.order}"
    return f"{_ORDER_ONLY_LETTERS[type(action)]}:{action.order}"


def parse_move(text: str) -> actions.Move:
    """Actions in document order; an empty text is a move without action elements."""
    tokens = text.split()
    if not tokens:
        return actions.Move(None)
    return actions.Move(tuple(parse_action(token) for token in tokens))


def format_move(move: actions.Move) -> str:
    return " ".join(format_action(action) for action in move.actions or ())


def parse_player(text: str) -> Player:
    parts = text.split(",")
    if len(parts) != 5:
        raise NotationError(f"a player is index,carrots,salads,cards,last; got {text!r}")
    index, carrots, salads, cards, last = parts
    try:
        hand = tuple(_CARDS_BY_LETTER[letter] for letter in cards)
    except KeyError as error:
        raise NotationError(f"unknown card letter {error.args[0]!r}") from None
    return Player(
        _int(index, "index"),
        _int(carrots, "carrots"),
        _int(salads, "salads"),
        hand,
        None if last == "-" else parse_action(last),
    )


def format_player(player: Player) -> str:
    cards = "".join(CARD_LETTERS[card] for card in player.cards)
    last = player.last_non_skip_action
    last_text = "-" if last is None else format_action(last)
    return f"{player.index},{player.carrots},{player.salads},{cards},{last_text}"
