"""Slowing down admin password guessing: a growing delay per peer address.

Each wrong ``authenticate`` from an address makes that address wait longer before its next
attempt is checked at all (attempts in the wait are refused unchecked); a right one clears
the address. Failures are logged in summary (the 1st, 10th, 100th, ... attempt of an
address), not once each. The delays run on the lobby's clock (a fake one in tests).
"""

from __future__ import annotations

from dataclasses import dataclass

AUTH_FREE_FAILURES = 3
"""Wrong passphrases an address may send without delay (typos)."""
AUTH_BASE_DELAY_S = 1.0
"""Delay after the first failure beyond the free ones; it doubles with every further one."""
AUTH_MAX_DELAY_S = 60.0
"""Longest delay: an address keeps at most one guess a minute."""
AUTH_FORGET_S = 3600.0
"""An address whose last failure is this old starts afresh."""
MAX_TRACKED_ADDRESSES = 10_000
"""Addresses remembered at once; the oldest are forgotten first beyond this."""


def delay_after(failures: int) -> float:
    """Seconds an address waits after its ``failures``-th wrong passphrase."""
    if failures < AUTH_FREE_FAILURES:
        return 0.0
    return min(AUTH_BASE_DELAY_S * 2.0 ** (failures - AUTH_FREE_FAILURES), AUTH_MAX_DELAY_S)


def is_summary_count(attempts: int) -> bool:
    """Whether the ``attempts``-th failed attempt of an address gets a log line (1, 10, 100…)."""
    while attempts >= 10 and attempts % 10 == 0:
        attempts //= 10
    return attempts == 1


@dataclass(slots=True)
class _Address:
    failures: int = 0
    """Wrong passphrases that were checked."""
    attempts: int = 0
    """Failed attempts: wrong passphrases and attempts refused during a delay."""
    last_failure: float = 0.0
    allowed_at: float = 0.0


class AuthThrottle:
    """Failed ``authenticate`` attempts per peer address."""

    def __init__(self) -> None:
        self._addresses: dict[str, _Address] = {}

    def retry_after(self, address: str, now: float) -> float:
        """Seconds until ``address`` may try again; 0: its attempt is checked now."""
        entry = self._entry(address, now, create=False)
        if entry is None:
            return 0.0
        return max(0.0, entry.allowed_at - now)

    def refused(self, address: str, now: float) -> int:
        """An attempt arrived during the delay; returns the address's failed attempts."""
        entry = self._entry(address, now, create=True)
        assert entry is not None
        entry.attempts += 1
        return entry.attempts

    def failed(self, address: str, now: float) -> int:
        """A wrong passphrase was checked; returns the address's failed attempts."""
        entry = self._entry(address, now, create=True)
        assert entry is not None
        entry.failures += 1
        entry.attempts += 1
        entry.last_failure = now
        entry.allowed_at = now + delay_after(entry.failures)
        return entry.attempts

    def succeeded(self, address: str) -> None:
        self._addresses.pop(address, None)

    def _entry(self, address: str, now: float, *, create: bool) -> _Address | None:
        entry = self._addresses.get(address)
        if entry is not None and entry.failures and now - entry.last_failure > AUTH_FORGET_S:
            del self._addresses[address]
            entry = None
        if entry is None and create:
            if len(self._addresses) >= MAX_TRACKED_ADDRESSES:
                del self._addresses[next(iter(self._addresses))]  # the oldest
            entry = self._addresses[address] = _Address(last_failure=now)
        return entry
