"""Mau-Mau rules (spec §6-§7) and the §13.2 rule fixes, on forced deals."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.core import GameState, InvalidMove, Outcome, ScoreCause, SeededRandom
from botarena.games.maumau import (
    DRAW,
    MAX_TURNS_PER_GAME,
    CardDrawn,
    CardPlayed,
    DeckScript,
    GameOver,
    MauMauGame,
    MauMauState,
    Move,
    Play,
    RuleOptions,
    SeatLeft,
    TurnAnnounced,
    TurnRequested,
)

# Card ids: suit = id % 4 (Pik, Karo, Herz, Kreuz), rank = id // 4 (7, 8, 9, 10, B, D, K, A).
PIK_7, KARO_7, HERZ_7 = 0, 1, 2
PIK_8, KARO_8 = 4, 5
PIK_9, KARO_9, HERZ_9, KREUZ_9 = 8, 9, 10, 11
PIK_10, KARO_10, HERZ_10 = 12, 13, 14
PIK_B, KARO_B, HERZ_B, KREUZ_B = 16, 17, 18, 19
PIK_D, KARO_D, HERZ_D = 20, 21, 22
PIK_K, KARO_K = 24, 25
PIK_A, KARO_A, HERZ_A, KREUZ_A = 28, 29, 30, 31


def deal(
    top: int, *hands: list[int], draws: Any = None, players: Any = None, **options: Any
) -> MauMauState:
    players = players or len(hands)
    script = DeckScript(
        top=top,
        hands=[list(hand) for hand in hands],
        draws=[deque(d) for d in (draws or [[] for _ in range(players)])],
    )
    return MauMauState(SeededRandom(7), players, RuleOptions(**options), script)


def outcome_of(state: MauMauState) -> Outcome:
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def events_of(state: MauMauState, kind: Any) -> list[Any]:
    return [event for event in state.drain_events() if isinstance(event, kind)]


HAND_A = [PIK_9, KARO_9, HERZ_9, KREUZ_9, PIK_D, KARO_K, HERZ_A]
HAND_B = [PIK_10, KARO_10, HERZ_10, PIK_K, KARO_D, HERZ_D, KREUZ_A]


def test_deal_gives_seven_cards_each_and_seat_0_moves_first():
    state = MauMauGame().new_initial_state(SeededRandom(1), 3)
    assert [len(hand) for hand in state.hands] == [7, 7, 7]
    assert len(state.talon) == 32 - 1 - 21
    assert state.current_seat == 0
    every = [*state.pile, *state.talon, *(c for hand in state.hands for c in hand)]
    assert sorted(every) == list(range(32))


def test_same_seed_same_shuffle_and_seed_is_kept():
    first = MauMauGame().new_initial_state(SeededRandom(42))
    second = MauMauGame().new_initial_state(SeededRandom(42))
    other = MauMauGame().new_initial_state(SeededRandom(43))
    assert first.hands == second.hands and first.talon == second.talon
    assert (first.hands, first.pile) != (other.hands, other.pile)
    assert first.seed == 42


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_is_checked(players):
    with pytest.raises(ValueError, match="2-4 players"):
        MauMauGame().new_initial_state(SeededRandom(1), players)


def test_first_events_announce_and_request_with_the_whole_hand():
    state = deal(PIK_A, HAND_A, HAND_B)
    announced, requested = state.drain_events()
    assert announced == TurnAnnounced(0, PIK_A, 7, False)
    assert requested == TurnRequested(0, PIK_A, False, (), 7, -1, tuple(HAND_A))


@pytest.mark.parametrize("top", [PIK_7, PIK_8, PIK_B])
def test_initial_top_card_is_inert(top):
    state = deal(top, HAND_A, HAND_B)
    announced, requested = state.drain_events()
    assert announced == TurnAnnounced(0, top, 7, False)
    assert requested == TurnRequested(0, top, False, (), 7, -1, tuple(HAND_A))


def test_jack_on_initial_jack_is_allowed_and_sets_no_wish():
    state = deal(PIK_B, [KARO_B, *HAND_A[:6]], HAND_B)
    state.apply(Play(KARO_B, 2))
    assert state.wish == -1
    request = events_of(state, TurnRequested)[-1]
    assert request.seat == 1 and request.wish == -1 and request.top_card == KARO_B


def test_seven_makes_the_next_seat_draw_two_before_its_request():
    state = deal(PIK_A, [PIK_7, *HAND_A[:6]], HAND_B, draws=[[], [KREUZ_B, HERZ_B]])
    state.drain_events()
    state.apply(Play(PIK_7))
    announced = events_of(state, TurnAnnounced)
    assert announced == [TurnAnnounced(1, PIK_7, 7, False)]  # counted before the two cards
    assert state.hands[1][-2:] == [KREUZ_B, HERZ_B]


def test_seven_request_reports_the_drawn_cards():
    state = deal(PIK_A, [PIK_7, *HAND_A[:6]], HAND_B, draws=[[], [KREUZ_B, HERZ_B]])
    state.drain_events()
    state.apply(Play(PIK_7))
    request = events_of(state, TurnRequested)[0]
    assert request.draw_two is True and request.drawn == (KREUZ_B, HERZ_B)
    assert request.cards_left == 9
    assert request.hand == (*HAND_B, KREUZ_B, HERZ_B)  # first request: hand includes them


def test_eight_skips_the_next_seat_and_the_player_moves_again():
    state = deal(PIK_A, [PIK_8, *HAND_A[:6]], HAND_B)
    state.drain_events()
    state.apply(Play(PIK_8))
    events = state.drain_events()
    assert events[1] == TurnAnnounced(1, PIK_8, 7, True)
    assert events[2] == TurnAnnounced(0, PIK_8, 6, False)
    assert isinstance(events[3], TurnRequested) and events[3].hand is None
    assert state.current_seat == 0


def test_jack_wish_must_be_followed_and_blocks_jacks():
    state = deal(PIK_A, [PIK_B, *HAND_A[:6]], [KARO_B, PIK_10, HERZ_10, *HAND_B[3:]])
    state.apply(Play(PIK_B, 2))  # wish Herz
    assert state.wish == 2
    with pytest.raises(InvalidMove):
        state.apply(Play(KARO_B))  # jack on a wished jack
    with pytest.raises(InvalidMove):
        state.apply(Play(PIK_10))  # the jack's own suit is not the wish
    state.apply(Play(HERZ_10))
    assert state.wish == -1


def test_wish_out_of_range_means_pik_and_is_reported():
    state = deal(HERZ_A, [PIK_B, *HAND_A[:6]], HAND_B)
    state.apply(Play(PIK_B, 9))
    request = events_of(state, TurnRequested)[-1]
    assert request.wish == 0


def test_jack_without_wish_fixed_wishes_pik_without_penalty():
    state = deal(HERZ_A, [PIK_B, *HAND_A[:6]], HAND_B)
    state.drain_events()
    state.apply(Play(PIK_B, None))
    assert state.wish == 0
    assert events_of(state, CardDrawn) == []


def test_jack_without_wish_original_plays_and_penalises():
    state = deal(HERZ_A, [PIK_B, *HAND_A[:6]], HAND_B, jack_without_wish_penalty=True)
    state.drain_events()
    state.apply(Play(PIK_B, None))
    events = state.drain_events()
    assert state.wish == -1 and state.top_card == PIK_B
    assert any(isinstance(e, CardDrawn) and e.penalty for e in events)
    assert len(state.hands[0]) == 7


def test_out_of_range_card_is_invalid_by_default():
    state = deal(KARO_A, [KARO_7, *HAND_A[:6]], HAND_B)
    with pytest.raises(InvalidMove):
        state.apply(Play(99))
    assert state.current_seat == 0 and len(state.hands[0]) == 7


def test_out_of_range_card_original_plays_card_one():
    state = deal(KARO_A, [KARO_7, *HAND_A[:6]], HAND_B, out_of_range_card_is_card_one=True)
    state.apply(Play(99))
    assert state.top_card == KARO_7


@pytest.mark.parametrize("card", [PIK_10, HERZ_7])
def test_card_not_in_hand_or_not_fitting_is_invalid_and_state_unchanged(card):
    state = deal(KARO_A, HAND_A, [HERZ_7, *HAND_B[1:]])
    before = (state.hands[0][:], state.pile[:])
    with pytest.raises(InvalidMove):
        state.apply(Play(card))
    assert (state.hands[0], state.pile) == before


def test_penalty_draws_one_card_and_ends_the_turn():
    state = deal(KARO_A, HAND_A, HAND_B, draws=[[PIK_B], []])
    state.drain_events()
    state.penalize()
    assert state.drain_events()[0] == CardDrawn(0, PIK_B, penalty=True)
    assert state.current_seat == 1 and state.penalties[0] == 1


def test_draw_reshuffles_the_discard_pile_when_the_talon_is_empty():
    state = deal(KARO_A, HAND_A, HAND_B)
    state.talon.clear()
    state.pile[:0] = [PIK_7, KARO_7]
    state.drain_events()
    state.apply(DRAW)
    drawn = events_of(state, CardDrawn)[0]
    assert drawn.card in (PIK_7, KARO_7) and state.reshuffles == 1
    assert state.pile == [KARO_A]


def test_failed_draw_ends_the_game_by_exhaustion_most_valid_plays():
    state = deal(KARO_A, [KARO_9, *HAND_A[:6]], HAND_B)
    state.apply(Play(KARO_9))  # seat 0: one valid play
    state.talon.clear()
    state.pile[:] = [state.top_card]
    state.drain_events()
    state.apply(DRAW)  # seat 1 cannot draw
    over = events_of(state, GameOver)[0]
    assert over.ending == "exhaustion" and over.outcome.winner == 0
    assert events_of(state, CardDrawn) == []


def test_exhaustion_original_rule_names_the_highest_seat():
    state = deal(KARO_A, [KARO_9, *HAND_A[:6]], HAND_B, exhaustion_winner="highest_seat")
    state.apply(Play(KARO_9))
    state.talon.clear()
    state.pile[:] = [state.top_card]
    state.apply(DRAW)
    assert outcome_of(state).winner == 1


def test_exhaustion_tie_break_fewer_cards_then_lower_seat():
    state = deal(KARO_A, HAND_A, HAND_B)
    state.hands[1].pop()
    state.talon.clear()
    state.apply(DRAW)
    assert outcome_of(state).winner == 1


def test_empty_hand_wins():
    state = deal(KARO_A, HAND_A, HAND_B)
    state.hands[0][:] = [KARO_9]
    state.apply(Play(KARO_9))
    over = next(e for e in state.drain_events() if isinstance(e, GameOver))
    assert over.outcome.winner == 0 and over.ending == "empty_hand"
    assert state.is_terminal() and state.current_seat is None and state.legal_moves() == []


def test_turn_cap_ends_the_game_by_the_exhaustion_rule():
    assert MAX_TURNS_PER_GAME == 1000
    state = deal(KARO_A, HAND_A, HAND_B, max_turns=3)
    for _ in range(3):
        state.apply(DRAW)
    over = next(e for e in state.drain_events() if isinstance(e, GameOver))
    assert over.ending == "turn_cap" and state.turns == 3


def test_leaving_player_makes_the_last_one_win():
    state = deal(KARO_A, HAND_A, HAND_B)
    state.leave(0)
    events = state.drain_events()
    assert SeatLeft(0) in events
    outcome = outcome_of(state)
    assert outcome.winner == 1 and outcome.cause is ScoreCause.LEFT and outcome.culprit == 0


def test_all_players_gone_ends_the_game_without_winner():
    hand_c = [PIK_D, HERZ_B, KREUZ_B, KARO_8, PIK_K, PIK_A, HERZ_D]
    state = deal(KARO_A, HAND_A, HAND_B, hand_c)
    state.leave(1)
    assert not state.is_terminal()
    state.leave(2)
    assert outcome_of(state).winner == 0
    state.leave(0)  # already over: no effect
    assert outcome_of(state).winner == 0
    gone = deal(KARO_A, HAND_A, HAND_B)
    gone.leave(1, 0)  # both sockets found closed at once
    over = next(e for e in gone.drain_events() if isinstance(e, GameOver))
    assert over.ending == "all_gone" and over.outcome.winner is None


def test_seven_and_eight_skip_offline_seats_in_three_player_games():
    hand_c = [PIK_D, HERZ_B, KREUZ_B, KARO_8, PIK_K, PIK_A, HERZ_D]
    state = deal(
        KARO_A, [KARO_7, *HAND_A[:6]], [KREUZ_A, *HAND_B[:6]], hand_c, draws=[[], [], [0, 1]]
    )
    state.leave(1)
    state.drain_events()
    state.apply(Play(KARO_7))
    request = events_of(state, TurnRequested)[0]
    assert request.seat == 2 and request.draw_two is True


def test_other_players_departure_keeps_the_current_turn():
    hand_c = [PIK_D, HERZ_B, KREUZ_B, KARO_8, PIK_K, PIK_A, HERZ_D]
    state = deal(KARO_A, HAND_A, HAND_B, hand_c)
    state.drain_events()
    state.leave(2)
    assert state.current_seat == 0 and not state.is_terminal()


def test_view_shows_only_the_own_hand():
    state = deal(KARO_A, HAND_A, HAND_B)
    view = state.view(1)
    assert view.hand == tuple(HAND_B)
    assert view.hand_sizes == (7, 7)
    assert not hasattr(view, "hands")


def test_card_played_event_and_clone_independence():
    state = deal(KARO_A, HAND_A, HAND_B)
    copy = state.clone()
    state.apply(Play(KARO_9))
    assert CardPlayed(0, KARO_9, -1) in state.drain_events()
    assert copy.top_card == KARO_A and KARO_9 in copy.hands[0]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), choice_seed=st.integers(0, 99))
def test_random_legal_playouts_keep_every_card_and_end(seed, players, choice_seed):
    state = MauMauGame().new_initial_state(SeededRandom(seed), players)
    chooser = SeededRandom(choice_seed)
    while not state.is_terminal():
        moves = state.legal_moves()
        assert moves and DRAW in moves
        plays = [m for m in moves if m != DRAW]
        state.apply(chooser.choice(plays) if plays and chooser.random() < 0.9 else DRAW)
        cards = [*state.pile, *state.talon, *(c for hand in state.hands for c in hand)]
        assert sorted(cards) == list(range(32))
    assert state.turns <= MAX_TURNS_PER_GAME
    assert state.outcome() is not None


def test_emptied_hand_wins_even_after_a_failed_draw_two():
    fixed = deal(KARO_A, [KARO_7, *HAND_A[:6]], HAND_B)
    fixed.talon.clear()
    fixed.apply(Play(KARO_7))  # seat 1 must draw two, but no card is left
    request = events_of(fixed, TurnRequested)[-1]
    assert request.draw_two is None and request.seat == 1
    fixed.hands[1][:] = [KARO_10]
    fixed.apply(Play(KARO_10))
    assert outcome_of(fixed).winner == 1 and outcome_of(fixed).reason == "empty hand"
    original = deal(KARO_A, [KARO_7, *HAND_A[:6]], HAND_B, win_before_exhaustion=False)
    original.talon.clear()
    original.apply(Play(KARO_7))
    original.hands[1][:] = [KARO_10]
    original.apply(Play(KARO_10))
    assert outcome_of(original).reason == "no cards left to draw"


@pytest.mark.parametrize(("uses_last", "first"), [(True, PIK_K), (False, None)])
def test_draw_two_with_one_card_left(uses_last, first):
    state = deal(KARO_A, [KARO_7, *HAND_A[:6]], HAND_B, draw_two_uses_last_card=uses_last)
    state.talon[:] = [PIK_K]
    state.pile[:0] = [PIK_7, PIK_8, PIK_9]  # below the top card: reshuffled
    state.apply(Play(KARO_7))
    request = events_of(state, TurnRequested)[-1]
    assert request.draw_two is True and len(request.drawn) == 2
    if first is not None:
        assert request.drawn[0] == first  # the last talon card goes out first
        assert request.drawn[1] in (PIK_7, PIK_8, PIK_9)
    else:  # original: the reshuffled cards lie on top of the last card
        assert PIK_K not in request.drawn and state.talon[0] == PIK_K


def test_implements_the_core_game_protocols():
    # mypy checks the structural match of the state; Game[MauMauState] does not type-check
    # because core bounds Game's state by GameState[object] (same limitation as the others).
    game = MauMauGame()
    state: GameState[Move] = game.new_initial_state(SeededRandom(1), 2)
    assert (game.name, game.min_players, game.max_players) == ("maumau", 2, 4)
    assert state.players == 2 and state.current_seat == 0
    assert state.returns() == (0.5, 0.5) and state.scores(0) == (0, 7)
