"""The request budget of one WebSocket connection (a token bucket on the server's clock).

Like the SC frontend's ``MESSAGES_PER_TURN``, it keeps one client's flood from taking the
event loop from the games and the other clients: a connection may send
:data:`WS_REQUEST_BURST` requests at once, then :data:`WS_REQUESTS_PER_S` on average; the
server reads its next request only when the budget allows it (:meth:`RequestBudget.wait`),
so the flood waits in the flooder's own socket (TCP flow control) and costs nobody else.
"""

from __future__ import annotations

import asyncio
import functools

from botarena.server.peer import Clock
from botarena.web.limits import WS_REQUEST_BURST, WS_REQUESTS_PER_S


class RequestBudget:
    """Requests one connection may still send now, refilled at ``rate`` per second up to
    ``burst``."""

    def __init__(
        self, clock: Clock, rate: float = WS_REQUESTS_PER_S, burst: int = WS_REQUEST_BURST
    ) -> None:
        self.clock = clock
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self._last = clock.time()

    def take(self) -> float:
        """Take one request from the budget: 0, or the seconds until one is available (then
        nothing was taken)."""
        now = self.clock.time()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    async def wait(self) -> None:
        """Return once one request is taken from the budget (at once while there is one)."""
        while (delay := self.take()) > 0:
            await clock_sleep(self.clock, delay)


async def clock_sleep(clock: Clock, seconds: float) -> None:
    """``asyncio.sleep`` on ``clock`` (a manual clock in tests)."""
    woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    timer = clock.call_later(seconds, functools.partial(_wake, woken))
    try:
        await woken
    finally:
        timer.cancel()


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
