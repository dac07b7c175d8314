"""The native core's Blokus speed figures, printed by both Blokus engine benchmarks
(``benchmarks/blokus_engine.py``, ``benchmarks/blokus2027_engine.py``) beside the Python
engine's.

* ``native_movegen_per_s``: positions per CPU second whose complete legal move list the core
  generates (inside the core: no Python objects); ``native_moves_per_s`` the moves produced;
  ``native_movegen_ratio_cpu`` that rate over the Python engine's on the same positions by
  CPU time (:func:`python_movegen`, measured in the same run).
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

MOVEGEN_PASSES = 10
"""Passes over the positions per call of the core: its movegen figure is of the core, not of
handing the positions over from Python (about 5 % of one pass)."""
SEARCH_STRIDE = 50
"""Every this-many-th position is searched."""
SEARCH_SIMULATIONS = 200
"""Simulations per searched position and round."""


def python_movegen(states: Sequence[BlokusStateBase], seconds: float) -> tuple[float, float, float]:
    """The Python engine's ``(positions/s, moves/s, positions per CPU second)``: complete
    legal SetMove lists over ``states`` (cycled) for about ``seconds``, after one untimed pass
    that fills the process-wide table of SetMove objects (a server keeps it across games)."""
    for state in states:
        state.set_moves()
    positions = moves = 0
    start, start_cpu = time.perf_counter(), time.process_time()
    while True:
        for state in states:
            moves += len(state.set_moves())
            positions += 1
            if positions % 64 == 0 and time.perf_counter() - start >= seconds:
                elapsed = time.perf_counter() - start
                cpu = max(time.process_time() - start_cpu, 1e-9)
                return positions / elapsed, moves / elapsed, positions / cpu


def native_figures(
    states: Sequence[BlokusStateBase], seconds: float, python_movegen_cpu: float
) -> tuple[dict[str, float], str | None]:
    """The figures (see the module text), or ``({}, reason)`` without the core;
    ``python_movegen_cpu`` is the Python engine's positions per CPU second."""
    try:
        core = native_blokus.core()
    except native_blokus.NativeUnavailable as error:
        return {}, str(error)
    positions = [native_blokus.to_native(state) for state in states]
    figures: dict[str, float] = {}
    done = moves = 0
    start = time.process_time()
    while True:
        moves += core.blokus_movegen_count(positions, MOVEGEN_PASSES)
        done += len(positions) * MOVEGEN_PASSES
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    figures["native_movegen_per_s"] = done / elapsed
    figures["native_moves_per_s"] = moves / elapsed
    figures["native_movegen_ratio_cpu"] = figures["native_movegen_per_s"] / python_movegen_cpu
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
