"""The native core's figures for the Piranhas engine benchmarks (both seasons).

* ``native_movegen_per_s``: move-list generations per second inside the core, perft-style
  (every interior node of a perft generates its moves and plays each), from fixture
  positions; comparable to the Python ``movegen_per_s`` (one generation = all moves of a
  position). A comment line gives the perft leaves per second too.
* ``native_search_nodes_per_s``: nodes per second of the strong player's search (one
  thread, a fresh table per position) over a fixed set of fixture positions, a fixed time
  per position.

Each figure is printed by wall-clock time; a comment line gives it by this process's CPU
time (steadier on a shared machine). Without the core the lines say ``n/a`` and why.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from botarena.native import AVAILABLE, REASON, core

PERFT_DEPTH = 3
"""Perft depth per position (about 10^4..10^5 leaves from a mid-game position)."""
PERFT_POSITIONS = 40
SEARCH_POSITIONS = 12
"""Positions of the search measurement, spread evenly over the fixture file."""
SEARCH_MS = 500.0
"""Search time per position (``--native-search-ms`` of the benchmark scripts)."""


def spread(items: Sequence[Any], count: int) -> list[Any]:
    """``count`` items spread evenly over ``items`` (all of them if fewer)."""
    if len(items) <= count:
        return list(items)
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def _timed(run: Callable[[], int]) -> tuple[int, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    work = run()
    return work, time.perf_counter() - wall, time.process_time() - cpu


def movegen(positions: Sequence[Any]) -> tuple[float, float, float]:
    """``(generations/s wall, generations/s CPU, leaves/s wall)`` of perft over ``positions``."""
    chosen = spread(positions, PERFT_POSITIONS)
    generations = sum(p.perft(depth) for p in chosen for depth in range(PERFT_DEPTH))
    leaves, wall, cpu = _timed(lambda: sum(p.perft(PERFT_DEPTH) for p in chosen))
    return generations / wall, generations / cpu, leaves / wall


def search_nodes(
    positions: Sequence[Any], search: Callable[..., Any], search_ms: float = SEARCH_MS
) -> tuple[float, float, int]:
    """``(nodes/s wall, nodes/s CPU, average depth)`` of ``search(searcher, position,
    time_ms)`` over the positions that have a move, ``search_ms`` each."""
    chosen = [p for p in spread(positions, SEARCH_POSITIONS * 2) if p.moves()][:SEARCH_POSITIONS]
    depths: list[int] = []

    def run() -> int:
        assert core is not None
        nodes = 0
        for position in chosen:
            result = search(core.PiranhasSearcher(), position, search_ms)
            nodes += result[3]
            depths.append(result[2])
        return nodes

    nodes, wall, cpu = _timed(run)
    return nodes / wall, nodes / cpu, round(sum(depths) / max(1, len(depths)))


def report(
    positions: Sequence[Any],
    search: Callable[..., Any],
    python_movegen_cpu: float | None,
    search_ms: float = SEARCH_MS,
) -> list[str]:
    """The native lines of a benchmark: comments first, then the two figures."""
    if not AVAILABLE:
        return [
            f"native_movegen_per_s: n/a ({REASON})",
            f"native_search_nodes_per_s: n/a ({REASON})",
        ]
    gen_wall, gen_cpu, leaves = movegen(positions)
    nodes_wall, nodes_cpu, depth = search_nodes(positions, search, search_ms)
    lines = [
        f"# native movegen (perft {PERFT_DEPTH}): by CPU time {gen_cpu:,.0f}; "
        f"perft leaves/s {leaves:,.0f}",
        f"# native search: {len(spread(positions, SEARCH_POSITIONS))} positions x "
        f"{search_ms:.0f} ms, one thread, average depth {depth}; by CPU time {nodes_cpu:,.0f}",
    ]
    if python_movegen_cpu:
        lines.append(f"# native / Python movegen by CPU time: {gen_cpu / python_movegen_cpu:.0f}x")
    return [
        *lines,
        f"native_movegen_per_s: {gen_wall:.0f}",
        f"native_search_nodes_per_s: {nodes_wall:.0f}",
    ]
