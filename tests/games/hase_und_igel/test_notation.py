"""The compact notation of conformance.txt."""

from __future__ import annotations

import pytest

from botarena.games.hase_und_igel import (
    Advance,
    Card,
    CardType,
    EatSalad,
    ExchangeCarrots,
    FallBack,
    Move,
    Player,
    Skip,
)
from botarena.games.hase_und_igel.notation import (
    NotationError,
    format_move,
    format_player,
    parse_move,
    parse_player,
)


def test_move_round_trip_keeps_document_order():
    text = "C:HURRY_AHEAD:20:1 A:7:0 X:-10:0 E:0 F:0 S:3"
    move = parse_move(text)
    assert move.actions == (
        Card(CardType.HURRY_AHEAD, 20, 1),
        Advance(7, 0),
        ExchangeCarrots(-10, 0),
        EatSalad(0),
        FallBack(0),
        Skip(3),
    )
    assert format_move(move) == text


def test_empty_move_has_no_action_list():
    assert parse_move("") == Move(None)


def test_player_round_trip():
    text = "26,9,4,EF,C:TAKE_OR_DROP_CARROTS:0:1"
    player = parse_player(text)
    hand = (CardType.EAT_SALAD, CardType.FALL_BACK)
    assert player == Player(26, 9, 4, hand, Card(CardType.TAKE_OR_DROP_CARROTS, 0, 1))
    assert format_player(player) == text
    assert format_player(parse_player("0,68,5,TEHF,-")) == "0,68,5,TEHF,-"
    assert parse_player("0,68,5,,-").cards == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Q:1", "not an action token"),
        ("A:1", "not an action token"),
        ("A:x:0", "distance must be an integer"),
        ("C:FOO:0:1", "unknown card type 'FOO'"),
    ],
)
def test_bad_moves(text, message):
    with pytest.raises(NotationError, match=message):
        parse_move(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [("1,2,3", "index,carrots,salads,cards,last"), ("1,2,3,TQ,-", "unknown card letter 'Q'")],
)
def test_bad_players(text, message):
    with pytest.raises(NotationError, match=message):
        parse_player(text)
