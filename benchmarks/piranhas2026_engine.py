"""Piranhas 2026 engine speed, against socha 4.3.9's Rust core in the same run.

Usage (from the repository root)::

    .venv/bin/python benchmarks/piranhas2026_engine.py [--positions FILE] [--seconds S]
                                                       [--socha-venv DIR | --no-socha]

Measures, each the median of 5 runs (comment lines also give the rates by CPU time, which
are steadier when other jobs share the cores):

* ``movegen_per_s``: legal-move generations per second over the fixture positions (cycled).
  Ours: ``moves_of`` on the position's bitboards (no per-state cache). socha: the core's
  ``GameState.possible_moves()`` on a ``GameState`` built once per position.
* ``games_per_s``: random full games per second from start boards drawn by our generator (the
  same boards for both). Ours: through the public API (``new_initial_state``, ``legal_moves``
  + uniform choice + ``apply`` until ``is_terminal``). socha: ``possible_moves`` + uniform
  choice + ``perform_move_mut``, with the official end check (turn 60, a team united at an
  even turn, no legal move) built from the core's ``RulesEngine.swarms_of_team`` (socha has
  no end check of its own).

socha is not a dependency of botarena: the script keeps ``socha==4.3.9`` in its own
virtualenv (default ``~/.cache/botarena/socha-4.3.9``, or ``$BOTARENA_SOCHA_VENV``), creates
it with pip when missing, and runs a small measuring script in it as a subprocess.

The last lines are ``movegen_per_s``, ``games_per_s``, ``socha_movegen_per_s``,
``socha_games_per_s``, ``movegen_ratio`` and ``games_ratio`` (ours / socha; > 1 = ours faster).
Then the native core's ``native_movegen_per_s`` and ``native_search_nodes_per_s`` (see
``benchmarks/native_piranhas.py``; ``n/a`` without the core) as the very last two lines.
Exit code 2 if the positions cannot be read or socha cannot be set up (unless ``--no-socha``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from botarena.conformance.fixture_io import open_text
from botarena.core import SeededRandom
from botarena.games.piranhas_2026 import Piranhas2026State
from botarena.games.piranhas_2026.board import generate_board
from botarena.games.piranhas_2026.rules import moves_of
from botarena.native import AVAILABLE
from botarena.native.piranhas import position_2026

try:
    from benchmarks import native_piranhas
except ImportError:  # run as a script: benchmarks/ is on the path, the repository is not
    import native_piranhas  # type: ignore[import-not-found,no-redef]

REPO = Path(__file__).resolve().parent.parent
DEFAULT_POSITIONS = REPO / "tests" / "fixtures" / "piranhas-2026" / "positions.jsonl.gz"
SOCHA_VERSION = "4.3.9"
DEFAULT_SOCHA_VENV = Path(
    os.environ.get(
        "BOTARENA_SOCHA_VENV", Path.home() / ".cache" / "botarena" / f"socha-{SOCHA_VERSION}"
    )
)
RUNS = 5
DEFAULT_SECONDS = 1.0
"""Target duration of one run of one measurement (4 measurements x 5 runs)."""
START_BOARDS = 50
"""Start boards drawn for the games of both engines (seeds 0..49)."""

# The measuring script run inside socha's virtualenv. Input (stdin, JSON): positions
# [[rows, turn], ...], boards [rows, ...], seconds, runs, seed. Output (stdout, JSON).
SOCHA_SCRIPT = r"""
import json, random, statistics, sys, time
from socha import _socha as s

spec = json.load(sys.stdin)
F = {"a": s.FieldType.OneS, "b": s.FieldType.OneM, "c": s.FieldType.OneL,
     "x": s.FieldType.TwoS, "y": s.FieldType.TwoM, "z": s.FieldType.TwoL,
     "X": s.FieldType.Squid, ".": s.FieldType.Empty}

def state_of(rows, turn):
    return s.GameState(s.Board([[F[c] for c in row] for row in rows]), turn, None)

