"""The ``strong`` Blokus player (both seasons): Monte Carlo tree search in the native core.

The core's search (``botarena._native.BlokusSearcher``, see ``native/engine/src/blokus/
mcts.rs``) is UCT with RAVE, a progressive bias and widening from a cheap heuristic prior
(piece size, own corners gained, opposing corners taken) and light playouts; it keeps its
tree between moves and starts from the new position's node when the old tree reached it.

Time: ``time_ms`` is the move time limit (the official soft limit is 2000 ms). The player
counts it from the MoveRequest's arrival when the SDK tells it (:meth:`StrongPlayer.
on_move_request`), else from the call, and stops thinking :func:`safety_margin` early.

Without the native core the player says so on stderr once and plays the Python ``search``
player instead (:attr:`StrongPlayer.engine` is ``"python"``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from botarena.core.players import legal_moves_or_raise
from botarena.games.blokus.colors import COLOURS
from botarena.games.blokus.moves import Move
from botarena.games.blokus.players import SearchPlayer
from botarena.games.blokus.state_base import BlokusStateBase
from botarena.native import blokus as native_blokus

DEFAULT_TIME_MS = 2000.0
"""The official soft limit per move."""
SAFETY_FRACTION = 0.15
"""At least this share of the limit is kept back (process load, XML, the network)."""
SAFETY_FLOOR_S = 0.15
"""And at least this much (150 ms of a 2 s limit leaves 300 ms by the fraction anyway) ..."""
MIN_THINK_FRACTION = 0.5
"""... but with a short test limit the floor takes at most this share, so it still thinks."""


def safety_margin(limit_s: float) -> float:
    """Seconds kept back of a move time limit of ``limit_s``."""
    return max(SAFETY_FRACTION * limit_s, min(SAFETY_FLOOR_S, MIN_THINK_FRACTION * limit_s))


class StrongPlayer:
    """MCTS with RAVE in the native core (or the Python search player without it)."""

    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        time_ms: float = DEFAULT_TIME_MS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if time_ms <= 0:
            raise ValueError(f"time_ms must be positive, got {time_ms}")
        self.limit_s = time_ms / 1000.0
        self.clock = clock
        self._arrived: float | None = None
        self.last_report: tuple[int, int, int] | None = None
        """(simulations, reused root visits, tree nodes) of the last search."""
        self._fallback: SearchPlayer | None = None
        try:
            core = native_blokus.core()
        except native_blokus.NativeUnavailable as error:
            print(f"strong: {error}; playing the Python search player instead", file=sys.stderr)
            self._fallback = SearchPlayer(seed)
            self.engine = "python"
        else:
            self._searcher = core.BlokusSearcher(0 if seed is None else seed % 2**64)
            self.engine = "native"

    def on_move_request(self, arrived: float) -> None:
        """The SDK's hook: the MoveRequest arrived at ``arrived`` (``clock`` seconds)."""
        self._arrived = arrived

    def think_until(self) -> float:
        """When the search must stop (``clock`` seconds): the request's arrival (or now) plus
        the limit minus the safety margin."""
        start = self.clock() if self._arrived is None else self._arrived
        return start + self.limit_s - safety_margin(self.limit_s)

    def choose_move(self, state: BlokusStateBase) -> Move:
        deadline = self.think_until()
        self._arrived = None
        if self._fallback is not None:
            return self._fallback.choose_move(state)
        moves = legal_moves_or_raise(state)
        if len(moves) == 1:
            return moves[0]
        position = native_blokus.to_native(state)
        remaining = max(0.0, deadline - self.clock())
        key, simulations, reused, nodes = self._searcher.search(position, remaining)
        self.last_report = (simulations, reused, nodes)
        color = COLOURS[position.current_colour]
        return native_blokus.moves_of_keys(color, [key])[0]
