"""What confinement costs per bot start: ``true`` started N times through ``start_bot``.

Modes: ``off`` (as ``botarena test`` starts bots without ``--sandbox``), ``plain`` (a bare
``asyncio.create_subprocess_exec`` in a new session: the start before the confinement
layer), ``t0`` (setrlimit only), ``t0+t2`` (``--sandbox rlimit`` where T2 is available: a
cgroup created, entered, killed and removed per start), ``t1+t0+t2`` (``--sandbox bwrap``:
the sandbox, its relay and the forwarder inside, a Python start) and, for reference,
``bwrap`` (a bare ``bwrap --unshare-all --ro-bind / / true``).

**Per move** (``--moves``): what ``--clock cpu`` adds to each move. A meter reading of a
running bot (a sleeping ``python``) started through the door: ``off`` (its session and their
descendants, found by scanning ``/proc``), ``t0+t2`` (the processes its cgroup lists),
``t1+t0+t2`` (the same, the sandbox's processes included); a move reads the CPU twice (at the
request's write and the answer's read) and the peak memory once. And a whole game of a room
(Piranhas 2019, both seats answering at once, a manual clock), per move: ``wall, no meter``
(``--sandbox off --clock wall``: the runner attaches no meter, the room checks ``meter is
None`` twice a move) against the same game on the code before ``--clock`` (``--base DIR``: a
``src`` folder of an older checkout, e.g. ``git archive main src | tar -x -C /tmp/main``),
and ``cpu, meter`` with an ``off`` bot's meter.

Run from the repository root::

    .venv/bin/python benchmarks/confine_overhead.py          # 200 starts per mode
    .venv/bin/python benchmarks/confine_overhead.py -n 50
    .venv/bin/python benchmarks/confine_overhead.py --moves 200 --base /tmp/main/src

Output: one line per mode, ``MODE: X.X ms per start (+Y.Y ms over plain)``; with
``--moves``: ``reading MODE: X.XX ms`` and ``room CLOCK: X.XXX ms per move``.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from botarena.confine import (
    Confinement,
    bot_finished,
    cpu_seconds,
    end_bot,
    peak_memory_bytes,
    start_bot,
)
from botarena.confine.rlimits import apply_limits
from botarena.confine.tiers import bwrap_tier, cgroup_tier

try:
    from benchmarks.room_clock_cost import room_ms_per_move
except ModuleNotFoundError:  # run as a script: its folder is on the path
    from room_clock_cost import room_ms_per_move  # type: ignore[no-redef,import-not-found]

PLAIN = ["true"]


async def plain() -> None:
    process = await asyncio.create_subprocess_exec(*PLAIN, start_new_session=True)
    await process.wait()


async def started(argv: list[str], confinement: Confinement) -> asyncio.subprocess.Process:
    """``argv`` started through the door, as the runner starts a bot."""
    return await start_bot(
        argv,
        stdin=None,
        stdout=None,
        stderr=None,
        env=os.environ,
        confinement=confinement,
        server=("127.0.0.1", 13050),
    )


async def through_door(confinement: Confinement) -> None:
    process = await started(PLAIN, confinement)
    await process.wait()
    end_bot(process)
    await bot_finished(process)


async def t0_only() -> None:
    limits = functools.partial(apply_limits, Confinement("rlimit"))
    process = await asyncio.create_subprocess_exec(
        *PLAIN, start_new_session=True, preexec_fn=limits
    )
    await process.wait()


async def bwrap() -> None:
    argv = ["bwrap", "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", *PLAIN]
    process = await asyncio.create_subprocess_exec(*argv, start_new_session=True)
    await process.wait()


async def per_start(start: object, starts: int) -> float:
    assert callable(start)
    await start()  # warm-up (tier probes, imports)
    began = time.perf_counter()
    for _ in range(starts):
        await start()
    return (time.perf_counter() - began) / starts * 1000


async def main(starts: int) -> None:
    modes = {
        "plain": plain,
        "off": functools.partial(through_door, Confinement("off")),
        "t0": t0_only,
    }
    if cgroup_tier().available:
        modes["t0+t2"] = functools.partial(through_door, Confinement("rlimit"))
    if bwrap_tier().available:
        modes["t1+t0+t2"] = functools.partial(through_door, Confinement("bwrap"))
    if shutil.which("bwrap"):
        modes["bwrap"] = bwrap
    base = None
    for name, start in modes.items():
        ms = await per_start(start, starts)
        base = ms if base is None else base
        print(f"{name}: {ms:.1f} ms per start (+{ms - base:.1f} ms over plain)", flush=True)


SLEEPER = [sys.executable, "-c", "import time; time.sleep(3600)"]


async def per_reading(confinement: Confinement, readings: int) -> float:
    """ms per meter reading of a running bot (CPU twice and the peak once, as a move)."""
    process = await started(SLEEPER, confinement)
    try:
        began = time.perf_counter()
        for _ in range(readings):
            cpu_seconds(process)
            cpu_seconds(process)
            peak_memory_bytes(process)
        return (time.perf_counter() - began) / readings * 1000
    finally:
        end_bot(process)
        await process.wait()
        await bot_finished(process)


async def moves_main(readings: int, base: Path | None) -> None:
    confinements = {"off": Confinement("off")}
    if cgroup_tier().available:
        confinements["t0+t2"] = Confinement("rlimit")
    if bwrap_tier().available:
        confinements["t1+t0+t2"] = Confinement("bwrap")
    for name, confinement in confinements.items():
        ms = await per_reading(confinement, readings)
        print(f"reading {name}: {ms:.2f} ms per move (CPU twice, peak once)", flush=True)
    process = await started(SLEEPER, Confinement("off"))
    from botarena.runner.meter import SeatMeter  # noqa: PLC0415

    meter = SeatMeter()
    meter.process = process
    try:
        rounds = [
            (room_ms_per_move("wall", None), room_ms_per_move("cpu", meter)) for _ in range(3)
        ]
    finally:
        end_bot(process)
        await process.wait()
    print(f"room wall, no meter: {min(r[0] for r in rounds):.3f} ms per move", flush=True)
    print(f"room cpu, off meter: {min(r[1] for r in rounds):.3f} ms per move", flush=True)
    if base is not None:
        code = (
            f"import sys; sys.path.insert(0, {str(base)!r}); sys.path.insert(0, "
            f"{str(Path(__file__).parents[1])!r}); from benchmarks.room_clock_cost import "
            "room_ms_per_move as f; print(min(f(None, None) for _ in range(3)))"
        )
        before = float(subprocess.check_output([sys.executable, "-c", code], text=True))
        print(f"room before --clock ({base}): {before:.3f} ms per move", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="starts per mode")
    parser.add_argument("--moves", type=int, default=0, help="meter readings per mode")
    parser.add_argument("--base", type=Path, default=None, help="src of the code before")
    arguments = parser.parse_args()
    if arguments.moves:
        asyncio.run(moves_main(arguments.moves, arguments.base))
    else:
        asyncio.run(main(arguments.n))
