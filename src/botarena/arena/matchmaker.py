"""Who plays next on the ladder, as a pure function of the entrants, the open challenges and a
seeded generator (nothing here touches storage).

1. Challenges first (unrated), in the order of their ids, each a two-seat game between two
   entrants of different teams; one naming a submission that is not an entrant, or two
   submissions of one team, or asked of a game without two-seat tables, gets no pairing (the
   arena cancels it).
2. Then ranked tables: the entrant with the fewest recent games (ties in a seeded random
   order) against opponents sampled from the others with weight
   ``exp(-(mu_a - mu_b)^2 / (2 PAIRING_WIDTH_MU^2))``, only from other teams, each table of
   pairwise different teams. When no eligible opponent is within ``FAR_DISTANCE_MU`` (the
   Gaussian weights are then all but zero), the nearest one is taken. A table is never the
   same set of submissions as the latest match of one of its members (no immediate rematch),
   unless the least-played entrant has no other opponent (only two entrants, say): playing
   the least-played comes first. Every table counts as a game for
   its members, so one call that asks for more tables than there are entrants pairs them
   again in the same order of fewest games.
3. Two-seat games (``table_sizes == (2,)``, every Software-Challenge game): every pairing is
   returned twice, the second time with the seats swapped; both count towards ``count``,
   which is rounded up to an even number (a pair is never split). Larger tables (Mau-Mau,
   ``(2, 3, 4)``): the largest size that enough teams can fill, seats in a seeded random
   order.

The same inputs and the same generator state give the same pairings, whatever the order of
``entrants``.
"""

from __future__ import annotations

import heapq
import math
import random
from collections import Counter
from collections.abc import Sequence

import numpy as np

from botarena.arena.pairing import Challenge, Entrant, Pairing
from botarena.league import formats

PAIRING_WIDTH_MU = 5.0
"""Width (standard deviation, in OpenSkill mu) of the Gaussian that weights an opponent by
its rating distance: 5 mu apart is weighted 0.61, 10 apart 0.14, 15 apart 0.01."""
FAR_DISTANCE_MU = 4 * PAIRING_WIDTH_MU
"""When every eligible opponent is farther than this, the nearest one is taken instead of a
Gaussian draw (whose weights would all but vanish)."""
MIN_TABLE, MAX_TABLE = formats.MIN_TABLE, formats.MAX_TABLE
"""Seats per game (the league's): Software-Challenge games have 2, Mau-Mau tables 2 to 4."""
MAX_COUNT = 100_000
"""Most pairings one call may ask for."""
TWO_SEATS = (2,)


def next_pairings(
    entrants: Sequence[Entrant],
    challenges: Sequence[Challenge],
    *,
    table_sizes: tuple[int, ...],
    rng: random.Random,
    count: int,
) -> list[Pairing]:
    """Up to ``count`` pairings (challenges first, then ranked tables; see the module).

    Raises ``ValueError`` on duplicate entrant or challenge ids, table sizes outside
    ``MIN_TABLE``..``MAX_TABLE`` and a ``count`` outside 0..``MAX_COUNT``. Fewer than two
    entrants, or entrants of fewer teams than the smallest table, give no ranked pairing.
    """
    _check(entrants, challenges, table_sizes, count)
    swap = table_sizes == TWO_SEATS
    wanted = count + (count % 2 if swap else 0)
    by_id = {entrant.submission: entrant for entrant in entrants}
    pairings: list[Pairing] = []
    for challenge in sorted(challenges, key=lambda c: c.id):
        if len(pairings) >= wanted:
            return pairings
        challenger, opponent = by_id.get(challenge.challenger), by_id.get(challenge.opponent)
        if challenger is None or opponent is None or challenger.team == opponent.team:
            continue
        if MIN_TABLE not in table_sizes:
            continue
        seats = (challenger.submission, opponent.submission)
        pairings.append(Pairing(seats, rated=False, challenge=challenge.id))
        if swap:
            pairings.append(Pairing(seats[::-1], rated=False, challenge=challenge.id))
    if len(pairings) < wanted and len(entrants) >= MIN_TABLE:
        ladder = _Ladder(entrants, table_sizes, rng, games_per_table=2 if swap else 1)
        while len(pairings) < wanted:
            table = ladder.next_table()
            if table is None:
                break
            pairings.append(Pairing(table, rated=True))
            if swap:
                pairings.append(Pairing(table[::-1], rated=True))
    return pairings


