"""The native core's figures for the Piranhas engine benchmarks (both seasons).

* ``native_movegen_per_s``: complete legal-move lists per second inside the core over the
  fixture positions (cycled, one reused buffer): like for like with the Python
  ``movegen_per_s``. A comment line gives the perft figure too (generations per second when
  every interior node of a depth-3 perft generates its moves and plays each, and the perft
  leaves per second), and the ratios native / Python of both by CPU time.
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
MOVEGEN_SECONDS = 1.0
"""Target CPU time of one run of the cycled move generation."""
MOVEGEN_RUNS = 3
"""Runs of the cycled move generation; the median is reported."""
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


def movegen(positions: Sequence[Any]) -> tuple[float, float]:
    """``(generations/s wall, generations/s CPU)``: the complete move list of every position,
    cycled, inside the core (median of :data:`MOVEGEN_RUNS` runs)."""
    assert core is not None
    count = core.piranhas_movegen_count
    chosen = list(positions)
    _, _, cpu = _timed(lambda: count(chosen, 1))
    repeats = max(1, int(MOVEGEN_SECONDS / max(cpu, 1e-6)))
    runs = [_timed(lambda: count(chosen, repeats)) for _ in range(MOVEGEN_RUNS)]
    generations = repeats * len(chosen)
    wall = sorted(generations / max(run[1], 1e-9) for run in runs)[MOVEGEN_RUNS // 2]
    by_cpu = sorted(generations / max(run[2], 1e-9) for run in runs)[MOVEGEN_RUNS // 2]
    return wall, by_cpu


def perft(positions: Sequence[Any]) -> tuple[float, float]:
    """``(generations/s CPU, leaves/s CPU)`` of perft over ``positions`` (every interior node
    generates its moves and plays each)."""
    chosen = spread(positions, PERFT_POSITIONS)
    generations = sum(p.perft(depth) for p in chosen for depth in range(PERFT_DEPTH))
    leaves, _, cpu = _timed(lambda: sum(p.perft(PERFT_DEPTH) for p in chosen))
    return generations / cpu, leaves / cpu


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
    gen_wall, gen_cpu = movegen(positions)
    perft_cpu, leaves_cpu = perft(positions)
    nodes_wall, nodes_cpu, depth = search_nodes(positions, search, search_ms)
    lines = [
        f"# native movegen (complete move lists, positions cycled): by CPU time {gen_cpu:,.0f}",
        f"# native perft {PERFT_DEPTH} (generate + play every move): generations by CPU time "
        f"{perft_cpu:,.0f}, leaves {leaves_cpu:,.0f}",
        f"# native search: {len(spread(positions, SEARCH_POSITIONS))} positions x "
        f"{search_ms:.0f} ms, one thread, average depth {depth}; by CPU time {nodes_cpu:,.0f}",
    ]
    if python_movegen_cpu:
        lines.append(
            f"# native / Python movegen by CPU time: {gen_cpu / python_movegen_cpu:.0f}x "
            f"(perft: {perft_cpu / python_movegen_cpu:.0f}x)"
        )
    return [
        *lines,
        f"native_movegen_per_s: {gen_wall:.0f}",
        f"native_search_nodes_per_s: {nodes_wall:.0f}",
    ]