positions = [state_of(rows, turn) for rows, turn in spec["positions"]]
boards = [[[F[c] for c in row] for row in rows] for rows in spec["boards"]]
ONE, TWO = s.TeamEnum.One, s.TeamEnum.Two
swarms_of_team = s.RulesEngine.swarms_of_team

def timed(work, run, cpu_rates):
    start, start_cpu = time.perf_counter(), time.process_time()
    run()
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    cpu_rates.append(work / max(cpu, 1e-9))
    return work / max(wall, 1e-9)

def movegen(cycles, cpu_rates):
    def run():
        for _ in range(cycles):
            for state in positions:
                state.possible_moves()
    return timed(cycles * len(positions), run, cpu_rates)

def games(count, seed, cpu_rates):
    def run():
        choice = random.Random(seed).choice
        for index in range(count):
            state = s.GameState(s.Board(boards[index % len(boards)]), 0, None)
            while True:
                moves = state.possible_moves()
                turn = state.turn
                if turn >= 60 or not moves:
                    break
                if turn % 2 == 0:
                    board = state.board
                    if len(swarms_of_team(board, ONE)) == 1 or len(swarms_of_team(board, TWO)) == 1:
                        break
                state.perform_move_mut(choice(moves))
    return timed(count, run, cpu_rates)

seconds, runs, seed = spec["seconds"], spec["runs"], spec["seed"]
scratch = []
cycles = max(1, int(movegen(1, scratch) / len(positions) * seconds))
count = max(1, int(games(10, seed, scratch) * seconds))
result = {"movegen_cpu": [], "games_cpu": []}
result["movegen_per_s"] = [movegen(cycles, result["movegen_cpu"]) for _ in range(runs)]
result["games_per_s"] = [games(count, seed + run, result["games_cpu"]) for run in range(runs)]
json.dump(result, sys.stdout)
"""


def load_positions(path: Path) -> list[tuple[list[str], int]]:
    with open_text(path) as lines:
        return [(data["board"], data["turn"]) for data in map(json.loads, lines)]


def timed_rate(work: int, run: Callable[[], object], cpu_rates: list[float]) -> float:
    start, start_cpu = time.perf_counter(), time.process_time()
    run()
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    cpu_rates.append(work / max(cpu, 1e-9))
    return work / max(wall, 1e-9)


def movegen_rate(positions: list[Piranhas2026State], cycles: int, cpu: list[float]) -> float:
    sides = [
        (p.two, p.one, p.squids) if p.turn & 1 else (p.one, p.two, p.squids) for p in positions
    ]

    def run() -> None:
        for _ in range(cycles):
            for own, opp, squids in sides:
                moves_of(own, opp, squids)

    return timed_rate(cycles * len(sides), run, cpu)


def games_rate(boards: list[list[str]], count: int, seed: int, cpu: list[float]) -> float:
    """Random games from ``boards`` (drawn once, the same for socha), through the public API."""

    def run() -> None:
        choice = random.Random(seed).choice
        for index in range(count):
            state = Piranhas2026State.from_rows(boards[index % len(boards)])
            while not state.is_terminal():
                state.apply(choice(state.legal_moves()))

    return timed_rate(count, run, cpu)


def socha_python(venv: Path) -> tuple[Path | None, str]:
    """The virtualenv's python with socha importable, creating it if needed; or a reason."""
    python = venv / "bin" / "python"

    def importable() -> bool:
        if not python.exists():
            return False
        check = subprocess.run(
            [str(python), "-c", "import socha._socha"], capture_output=True, check=False
        )
        return check.returncode == 0

    if importable():
        return python, f"socha {SOCHA_VERSION} from {venv}"
    print(f"# setting up socha=={SOCHA_VERSION} in {venv} …", flush=True)
    for step in (
        [sys.executable, "-m", "venv", str(venv)],
        [str(python), "-m", "pip", "install", "-q", f"socha=={SOCHA_VERSION}"],
    ):
        done = subprocess.run(step, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:]
            return None, f"`{' '.join(step[-3:])}` failed: {' '.join(tail)}"
    if importable():
        return python, f"socha {SOCHA_VERSION} installed into {venv}"
    return None, f"socha is not importable in {venv}"