def _check(
    entrants: Sequence[Entrant],
    challenges: Sequence[Challenge],
    table_sizes: tuple[int, ...],
    count: int,
) -> None:
    if not 0 <= count <= MAX_COUNT:
        raise ValueError(f"count must be 0..{MAX_COUNT}, got {count}")
    check_table_sizes(table_sizes)
    for what, ids in (
        ("entrant submission", Counter(entrant.submission for entrant in entrants)),
        ("challenge", Counter(challenge.id for challenge in challenges)),
    ):
        twice = sorted(i for i, n in ids.items() if n > 1)
        if twice:
            raise ValueError(f"duplicate {what} ids: {twice}")
    for entrant in entrants:
        if not (math.isfinite(entrant.mu) and math.isfinite(entrant.sigma)):
            raise ValueError(f"entrant {entrant.submission} has a rating that is not finite")


def check_table_sizes(table_sizes: tuple[int, ...]) -> None:
    """``ValueError`` unless one or more table sizes, each ``MIN_TABLE``..``MAX_TABLE``."""
    if not table_sizes or any(not MIN_TABLE <= size <= MAX_TABLE for size in table_sizes):
        raise ValueError(f"table sizes must be {MIN_TABLE}..{MAX_TABLE}, got {table_sizes}")


class _Ladder:
    """The ranked part: a heap of (games, seeded tie-break, entrant), the ratings and teams
    as arrays, and the latest match (itself included) of each entrant that played in this
    call (the others' comes from their ``last_opponents``)."""

    def __init__(
        self,
        entrants: Sequence[Entrant],
        table_sizes: tuple[int, ...],
        rng: random.Random,
        games_per_table: int,
    ) -> None:
        self.entrants = sorted(entrants, key=lambda entrant: entrant.submission)
        self.rng = rng
        self.games_per_table = games_per_table
        self.mu = np.array([entrant.mu for entrant in self.entrants], dtype=float)
        codes: dict[str, int] = {}
        self.team = np.array([codes.setdefault(e.team, len(codes)) for e in self.entrants])
        self.size = max((size for size in table_sizes if size <= len(codes)), default=None)
        self.games = [entrant.recent_games for entrant in self.entrants]
        self.latest: dict[int, frozenset[int]] = {}
        self.heap = [(games, rng.random(), i) for i, games in enumerate(self.games)]
        heapq.heapify(self.heap)

    def next_table(self) -> tuple[int, ...] | None:
        """The next ranked table in seat order, ``None`` when entrants of too few teams."""
        if self.size is None:
            return None
        while True:
            games, _, focus = self.heap[0]
            if games == self.games[focus]:
                break
            heapq.heappop(self.heap)
        table = self._table(focus, self.size)
        seats = [self.entrants[member].submission for member in table]
        for member in table:
            self.games[member] += self.games_per_table
            self.latest[member] = frozenset(seats)
            heapq.heappush(self.heap, (self.games[member], self.rng.random(), member))
        if self.size > MIN_TABLE:
            self.rng.shuffle(seats)
        return tuple(seats)

    def _table(self, focus: int, size: int) -> list[int]:
        """``focus`` and ``size - 1`` opponents of other teams (pairwise), close in rating;
        the last seat is drawn again while it makes a rematch and others are left."""
        table = [focus]
        allowed = self.team != self.team[focus]
        distance = np.abs(self.mu - self.mu[focus])
        near = distance <= FAR_DISTANCE_MU
        weights = np.exp(-0.5 * (distance / PAIRING_WIDTH_MU) ** 2)
        for seat in range(1, size):
            candidates = allowed
            chosen = self._draw(distance, near, weights, candidates)
            while seat == size - 1 and self._rematch([*table, chosen]):
                if candidates is allowed:
                    candidates = allowed.copy()
                candidates[chosen] = False
                if not candidates.any():
                    break
                chosen = self._draw(distance, near, weights, candidates)
            table.append(chosen)
            allowed = allowed & (self.team != self.team[chosen])
        return table

    def _rematch(self, table: list[int]) -> bool:
        """``table`` is the latest match of one of its members."""
        match = frozenset(self.entrants[member].submission for member in table)
        return any(self._latest(member) == match for member in table)

    def _latest(self, member: int) -> frozenset[int]:
        if member not in self.latest:
            entrant = self.entrants[member]
            self.latest[member] = frozenset({entrant.submission, *entrant.last_opponents})
        return self.latest[member]

    def _draw(
        self, distance: np.ndarray, near: np.ndarray, weights: np.ndarray, candidates: np.ndarray
    ) -> int:
        """One of ``candidates`` (a non-empty mask) drawn by ``weights`` among those ``near``
        (within ``FAR_DISTANCE_MU``); the nearest by ``distance`` when none is near."""
        eligible = candidates & near
        if not eligible.any():
            nearest = np.flatnonzero(candidates & (distance == distance[candidates].min()))
            return int(nearest[int(self.rng.random() * len(nearest))])
        cumulative = np.cumsum(np.where(eligible, weights, 0.0))
        pick = np.searchsorted(cumulative, self.rng.random() * cumulative[-1], side="right")
        return int(min(pick, len(cumulative) - 1))
