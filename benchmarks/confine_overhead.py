"""What confinement costs per bot start: ``true`` started N times through ``start_bot``.

Modes: ``off`` (as ``botarena test`` starts bots without ``--sandbox``), ``plain`` (a bare
``asyncio.create_subprocess_exec`` in a new session: the start before the confinement
layer), ``t0`` (setrlimit only), ``t0+t2`` (``--sandbox rlimit`` where T2 is available: a
cgroup created, entered, killed and removed per start), ``t1+t0+t2`` (``--sandbox bwrap``:
the sandbox, its relay and the forwarder inside, a Python start) and, for reference,
``bwrap`` (a bare ``bwrap --unshare-all --ro-bind / / true``).

Run from the repository root::

    .venv/bin/python benchmarks/confine_overhead.py          # 200 starts per mode
    .venv/bin/python benchmarks/confine_overhead.py -n 50

Output: one line per mode, ``MODE: X.X ms per start (+Y.Y ms over plain)``.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import shutil
import time

from botarena.confine import Confinement, bot_finished, end_bot, start_bot
from botarena.confine.rlimits import apply_limits
from botarena.confine.tiers import bwrap_tier, cgroup_tier

PLAIN = ["true"]


async def plain() -> None:
    process = await asyncio.create_subprocess_exec(*PLAIN, start_new_session=True)
    await process.wait()


async def through_door(confinement: Confinement) -> None:
    process = await start_bot(
        PLAIN,
        stdin=None,
        stdout=None,
        stderr=None,
        env=os.environ,
        confinement=confinement,
        server=("127.0.0.1", 13050),
    )
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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="starts per mode")
    asyncio.run(main(parser.parse_args().n))
