"""Final scores and the ``<winner>`` of a Hase und Igel 2018 game (spec 4.3, 4.4).

The score of each player is (cause, reason, [Siegpunkte, field index, carrots]), computed from
the final state, which after an invalid move is the partially updated one (no rollback).
Irregular ends that the rules cannot see (a player left or timed out) come from the server as
an :class:`botarena.core.Outcome`.
"""

from __future__ import annotations

from dataclasses import dataclass

from botarena.core import Outcome, ScoreAggregation, ScoreCause, ScoreFragment, Seat
from botarena.games.hase_und_igel.rules import REASON_LEFT, HaseUndIgelState

GAME_TYPE = "swc_2018_hase_und_igel"
"""The official game type of the Software-Challenge 2018 server."""

SCORE_FRAGMENTS: tuple[ScoreFragment, ...] = (
    ScoreFragment("∅ Feldnummer", ScoreAggregation.AVERAGE),
    ScoreFragment("∅ Karotten", ScoreAggregation.AVERAGE),
)
"""The fragments after ``Gewinner`` (which every game has first). ``∅`` is U+2205."""
WINNER_FRAGMENT = ScoreFragment("Gewinner", ScoreAggregation.SUM)

REASON_SOFT_TIMEOUT = (
    "Der Spieler hat innerhalb von 2 Sekunden nach Aufforderung keinen Zug gesendet"
)
REASON_HARD_TIMEOUT = (
    "Der Spieler hat innerhalb von 10 Sekunden nach Aufforderung keinen Zug gesendet"
)

_CAUSE_REASONS = {
    ScoreCause.SOFT_TIMEOUT: REASON_SOFT_TIMEOUT,
    ScoreCause.HARD_TIMEOUT: REASON_HARD_TIMEOUT,
    ScoreCause.LEFT: REASON_LEFT,
}


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One ``<score>`` of the result: cause, optional reason and the three parts."""

    cause: ScoreCause
    reason: str | None
    points: int
    index: int
    carrots: int

    @property
    def parts(self) -> tuple[int, int, int]:
        return (self.points, self.index, self.carrots)


def _end_of(state: HaseUndIgelState, irregular: Outcome | None) -> Outcome | None:
    if irregular is not None and not irregular.is_regular:
        return irregular
    outcome = state.outcome()
    if outcome is not None and not outcome.is_regular:
        return outcome
    return None


def official_scores(
    state: HaseUndIgelState, irregular: Outcome | None = None
) -> tuple[PlayerScore, PlayerScore]:
    """RED's and BLUE's score as the official server computes them (spec 4.3).

    ``irregular`` is an end the server decided (LEFT, SOFT_TIMEOUT, HARD_TIMEOUT); a rule
    violation recorded in ``state`` is used otherwise.
    """
    end = _end_of(state, irregular)
    condition = state.win_condition()
    scores = []
    for seat in (0, 1):
        points, reason = 1, None
        if condition is not None:
            reason = condition.reason
            points = 2 if condition.winner == seat else 0
        cause = ScoreCause.REGULAR
        if end is not None:
            if end.culprit == seat:
                cause = end.cause
                points = 0
                reason = end.reason if cause is ScoreCause.RULE_VIOLATION else _reason_of(cause)
            else:
                points = 2
        player = state.player_states[seat]
        scores.append(PlayerScore(cause, reason, points, player.index, player.carrots))
    return scores[0], scores[1]


def _reason_of(cause: ScoreCause) -> str | None:
    return _CAUSE_REASONS.get(cause)


def result_winner(state: HaseUndIgelState, irregular: Outcome | None = None) -> Seat | None:
    """The seat named in the result's ``<winner>`` (spec 4.4).

    The win condition of the final state wins over the points, which reproduces the official
    anomaly: a violator whose partial move reached the goal is named winner (TC-62).
    """
    condition = state.win_condition()
    if condition is not None:
        return condition.winner
    for seat, score in enumerate(official_scores(state, irregular)):
        if score.points == 2:
            return seat
    return None
