"""The ladder's matchmaker: challenges first (unrated), then the entrants with the fewest
recent games, each against an opponent of close rating sampled from the rest, avoiding an
immediate rematch; a pairing of two seats is played twice with the sides swapped."""

from __future__ import annotations

import random
from collections.abc import Sequence

from botarena.arena.pairing import Challenge, Entrant, Pairing

CLOSEST_OPPONENTS = 3
"""The opponent is sampled from this many entrants of the closest mu."""


def next_pairings(
    entrants: Sequence[Entrant],
    challenges: Sequence[Challenge],
    *,
    table_sizes: Sequence[int],
    rng: random.Random,
    count: int,
) -> list[Pairing]:
    """About ``count`` pairings: the swapped repeat of the last one may be one more."""
    pairings: list[Pairing] = []
    for challenge in challenges:
        if len(pairings) >= count:
            return pairings
        pairings.append(
            Pairing((challenge.challenger, challenge.opponent), rated=False, challenge=challenge.id)
        )
    size = min(table_sizes)
    if len(entrants) < size:
        return pairings
    queue = sorted(entrants, key=lambda e: (e.recent_games, e.submission))
    for entrant in queue:
        if len(pairings) >= count:
            break
        others = [e for e in entrants if e.team != entrant.team]
        fresh = [e for e in others if e.submission not in entrant.last_opponents]
        pool = fresh if len(fresh) >= size - 1 else others
        if len(pool) < size - 1:
            continue
        pool.sort(key=lambda e: (abs(e.mu - entrant.mu), e.submission))
        closest = pool[: max(CLOSEST_OPPONENTS, size - 1)]
        opponents = rng.sample(closest, size - 1)
        seats: tuple[int, ...] = (entrant.submission, *(o.submission for o in opponents))
        pairings.append(Pairing(seats, rated=True))
        if size == 2:
            pairings.append(Pairing((seats[1], seats[0]), rated=True))
    return pairings
