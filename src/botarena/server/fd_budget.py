"""File descriptors: the limit raised at start, what is free, and accept errors logged once a
second.

``botarena serve`` runs the game servers and the web UI in one process, so they share its
file descriptors. At start the soft ``RLIMIT_NOFILE`` is raised to the hard limit
(:func:`raise_open_file_limit`); the web UI refuses new connections while fewer than
:data:`~botarena.web.limits.WEB_FD_RESERVE` descriptors are free (:func:`free_fds`), so the
game servers keep those. Should the process still run out, asyncio reports every failed
``accept()`` with a traceback; :class:`AcceptErrorLog` reports it once per
:data:`ACCEPT_ERROR_LOG_INTERVAL_S` with the number left out.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

ACCEPT_ERROR_LOG_INTERVAL_S = 1.0
"""An ``accept()`` that fails for lack of resources is logged at most once per this time."""
ACCEPT_ERROR_MESSAGE = "socket.accept() out of system resource"
"""asyncio's message for a failed ``accept()`` (EMFILE, ENFILE, ENOBUFS, ENOMEM)."""
_FD_DIRECTORY = "/proc/self/fd"


def raise_open_file_limit() -> tuple[int, int]:
    """Raise the soft ``RLIMIT_NOFILE`` to the hard limit; returns (soft, hard) as they are
    afterwards ((-1, -1) where the platform has no such limit)."""
    try:
        import resource  # noqa: PLC0415 - POSIX only

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != hard:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
                soft = hard
            except (OSError, ValueError) as error:  # e.g. macOS: hard is unlimited
                log.info("open files limit stays at %d: %s", soft, error)
        return soft, hard
    except ImportError:
        return -1, -1


def open_file_limit() -> int | None:
    """The soft ``RLIMIT_NOFILE`` (None: no such limit here)."""
    try:
        import resource  # noqa: PLC0415

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except ImportError:
        return None
    return None if soft == resource.RLIM_INFINITY else soft


def free_fds() -> int | None:
    """File descriptors this process may still open (None: unknown on this platform)."""
    limit = open_file_limit()
    if limit is None:
        return None
    try:
        used = len(os.listdir(_FD_DIRECTORY))
    except OSError:
        return None
    return limit - used


class AcceptErrorLog:
    """An event-loop exception handler: asyncio's failed-``accept()`` report at most once per
    ``interval_s`` (with how many were left out); anything else goes to ``fallback`` (the
    loop's default handler)."""

    def __init__(
        self,
        fallback: Callable[[dict[str, Any]], object],
        interval_s: float = ACCEPT_ERROR_LOG_INTERVAL_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.fallback = fallback
        self.interval_s = interval_s
        self.clock = clock
        self.left_out = 0
        self._last: float | None = None

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") != ACCEPT_ERROR_MESSAGE:
            self.fallback(context)
            return
        now = self.clock()
        if self._last is not None and now - self._last < self.interval_s:
            self.left_out += 1
            return
        self._last = now
        left_out, self.left_out = self.left_out, 0
        more = f" ({left_out} more since the last report)" if left_out else ""
        log.error(
            "cannot accept connections: %s%s (the process is out of file descriptors or memory)",
            context.get("exception"),
            more,
        )


def install_accept_error_log(loop: asyncio.AbstractEventLoop) -> AcceptErrorLog:
    """Report failed ``accept()`` calls of ``loop`` once per second (:class:`AcceptErrorLog`)."""
    previous = loop.get_exception_handler()
    fallback: Callable[[dict[str, Any]], object] = (
        loop.default_exception_handler
        if previous is None
        else lambda context: previous(loop, context)
    )
    handler = AcceptErrorLog(fallback)
    loop.set_exception_handler(handler)
    return handler
