"""One rule for a result's winner and for a bot's share of a game."""

from __future__ import annotations

import pytest

from botarena.core import GameResult, ScoreCause, SlotScore


def score(points: int, cause: ScoreCause = ScoreCause.REGULAR) -> SlotScore:
    return SlotScore(cause, None, (points, 7))


def test_the_winner_is_the_slot_with_the_win_points():
    assert GameResult.from_scores([score(0), score(2)]).winner == 1
    assert GameResult.from_scores([score(1), score(1)]).winner is None


@pytest.mark.parametrize(
    ("points", "shares"),
    [((2, 0), (1.0, 0.0)), ((1, 1), (0.5, 0.5)), ((0, 2), (0.0, 1.0)), ((0, 0), (None, None))],
)
def test_share_of_a_game_and_void_games(points, shares):
    result = GameResult.from_scores([score(points[0]), score(points[1], ScoreCause.LEFT)])
    assert (result.share_of(0), result.share_of(1)) == shares
    assert not result.is_regular
