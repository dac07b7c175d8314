"""Short notation for the Hase und Igel test cases of spec section 6 (board R by default)."""

from __future__ import annotations

import pytest

from botarena.core import InvalidMove
from botarena.games.hase_und_igel import (
    REFERENCE_BOARD,
    Action,
    Advance,
    Board,
    Card,
    CardType,
    EatSalad,
    ExchangeCarrots,
    FallBack,
    HaseUndIgelState,
    Move,
    Player,
    Skip,
)

CARD_LETTERS = {
    "T": CardType.TAKE_OR_DROP_CARROTS,
    "E": CardType.EAT_SALAD,
    "H": CardType.HURRY_AHEAD,
    "F": CardType.FALL_BACK,
}


def cards(letters: str) -> tuple[CardType, ...]:
    return tuple(CARD_LETTERS[letter] for letter in letters)


def player(
    index: int = 0,
    carrots: int = 68,
    salads: int = 5,
    hand: str = "TEHF",
    last: Action | None = None,
) -> Player:
    return Player(index, carrots, salads, cards(hand), last)


def action(text: str) -> Action:
    """``adv 3``, ``card T 20``, ``card E``, ``exch -10``, ``eat``, ``fallBack``, ``skip``."""
    word, *args = text.split()
    if word == "adv":
        return Advance(int(args[0]))
    if word == "card":
        return Card(CARD_LETTERS[args[0]], int(args[1]) if len(args) > 1 else 0)
    if word == "exch":
        return ExchangeCarrots(int(args[0]))
    simple: dict[str, Action] = {"eat": EatSalad(), "fallBack": FallBack(), "skip": Skip()}
    return simple[word]


def move(*texts: str) -> Move:
    """Actions with the orders 0, 1, 2, ... in the given sequence."""
    return Move.of(*(action(text) for text in texts))


def state(
    red: Player | None = None,
    blue: Player | None = None,
    turn: int = 0,
    board: Board = REFERENCE_BOARD,
) -> HaseUndIgelState:
    return HaseUndIgelState(board, red or player(), blue or player(), turn)


def play(game: HaseUndIgelState, *texts: str) -> HaseUndIgelState:
    """Apply a move that must be valid; return the state for chaining."""
    game.apply(move(*texts))
    return game


def reject(
    game: HaseUndIgelState, the_move: Move | str, message: str, *, raw: bool = False
) -> HaseUndIgelState:
    """Apply a move that must be invalid with ``message``; return the partially updated state.

    ``raw`` uses the official processing without the game-over check, for constructed states
    that already satisfy a win condition (the official engine still judges the move).
    """
    if isinstance(the_move, str):
        the_move = move(*the_move.split(";"))
    with pytest.raises(InvalidMove) as caught:
        if raw:
            game.perform(the_move)
        else:
            game.apply(the_move)
    assert caught.value.reason == message
    assert game.is_terminal()
    return game


def pos(p: Player) -> tuple[int, int]:
    return (p.index, p.carrots)


def full(p: Player) -> tuple[int, int, int]:
    return (p.index, p.carrots, p.salads)
