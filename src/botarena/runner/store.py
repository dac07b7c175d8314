"""The run's records on disk.

* ``games.jsonl``: one JSON line per finished game, appended and flushed the moment the game
  ends: the durable record that ``--resume`` reads (a torn last line from a kill is ignored,
  that game is played again).
* ``summary.json``: settings, every game and the statistics, replaced atomically (temporary
  file + rename) after a game at most every ``SUMMARY_INTERVAL_S`` and always at the end.
  Rewriting it after each of 1,000 games would cost quadratic time (about 1 GB of JSON).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from botarena.runner.record import GameRecord, RecordError

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


def read_resume_document(
    path: Path, version: int, kind: str, error: type[ValueError]
) -> dict[str, Any]:
    """The JSON document at ``path`` that a ``--resume`` continues from, if it is a ``kind``
    of this ``version``; else ``error`` saying why it cannot be resumed."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"cannot resume: {path} does not exist") from None
    except (OSError, json.JSONDecodeError) as problem:
        raise error(f"cannot resume: {path} is unreadable: {problem}") from None
    if not isinstance(document, dict) or document.get("version") != version:
        raise error(f"cannot resume: {path} is not a botarena {kind}")
    return document


def refuse_other_settings(
    out_dir: Path, saved: Mapping[str, Any], given: Mapping[str, Any], error: type[ValueError]
) -> None:
    """``--resume`` continues a run or tournament as it was started: every value given on the
    command line (``None``: not given) must equal the saved one, else ``error`` naming the saved
    values of every differing setting."""
    differing = [
        key for key, value in given.items() if value is not None and value != saved.get(key)
    ]
    if differing:
        said = "; ".join(f"{key} {saved.get(key)!r} (given: {given[key]!r})" for key in differing)
        raise error(
            f"cannot resume {out_dir}: it was started with {said}; "
            "give the saved values or leave them out"
        )


def read_json_lines(path: Path) -> Iterator[Any]:
    """The values of a JSON-lines file (none if it does not exist), without lines that are
    not JSON: a line torn by a kill is dropped, and that game is played again."""
    if not path.exists():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            yield json.loads(line)
        except json.JSONDecodeError:
            continue


def append_json_line(path: Path, record: dict[str, Any], *, sync: bool) -> None:
    """Append ``record`` as one line; with ``sync``, on disk (fsynced) before returning."""
    with path.open("a", encoding="utf-8") as file:
        file.write(json.dumps(record) + "\n")
        if sync:
            file.flush()
            os.fsync(file.fileno())


def rewrite_json_lines(path: Path, records: Iterable[dict[str, Any]], *, sync: bool) -> None:
    """Replace the JSON-lines file with ``records`` (temporary file + rename; with ``sync``,
    the temporary file is fsynced first)."""
    temporary = path.with_name(path.name + ".tmp")
    with temporary.open("w", encoding="utf-8") as file:
        file.write("".join(json.dumps(record) + "\n" for record in records))
        if sync:
            file.flush()
            os.fsync(file.fileno())
    os.replace(temporary, path)


class ResultsStore:
    """Finished game records plus the run's settings, persisted under ``out_dir``."""

    def __init__(self, out_dir: Path, settings: dict[str, Any]) -> None:
        self.out_dir = out_dir
        self.settings = settings
        self.games: dict[int, GameRecord] = {}
        self._last_summary = 0.0

    @property
    def path(self) -> Path:
        return self.out_dir / SUMMARY_NAME

    @classmethod
    def resume(cls, out_dir: Path) -> ResultsStore:
        summary = read_resume_document(
            out_dir / SUMMARY_NAME, SUMMARY_VERSION, "run summary", StoreError
        )
        store = cls(out_dir, dict(summary["settings"]))
        games_path = out_dir / GAMES_NAME
        for line in read_json_lines(games_path):
            with contextlib.suppress(RecordError):  # not a game line: played again
                record = GameRecord.from_json(line)
                store.games[record.index] = record
        # Drops a torn line, so appends start on a fresh line.
        lines = (store.games[i].to_json() for i in sorted(store.games))
        rewrite_json_lines(games_path, lines, sync=False)
        return store

    def add(self, record: GameRecord, statistics: dict[str, Any]) -> None:
        """Record a finished game durably; refresh the summary if it is due."""
        self.games[record.index] = record
        append_json_line(self.out_dir / GAMES_NAME, record.to_json(), sync=False)
        if time.monotonic() - self._last_summary >= SUMMARY_INTERVAL_S:
            self.save(statistics)

    def save(self, statistics: dict[str, Any]) -> None:
        document = {
            "version": SUMMARY_VERSION,
            "settings": self.settings,
            "statistics": statistics,
            "games": [self.games[index].to_json() for index in sorted(self.games)],
        }
        write_json_atomically(self.path, document)
        self._last_summary = time.monotonic()
