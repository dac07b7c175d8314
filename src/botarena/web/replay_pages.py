"""A replay file in pages for the viewer: ``/api/replay?root&path&from=N``.

The first page carries the replay's description (game, names, result) and ``stateCount``;
every page carries the states from ``from`` on, at most :data:`REPLAY_PAGE_BYTES` of state
text (at least one state), the moves that led to them (:mod:`botarena.web.move_list`), and
``next``: where the next page starts (null after the last).
Replays read recently are kept (:data:`REPLAY_CACHE_BYTES` of state text in all), so a page
after the first does not read the file again.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from botarena.web.limits import REPLAY_CACHE_BYTES, REPLAY_PAGE_BYTES
from botarena.web.move_list import move_notations
from botarena.web.replays import read_replay

_Key = tuple[str, int, int, str | None]


class ReplayPages:
    """Pages of replay files, with a bounded cache of the replays read (thread-safe)."""

    def __init__(
        self, page_bytes: int = REPLAY_PAGE_BYTES, cache_bytes: int = REPLAY_CACHE_BYTES
    ) -> None:
        self.page_bytes = page_bytes
        self.cache_bytes = cache_bytes
        self._cache: OrderedDict[_Key, tuple[dict[str, Any], int]] = OrderedDict()
        self._cached_bytes = 0
        self._lock = threading.Lock()

    def page_json(self, path: Path, game: str | None, start: int) -> bytes:
        """The page from state ``start`` as JSON bytes (raises ``ReplayError``)."""
        return json.dumps(self.page(path, game, start)).encode()

    def page(self, path: Path, game: str | None, start: int) -> dict[str, Any]:
        replay = self._replay(path, game)
        states: list[str] = replay["states"]
        start = max(0, min(start, len(states)))
        end, size = start, 0
        while end < len(states) and (end == start or size + len(states[end]) <= self.page_bytes):
            size += len(states[end])
            end += 1
        hidden = ("states", "moveMs", "moves")
        page = {key: value for key, value in replay.items() if key not in hidden}
        page.update(
            stateCount=len(states),
            states=states[start:end],
            moveMs=replay["moveMs"][start:end],
            moves=replay["moves"][start:end]
            if "moves" in replay
            else move_notations(replay["game"], states[start:end], start),
            next=end if end < len(states) else None,
        )
        page["from"] = start
        return page

    def _replay(self, path: Path, game: str | None) -> dict[str, Any]:
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size, game)
        with self._lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                return cached[0]
        replay = read_replay(path, game)
        size = sum(len(state) for state in replay["states"])
        if size <= self.cache_bytes:
            with self._lock:
                if key not in self._cache:
                    self._cache[key] = (replay, size)
                    self._cached_bytes += size
                while self._cached_bytes > self.cache_bytes:
                    _, (_, dropped) = self._cache.popitem(last=False)
                    self._cached_bytes -= dropped
        return replay
