"""Result assembly (spec §4.5): causes, reasons, match points, statistics and the winner.

The rules of a plugin only say how a game ended regularly; the framework turns that, or the
violation that ended it, into the official per-slot scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from botarena.core import Outcome, ScoreCause
from botarena.core.score import DRAW_POINTS, LOSS_POINTS, WIN_POINTS
from botarena.server import wire
from botarena.server.plugin import Element, GameMatch, GamePlugin


@dataclass(frozen=True, slots=True)
class SlotEnd:
    """How one slot's game ended when it was not by the rules."""

    cause: ScoreCause
    reason: str


@dataclass(frozen=True, slots=True)
class SlotScore:
    cause: ScoreCause
    reason: str | None
    parts: tuple[int | float | str, ...]

    @property
    def match_points(self) -> int:
        return int(self.parts[0])


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: one score per slot and the winning slot (``None``: draw / nobody)."""

    scores: tuple[SlotScore, ...]
    winner: int | None

    @property
    def is_regular(self) -> bool:
        return all(score.cause is ScoreCause.REGULAR for score in self.scores)


def build_result(
    match: GameMatch,
    ends: Mapping[int, SlotEnd] | None,
    slots: int,
    *,
    draw: bool = False,
    empty_compliant_reason: bool = False,
) -> GameResult:
    """The official result of ``match``.

    ``ends`` maps violating slots to their cause; ``None`` means the rules ended the game
    (``match.outcome()`` must then be set). ``draw`` scores a stopped game as a draw.
    ``empty_compliant_reason`` (2021+): every ``REGULAR`` score gets the reason ``""``.
    """
    result = _build_result(match, ends, slots, draw)
    if not empty_compliant_reason:
        return result
    scores = tuple(
        SlotScore(s.cause, "", s.parts) if s.cause is ScoreCause.REGULAR else s
        for s in result.scores
    )
    return GameResult(scores=scores, winner=result.winner)


def _build_result(
    match: GameMatch, ends: Mapping[int, SlotEnd] | None, slots: int, draw: bool
) -> GameResult:
    scores: list[SlotScore] = []
    override = getattr(match, "result_override", None)
    official = None if override is None else override(dict(ends or {}))
    if official is not None:
        lines, winner = official
        scores = [SlotScore(cause, reason or None, tuple(parts)) for cause, reason, parts in lines]
        return GameResult(scores=tuple(scores), winner=winner)
    if draw:
        for slot in range(slots):
            parts = (DRAW_POINTS, *match.statistics(slot))
            scores.append(SlotScore(ScoreCause.REGULAR, None, parts))
    elif ends is None:
        outcome = match.outcome()
        if outcome is None:
            raise ValueError("a regular result needs a finished game")
        for slot in range(slots):
            points = _regular_points(outcome, slot)
            reason = outcome.reason or None
            scores.append(SlotScore(ScoreCause.REGULAR, reason, (points, *match.statistics(slot))))
    else:
        for slot in range(slots):
            end = ends.get(slot)
            stats = tuple(match.statistics(slot))
            if end is not None:
                scores.append(SlotScore(end.cause, end.reason or None, (LOSS_POINTS, *stats)))
            else:
                scores.append(SlotScore(ScoreCause.REGULAR, None, (WIN_POINTS, *stats)))
    winner = next((i for i, s in enumerate(scores) if s.match_points == WIN_POINTS), None)
    return GameResult(scores=tuple(scores), winner=winner)


def result_element(
    room_id: str, plugin: GamePlugin, match: GameMatch, result: GameResult
) -> Element:
    """The room message ``<room><data class="result">…`` for players, observers and replays."""
    winner = match.winner_element(result.winner) if result.winner is not None else None
    return wire.result(
        room_id,
        plugin.score_definition,
        [(s.cause.value, s.reason, s.parts) for s in result.scores],
        winner,
    )


def _regular_points(outcome: Outcome, slot: int) -> int:
    if outcome.winner is None:
        return DRAW_POINTS
    return WIN_POINTS if outcome.winner == slot else LOSS_POINTS


def describe(result: GameResult, names: Sequence[str]) -> str:
    """One log line's worth: the winner, then each player's cause and reason."""

    def name(index: int) -> str:
        return repr(names[index]) if index < len(names) else f"slot {index}"

    winner = "draw" if result.winner is None else f"winner {name(result.winner)}"
    slots = "; ".join(
        f"{name(index)} {score.cause.name}" + (f" ({score.reason})" if score.reason else "")
        for index, score in enumerate(result.scores)
    )
    return f"{winner}; {slots}"
