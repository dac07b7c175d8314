"""Which games a tournament format plays, as a pure function of its settings, the entrants,
the base seed and the results so far.

Every format is a sequence of rounds. A round's games are known once the rounds before it
are complete, so :func:`plan` returns the games of every round that can be scheduled now
(with stable indices: the same results always give the same games in the same order) and
whether the tournament is over. An interrupted tournament resumes by calling it again.

* A *pairing* (two bots, or a Mau-Mau table of up to four) plays ``games_per_pairing``
  games in groups of ``k`` = table size: the games of one group share one seed (one board or
  deal) and rotate the seats, so each bot plays that deal from every seat (with two seats:
  paired seeds, sides swapped). Group ``g`` of round ``r`` has the same seed in every pairing
  of the round: all pairings play the same deals.
* ``roundrobin``: every pairing (every ``k``-subset) once, ordered by the circle method so
  the bots' games are spread over the run. ``gauntlet``: the challenger against every
  other bot (or every table of it and ``k - 1`` others).
* ``swiss``: ``rounds`` rounds; each round pairs bots with equal or near match points that
  have not met yet (greedy from the top, a rematch only when nothing else is left); with an
  odd field the lowest-ranked bot without a bye gets one (a win's match points, no game).
* ``ko``: a bracket padded to a power of two with byes for the first-drawn entrants; each
  match plays all ``best_of`` games; a tie in match points adds pairs of games (sides
  swapped) up to ``KO_MAX_TIEBREAK_PAIRS``, then a seeded coin decides.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import asdict, dataclass, field
from typing import Any

from botarena.core import SeededRandom
from botarena.runner.record import GameRecord

FORMATS = ("roundrobin", "gauntlet", "swiss", "ko")
MIN_TABLE, MAX_TABLE = 2, 4
"""Seats per game: SC games have 2, Mau-Mau tables 2 to 4."""
MAX_GAMES_PER_PAIRING = 1000
MAX_ROUNDS = 100
"""Most Swiss rounds accepted."""
MAX_BEST_OF = 99
KO_MAX_TIEBREAK_PAIRS = 3
"""Extra game pairs a tied K.O. match plays before a seeded coin decides it."""
SWISS_SEARCH_LIMIT = 100_000
"""Steps the Swiss pairing search may take before it accepts a rematch."""
MAX_SCHEDULED_GAMES = 2_000_000
"""A schedule larger than this is refused (round robin of many bots with big tables)."""


class FormatError(ValueError):
    """Settings no format can play (the message says why)."""


@dataclass(frozen=True, slots=True)
class FormatSettings:
    format: str
    table_size: int = 2
    games_per_pairing: int = 2
    rounds: int | None = None
    """Swiss rounds (default: ceil(log2(bots)) + 1)."""
    challenger: str | None = None
    """Gauntlet: the label of the challenger."""
    best_of: int = 3

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class PlannedGame:
    index: int
    round: int
    pairing: int
    """Number of the pairing (match, table) within the tournament."""
    seats: tuple[str, ...]
    """Entrant labels in seat order (seat 0 moves first)."""
    seed: int


@dataclass(slots=True)
class Plan:
    games: list[PlannedGame] = field(default_factory=list)
    byes: list[tuple[int, str]] = field(default_factory=list)
    """(round, label): a Swiss bye (counts as a win) or a K.O. bye (advances)."""
    complete: bool = False
    ko_rounds: list[list[dict[str, Any]]] = field(default_factory=list)
    """K.O.: per round, its matches (``a``, ``b``, ``points``, ``winner``, ``decided_by``)."""
    champion: str | None = None


def validate(settings: FormatSettings, labels: list[str]) -> None:
    k = settings.table_size
    if settings.format not in FORMATS:
        raise FormatError(f"unknown format {settings.format!r}; choose one of {', '.join(FORMATS)}")
    if not MIN_TABLE <= k <= MAX_TABLE:
        raise FormatError(f"table size must be {MIN_TABLE}..{MAX_TABLE}, got {k}")
    if len(labels) < k:
        raise FormatError(f"a tournament at tables of {k} needs at least {k} bots")
    if not 1 <= settings.games_per_pairing <= MAX_GAMES_PER_PAIRING:
        raise FormatError(f"games per pairing must be 1..{MAX_GAMES_PER_PAIRING}")
    if settings.format in ("swiss", "ko") and k != 2:
        raise FormatError(f"--format {settings.format} plays two-seat matches; use --table-size 2")
    if settings.format == "swiss" and not 1 <= (settings.rounds or 1) <= MAX_ROUNDS:
        raise FormatError(f"Swiss rounds must be 1..{MAX_ROUNDS}, got {settings.rounds}")
    if settings.format == "ko" and not (
        1 <= settings.best_of <= MAX_BEST_OF and settings.best_of % 2 == 1
    ):
        raise FormatError(f"--best-of must be odd and 1..{MAX_BEST_OF}, got {settings.best_of}")
    if settings.format == "gauntlet" and settings.challenger not in labels:
        raise FormatError("a gauntlet needs --challenger BOT")
    if settings.format == "roundrobin":
        total = math.comb(len(labels), k) * settings.games_per_pairing
        if total > MAX_SCHEDULED_GAMES:
            raise FormatError(f"{total} games exceed the limit of {MAX_SCHEDULED_GAMES}")


def swiss_rounds(settings: FormatSettings, bots: int) -> int:
    if settings.rounds is not None:
        return settings.rounds
    return max(1, math.ceil(math.log2(max(2, bots))) + 1)


def group_seed(base_seed: int, round_number: int, group: int) -> int:
    return SeededRandom(base_seed).derive(f"round-{round_number}-group-{group}").seed_value


class _Builder:
    """Appends games with consecutive indices."""

    def __init__(self, base_seed: int, games_per_pairing: int) -> None:
        self.base_seed = base_seed
        self.games_per_pairing = games_per_pairing
        self.games: list[PlannedGame] = []
        self.pairings = 0

    def pairing(
        self, round_number: int, table: tuple[str, ...], count: int | None = None, first: int = 0
    ) -> int:
        """``count`` games (default: games per pairing) of one table, from game ``first``."""
        number = self.pairings
        self.pairings += 1
        self.add(round_number, number, table, count, first)
        return number

    def add(
        self,
        round_number: int,
        number: int,
        table: tuple[str, ...],
        count: int | None = None,
        first: int = 0,
    ) -> None:
        k = len(table)
        for game in range(first, first + (self.games_per_pairing if count is None else count)):
            rotation = game % k
            seats = table[rotation:] + table[:rotation]
            seed = group_seed(self.base_seed, round_number, game // k)
            self.games.append(PlannedGame(len(self.games), round_number, number, seats, seed))


def circle_pairs(labels: list[str]) -> list[tuple[str, str]]:
    """All pairs, round by round (circle method): each bot plays once per round."""
    players: list[str | None] = list(labels)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    pairs: list[tuple[str, str]] = []
    for _ in range(n - 1):
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b))
        players = [players[0], players[-1], *players[1:-1]]
    return pairs


def _points(results: dict[int, GameRecord], byes: list[tuple[int, str]]) -> dict[str, int]:
    points: dict[str, int] = {}
    for record in results.values():
        for label, value in record.points_by_bot().items():
            points[label] = points.get(label, 0) + int(value)
    for _, label in byes:
        points[label] = points.get(label, 0) + 2
    return points


def _swiss_pairs(order: list[str], met: set[frozenset[str]]) -> list[tuple[str, str]]:
    """Pairs in ranking order without rematches (depth-first: the top bot takes the best
    partner that still lets everyone below be paired); a rematch only when no such pairing
    exists or the search exceeds ``SWISS_SEARCH_LIMIT`` steps (then greedily from the top)."""
    steps = 0

    def search(free: list[str]) -> list[tuple[str, str]] | None:
        nonlocal steps
        if not free:
            return []
        top, rest = free[0], free[1:]
        for partner in rest:
            steps += 1
            if steps > SWISS_SEARCH_LIMIT:
                return None
            if frozenset((top, partner)) in met:
                continue
            tail = search([label for label in rest if label != partner])
            if tail is not None:
                return [(top, partner), *tail]
        return None

    found = search(list(order))
    if found is not None:
        return found
    pairs: list[tuple[str, str]] = []
    free = list(order)
    while len(free) >= 2:
        top = free.pop(0)
        partner = next((other for other in free if frozenset((top, other)) not in met), free[0])
        free.remove(partner)
        pairs.append((top, partner))
    return pairs


def _plan_swiss(
    settings: FormatSettings, labels: list[str], seed: int, results: dict[int, GameRecord]
) -> Plan:
    plan = Plan()
    builder = _Builder(seed, settings.games_per_pairing)
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    for round_number in range(1, swiss_rounds(settings, len(labels)) + 1):
        points = _points(
            {i: results[i] for i in range(len(builder.games)) if i in results}, plan.byes
        )
        seeding = {label: position for position, label in enumerate(labels)}
        order = sorted(labels, key=lambda label: (-points.get(label, 0), seeding[label]))
        if len(order) % 2:
            bye = next(label for label in reversed(order) if label not in had_bye)
            had_bye.add(bye)
            plan.byes.append((round_number, bye))
            order.remove(bye)
        start = len(builder.games)
        for a, b in _swiss_pairs(order, met):
            met.add(frozenset((a, b)))
            builder.pairing(round_number, (a, b))
        if any(game.index not in results for game in builder.games[start:]):
            plan.games = builder.games
            return plan
    plan.games = builder.games
    plan.complete = True
    return plan


def _match_points(
    results: dict[int, GameRecord], indices: list[int], a: str, b: str
) -> tuple[int, int]:
    pa = sum(results[i].points_by_bot().get(a, 0) for i in indices)
    pb = sum(results[i].points_by_bot().get(b, 0) for i in indices)
    return pa, pb


def _plan_ko(
    settings: FormatSettings, labels: list[str], seed: int, results: dict[int, GameRecord]
) -> Plan:
    plan = Plan()
    builder = _Builder(seed, settings.games_per_pairing)
    rng = SeededRandom(seed).derive("bracket")
    drawn = list(labels)
    rng.shuffle(drawn)
    size = 1
    while size < len(drawn):
        size *= 2
    byes = size - len(drawn)
    alive: list[tuple[str, str | None]] = []
    queue = list(drawn)
    for index in range(size // 2):
        a = queue.pop(0)
        alive.append((a, None if index < byes else queue.pop(0)))
    round_number = 0
    while True:
        round_number += 1
        matches: list[dict[str, Any]] = []
        pending = False
        for a, b in alive:
            if b is None:
                plan.byes.append((round_number, a))
                matches.append(
                    {
                        "a": a,
                        "b": None,
                        "points": [0, 0],
                        "winner": a,
                        "decided_by": "bye",
                        "games": [],
                    }
                )
                continue
            number = builder.pairings
            first = len(builder.games)
            builder.pairing(round_number, (a, b), settings.best_of)
            matches.append(
                {
                    "a": a,
                    "b": b,
                    "number": number,
                    "indices": list(range(first, len(builder.games))),
                }
            )
        # tie-break waves: pairs of games until decided (or the coin)
        for wave in range(KO_MAX_TIEBREAK_PAIRS + 1):
            for match in matches:
                if match.get("winner") is not None or match.get("waiting"):
                    continue
                indices = match["indices"]
                if any(i not in results for i in indices):
                    match["waiting"] = True
                    pending = True
                    continue
                pa, pb = _match_points(results, indices, match["a"], match["b"])
                match["points"] = [pa, pb]
                if pa != pb:
                    match["winner"] = match["a"] if pa > pb else match["b"]
                    match["decided_by"] = "points"
                elif wave == KO_MAX_TIEBREAK_PAIRS:
                    coin = SeededRandom(seed).derive(f"coin-{round_number}-{match['number']}")
                    match["winner"] = coin.choice([match["a"], match["b"]])
                    match["decided_by"] = "coin"
                else:
                    played = len(indices)
                    start = len(builder.games)
                    builder.add(round_number, match["number"], (match["a"], match["b"]), 2, played)
                    indices.extend(range(start, len(builder.games)))
                    match["decided_by"] = "tiebreak"
        for match in matches:
            match.pop("waiting", None)
            match.setdefault("winner", None)
            match["games"] = match.pop("indices", match.get("games", []))
            match.pop("number", None)
        plan.ko_rounds.append(matches)
        if pending or any(match["winner"] is None for match in matches):
            plan.games = builder.games
            return plan
        winners = [str(match["winner"]) for match in matches]
        if len(winners) == 1:
            plan.champion = winners[0]
            plan.games = builder.games
            plan.complete = True
            return plan
        alive = [(winners[2 * i], winners[2 * i + 1]) for i in range(len(winners) // 2)]


def plan(
    settings: FormatSettings, labels: list[str], seed: int, results: dict[int, GameRecord]
) -> Plan:
    """Every game that can be scheduled given ``results`` (index → game record)."""
    validate(settings, labels)
    if settings.format == "swiss":
        return _plan_swiss(settings, labels, seed, results)
    if settings.format == "ko":
        return _plan_ko(settings, labels, seed, results)
    builder = _Builder(seed, settings.games_per_pairing)
    k = settings.table_size
    tables: list[tuple[str, ...]]
    if settings.format == "roundrobin":
        tables = list(circle_pairs(labels)) if k == 2 else list(itertools.combinations(labels, k))
    else:
        challenger = str(settings.challenger)
        others = [label for label in labels if label != challenger]
        tables = [(challenger, *rest) for rest in itertools.combinations(others, k - 1)]
    for table in tables:
        builder.pairing(1, table)
    result = Plan(games=builder.games)
    result.complete = all(game.index in results for game in builder.games)
    return result
