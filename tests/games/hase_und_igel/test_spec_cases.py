"""The 64 test cases of spec section 6 (outcomes of the official 2018 implementation)."""

from __future__ import annotations

from botarena.core import Outcome, ScoreCause
from botarena.games.hase_und_igel import (
    BLUE,
    RED,
    Advance,
    Card,
    CardType,
    EatSalad,
    ExchangeCarrots,
    FallBack,
    Move,
    Skip,
    official_scores,
    result_winner,
)
from botarena.games.hase_und_igel.rules import (
    MSG_ACTIONS_NULL,
    MSG_EAT_SALAD,
    MSG_FALL_BACK,
    MSG_MUST_PLAY_CARD,
    MSG_NO_ACTIONS,
    MSG_ONLY_CARDS_FOLLOW,
    MSG_ORDER,
    MSG_SKIP,
    REASON_GOAL,
    REASON_LEFT,
    REASON_ROUND_LIMIT,
    cost,
    max_distance,
)
from botarena.games.hase_und_igel.scoring import (
    REASON_HARD_TIMEOUT,
    REASON_SOFT_TIMEOUT,
)
from tests.games.hase_und_igel.helpers import (
    cards,
    full,
    move,
    play,
    player,
    pos,
    reject,
    state,
)


def adv_msg(distance: int) -> str:
    return f"Vorwärtszug um {distance} Felder ist nicht möglich"


def card_msg(name: str) -> str:
    return f"Das Ausspielen der {name} Karte ist nicht möglich."


def exch_msg(value: int) -> str:
    return f"Es können nicht {value} Karotten aufgenommen werden."


# --- 6.1 Advance ----------------------------------------------------------------------------


def test_tc01_first_move():
    game = play(state(), "adv 1")
    assert full(game.red) == (1, 67, 5)
    assert game.red.last_non_skip_action == Advance(1, 0)
    assert game.turn == 1
    assert game.current_seat == BLUE


def test_tc02_hedgehog_cannot_be_entered_by_advance():
    reject(state(), "adv 11", adv_msg(11))


def test_tc03_non_positive_distance():
    reject(state(), "adv 0", adv_msg(0))
    reject(state(), "adv -1", adv_msg(-1))


def test_tc04_carrot_cost():
    reject(state(), "adv 12", adv_msg(12))
    assert pos(play(state(), "adv 9").red) == (9, 23)


def test_tc05_occupied_field():
    reject(state(blue=player(1)), "adv 1", adv_msg(1))


def test_tc06_jumping_over_the_opponent():
    assert pos(play(state(blue=player(3)), "adv 4").red) == (4, 58)


def test_tc07_exactly_enough_carrots():
    assert pos(play(state(red=player(0, 1, 5)), "adv 1").red) == (1, 0)


def test_tc08_beyond_the_goal():
    reject(state(red=player(60, 200, 0)), "adv 5", adv_msg(5))


# --- 6.2 Salad ------------------------------------------------------------------------------


def test_tc09_salad_sequence_must_eat_cannot_eat_twice():
    game = play(state(), "adv 10")
    assert full(game.red) == (10, 13, 5)
    assert game.turn == 1
    play(game, "adv 1")
    assert pos(game.blue) == (1, 67)
    assert game.turn == 2
    reject(game.clone(), "adv 3", adv_msg(3))
    reject(game.clone(), "fallBack", MSG_FALL_BACK)
    reject(game.clone(), "skip", MSG_SKIP)
    play(game, "eat")
    assert full(game.red) == (10, 23, 4)
    assert game.red.last_non_skip_action == EatSalad(0)
    assert game.turn == 3
    play(game, "adv 1", "card T 0")
    assert pos(game.blue) == (2, 66)
    assert game.blue.cards == cards("EHF")
    reject(game.clone(), "eat", MSG_EAT_SALAD)
    play(game, "adv 2", "card E")
    assert full(game.red) == (12, 30, 3)
    assert game.red.cards == cards("THF")


