"""Waiting for what a server does in the same event loop, without real time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

TURNS = 1_000_000
"""How many event-loop turns ``until`` waits at most (only reached when a test fails)."""


async def until(condition: Callable[[], bool], turns: int = TURNS) -> None:
    """Await ``condition`` turn by turn of the event loop (no real time): for events a
    server in the same loop produces without telling the client. Each turn the loop polls
    the sockets, so bytes a client sent are read within a few turns."""
    for _ in range(turns):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("condition not reached")
