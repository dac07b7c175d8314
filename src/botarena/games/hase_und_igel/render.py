"""Hase und Igel as text for ``botarena play``: the track with field numbers and both
hares, the players' carrots, salads and cards, moves in a short notation, the result."""

from __future__ import annotations

from botarena.games.hase_und_igel import actions
from botarena.games.hase_und_igel.board import FieldType
from botarena.games.hase_und_igel.rules import HaseUndIgelState

FIELDS_PER_ROW = 13
SEAT_NAMES = ("red", "blue")
FIELD_LETTERS: dict[FieldType, str] = {
    FieldType.START: "S",
    FieldType.CARROT: "C",
    FieldType.HARE: "H",
    FieldType.SALAD: "L",
    FieldType.HEDGEHOG: "I",
    FieldType.POSITION_1: "1",
    FieldType.POSITION_2: "2",
    FieldType.GOAL: "G",
    FieldType.INVALID: "?",
}
LEGEND = (
    "fields: S start, C carrot, H hare, L salad, I hedgehog, 1/2 position, G goal; "
    "R red hare, B blue hare"
)
CARD_NAMES: dict[actions.CardType, str] = {
    actions.CardType.TAKE_OR_DROP_CARROTS: "carrots",
    actions.CardType.EAT_SALAD: "eat salad",
    actions.CardType.HURRY_AHEAD: "hurry ahead",
    actions.CardType.FALL_BACK: "fall back",
}


def _cell(state: HaseUndIgelState, index: int) -> str:
    hares = "".join(
        name[0].upper() for seat, name in enumerate(SEAT_NAMES)
        if state.player_states[seat].index == index
    )  # fmt: skip
    return f"{index:>2}:{FIELD_LETTERS[state.board.type_at(index)]}{hares:<2}"


def render_board(state: HaseUndIgelState) -> str:
    """The 65 fields in rows of 13 (number, field letter, hares on it), then the players."""
    size = len(state.board.fields)
    lines = [
        " ".join(_cell(state, index) for index in range(start, min(start + FIELDS_PER_ROW, size)))
        for start in range(0, size, FIELDS_PER_ROW)
    ]
    for seat, name in enumerate(SEAT_NAMES):
        player = state.player_states[seat]
        cards = ", ".join(CARD_NAMES[card] for card in player.cards) or "none"
        lines.append(
            f"{name[0].upper()} {name}: field {player.index}, {player.carrots} carrots, "
            f"{player.salads} salads, cards: {cards}"
        )
    lines.append(LEGEND)
    return "\n".join(lines)


def action_text(action: actions.Action) -> str:
    if isinstance(action, actions.Advance):
        return f"advance {action.distance}"
    if isinstance(action, actions.Card):
        value = (
            f" {action.value:+d}" if action.type is actions.CardType.TAKE_OR_DROP_CARROTS else ""
        )
        return f"card {CARD_NAMES[action.type]}{value}"
    if isinstance(action, actions.UntypedCard):
        return "card without type"
    if isinstance(action, actions.ExchangeCarrots):
        return f"exchange carrots {action.value:+d}"
    if isinstance(action, actions.EatSalad):
        return "eat salad"
    if isinstance(action, actions.FallBack):
        return "fall back"
    if isinstance(action, actions.Skip):
        return "skip"
    return type(action).__name__


def move_text(move: actions.Move) -> str:
    """Its actions in order, e.g. ``advance 3, card eat salad``."""
    return ", ".join(action_text(action) for action in move.actions or ()) or "(no action)"


def score_text(state: HaseUndIgelState) -> str:
    """Field and carrots of each player (the official statistics), and the salads left (the
    first goal condition)."""
    parts = []
    for seat, name in enumerate(SEAT_NAMES):
        field, carrots = state.scores(seat)
        salads = state.player_states[seat].salads
        parts.append(f"{name} field {field}, {carrots} carrots, {salads} salads")
    return "; ".join(parts)