def test_tc10_salad_field_requires_a_salad():
    reject(state(red=player(0, 68, 0)), "adv 10", adv_msg(10))


def test_tc11_eating_as_the_rear_player():
    game = play(state(blue=player(9)), "adv 2", "card H")
    play(game, "adv 4")
    assert pos(game.blue) == (13, 58)
    reject(game.clone(), "adv 3", adv_msg(3))
    play(game, "eat")
    assert full(game.red) == (10, 95, 4)


def test_tc12_after_eating_without_carrots_skip_is_allowed_and_the_obligation_persists():
    setup = state(red=player(10, 0, 4, last=EatSalad()), blue=player(20))
    game = play(setup.clone(), "skip")
    assert game.turn == 1
    assert game.red.last_non_skip_action == EatSalad()
    reject(setup.clone(), "eat", MSG_EAT_SALAD)


def test_tc13_fall_back_after_eating():
    game = play(state(red=player(22, 10, 3, last=EatSalad()), blue=player(30)), "fallBack")
    assert pos(game.red) == (19, 40)


# --- 6.3 Hare fields and cards --------------------------------------------------------------


def test_tc14_hare_entered_without_card():
    game = reject(state(), "adv 2", MSG_MUST_PLAY_CARD)
    assert pos(game.red) == (2, 65)
    assert game.red.last_non_skip_action == Advance(2, 0)
    assert game.turn == 0


def test_tc15_take_or_drop_carrots_plus_20():
    game = play(state(), "adv 2", "card T 20")
    assert pos(game.red) == (2, 85)
    assert game.red.cards == cards("EHF")
    assert game.red.last_non_skip_action == Card(CardType.TAKE_OR_DROP_CARROTS, 20, 1)


def test_tc16_take_or_drop_carrots_illegal_value():
    reject(state(), "adv 2;card T 10", card_msg("TAKE_OR_DROP_CARROTS"))


def test_tc17_dropping_20_needs_20():
    reject(state(red=player(0, 22, 5)), "adv 2;card T -20", card_msg("TAKE_OR_DROP_CARROTS"))
    assert pos(play(state(red=player(0, 23, 5)), "adv 2", "card T -20").red) == (2, 0)
    assert pos(play(state(red=player(0, 22, 5)), "adv 2", "card T 0").red) == (2, 19)


def test_tc18_card_only_move_on_a_hare_field():
    last = Card(CardType.TAKE_OR_DROP_CARROTS, 20, 1)
    setup = state(red=player(2, 50, 5, "EHF", last), blue=player(1))
    reject(setup.clone(), "card E", card_msg("EAT_SALAD"))
    reject(setup.clone(), "adv 1", MSG_MUST_PLAY_CARD)


def test_tc19_card_before_the_advance():
    the_move = Move((Card(CardType.TAKE_OR_DROP_CARROTS, 20, order=0), Advance(2, order=1)))
    reject(state(), the_move, card_msg("TAKE_OR_DROP_CARROTS"))


def test_tc20_eat_salad_card():
    game = play(state(blue=player(9)), "adv 8", "card E")
    assert full(game.red) == (8, 62, 4)
    game = play(state(blue=player(1)), "adv 2", "card E")
    assert full(game.red) == (2, 75, 4)


def test_tc21_eat_salad_card_without_salads_makes_the_hare_unenterable():
    reject(state(red=player(0, 68, 0, "E")), "adv 2", adv_msg(2))
    reject(state(red=player(0, 68, 0, "ET")), "adv 2;card E", card_msg("EAT_SALAD"))


def test_tc22_hurry_ahead():
    game = play(state(blue=player(6)), "adv 2", "card H")
    assert pos(game.red) == (7, 65)
    assert game.red.cards == cards("TEF")


