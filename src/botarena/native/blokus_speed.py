"""The native core's Blokus speed figures, printed by both Blokus engine benchmarks
(``benchmarks/blokus_engine.py``, ``benchmarks/blokus2027_engine.py``) beside the Python
engine's.

* ``native_movegen_per_s``: positions per CPU second whose complete legal move list the core
  generates (inside the core: no Python objects); ``native_moves_per_s`` the moves produced.
* ``native_search_nodes_per_s``: MCTS simulations (selection, expansion, a playout to the
  end of the game, back-up) per CPU second, one thread, a fresh tree on each of a fixed set
  of positions (every :data:`SEARCH_STRIDE`-th running position of the file).

CPU seconds of this process (``time.process_time``), not wall time: the core runs in the
calling thread, and on a shared machine wall time measures the neighbours too.
Without the core these figures are not printed; :func:`native_figures` says why.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from botarena.games.blokus.state_base import BlokusStateBase
from botarena.native import blokus as native_blokus

SEARCH_STRIDE = 50
"""Every this-many-th position is searched."""
SEARCH_SIMULATIONS = 200
"""Simulations per searched position and round."""


def native_figures(
    states: Sequence[BlokusStateBase], seconds: float
) -> tuple[dict[str, float], str | None]:
    """The figures (see the module text), or ``({}, reason)`` without the core."""
    try:
        core = native_blokus.core()
    except native_blokus.NativeUnavailable as error:
        return {}, str(error)
    positions = [native_blokus.to_native(state) for state in states]
    figures: dict[str, float] = {}
    done = moves = 0
    start = time.process_time()
    while True:
        moves += core.blokus_movegen_count(positions, 1)
        done += len(positions)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    figures["native_movegen_per_s"] = done / elapsed
    figures["native_moves_per_s"] = moves / elapsed
    running = [p for p in positions[::SEARCH_STRIDE] if not p.is_terminal()]
    simulations = 0
    start = time.process_time()
    while True:
        simulations += core.blokus_search_count(running, SEARCH_SIMULATIONS)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    figures["native_search_nodes_per_s"] = simulations / elapsed
    return figures, None
