"""Waiting for the signals that end a long-running command (``botarena serve``, ``view``)."""

from __future__ import annotations

import asyncio
import contextlib
import signal


async def until_signal(*signums: signal.Signals) -> None:
    """Return when the process receives one of ``signums``. Where the loop cannot watch
    signals (not the main thread, Windows), only cancellation ends the wait. The handlers stay
    installed, so a repeated signal while the caller shuts down is absorbed."""
    received = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in signums:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, received.set)
    await received.wait()