def test_tc23_hurry_ahead_while_first_or_onto_a_hedgehog():
    reject(state(blue=player(1)), "adv 2;card H", card_msg("HURRY_AHEAD"))
    reject(state(blue=player(10)), "adv 2;card H", card_msg("HURRY_AHEAD"))


def test_tc24_hurry_ahead_onto_a_salad_field():
    reject(state(red=player(0, 68, 0), blue=player(9)), "adv 2;card H", card_msg("HURRY_AHEAD"))
    game = play(state(blue=player(9)), "adv 2", "card H")
    assert full(game.red) == (10, 65, 5)
    assert game.red.last_non_skip_action == Card(CardType.HURRY_AHEAD, 0, 1)
    play(game, "adv 4")
    assert pos(game.blue) == (13, 58)
    assert game.legal_moves() == [Move((EatSalad(0),))]  # RED must eat next


def test_tc25_fall_back_card():
    game = play(state(blue=player(7)), "adv 8", "card F")
    assert pos(game.red) == (6, 32)
    assert game.red.cards == cards("TEH")


def test_tc26_fall_back_card_onto_start_forbidden():
    reject(state(blue=player(1)), "adv 2;card F", card_msg("FALL_BACK"))


def test_tc27_four_action_chain():
    setup = state(red=player(31, 30, 3), blue=player(33, 30, 3))
    game = play(setup.clone(), "adv 1", "card H", "card F", "card E")
    assert full(game.red) == (32, 59, 2)
    assert game.red.cards == cards("T")
    assert game.red.last_non_skip_action == Card(CardType.EAT_SALAD, 0, 3)
    shuffled = Move(
        (
            Card(CardType.EAT_SALAD, 0, 3),
            Card(CardType.FALL_BACK, 0, 2),
            Advance(1, 0),
            Card(CardType.HURRY_AHEAD, 0, 1),
        )
    )
    other = setup.clone()
    other.apply(shuffled)
    assert other == game
    assert other.last_move == move("adv 1", "card H", "card F", "card E")


def test_tc28_unfinished_chain():
    game = reject(
        state(red=player(31, 30, 3), blue=player(33, 30, 3)), "adv 1;card H", MSG_MUST_PLAY_CARD
    )
    assert pos(game.red) == (34, 29)
    assert game.red.cards == cards("TEF")


def test_tc29_no_card_after_take_or_drop_carrots():
    setup = state(red=player(31, 30, 3), blue=player(33, 30, 3))
    reject(setup.clone(), "adv 1;card T 0;card E", card_msg("EAT_SALAD"))
    reject(setup.clone(), "adv 1;card H;card F;card T 0;card E", card_msg("EAT_SALAD"))
    game = play(setup.clone(), "adv 1", "card H", "card F", "card T -20")
    assert full(game.red) == (32, 9, 3)
    assert game.red.cards == cards("E")


def test_tc30_hare_look_ahead():
    reject(state(red=player(31, 30, 3, "H"), blue=player(33)), "adv 1", adv_msg(1))
    reject(state(red=player(31, 30, 3, "H"), blue=player(33)), "adv 3", adv_msg(3))
    game = play(state(red=player(31, 30, 3, "HE"), blue=player(33)), "adv 1", "card H", "card E")
    assert full(game.red) == (34, 39, 2)
    assert game.red.cards == ()


def test_tc31_salad_to_salad():
    game = state(red=player(42, 34, 1, "HF", EatSalad()), blue=player(41, 50))
    play(game, "adv 3", "card F", "card H")
    assert full(game.red) == (42, 28, 1)
    assert game.red.cards == ()
    assert game.red.last_non_skip_action == Card(CardType.HURRY_AHEAD, 0, 2)
    assert pos(game.blue) == (41, 80)  # POSITION_2 bonus at BLUE's turn start
    play(game, "adv 3")
    assert pos(game.blue) == (44, 74)
    play(game, "eat")
    assert full(game.red) == (42, 58, 0)


