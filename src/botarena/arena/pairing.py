"""The values the arena's ladder is made of, shared by the matchmaker, the ratings and the
storage: who may play (:class:`Entrant`), what was asked for (:class:`Challenge`), what the
matchmaker hands out (:class:`Pairing`) and what a finished match says (:class:`MatchOutcome`).

Submissions are named by their id in the arena's database; nothing here touches storage.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Entrant:
    """An accepted, active submission that the ladder may pair."""

    submission: int
    team: str
    mu: float
    sigma: float
    recent_games: int
    """Games it played in the matchmaker's recent window (the fewest are paired first)."""
    last_opponents: tuple[int, ...] = ()
    """The submissions of its latest match (no immediate rematch)."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """An unrated match a team asked for: its active submission against ``opponent``."""

    id: int
    challenger: int
    opponent: int


@dataclass(frozen=True, slots=True)
class Pairing:
    """One match to play: the submissions in seat order."""

    seats: tuple[int, ...]
    rated: bool
    challenge: int | None = None
    """The :class:`Challenge` id it answers (unrated), else ``None``."""


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """A finished match for the ratings: the submissions in seat order and each seat's
    rank (1 = best, equal ranks = a draw); ``void`` (an error, an ``infra_error``): not
    rated."""

    seats: tuple[int, ...]
    ranks: tuple[int, ...]
    void: bool = False
    rated: bool = True
    """``False`` for an unrated match (a challenge, a validation game): the ratings skip it,
    as they skip a void one."""
