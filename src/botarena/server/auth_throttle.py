"""Slowing down admin password guessing: per connection and overall, never the organiser.

Per connection: each wrong password makes that connection wait longer before its next
attempt is checked at all (attempts in the wait are refused unchecked). The wait belongs to
the connection that guessed, not to its address: everything on this machine shares
127.0.0.1, and a bot guessing from there must not lock out the organiser's own tools, which
open a connection of their own and are checked at once.

Per address, for addresses beyond loopback: a remote guesser's new connections wait like its
old ones (the organiser's tools on this machine connect from loopback and are never slowed by
it). Only the connection's own key is used for loopback addresses.

Overall: once more than ``AUTH_OVERALL_FAILURES`` wrong passwords arrived within
``AUTH_OVERALL_WINDOW_S`` from all connections together, the server is being guessed at: a
wrong password then closes its connection at once, also where the season keeps connections
open (2026+), so each further guess costs the guesser a new connection; the right password
on a fresh connection is still accepted at once.

Failures are logged in summary (the 1st, 10th, 100th, ... of the whole server), not once each.
The times are the lobby's clock (a fake one in tests).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass

from botarena.server.admin_password import is_loopback

AUTH_FREE_FAILURES = 3
"""Wrong passwords a connection may send without delay (typos)."""
AUTH_BASE_DELAY_S = 1.0
"""Delay after the first failure beyond the free ones; it doubles with every further one."""
AUTH_MAX_DELAY_S = 60.0
"""Longest delay: a connection keeps at most one checked guess a minute."""
AUTH_OVERALL_FAILURES = 30
"""Wrong passwords of all connections together within ``AUTH_OVERALL_WINDOW_S`` beyond which
every further wrong one closes its connection at once."""
AUTH_OVERALL_WINDOW_S = 60.0
"""The window of ``AUTH_OVERALL_FAILURES``."""
TOO_MANY_FAILURES = "too many failed attempts on this connection; the next one is checked in"
"""Our text for an attempt refused in its connection's delay (2021+ ``errorpacket``, the
web UI's 429), followed by the seconds to wait."""
MAX_TRACKED_CONNECTIONS = 10_000
"""Connections with failures remembered at once; the oldest are forgotten first beyond this."""


def throttle_keys(connection: Hashable, address: str | None) -> tuple[Hashable, ...]:
    """The keys whose delays an attempt waits for: its connection, and its address unless
    that is loopback (shared by everything on this machine, the organiser's tools too)."""
    if address is None or is_loopback(address):
        return (("connection", connection),)
    return (("connection", connection), ("address", address))


def delay_after(failures: int) -> float:
    """Seconds a connection waits after its ``failures``-th wrong password."""
    if failures < AUTH_FREE_FAILURES:
        return 0.0
    return min(AUTH_BASE_DELAY_S * 2.0 ** (failures - AUTH_FREE_FAILURES), AUTH_MAX_DELAY_S)


def is_summary_count(attempts: int) -> bool:
    """Whether the ``attempts``-th failed attempt gets a log line (1, 10, 100…)."""
    while attempts >= 10 and attempts % 10 == 0:
        attempts //= 10
    return attempts == 1


@dataclass(slots=True)
class _Connection:
    failures: int = 0
    """Wrong passwords of this connection that were checked."""
    allowed_at: float = 0.0


class AuthThrottle:
    """Failed ``authenticate`` attempts per connection (any hashable key) and overall."""

    def __init__(self) -> None:
        self._connections: dict[Hashable, _Connection] = {}
        self._recent: deque[float] = deque()
        """When the wrong passwords of the last ``AUTH_OVERALL_WINDOW_S`` were checked."""
        self.attempts = 0
        """Failed attempts of the whole server (checked or refused in a delay)."""

    def retry_after(self, *keys: Hashable, now: float) -> float:
        """Seconds until an attempt with these keys (:func:`throttle_keys`) is checked."""
        waits = [0.0]
        for key in keys:
            entry = self._connections.get(key)
            if entry is not None:
                waits.append(entry.allowed_at - now)
        return max(waits)

    def refused(self) -> int:
        """An attempt arrived during its connection's delay; returns the server's failed
        attempts so far."""
        self.attempts += 1
        return self.attempts

    def failed(self, *keys: Hashable, now: float) -> int:
        """A wrong password was checked for these keys (:func:`throttle_keys`); returns the
        server's failed attempts so far."""
        for key in keys:
            entry = self._connections.pop(key, None) or _Connection()
            if len(self._connections) >= MAX_TRACKED_CONNECTIONS:
                del self._connections[next(iter(self._connections))]  # the oldest
            self._connections[key] = entry  # now the newest
            entry.failures += 1
            entry.allowed_at = now + delay_after(entry.failures)
        self._recent.append(now)
        self._expire(now)
        if len(self._recent) > AUTH_OVERALL_FAILURES:
            self._recent.popleft()  # the count is all that matters beyond the limit
        self.attempts += 1
        return self.attempts

    def overloaded(self, now: float) -> bool:
        """Whether wrong passwords arrive faster than ``AUTH_OVERALL_FAILURES`` per window."""
        self._expire(now)
        return len(self._recent) >= AUTH_OVERALL_FAILURES

    def forget(self, key: Hashable) -> None:
        """The connection (or address) authenticated or closed."""
        self._connections.pop(key, None)

    def _expire(self, now: float) -> None:
        while self._recent and now - self._recent[0] > AUTH_OVERALL_WINDOW_S:
            self._recent.popleft()
