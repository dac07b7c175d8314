"""until_signal: the wait of ``botarena serve`` and ``botarena view`` ends on a watched signal."""

from __future__ import annotations

import asyncio
import os
import signal

from botarena.core.signals import until_signal


def test_the_wait_ends_when_a_watched_signal_arrives() -> None:
    async def scenario() -> bool:
        waiting = asyncio.create_task(until_signal(signal.SIGUSR1))
        await asyncio.sleep(0)  # one turn of the loop: the handler is installed, the task waits
        assert not waiting.done()
        os.kill(os.getpid(), signal.SIGUSR1)
        await asyncio.wait_for(waiting, timeout=30)
        return waiting.done()

    assert asyncio.run(scenario())


def test_an_unwatched_signal_does_not_end_the_wait() -> None:
    async def scenario() -> bool:
        waiting = asyncio.create_task(until_signal(signal.SIGUSR1))
        received = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR2, received.set)
        await asyncio.sleep(0)
        os.kill(os.getpid(), signal.SIGUSR2)
        await received.wait()
        done = waiting.done()
        waiting.cancel()
        return done

    assert not asyncio.run(scenario())