def test_tc32_fall_back_as_the_only_card():
    game = play(state(red=player(5, 40, 5, "F", Advance(5)), blue=player(7)), "adv 3", "card F")
    assert pos(game.red) == (6, 34)
    assert game.red.cards == ()


def test_tc33_hurry_ahead_when_the_opponent_is_on_the_goal():
    game = state(red=player(55, 30, 0, "H"), blue=player(64, 5, 0))
    assert game.is_terminal()  # constructed: BLUE already on the goal at an even turn
    reject(game, "adv 5", adv_msg(5), raw=True)
    assert game.violation is not None


# --- 6.4 Carrot fields, fall back, skip -----------------------------------------------------


def test_tc34_exchange():
    game = play(state(red=player(13, 9, 5), blue=player(9)), "exch 10")
    assert pos(game.red) == (13, 19)
    play(game, "exch 10")  # BLUE, also on a carrot field
    play(game, "exch 10")  # repeatable on the same field
    assert pos(game.red) == (13, 29)
    reject(state(red=player(13, 9), blue=player(9)), "exch -10", exch_msg(-10))
    assert pos(play(state(red=player(13, 10), blue=player(9)), "exch -10").red) == (13, 0)
    reject(state(red=player(13, 10), blue=player(9)), "exch 20", exch_msg(20))
    reject(state(red=player(5, 30), blue=player(9)), "exch 10", exch_msg(10))


def test_tc35_fall_back_reward_and_occupancy():
    assert pos(play(state(red=player(13, 20), blue=player(9)), "fallBack").red) == (11, 40)
    reject(state(red=player(13, 20), blue=player(11)), "fallBack", MSG_FALL_BACK)


def test_tc36_fall_back_from_a_hedgehog():
    assert pos(play(state(red=player(15, 20), blue=player(9)), "fallBack").red) == (11, 60)


def test_tc37_no_hedgehog_behind():
    reject(state(red=player(5, 20), blue=player(9)), "fallBack", MSG_FALL_BACK)


def test_tc38_fall_back_from_a_hare_field_that_must_be_left():
    last = Card(CardType.TAKE_OR_DROP_CARROTS, 20, 1)
    game = play(state(red=player(26, 10, 3, "E", last), blue=player(30)), "fallBack")
    assert pos(game.red) == (24, 30)


def test_tc39_on_a_hedgehog():
    setup = state(red=player(11, 20, 4, last=Advance(3)), blue=player(20))
    reject(setup.clone(), "exch 10", exch_msg(10))
    reject(setup.clone(), "fallBack", MSG_FALL_BACK)
    reject(setup.clone(), "skip", MSG_SKIP)
    assert pos(play(setup.clone(), "adv 2").red) == (13, 17)


def test_tc40_skip():
    reject(state(), "skip", MSG_SKIP)
    game = play(state(red=player(15, 0, 5, last=FallBack()), blue=player(11)), "skip")
    assert game.turn == 1
    assert game.current_seat == BLUE
    assert full(game.red) == (15, 0, 5)
    assert game.red.last_non_skip_action == FallBack()
    assert game.last_move == Move((Skip(0),))
    # official test "canSkip": RED on the first POSITION_2 field (4 on board R), no carrots
    game = play(state(red=player(4, 0, 5, last=Advance(4)), blue=player(0)), "skip")
    reject(game, "skip", MSG_SKIP)  # BLUE can still advance


def test_tc41_skip_on_a_hare_field():
    last = Card(CardType.TAKE_OR_DROP_CARROTS, -20, 1)
    game = play(state(red=player(26, 0, 3, "E", last), blue=player(24)), "skip")
    assert game.turn == 1


def test_tc42_never_skip_on_a_carrot_field():
    setup = state(red=player(13, 30, 5, last=ExchangeCarrots(10)), blue=player(20))
    reject(setup, "skip", MSG_SKIP)


