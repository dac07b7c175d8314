"""Hase und Igel, Software-Challenge Germany 2018: rules, notation and built-in players.

Spec: ``shared/spec/hase-und-igel-2018.md``. Public API::

    from botarena.games.hase_und_igel import GAME, Move, Advance, Card, CardType
    state = GAME.new_initial_state(SeededRandom(1))
    state.apply(Move.of(Advance(2), Card(CardType.TAKE_OR_DROP_CARROTS, 20)))
"""

from typing import TYPE_CHECKING

from botarena.games.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from botarena.games.hase_und_igel.actions import (
        INITIAL_CARDS,
        Action,
        Advance,
        Card,
        CardType,
        EatSalad,
        ExchangeCarrots,
        FallBack,
        Move,
        Skip,
    )
    from botarena.games.hase_und_igel.board import (
        REFERENCE_BOARD,
        Board,
        FieldType,
        InvalidBoardError,
        generate_board,
    )
    from botarena.games.hase_und_igel.game import GAME, HaseUndIgel
    from botarena.games.hase_und_igel.rules import (
        BLUE,
        RED,
        HaseUndIgelState,
        Player,
        Violation,
        WinCondition,
        generate_moves,
    )
    from botarena.games.hase_und_igel.scoring import (
        GAME_TYPE,
        PlayerScore,
        official_scores,
        result_winner,
    )


__all__ = [
    "BLUE",
    "GAME",
    "GAME_TYPE",
    "INITIAL_CARDS",
    "RED",
    "REFERENCE_BOARD",
    "Action",
    "Advance",
    "Board",
    "Card",
    "CardType",
    "EatSalad",
    "ExchangeCarrots",
    "FallBack",
    "FieldType",
    "HaseUndIgel",
    "HaseUndIgelState",
    "InvalidBoardError",
    "Move",
    "Player",
    "PlayerScore",
    "Skip",
    "Violation",
    "WinCondition",
    "generate_board",
    "generate_moves",
    "official_scores",
    "result_winner",
]

__getattr__ = lazy_exports(
    __name__,
    __all__,
    (
        "botarena.games.hase_und_igel.actions",
        "botarena.games.hase_und_igel.board",
        "botarena.games.hase_und_igel.game",
        "botarena.games.hase_und_igel.rules",
        "botarena.games.hase_und_igel.scoring",
    ),
)
