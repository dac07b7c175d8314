"""What the lobby and rooms see of a connection, and how they read the time.

Keeping these as small protocols lets the lobby and rooms run without sockets (unit tests,
the transcript conformance command) and keeps the asyncio frontend a thin adapter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Peer(Protocol):
    """One client connection as the lobby sees it.

    ``close`` must not call back into the lobby synchronously: the frontend reports the loss
    of a connection later (from the event loop), after the room has finished what it was doing.
    """

    peer_id: int
    is_admin: bool
    # Optional: ``current_request`` (the request element being handled), echoed by 2021
    # ``errorpacket`` replies; peers without it get errorpackets without the echo.
    # Optional: ``address`` (the peer's IP address): a remote address shares the delay after
    # failed ``authenticate`` attempts of its connections; without it, only the connection's.

    @property
    def closed(self) -> bool: ...

    def send(self, message: bytes) -> None:
        """Write one complete, already serialised message (no-op once closed)."""
        ...

    def close(self, close_element: bytes | None = None, *, end_document: bool = True) -> None:
        """Write ``close_element`` if given, then the end of the stream (unless
        ``end_document`` is false), and close."""
        ...


class TimerHandle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """Monotonic time and timers (the asyncio loop in production)."""

    def time(self) -> float:
        """Monotonic seconds."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle: ...
