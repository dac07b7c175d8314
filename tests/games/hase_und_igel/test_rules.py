"""Rules behaviour beyond the spec's numbered cases: API contract, generator edge cases."""

from __future__ import annotations

import pytest

from botarena.core import InvalidMove, SeededRandom
from botarena.games.hase_und_igel import (
    BLUE,
    GAME,
    RED,
    Action,
    Advance,
    Card,
    CardType,
    EatSalad,
    ExchangeCarrots,
    FallBack,
    HaseUndIgelState,
    Move,
    Skip,
    official_scores,
)
from tests.games.hase_und_igel.helpers import move, player, state


def actions_of(game: HaseUndIgelState) -> set[tuple[Action, ...]]:
    return {m.actions or () for m in game.legal_moves()}


def test_initial_state_and_protocol_basics():
    game = GAME.new_initial_state(SeededRandom(3))
    assert game.players == 2
    assert game.current_seat == RED
    assert game.outcome() is None
    assert game.returns() == (0.5, 0.5)
    assert game.scores(RED) == (0, 68)
    assert game.view(BLUE) is game
    assert game.last_move is None
    assert game.red.cards == (
        CardType.TAKE_OR_DROP_CARROTS,
        CardType.EAT_SALAD,
        CardType.HURRY_AHEAD,
        CardType.FALL_BACK,
    )


def test_clone_is_independent():
    game = state()
    copy = game.clone()
    copy.apply(move("adv 1"))
    assert game.red.index == 0
    assert game.turn == 0
    assert copy != game


def test_last_move_is_sorted_and_keeps_hints():
    game = state(blue=player(9))
    the_move = Move((Card(CardType.HURRY_AHEAD, 7, 1), Advance(2, 0)), hints=("first", "second"))
    game.apply(the_move)
    assert game.last_move == Move(
        (Advance(2, 0), Card(CardType.HURRY_AHEAD, 7, 1)), hints=("first", "second")
    )
    assert game.red.last_non_skip_action == Card(CardType.HURRY_AHEAD, 7, 1)


def test_invalid_move_carries_the_move_and_sets_the_violation():
    game = state()
    bad = move("adv 11")
    with pytest.raises(InvalidMove) as caught:
        game.apply(bad)
    assert caught.value.move is bad
    assert game.violation is not None
    assert game.violation.culprit == RED
    assert game.current_seat is None
    assert game.returns() == (0.0, 1.0)


def test_generator_lists_dropping_20_with_exactly_20_carrots():
    game = state(red=player(0, 23, 5))  # advance 2 costs 3, leaving 20
    take_drop = CardType.TAKE_OR_DROP_CARROTS
    assert (Advance(2, 0), Card(take_drop, -20, 1)) in actions_of(game)
    game = state(red=player(0, 22, 5))
    assert (Advance(2, 0), Card(take_drop, -20, 1)) not in actions_of(game)
    assert (Advance(2, 0), Card(take_drop, 0, 1)) in actions_of(game)


def test_generator_at_the_start_of_board_r():
    # 11 carrots-affordable distances (cost(11) = 66 <= 68), hedgehog 11 excluded
    game = state()
    advances = {a[0].distance for a in actions_of(game) if isinstance(a[0], Advance)}
    assert advances == {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
    # 2 and 3 and 8 are hare fields: T 20/0/-20 and E, no H/F when both are on START
    assert (Advance(2, 0), Card(CardType.EAT_SALAD, 0, 1)) in actions_of(game)
    assert all(len(a) <= 2 for a in actions_of(game))


def test_generator_finds_the_four_action_chain_of_tc27():
    game = state(red=player(31, 30, 3), blue=player(33, 30, 3))
    chain = (
        Advance(1, 0),
        Card(CardType.HURRY_AHEAD, 0, 1),
        Card(CardType.FALL_BACK, 0, 2),
        Card(CardType.EAT_SALAD, 0, 3),
    )
    assert chain in actions_of(game)


def test_only_eating_when_a_salad_must_be_eaten():
    game = state(red=player(10, 13, 5, last=Advance(10)), blue=player(1))
    assert actions_of(game) == {(EatSalad(0),)}


def test_skip_is_the_only_move_when_stuck():
    game = state(red=player(15, 0, 5, last=FallBack()), blue=player(11))
    assert actions_of(game) == {(Skip(0),)}


def test_exchange_moves_on_a_carrot_field():
    game = state(red=player(13, 9), blue=player(9))
    legal = actions_of(game)
    assert (ExchangeCarrots(10, 0),) in legal
    assert (ExchangeCarrots(-10, 0),) not in legal


def test_scores_of_a_running_game_are_a_draw_without_reason():
    red, blue = official_scores(state())
    assert (red.points, red.reason, blue.points, blue.reason) == (1, None, 1, None)
