from __future__ import annotations

import pytest

from botarena.core import Outcome, ScoreCause, match_points


def test_regular_win_gives_two_and_zero_points() -> None:
    outcome = Outcome(winner=1, reason="Das Rundenlimit wurde erreicht.")
    assert outcome.is_regular and not outcome.is_draw
    assert [match_points(outcome, seat) for seat in (0, 1)] == [0, 2]
    assert outcome.returns() == (0.0, 1.0)


def test_draw_gives_one_point_each() -> None:
    outcome = Outcome(winner=None)
    assert outcome.is_draw
    assert [match_points(outcome, seat) for seat in (0, 1)] == [1, 1]
    assert outcome.returns() == (0.5, 0.5)


def test_violation_makes_the_other_seat_win() -> None:
    outcome = Outcome.violation(0, ScoreCause.SOFT_TIMEOUT, "zu langsam")
    assert outcome.winner == 1 and outcome.culprit == 0 and not outcome.is_regular
    assert [match_points(outcome, seat) for seat in (0, 1)] == [0, 2]


def test_violation_in_a_four_player_game_has_no_designated_winner() -> None:
    outcome = Outcome.violation(2, ScoreCause.LEFT, "left", players=4)
    assert outcome.winner is None
    assert match_points(outcome, 2) == 0 and match_points(outcome, 0) == 1
    assert outcome.returns(4) == (1.0, 1.0, 0.0, 1.0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"winner": 0, "culprit": 1}, "regular outcome has no culprit"),
        ({"winner": 0, "cause": ScoreCause.LEFT}, "needs a culprit"),
        ({"winner": 0, "cause": ScoreCause.LEFT, "culprit": 0}, "cannot be the winner"),
    ],
)
def test_inconsistent_outcomes_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Outcome(**kwargs)  # type: ignore[arg-type]
