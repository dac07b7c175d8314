"""Blokus 2027 engine speed, ours against socha 5.1.0's Rust core, in one run.

    .venv/bin/python benchmarks/blokus2027_engine.py [--seconds S] [--no-socha]

Both engines get the same work:

* ``movegen_per_s``: positions per second whose complete legal SetMove list is generated
  (move objects included), over the non-final positions of
  ``tests/fixtures/blokus-2027/positions.jsonl.gz`` (ours: ``BlokusState.set_moves``;
  socha: ``GameRuleLogic.get_all_possible_moves``, the full legal set, not the filtered
  ``possible_moves``); ``moves_per_s`` is the legal moves produced per second in that run;
* ``games_per_s``: uniformly random games (SetMoves plus the SkipMove when allowed) from the
  empty board to the end, each move validated and applied, colours that cannot move
  removed (socha: ``perform_move`` + ``remove_invalid_colors``); ``plies_per_s`` likewise.

Then botarena's native core on the same positions (no socha counterpart):
``native_movegen_per_s``, ``native_moves_per_s``, ``native_movegen_ratio_cpu`` (native /
Python movegen by CPU time) and ``native_search_nodes_per_s`` (see
:mod:`botarena.native.blokus_speed`; a note on stderr instead when the core is not built).

Ours is timed after one untimed pass over the positions, which fills the process-wide table
of immutable SetMove objects (a server keeps it across games); socha has no such cache.
The ``ratio_*`` lines are ours / socha, measured in the same run (the machine's load hits
both sides alike).

socha is not a botarena dependency: the script installs ``socha==5.1.0`` into its own
virtualenv under ``~/.cache/botarena/socha-5.1.0/`` when it is missing (PyPI) and runs
``blokus2027_socha_measure.py`` in it as a subprocess. Each measurement runs for about
``--seconds`` (default 1), so the default run takes about 10 s plus the first install.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import venv
from pathlib import Path
from typing import Any

from botarena.conformance.blokus2027 import state_from_position
from botarena.conformance.jsonl_fixtures import read_records
from botarena.core import SeededRandom
from botarena.games.blokus_2027 import BlokusGame, BlokusState
from botarena.native.blokus_speed import native_figures, python_movegen

HERE = Path(__file__).resolve().parent
POSITIONS = HERE.parent / "tests/fixtures/blokus-2027/positions.jsonl.gz"
SOCHA_VERSION = "5.1.0"
SOCHA_VENV = Path.home() / ".cache" / "botarena" / f"socha-{SOCHA_VERSION}"
MEASURE_SCRIPT = HERE / "blokus2027_socha_measure.py"
INSTALL_TIMEOUT = 600.0
"""Seconds the one-time ``pip install socha`` may take."""
MEASURE_TIMEOUT_FACTOR = 20.0
"""The socha subprocess may take this many times ``--seconds`` (plus loading) at most."""
SEED = 2027


def load_positions(path: Path) -> list[BlokusState]:
    """Our states for the non-final positions (the lines that list legal moves)."""
    return [state_from_position(record) for _, record in read_records(path) if "moves" in record]


def bench_games(seconds: float, seed: int) -> tuple[float, float]:
    game = BlokusGame()
    rng = SeededRandom(seed)
    games = plies = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state(rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
            plies += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, plies / elapsed


def socha_python() -> Path:
    """The interpreter of the socha virtualenv, created and filled on first use."""
    python = SOCHA_VENV / "bin" / "python"
    probe = [str(python), "-c", "import socha._socha"]
    if python.exists() and subprocess.run(probe, check=False, capture_output=True).returncode == 0:
        return python
    print(f"installing socha=={SOCHA_VERSION} into {SOCHA_VENV} ...", file=sys.stderr)
    venv.EnvBuilder(with_pip=True, clear=True).create(SOCHA_VENV)
    install = [str(python), "-m", "pip", "install", "-q", f"socha=={SOCHA_VERSION}"]
    subprocess.run(install, check=True, timeout=INSTALL_TIMEOUT)
    return python


def measure_socha(positions: Path, seconds: float) -> dict[str, Any]:
    command = [str(socha_python()), str(MEASURE_SCRIPT), str(positions), str(seconds), str(SEED)]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=60 + MEASURE_TIMEOUT_FACTOR * seconds,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"socha measurement failed ({done.returncode}): {done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--positions", type=Path, default=POSITIONS)
    parser.add_argument("--no-socha", action="store_true", help="measure only our engine")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    try:
        states = load_positions(args.positions)
    except (OSError, EOFError, ValueError, KeyError) as error:
        print(f"cannot read positions {args.positions}: {error!r}", file=sys.stderr)
        return 2
    ours: dict[str, float] = {}
    ours["movegen_per_s"], ours["moves_per_s"] = python_movegen(states, args.seconds)
    ours["games_per_s"], ours["plies_per_s"] = bench_games(args.seconds, SEED)
    print(f"positions: {len(states)}")
    for key, value in ours.items():
        print(f"{key}: {value:.1f}")
    figures, missing = native_figures(states, args.seconds)
    for key, value in figures.items():
        print(f"{key}: {value:.1f}")
    if missing:
        print(f"no native figures: {missing}", file=sys.stderr)
    if args.no_socha:
        return 0
    try:
        socha = measure_socha(args.positions, args.seconds)
    except (OSError, RuntimeError, ValueError, subprocess.SubprocessError) as error:
        print(f"cannot measure socha {SOCHA_VERSION}: {error}", file=sys.stderr)
        return 1
    if socha["positions"] != len(states):
        print(f"socha read {socha['positions']} positions, we {len(states)}", file=sys.stderr)
        return 1
    for key, value in ours.items():
        print(f"socha_{key}: {socha[key]:.1f}")
        print(f"ratio_{key}: {value / socha[key]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