def test_tc43_skip_when_behind_on_position_1_without_carrots():
    game = play(state(red=player(5, 0, 5, last=Advance(5)), blue=player(9)), "skip")
    assert pos(game.red) == (5, 0)


# --- 6.5 Position bonus ---------------------------------------------------------------------


def test_tc44_position_1_and_position_2():
    game = play(state(), "adv 5")
    assert pos(game.red) == (5, 53)
    play(game, "adv 4")
    assert pos(game.blue) == (4, 58)
    assert pos(game.red) == (5, 63)
    play(game, "adv 1")
    assert pos(game.red) == (6, 62)
    assert game.blue.carrots == 88


def test_tc45_no_position_1_bonus_when_behind():
    game = play(state(blue=player(9)), "adv 5")
    assert pos(game.red) == (5, 53)
    play(game, "exch 10")
    assert game.blue.carrots == 78
    assert game.red.carrots == 53


def test_tc46_position_2_bonus_repeated_at_each_turn_start():
    game = state(red=player(4, 0, 5, last=Advance(4)), blue=player(9, 68), turn=1)
    play(game, "exch 10")
    assert game.blue.carrots == 78
    assert game.red.carrots == 30
    play(game, "adv 1")
    assert pos(game.red) == (5, 29)


# --- 6.6 Goal and game end ------------------------------------------------------------------


def test_tc47_goal_conditions():
    assert pos(play(state(red=player(61, 16, 0), blue=player(50)), "adv 3").red) == (64, 10)
    reject(state(red=player(61, 17, 0), blue=player(50)), "adv 3", adv_msg(3))
    reject(state(red=player(61, 16, 1), blue=player(50)), "adv 3", adv_msg(3))


def test_tc48_hurry_ahead_into_the_goal():
    blue = player(63, 30, 0)
    game = play(state(red=player(61, 11, 0), blue=blue.copy()), "adv 1", "card H")
    assert pos(game.red) == (64, 10)
    reject(state(red=player(61, 12, 0), blue=blue.copy()), "adv 1;card H", card_msg("HURRY_AHEAD"))
    reject(
        state(red=player(61, 12, 0), blue=blue.copy()),
        "adv 1;card T -20",
        card_msg("TAKE_OR_DROP_CARROTS"),
    )
    game = play(state(red=player(61, 12, 0), blue=blue.copy()), "adv 1", "card T 0")
    assert pos(game.red) == (62, 11)
    reject(state(red=player(61, 12, 0, "H"), blue=blue.copy()), "adv 1", adv_msg(1))


def test_tc49_red_reaches_the_goal_and_blue_moves_last():
    game = state(red=player(61, 6, 0), blue=player(9, 40, 5), turn=10)
    play(game, "adv 3")
    assert pos(game.red) == (64, 0)
    assert game.turn == 11
    assert not game.is_terminal()
    play(game, "adv 4")
    assert pos(game.blue) == (13, 30)
    assert game.turn == 12
    assert game.outcome() == Outcome(RED, ScoreCause.REGULAR, REASON_GOAL)
    red_score, blue_score = official_scores(game)
    assert (red_score.cause, red_score.reason, red_score.parts) == (
        ScoreCause.REGULAR,
        REASON_GOAL,
        (2, 64, 0),
    )
    assert (blue_score.cause, blue_score.reason, blue_score.parts) == (
        ScoreCause.REGULAR,
        REASON_GOAL,
        (0, 13, 30),
    )
    assert result_winner(game) == RED
    assert game.legal_moves() == []


