"""Result assembly (spec §4.5): causes, reasons, match points, statistics and the winner.

The rules of a plugin only say how a game ended regularly; the framework turns that, or the
violation that ended it, into the official per-slot scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from botarena.core import GameResult, ScoreCause, SlotScore, match_points
from botarena.core.score import DRAW_POINTS, LOSS_POINTS, WIN_POINTS
from botarena.protocol import sc_messages
from botarena.protocol.sc_plugin import Element, GameMatch, GamePlugin, SlotEnd
from botarena.server import wire


def build_result(
    match: GameMatch,
    ends: Mapping[int, SlotEnd] | None,
    slots: int,
    *,
    draw: bool = False,
    empty_compliant_reason: bool = False,
    violator_parts_zero: bool = False,
) -> GameResult:
    """The official result of ``match``.

    ``ends`` maps violating slots to their cause; ``None`` means the rules ended the game
    (``match.outcome()`` must then be set). ``draw`` scores a stopped game as a draw.
    ``empty_compliant_reason`` (2021+): every ``REGULAR`` score gets the reason ``""``.
    ``violator_parts_zero`` (2026+): a violator's statistics are 0 too (official
    ``emptyScore``).
    """
    result = _build_result(match, ends, slots, draw)
    summary = _summary(match, ends, draw)
    scores = result.scores
    if violator_parts_zero:
        scores = tuple(
            s
            if s.cause is ScoreCause.REGULAR
            else SlotScore(s.cause, s.reason, (0,) * len(s.parts))
            for s in scores
        )
    if empty_compliant_reason:
        scores = tuple(
            SlotScore(s.cause, "", s.parts) if s.cause is ScoreCause.REGULAR else s for s in scores
        )
    return GameResult(scores=scores, winner=result.winner, reason=summary)


TIE_REASON = "Beide Spieler sind gleichauf"
"""The official ``WinReasonTie`` text (a game stopped while it runs is scored as a tie)."""


def _summary(match: GameMatch, ends: Mapping[int, SlotEnd] | None, draw: bool) -> str:
    if ends:
        return next(iter(ends.values())).reason
    outcome = match.outcome()
    if outcome is not None and not draw:
        return outcome.reason
    return TIE_REASON


def _build_result(
    match: GameMatch, ends: Mapping[int, SlotEnd] | None, slots: int, draw: bool
) -> GameResult:
    scores: list[SlotScore] = []
    official = match.result_override(dict(ends or {}))
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
            points = match_points(outcome, slot)
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
    return GameResult.from_scores(scores)


def result_element(
    room_id: str,
    plugin: GamePlugin,
    match: GameMatch,
    result: GameResult,
    names: Sequence[str] = (),
) -> Element:
    """The room message ``<room><data class="result">…`` for players, observers and replays.

    ``names``: the display names in slot order (the 2026+ result lists the players)."""
    if plugin.profile.team_result:
        return _team_result_element(room_id, plugin, result, names)
    winner = match.winner_element(result.winner) if result.winner is not None else None
    return wire.result(
        room_id,
        plugin.score_definition,
        [(s.cause.value, s.reason, s.parts) for s in result.scores],
        winner,
    )


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


def _team_result_element(
    room_id: str, plugin: GamePlugin, result: GameResult, names: Sequence[str]
) -> Element:
    entries = [
        sc_messages.TeamEntry(
            names[slot] if slot < len(names) else "",
            plugin.welcome_color(slot),
            tuple(wire.part_text(part) for part in score.parts),
        )
        for slot, score in enumerate(result.scores)
    ]
    winner_team = None if result.winner is None else plugin.welcome_color(result.winner)
    return sc_messages.team_result(
        room_id,
        plugin.score_definition,
        entries,
        winner_team=winner_team,
        regular=result.is_regular,
        reason=result.reason,
    )
