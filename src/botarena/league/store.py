"""A tournament folder on disk: ``settings.json`` and ``games.jsonl``.

``games.jsonl`` holds one JSON line per finished game, appended, flushed and fsynced the
moment its files are written, so a kill -9 loses at most the game being written. Reading
drops a cut-off last line (that game is played again) and any repeated index (the first
line counts), and the file is rewritten without them before new lines are appended.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botarena.runner.record import GameRecord, RecordError
from botarena.runner.store import (
    append_json_line,
    read_json_lines,
    read_resume_document,
    rewrite_json_lines,
    write_json_atomically,
)

SETTINGS_NAME = "settings.json"
GAMES_NAME = "games.jsonl"
SETTINGS_VERSION = 1


class TournamentStoreError(ValueError):
    """A folder that cannot be used for this tournament (the message says why)."""


def read_games(path: Path) -> dict[int, GameRecord]:
    games: dict[int, GameRecord] = {}
    for line in read_json_lines(path):
        try:
            record = GameRecord.from_json(line)
        except RecordError:
            continue  # not a game line: that game is played again
        games.setdefault(record.index, record)
    return games


def write_game_files(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write a game's files (relative paths) under ``out_dir``; nothing may land outside."""
    root = out_dir.resolve()
    for name, content in files.items():
        path = (out_dir / name).resolve()
        if root not in path.parents:
            raise TournamentStoreError(f"a game file outside the folder: {name!r}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)


class TournamentStore:
    def __init__(self, out_dir: Path, settings: dict[str, Any]) -> None:
        self.out_dir = out_dir
        self.settings = settings
        self.games: dict[int, GameRecord] = {}

    @classmethod
    def create(cls, out_dir: Path, settings: dict[str, Any]) -> TournamentStore:
        if (out_dir / SETTINGS_NAME).exists():
            raise TournamentStoreError(
                f"{out_dir} already holds a tournament; use --resume or another --out"
            )
        out_dir.mkdir(parents=True, exist_ok=True)
        store = cls(out_dir, {"version": SETTINGS_VERSION, **settings})
        write_json_atomically(out_dir / SETTINGS_NAME, store.settings)
        return store

    @classmethod
    def resume(cls, out_dir: Path) -> TournamentStore:
        path = out_dir / SETTINGS_NAME
        settings = read_resume_document(path, SETTINGS_VERSION, "tournament", TournamentStoreError)
        store = cls(out_dir, settings)
        store.games = read_games(out_dir / GAMES_NAME)
        store._rewrite()
        return store

    def _rewrite(self) -> None:
        games = self.games
        lines = (games[i].to_json() for i in sorted(games))
        rewrite_json_lines(self.out_dir / GAMES_NAME, lines, sync=True)

    def add(self, record: GameRecord, files: dict[str, bytes]) -> bool:
        """Write the game's files, then its line; ``False`` if the game is already stored."""
        index = record.index
        if index in self.games:
            return False
        write_game_files(self.out_dir, files)
        append_json_line(self.out_dir / GAMES_NAME, record.to_json(), sync=True)
        self.games[index] = record
        return True

    def write_json(self, name: str, document: dict[str, Any]) -> None:
        write_json_atomically(self.out_dir / name, document)
