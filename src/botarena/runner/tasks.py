"""Running many coroutines as tasks that end together (the games of a run or tournament)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterable
from typing import Any


async def run_together(coroutines: Iterable[Coroutine[Any, Any, None]]) -> None:
    """Run ``coroutines`` as tasks until every one is done. When one raises, or the caller is
    cancelled, the others are cancelled and awaited before the error goes on."""
    tasks = [asyncio.create_task(coroutine) for coroutine in coroutines]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
