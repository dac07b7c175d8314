"""A :class:`~botarena.server.peer.Clock` whose time moves only when told.

Rooms and the lobby read the time and set their move timers through a ``Clock``. Given this
one instead of the event loop, a server measures moves and fires timeouts on a timeline its
driver controls: transcript replays put the server on the recording's own timeline, and tests
check timeouts instantly and deterministically, however busy the machine is.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(order=True, slots=True)
class _Timer:
    when: float
    sequence: int
    callback: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """Monotonic time that stands still until :meth:`advance_to`; timers fire in time order
    (ties in the order they were set) while the clock passes them."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._timers: list[_Timer] = []
        self._sequence = itertools.count()

    def time(self) -> float:
        return self._now

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Timer:
        timer = _Timer(self._now + max(delay, 0.0), next(self._sequence), callback)
        heapq.heappush(self._timers, timer)
        return timer

    def advance_to(self, when: float) -> None:
        """Move the time to ``when`` (never backwards), firing every timer due by then; a
        timer runs with the clock at its own due time, so what it measures is exact."""
        while self._timers and self._timers[0].when <= when:
            timer = heapq.heappop(self._timers)
            if timer.cancelled:
                continue
            self._now = max(self._now, timer.when)
            timer.callback()
        self._now = max(self._now, when)

    def advance(self, seconds: float) -> None:
        self.advance_to(self._now + seconds)
