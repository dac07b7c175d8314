"""Piranhas 2019 engine speed: move generation, random full games, swarm evaluation.

Usage (from the repository root)::

    .venv/bin/python benchmarks/piranhas_engine.py [--positions FILE] [--seconds S]

Prints, each the median of 5 runs, three lines::

    movegen_per_s: N   legal-move generations per second over the fixture positions (cycled)
    games_per_s: N     random full games per second (new state, legal_moves + uniform choice
                       + apply until is_terminal), through the public API
    swarm_per_s: N     largest-swarm evaluations of both colours per second (fixture cycle)

then the native core's ``native_movegen_per_s`` and ``native_search_nodes_per_s`` (see
``benchmarks/native_piranhas.py``; ``n/a`` without the core) as the last two lines.

The figures are wall-clock rates; comment lines before them also give the median rate by
the process's CPU time, which is steadier when other jobs share the cores.

Reference, the official 2019 Java engine on this kind of machine: 13,315 movegen/s,
229 games/s, 57,110 swarm evaluations/s. Move generation is measured without the per-state
cache (``moves_of`` on the position's bitboards), so every call does the full work.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from botarena.conformance.fixture_io import open_text
from botarena.core import SeededRandom
from botarena.games.piranhas import PiranhasGame, PiranhasState
from botarena.games.piranhas.board import largest_swarm
from botarena.games.piranhas.rules import moves_of
from botarena.native import AVAILABLE
from botarena.native.piranhas import position_2019

try:
    from benchmarks import native_piranhas
except ImportError:  # run as a script: benchmarks/ is on the path, the repository is not
    import native_piranhas  # type: ignore[import-not-found,no-redef]

REPO = Path(__file__).resolve().parent.parent
DEFAULT_POSITIONS = REPO / "tests" / "fixtures" / "piranhas-2019" / "positions.jsonl.gz"
RUNS = 5
DEFAULT_SECONDS = 1.5
"""Target duration of one run of one measurement; 3 x 5 runs stay well under 50 s."""
JAVA_REFERENCE = {"movegen_per_s": 13_315, "games_per_s": 229, "swarm_per_s": 57_110}


def load_positions(path: Path) -> list[PiranhasState]:
    with open_text(path) as lines:
        return [
            PiranhasState.from_fields_by_x(data["fields_by_x"], data["turn"])
            for data in map(json.loads, lines)
        ]


CPU_RATES: dict[str, list[float]] = {}
"""Rates by CPU time of this process, per measurement: on a busy machine (other jobs on the
same cores) they show the engine's own speed better than the wall-clock figures."""


def timed_rate(work: int, run: object, label: str = "") -> float:
    start, start_cpu = time.perf_counter(), time.process_time()
    run()  # type: ignore[operator]
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    if label:
        CPU_RATES.setdefault(label, []).append(work / max(cpu, 1e-9))
    return work / wall


def movegen_rate(positions: list[PiranhasState], cycles: int, label: str = "") -> float:
    sides = [
        (p.blue, p.red, p.obstacles) if p.turn & 1 else (p.red, p.blue, p.obstacles)
        for p in positions
    ]

    def run() -> None:
        for _ in range(cycles):
            for own, opp, obstacles in sides:
                moves_of(own, opp, obstacles)

    return timed_rate(cycles * len(sides), run, label)


def swarm_rate(positions: list[PiranhasState], cycles: int, label: str = "") -> float:
    boards = [(p.red, p.blue) for p in positions]

    def run() -> None:
        for _ in range(cycles):
            for red, blue in boards:
                largest_swarm(red)
                largest_swarm(blue)

    return timed_rate(cycles * len(boards), run, label)


def games_rate(games: int, seed: int, label: str = "") -> float:
    game = PiranhasGame()
    rng = SeededRandom(seed)

    def run() -> None:
        choice = random.Random(seed).choice
        for _ in range(games):
            state = game.new_initial_state(rng)
            while not state.is_terminal():
                state.apply(choice(state.legal_moves()))

    return timed_rate(games, run, label)


def calibrate(rate_of_one: float, seconds: float) -> int:
    return max(1, int(rate_of_one * seconds))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--positions", type=Path, default=DEFAULT_POSITIONS)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="per run")
    parser.add_argument(
        "--native-search-ms",
        type=float,
        default=native_piranhas.SEARCH_MS,
        help="native search time per position",
    )
    args = parser.parse_args(argv)
    try:
        positions = load_positions(args.positions)
    except OSError as error:
        print(f"cannot read positions {args.positions}: {error}", file=sys.stderr)
        return 2
    print(f"python {sys.version.split()[0]}, {len(positions)} positions from {args.positions.name}")
    # calibrate each measurement so one run takes about --seconds
    movegen_cycles = calibrate(movegen_rate(positions, 1) / len(positions), args.seconds)
    swarm_cycles = calibrate(swarm_rate(positions, 1) / len(positions), args.seconds)
    games = calibrate(games_rate(20, seed=0), args.seconds)
    results = {
        "movegen_per_s": [
            movegen_rate(positions, movegen_cycles, "movegen_per_s") for _ in range(RUNS)
        ],
        "games_per_s": [games_rate(games, run, "games_per_s") for run in range(RUNS)],
        "swarm_per_s": [swarm_rate(positions, swarm_cycles, "swarm_per_s") for _ in range(RUNS)],
    }
    for name, rates in results.items():
        runs = ", ".join(f"{rate:,.0f}" for rate in rates)
        factor = statistics.median(rates) / JAVA_REFERENCE[name]
        print(f"# {name}: runs {runs}; {factor:.1f}x the official Java engine")
        cpu = statistics.median(CPU_RATES[name])
        print(f"#   by CPU time of this process: median {cpu:,.0f}")
    native_positions = [position_2019(p) for p in positions] if AVAILABLE else []
    native_lines = native_piranhas.report(
        native_positions,
        lambda searcher, position, ms: searcher.search_2019(position, time_ms=ms),
        statistics.median(CPU_RATES["movegen_per_s"]),
        args.native_search_ms,
    )
    for line in native_lines:  # comments first: the figures are the last lines
        if line.startswith("#"):
            print(line)
    for name, rates in results.items():
        print(f"{name}: {statistics.median(rates):.0f}")
    for line in native_lines:
        if not line.startswith("#"):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
