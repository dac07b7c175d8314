"""Load on the machine's cores for the clock tests: busy-loop processes started and killed
by the test itself."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

BUSY_LOOP = "while True: pass\n"
"""A busy loop at the bots' own priority: it takes its full share of a core from them."""


@contextmanager
def busy_loops(count: int, program: str = BUSY_LOOP) -> Iterator[None]:
    """``count`` Python processes running ``program`` (a busy loop) while the block runs,
    killed at its end."""
    loops = [subprocess.Popen([sys.executable, "-c", program]) for _ in range(count)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
