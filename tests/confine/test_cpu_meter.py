"""The CPU time of a bot's process tree, read from ``/proc``: its session and their
descendants (a child that left the session too), or the processes its T2 cgroup lists;
the tree counts, not only the process the runner started."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from botarena.confine import (
    Confinement,
    SandboxMode,
    bot_finished,
    cpu_seconds,
    end_bot,
    start_bot,
)
from botarena.confine.cpu import CLOCK_TICKS_PER_S, ProcessTimes, parse_stat, read_times, tree_ticks

BURN_S = 0.3
CHILD = (
    "import time\n"
    f"until = time.process_time() + {BURN_S}\n"
    "while time.process_time() < until: pass\n"
    "print('burnt', flush=True)\n"
    "time.sleep(3600)\n"
)
PARENT = (
    "import subprocess, sys, time\n"
    f"child = subprocess.Popen([sys.executable, '-c', {CHILD!r}], stdout=subprocess.PIPE)\n"
    "child.stdout.readline()\n"
    "print('ready', flush=True)\n"
    "time.sleep(3600)\n"
)


def test_a_stat_line_is_read_whatever_the_command_name_holds():
    line = "4242 (a (weird) name) R 17 4242 4242 0 -1 0 0 0 0 0 150 30 7 3 20 0 1 0 5"
    assert parse_stat(line) == ProcessTimes(4242, 17, 4242, 150 + 30 + 7 + 3)
    assert parse_stat("garbage") is None
    assert parse_stat("1 (x) R 0 1 nan") is None


def test_the_tree_is_the_session_and_every_descendant_of_it():
    processes = [
        ProcessTimes(100, 1, 100, 10),  # the bot
        ProcessTimes(101, 100, 100, 20),  # its child, same session
        ProcessTimes(102, 101, 102, 40),  # a grandchild that started its own session
        ProcessTimes(103, 102, 102, 80),  # and its child
        ProcessTimes(200, 1, 200, 1000),  # someone else
    ]
    assert tree_ticks(100, processes) == 150
    assert tree_ticks(555, processes) == 0


@pytest.mark.parametrize("mode", ["off", "rlimit"])
def test_a_bot_is_charged_the_cpu_of_its_children_too(mode: SandboxMode) -> None:
    async def measure() -> tuple[float | None, float, float | None]:
        process = await start_bot(
            [sys.executable, "-c", PARENT],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=None,
            env=os.environ,
            confinement=Confinement(mode),
            server=("127.0.0.1", 1),
        )
        assert process.stdout is not None
        assert await process.stdout.readline() == b"ready\n"
        own = read_times(process.pid)
        assert own is not None
        used = cpu_seconds(process)
        end_bot(process)
        await process.wait()
        await bot_finished(process)
        return used, own.ticks / CLOCK_TICKS_PER_S, cpu_seconds(process)

    used, top_only, after = asyncio.run(measure())
    assert used is not None and used >= BURN_S
    assert top_only < BURN_S  # the process the runner started alone would not show it
    assert after is None  # a bot that is gone has no reading