def test_tc50_both_in_goal():
    for blue, distance, blue_after, winner, parts in (
        (player(58, 23, 0), 6, (64, 2), BLUE, ((0, 64, 5), (2, 64, 2))),
        (player(58, 30, 0), 6, (64, 9), RED, ((2, 64, 5), (0, 64, 9))),
        (player(63, 6, 0), 1, (64, 5), RED, ((2, 64, 5), (0, 64, 5))),  # equal: RED
    ):
        game = play(state(red=player(61, 11, 0), blue=blue, turn=10), "adv 3")
        assert pos(game.red) == (64, 5)
        play(game, f"adv {distance}")
        assert pos(game.blue) == blue_after
        assert game.outcome() == Outcome(winner, ScoreCause.REGULAR, REASON_GOAL)
        assert result_winner(game) == winner
        red_score, blue_score = official_scores(game)
        assert (red_score.parts, blue_score.parts) == parts


def test_tc51_blue_reaches_the_goal():
    game = play(state(red=player(30, 40, 0), blue=player(61, 6, 0), turn=11), "adv 3")
    assert game.turn == 12
    assert game.outcome() == Outcome(BLUE, ScoreCause.REGULAR, REASON_GOAL)
    red_score, blue_score = official_scores(game)
    assert red_score.parts == (0, 30, 40)
    assert blue_score.parts == (2, 64, 0)


def test_tc52_round_limit_with_final_position_bonus():
    blue = player(40, 40, 0, "", Card(CardType.EAT_SALAD, 0, 1))
    game = play(state(red=player(35, 40, 0), blue=blue, turn=58), "adv 1")
    assert pos(game.red) == (36, 39)
    assert game.turn == 59
    assert not game.is_terminal()
    play(game, "adv 1")
    assert pos(game.blue) == (41, 39)
    assert game.turn == 60
    assert game.red.carrots == 69
    assert game.outcome() == Outcome(BLUE, ScoreCause.REGULAR, REASON_ROUND_LIMIT)
    red_score, blue_score = official_scores(game)
    assert red_score.parts == (0, 36, 69)
    assert blue_score.parts == (2, 41, 39)
    assert red_score.reason == blue_score.reason == REASON_ROUND_LIMIT


def test_tc53_goal_reached_in_the_last_round():
    game = play(state(red=player(63, 1, 0), blue=player(40, 40, 0), turn=58), "adv 1")
    assert pos(game.red) == (64, 0)
    play(game, "adv 1")
    assert game.turn == 60
    assert game.outcome() == Outcome(RED, ScoreCause.REGULAR, REASON_GOAL)


# --- 6.7 Move structure and protocol-level cases --------------------------------------------


def test_tc54_wrong_order():
    reject(state(), Move((Advance(1, order=1),)), MSG_ORDER)
    reject(state(), Move((Skip(order=1),)), MSG_ORDER)


def test_tc55_two_non_card_actions():
    game = reject(state(), "adv 1;exch 10", MSG_ONLY_CARDS_FOLLOW)
    assert pos(game.red) == (1, 67)
    assert game.red.last_non_skip_action == Advance(1, 0)
    red_score, _ = official_scores(game)
    assert red_score.parts == (0, 1, 67)
    reject(state(), "adv 1;adv 1", MSG_ONLY_CARDS_FOLLOW)


def test_tc56_duplicate_order():
    the_move = Move((Advance(2, 0), Card(CardType.TAKE_OR_DROP_CARROTS, 20, 0)))
    game = reject(state(), the_move, MSG_ORDER)
    assert pos(game.red) == (2, 65)


def test_tc57_empty_move():
    reject(state(), Move(None), MSG_ACTIONS_NULL)
    reject(state(), Move(None, hints=("a",)), MSG_ACTIONS_NULL)
    reject(state(), Move(()), MSG_NO_ACTIONS)  # an empty list built programmatically


def test_tc58_missing_attributes_default_to_zero():
    # <advance distance="3"/>: order 0; index 3 is a HARE, so a card is missing
    reject(state(), Move((Advance(3),)), MSG_MUST_PLAY_CARD)
    # <card order="1" type="EAT_SALAD"/>: value 0, which is ignored for EAT_SALAD
    game = state(blue=player(1))
    game.apply(Move((Advance(2), Card(CardType.EAT_SALAD, order=1))))
    assert full(game.red) == (2, 75, 4)
    assert game.red.last_non_skip_action == Card(CardType.EAT_SALAD, 0, 1)


