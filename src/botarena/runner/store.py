"""The run's records on disk.

* ``games.jsonl``: one JSON line per finished game, appended and flushed the moment the game
  ends: the durable record that ``--resume`` reads (a torn last line from a kill is ignored,
  that game is played again).
* ``summary.json``: settings, every game and the statistics, replaced atomically (temporary
  file + rename) after a game at most every ``SUMMARY_INTERVAL_S`` and always at the end.
  Rewriting it after each of 1,000 games would cost quadratic time (about 1 GB of JSON).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

SUMMARY_NAME = "summary.json"
GAMES_NAME = "games.jsonl"
SUMMARY_VERSION = 1
SUMMARY_INTERVAL_S = 1.0
"""Minimum seconds between two rewrites of ``summary.json`` while games finish."""


class StoreError(ValueError):
    """A run folder that cannot be used (the message says why)."""


def write_json_atomically(path: Path, document: dict[str, Any]) -> None:
    """Write to a temporary file in the same folder, then rename: readers never see half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(document, file, indent=1)
            file.write("\n")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _load_settings(out_dir: Path) -> dict[str, Any]:
    path = out_dir / SUMMARY_NAME
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StoreError(f"cannot resume: {path} does not exist") from None
    except (OSError, json.JSONDecodeError) as error:
        raise StoreError(f"cannot resume: {path} is unreadable: {error}") from None
    if not isinstance(document, dict) or document.get("version") != SUMMARY_VERSION:
        raise StoreError(f"cannot resume: {path} is not a botarena run summary")
    return dict(document["settings"])


def _load_games(out_dir: Path) -> dict[int, dict[str, Any]]:
    games: dict[int, dict[str, Any]] = {}
    path = out_dir / GAMES_NAME
    if not path.exists():
        return games
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line torn by a kill: that game is played again
        games[int(record["index"])] = record
    return games


class ResultsStore:
    """Finished game records plus the run's settings, persisted under ``out_dir``."""

    def __init__(self, out_dir: Path, settings: dict[str, Any]) -> None:
        self.out_dir = out_dir
        self.settings = settings
        self.games: dict[int, dict[str, Any]] = {}
        self._last_summary = 0.0

    @property
    def path(self) -> Path:
        return self.out_dir / SUMMARY_NAME

    @classmethod
    def resume(cls, out_dir: Path) -> ResultsStore:
        store = cls(out_dir, _load_settings(out_dir))
        store.games = _load_games(out_dir)
        store._rewrite_games_file()  # drops a torn line, so appends start on a fresh line
        return store

    def _rewrite_games_file(self) -> None:
        lines = "".join(json.dumps(self.games[i]) + "\n" for i in sorted(self.games))
        temporary = self.out_dir / (GAMES_NAME + ".tmp")
        temporary.write_text(lines, encoding="utf-8")
        os.replace(temporary, self.out_dir / GAMES_NAME)

    def add(self, record: dict[str, Any], statistics: dict[str, Any]) -> None:
        """Record a finished game durably; refresh the summary if it is due."""
        self.games[int(record["index"])] = record
        with (self.out_dir / GAMES_NAME).open("a", encoding="utf-8") as file:
            file.write(json.dumps(record) + "\n")
        if time.monotonic() - self._last_summary >= SUMMARY_INTERVAL_S:
            self.save(statistics)

    def save(self, statistics: dict[str, Any]) -> None:
        document = {
            "version": SUMMARY_VERSION,
            "settings": self.settings,
            "statistics": statistics,
            "games": [self.games[index] for index in sorted(self.games)],
        }
        write_json_atomically(self.path, document)
        self._last_summary = time.monotonic()
