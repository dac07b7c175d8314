"""The web UI's heavy work (reading replays and reports, scoring a state) in its own pool.

A few daemon threads of its own, and a bound on the requests it holds (running or waiting):
a request beyond :data:`MAX_HEAVY_REQUESTS` is refused at once (HTTP 503) instead of
queueing. A request the browser abandons keeps its place until its work ends, so abandoned
requests cannot pile up either. The pool shares nothing with the event loop's default
executor (the game servers' replay writer has its own thread), and its threads are daemons:
neither shutdown nor a finished game's replay ever waits for it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from botarena.web.limits import HEAVY_WORKERS, MAX_HEAVY_REQUESTS

T = TypeVar("T")

_Job = tuple[concurrent.futures.Future[Any], Callable[..., Any], tuple[Any, ...]]


class BusyError(RuntimeError):
    """The pool holds :data:`MAX_HEAVY_REQUESTS` already; the text says so."""


class HeavyPool:
    """``await pool.run(function, *args)``: ``function(*args)`` in one of the pool's threads."""

    def __init__(self, workers: int = HEAVY_WORKERS, max_requests: int = MAX_HEAVY_REQUESTS):
        self.workers = workers
        self.max_requests = max_requests
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._held = 0
        self._threads: list[threading.Thread] = []
        self._closed = False
        self._awaited: set[asyncio.Future[Any]] = set()

    @property
    def held(self) -> int:
        """Requests running or waiting (an abandoned one until its work ends)."""
        with self._lock:
            return self._held

    def submit(self, function: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
        with self._lock:
            if self._closed:
                raise BusyError("the web UI is stopping")
            if self._held >= self.max_requests:
                raise BusyError(
                    f"busy reading other files (MAX_HEAVY_REQUESTS={self.max_requests});"
                    " try again in a moment"
                )
            self._held += 1
            if len(self._threads) < min(self.workers, self._held):
                thread = threading.Thread(
                    target=self._work, name=f"botarena-web-heavy-{len(self._threads)}", daemon=True
                )
                self._threads.append(thread)
                thread.start()
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self._jobs.put((future, function, args))
        return future

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        awaited = asyncio.wrap_future(self.submit(function, *args))
        self._awaited.add(awaited)
        awaited.add_done_callback(self._awaited.discard)
        return await awaited

    def close(self) -> None:
        """Stop taking work and cancel the requests waiting for it (so that stopping the web
        server waits for none of them); the threads end after their current job and nobody
        waits for them."""
        for awaited in list(self._awaited):
            awaited.cancel()
        with self._lock:
            self._closed = True
            threads = len(self._threads)
        for _ in range(threads):
            self._jobs.put(None)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, function, args = job
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(function(*args))
                    except BaseException as error:  # handed to the awaiting side
                        future.set_exception(error)
            finally:
                with self._lock:
                    self._held -= 1