def test_tc59_unparsable_move_ends_as_left():
    game = state()
    left = Outcome.violation(RED, ScoreCause.LEFT, REASON_LEFT)
    red_score, blue_score = official_scores(game, left)
    assert (red_score.cause, red_score.reason, red_score.parts) == (
        ScoreCause.LEFT,
        REASON_LEFT,
        (0, 0, 68),
    )
    assert (blue_score.cause, blue_score.reason, blue_score.parts) == (
        ScoreCause.REGULAR,
        None,
        (2, 0, 68),
    )
    assert result_winner(game, left) == BLUE


def test_tc60_move_out_of_turn_ends_as_left_of_the_sender():
    game = state()
    left = Outcome.violation(BLUE, ScoreCause.LEFT, REASON_LEFT)
    red_score, blue_score = official_scores(game, left)
    assert (blue_score.cause, blue_score.points) == (ScoreCause.LEFT, 0)
    assert (red_score.cause, red_score.points, red_score.reason) == (ScoreCause.REGULAR, 2, None)
    assert result_winner(game, left) == RED


def test_tc61_error_reason_of_an_invalid_advance():
    game = reject(state(), "adv 11", adv_msg(11))
    assert game.outcome() == Outcome.violation(RED, ScoreCause.RULE_VIOLATION, adv_msg(11))
    red_score, blue_score = official_scores(game)
    assert (red_score.cause, red_score.reason, red_score.parts) == (
        ScoreCause.RULE_VIOLATION,
        adv_msg(11),
        (0, 0, 68),
    )
    assert (blue_score.cause, blue_score.reason, blue_score.parts) == (
        ScoreCause.REGULAR,
        None,
        (2, 0, 68),
    )
    assert result_winner(game) == BLUE


def test_tc62_winner_anomaly():
    game = reject(
        state(red=player(61, 6, 0), blue=player(9)), "adv 3;card E", card_msg("EAT_SALAD")
    )
    red_score, blue_score = official_scores(game)
    assert (red_score.cause, red_score.reason, red_score.parts) == (
        ScoreCause.RULE_VIOLATION,
        card_msg("EAT_SALAD"),
        (0, 64, 0),
    )
    assert (blue_score.cause, blue_score.reason, blue_score.parts) == (
        ScoreCause.REGULAR,
        REASON_GOAL,
        (2, 9, 68),
    )
    assert result_winner(game) == RED  # the official anomaly: the violator is named
    assert game.outcome() == Outcome.violation(
        RED, ScoreCause.RULE_VIOLATION, card_msg("EAT_SALAD")
    )


def test_tc63_timeouts():
    for cause, reason in (
        (ScoreCause.SOFT_TIMEOUT, REASON_SOFT_TIMEOUT),
        (ScoreCause.HARD_TIMEOUT, REASON_HARD_TIMEOUT),
    ):
        game = state()
        end = Outcome.violation(RED, cause, reason)
        red_score, blue_score = official_scores(game, end)
        assert (red_score.cause, red_score.reason, red_score.parts) == (cause, reason, (0, 0, 68))
        assert (blue_score.cause, blue_score.reason, blue_score.parts) == (
            ScoreCause.REGULAR,
            None,
            (2, 0, 68),
        )
        assert result_winner(game, end) == BLUE


def test_tc64_helper_values():
    assert cost(1) == 1
    assert cost(10) == 55
    expected = {
        0: 0,
        1: 1,
        2: 1,
        3: 2,
        5: 2,
        6: 3,
        7: 3,
        9: 3,
        10: 4,
        14: 4,
        15: 5,
        54: 9,
        55: 10,
        989: 43,
        990: 44,
        5000: 44,
    }
    assert {carrots: max_distance(carrots) for carrots in expected} == expected