def run_socha(
    python: Path,
    positions: list[tuple[list[str], int]],
    boards: list[list[str]],
    seconds: float,
) -> dict[str, list[float]]:
    spec = {"positions": positions, "boards": boards, "seconds": seconds, "runs": RUNS, "seed": 0}
    done = subprocess.run(
        [str(python), "-c", SOCHA_SCRIPT],
        input=json.dumps(spec),
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    if done.returncode != 0:
        raise RuntimeError(f"socha measuring script failed: {done.stderr.strip()[-500:]}")
    result: dict[str, list[float]] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--positions", type=Path, default=DEFAULT_POSITIONS)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="per run")
    parser.add_argument("--socha-venv", type=Path, default=DEFAULT_SOCHA_VENV)
    parser.add_argument("--no-socha", action="store_true", help="measure our engine only")
    parser.add_argument(
        "--native-search-ms",
        type=float,
        default=native_piranhas.SEARCH_MS,
        help="native search time per position",
    )
    args = parser.parse_args(argv)
    try:
        raw_positions = load_positions(args.positions)
    except (OSError, EOFError) as error:
        print(f"cannot read positions {args.positions}: {error}", file=sys.stderr)
        return 2
    positions = [Piranhas2026State.from_rows(rows, turn) for rows, turn in raw_positions]
    boards = [generate_board(SeededRandom(seed)) for seed in range(START_BOARDS)]
    print(f"python {sys.version.split()[0]}, {len(positions)} positions from {args.positions.name}")

    scratch: list[float] = []
    cycles = max(1, int(movegen_rate(positions, 1, scratch) / len(positions) * args.seconds))
    count = max(1, int(games_rate(boards, 10, 0, scratch) * args.seconds))
    ours: dict[str, list[float]] = {"movegen_cpu": [], "games_cpu": []}
    ours["movegen_per_s"] = [
        movegen_rate(positions, cycles, ours["movegen_cpu"]) for _ in range(RUNS)
    ]
    ours["games_per_s"] = [games_rate(boards, count, run, ours["games_cpu"]) for run in range(RUNS)]

    socha: dict[str, list[float]] | None = None
    if not args.no_socha:
        python, note = socha_python(args.socha_venv)
        print(f"# {note}")
        if python is None:
            print("socha: unavailable (use --no-socha to measure our engine only)", file=sys.stderr)
            return 2
        socha = run_socha(python, raw_positions, boards, args.seconds)

    names = ("movegen_per_s", "games_per_s")
    for name in names:
        cpu_key = name.split("_")[0] + "_cpu"
        runs = ", ".join(f"{rate:,.0f}" for rate in ours[name])
        print(f"# ours  {name}: runs {runs}; by CPU time {statistics.median(ours[cpu_key]):,.0f}")
        if socha is not None:
            runs = ", ".join(f"{rate:,.0f}" for rate in socha[name])
            cpu = statistics.median(socha[cpu_key])
            print(f"# socha {name}: runs {runs}; by CPU time {cpu:,.0f}")
    if socha is not None:
        for name in names:
            cpu_key = name.split("_")[0] + "_cpu"
            ratio = statistics.median(ours[cpu_key]) / statistics.median(socha[cpu_key])
            print(f"# {name.split('_')[0]} ratio by CPU time: {ratio:.2f}")
    native_positions = [position_2026(p) for p in positions] if AVAILABLE else []
    native_lines = native_piranhas.report(
        native_positions,
        lambda searcher, position, ms: searcher.search_2026(position, time_ms=ms),
        statistics.median(ours["movegen_cpu"]),
        args.native_search_ms,
    )
    for line in native_lines:  # comments first: the figures are the last lines
        if line.startswith("#"):
            print(line)
    for name in names:
        print(f"{name}: {statistics.median(ours[name]):.0f}")
    if socha is not None:
        for name in names:
            print(f"socha_{name}: {statistics.median(socha[name]):.0f}")
        for name in names:
            ratio = statistics.median(ours[name]) / statistics.median(socha[name])
            print(f"{name.split('_')[0]}_ratio: {ratio:.2f}")
    for line in native_lines:
        if not line.startswith("#"):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
