"""The run's JSON summary: every finished game keyed by its index, rewritten atomically after
each game so an interrupted run loses nothing and ``--resume`` repeats nothing."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

SUMMARY_NAME = "summary.json"
SUMMARY_VERSION = 1


class StoreError(ValueError):
    """A summary that cannot be used to resume (the message says why)."""


def write_json_atomically(path: Path, document: dict[str, Any]) -> None:
    """Write to a temporary file in the same folder, then rename: readers never see half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(document, file, indent=1, sort_keys=False)
            file.write("\n")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_summary(out_dir: Path) -> dict[str, Any]:
    path = out_dir / SUMMARY_NAME
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StoreError(f"cannot resume: {path} does not exist") from None
    except (OSError, json.JSONDecodeError) as error:
        raise StoreError(f"cannot resume: {path} is unreadable: {error}") from None
    if not isinstance(document, dict) or document.get("version") != SUMMARY_VERSION:
        raise StoreError(f"cannot resume: {path} is not a botarena run summary")
    return document


class ResultsStore:
    """Finished game records plus the run's settings, persisted in ``OUT/summary.json``."""

    def __init__(self, out_dir: Path, settings: dict[str, Any]) -> None:
        self.out_dir = out_dir
        self.settings = settings
        self.games: dict[int, dict[str, Any]] = {}

    @property
    def path(self) -> Path:
        return self.out_dir / SUMMARY_NAME

    @classmethod
    def resume(cls, out_dir: Path) -> ResultsStore:
        document = load_summary(out_dir)
        store = cls(out_dir, dict(document["settings"]))
        for record in document.get("games", []):
            store.games[int(record["index"])] = record
        return store

    def add(self, record: dict[str, Any], statistics: dict[str, Any]) -> None:
        self.games[int(record["index"])] = record
        self.save(statistics)

    def save(self, statistics: dict[str, Any]) -> None:
        document = {
            "version": SUMMARY_VERSION,
            "settings": self.settings,
            "games": [self.games[index] for index in sorted(self.games)],
            "statistics": statistics,
        }
        write_json_atomically(self.path, document)
