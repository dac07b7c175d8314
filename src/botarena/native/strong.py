"""The ``strong`` built-in players: the native core's principal-variation search, timed from
the MoveRequest's arrival with a safety margin.

A season's strong player subclasses :class:`StrongPlayer` with its :class:`StrongSeason`
(its state to a core position, the search call, its moves, its Python search player). The
bot SDK calls :meth:`StrongPlayer.on_move_request` with the time it read the request
(``time.monotonic``), so the search budget counts from there, not from the start of
calculation. Without the core (not built, or ``BOTARENA_ENGINE=python``) the player falls
back to the season's Python ``search`` player with the same budget, and says so once on
stderr.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from botarena.core.players import legal_moves_or_raise
from botarena.native import AVAILABLE, REASON, core

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

DEFAULT_TIME_MS = 2000.0
"""The time limit per move (the official soft limit of both Piranhas seasons)."""
MARGIN_SHARE = 0.15
"""The search leaves at least this share of the limit unused …"""
MARGIN_MIN_MS = 150.0
"""… and at least this many milliseconds (for answering and a loaded machine)."""
MIN_BUDGET_SHARE = 0.5
"""Under short test limits (where 150 ms is most of the limit) the search still gets this
share of it."""
MAX_DEPTH = 64
"""Iterative deepening stops here at the latest."""
STRONG_OPTIONS = ("time_ms", "max_depth")
"""The options of the strong players (``--time-ms``, ``--max-depth``)."""


def search_budget_ms(time_ms: float) -> float:
    """How long the search may run under a limit of ``time_ms`` per move: the limit minus
    ``max(15 %, 150 ms)``, but at least half the limit."""
    margin = max(MARGIN_SHARE * time_ms, MARGIN_MIN_MS)
    return max(time_ms - margin, MIN_BUDGET_SHARE * time_ms)


def engine_note() -> str:
    """What the strong players run on here (for ``botarena games`` and help texts)."""
    if AVAILABLE:
        return "strong: native engine core (Rust: alpha-beta for Piranhas, MCTS for Blokus)"
    return f"strong: native core unavailable ({REASON}); falls back to the Python search"


@dataclass(frozen=True, slots=True)
class StrongSeason(Generic[StateT, MoveT]):
    """A season's part of its strong player."""

    position: Callable[[StateT], Any]
    """The core's position of a state."""
    search: str
    """The searcher's method for the season's positions (its result tuple, or ``None``
    without moves)."""
    moves: Sequence[MoveT]
    """The Python engine's Move of each core move code."""
    python_players: str
    """The module of the season's Python ``SearchPlayer`` (the fallback without the core)."""


class StrongPlayer(Generic[StateT, MoveT]):
    """A season's strong player: the core's search within :func:`search_budget_ms`.

    ``last_search`` is ``(move code, score, depth, nodes)`` of the last native search.
    """

    name = "strong"
    season: StrongSeason[StateT, MoveT]
    """What the season's subclass gives: its converters and its Python search player."""

    def __init__(
        self,
        seed: int | None = None,
        time_ms: float = DEFAULT_TIME_MS,
        max_depth: int = MAX_DEPTH,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not time_ms > 0:
            raise ValueError(f"time_ms must be positive, got {time_ms!r}")
        if not 1 <= max_depth <= MAX_DEPTH:
            raise ValueError(f"max_depth must be in 1..{MAX_DEPTH}, got {max_depth!r}")
        self.seed = seed
        self.time_ms = float(time_ms)
        self.max_depth = int(max_depth)
        self.clock = clock
        self.last_search: tuple[int, int, int, int] | None = None
        self._arrived_at: float | None = None
        self._searcher = core.PiranhasSearcher() if core is not None else None
        self._fallback: Any = None

    # ----------------------------------------------------------------- public

    def on_move_request(self, arrived_at: float) -> None:
        """The SDK read a MoveRequest at ``arrived_at`` (``time.monotonic``): the next move's
        budget counts from there."""
        self._arrived_at = arrived_at

    def remaining_ms(self) -> float:
        """What is left of the search budget of the move being chosen."""
        start = self._arrived_at if self._arrived_at is not None else self.clock()
        return max(0.0, search_budget_ms(self.time_ms) - (self.clock() - start) * 1000.0)

    def choose_move(self, state: StateT) -> MoveT:
        legal_moves_or_raise(state)  # type: ignore[arg-type]
        remaining = self.remaining_ms()
        self._arrived_at = None
        if self._searcher is None:
            return self._fallback_move(state, remaining)
        part = self.season
        search = getattr(self._searcher, part.search)
        result = search(part.position(state), time_ms=remaining, max_depth=self.max_depth)
        if result is None:  # the core found no move where the rules found some
            raise RuntimeError("the native core found no legal move in a running game")
        self.last_search = result
        code: int = result[0]
        return part.moves[code]

    def _fallback_move(self, state: StateT, remaining_ms: float) -> MoveT:
        if self._fallback is None:
            print(f"strong player: {engine_note()}", file=sys.stderr)
            players = importlib.import_module(self.season.python_players)
            self._fallback = players.SearchPlayer(
                time_budget=max(remaining_ms, 1.0) / 1000.0, seed=self.seed
            )
        self._fallback.time_budget = max(remaining_ms, 1.0) / 1000.0
        move: MoveT = self._fallback.choose_move(state)
        return move
