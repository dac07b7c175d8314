"""The native core's Blokus speed figures, printed by both Blokus engine benchmarks
(``benchmarks/blokus_engine.py``, ``benchmarks/blokus2027_engine.py``) beside the Python
engine's.

* ``native_movegen_per_s``: positions per CPU second whose complete legal move list the core
  generates (inside the core: no Python objects); ``native_moves_per_s`` the moves produced;
  ``native_movegen_ratio_cpu`` that rate over the Python engine's on the same positions.
  The core and the Python engine are timed in alternating slices (:func:`movegen_figures`),
  so that a change of load on a shared machine weighs on both alike.
* ``native_search_nodes_per_s``: MCTS simulations (selection, expansion, a playout to the
  end of the game, back-up) per CPU second, one thread, a fresh tree on each of a fixed set
  of positions (every :data:`SEARCH_STRIDE`-th running position of the file).

CPU seconds of this process (``time.process_time``), not wall time: the core runs in the
calling thread, and on a shared machine wall time measures the neighbours too.
Without the core these figures are not printed; :func:`native_figures` says why.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from typing import Any

from botarena.games.blokus.state_base import BlokusStateBase
from botarena.native import blokus as native_blokus

MOVEGEN_PASSES = 10
"""Passes over the positions per call of the core: its movegen figure is of the core, not of
handing the positions over from Python (about 5 % of one pass)."""
RATIO_SLICES = 10
"""Alternating Python/native slices of :func:`movegen_figures`."""
RATIO_CHUNK = 16
"""Python positions between two looks at the clock in a slice."""
SEARCH_STRIDE = 50
"""Every this-many-th position is searched."""
SEARCH_SIMULATIONS = 200
"""Simulations per searched position and round."""


def fill_move_table(states: Sequence[BlokusStateBase]) -> None:
    """One untimed pass over ``states``: fills the Python engine's process-wide table of
    SetMove objects (a server keeps it across games), so that timing starts warm."""
    for state in states:
        state.set_moves()


def python_movegen(states: Sequence[BlokusStateBase], seconds: float) -> tuple[float, float]:
    """The Python engine's ``(positions/s, moves/s)``: complete legal SetMove lists over
    ``states`` (cycled) for about ``seconds``, after :func:`fill_move_table`."""
    fill_move_table(states)
    positions = moves = 0
    start = time.perf_counter()
    while True:
        for state in states:
            moves += len(state.set_moves())
            positions += 1
            if positions % 64 == 0 and time.perf_counter() - start >= seconds:
                elapsed = time.perf_counter() - start
                return positions / elapsed, moves / elapsed


def movegen_figures(
    states: Sequence[BlokusStateBase],
    count: Callable[[list[Any], int], int],
    positions: list[Any],
    seconds: float,
) -> dict[str, float]:
    """``native_movegen_per_s``, ``native_moves_per_s`` and ``native_movegen_ratio_cpu`` on
    ``states``: :data:`RATIO_SLICES` slices of about ``seconds / RATIO_SLICES`` each, half the
    Python engine cycling through ``states`` and half calls of the core's ``count`` over the
    same ``positions`` (converted from ``states``), summed per engine; after
    :func:`fill_move_table`."""
    fill_move_table(states)
    python_done = native_done = native_moves = 0
    python_cpu = native_cpu = 0.0
    half = seconds / RATIO_SLICES / 2
    cycle = itertools.cycle(states)
    for _ in range(RATIO_SLICES):
        start = time.process_time()
        while time.process_time() - start < half:
            for state in itertools.islice(cycle, RATIO_CHUNK):
                state.set_moves()
            python_done += RATIO_CHUNK
        python_cpu += time.process_time() - start
        start = time.process_time()
        while time.process_time() - start < half:
            native_moves += count(positions, MOVEGEN_PASSES)
            native_done += len(positions) * MOVEGEN_PASSES
        native_cpu += time.process_time() - start
    native_rate = native_done / native_cpu
    return {
        "native_movegen_per_s": native_rate,
        "native_moves_per_s": native_moves / native_cpu,
        "native_movegen_ratio_cpu": native_rate / (python_done / python_cpu),
    }


def native_figures(
    states: Sequence[BlokusStateBase], seconds: float
) -> tuple[dict[str, float], str | None]:
    """The figures (see the module text), or ``({}, reason)`` without the core."""
    try:
        core = native_blokus.core()
    except native_blokus.NativeUnavailable as error:
        return {}, str(error)
    positions = [native_blokus.to_native(state) for state in states]
    figures = movegen_figures(states, core.blokus_movegen_count, positions, seconds)
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
