"""What the file list says about a run or tournament folder, and the address ``botarena view``
prints for what it serves.

A run folder (``botarena test``) is described from its ``summary.json`` (game, both bots,
W/D/L of the first, games played of planned); a tournament folder from its ``settings.json``
(game, format, entrants) and ``standings.json`` (leaders, games played of scheduled).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from botarena.web.replays import REPORT_FILES, ReplayError, read_bytes

LEADERS_SHOWN = 3
"""Places of a tournament's standings named in the file list."""


def json_object(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path`` (bounded by ``MAX_REPLAY_BYTES``), or None."""
    if not path.is_file():
        return None
    try:
        value = json.loads(read_bytes(path))
    except (ReplayError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def describe_folder(folder: Path) -> dict[str, Any]:
    """``title``, ``players`` and ``result`` of a run or tournament folder (empty when it
    holds neither readable description)."""
    summary = json_object(folder / "summary.json")
    if summary is not None:
        return _describe_run(folder, summary)
    settings = json_object(folder / "settings.json")
    if settings is not None:
        return _describe_tournament(folder, settings, json_object(folder / "standings.json"))
    return {}


def _describe_run(folder: Path, summary: dict[str, Any]) -> dict[str, Any]:
    settings = summary.get("settings") or {}
    stats = summary.get("statistics") or {}
    players = [str(bot.get("label")) for bot in settings.get("bots") or []]
    result = (
        f"{stats.get('perspective', players[0] if players else '?')}: "
        f"W {stats.get('wins', 0)} D {stats.get('draws', 0)} L {stats.get('losses', 0)}, "
        f"{stats.get('games', 0)}/{settings.get('games', '?')} games"
    )
    if stats.get("irregular_games"):
        result += f", {stats['irregular_games']} irregular"
    return {
        "title": f"run {folder.name}: {settings.get('game', '?')}",
        "players": players,
        "result": result,
    }


def _describe_tournament(
    folder: Path, settings: dict[str, Any], standings: dict[str, Any] | None
) -> dict[str, Any]:
    fmt = (settings.get("format") or {}).get("format", "?")
    players = [str(entrant.get("label")) for entrant in settings.get("entrants") or []]
    if standings is None:
        result = "no standings yet"
    else:
        leaders = ", ".join(
            f"{row.get('rank')}. {row.get('bot')} ({row.get('points')} points)"
            for row in (standings.get("standings") or [])[:LEADERS_SHOWN]
        )
        played = f"{standings.get('games_played', 0)}/{standings.get('games_scheduled', '?')}"
        state = "complete" if standings.get("complete") else "incomplete"
        result = f"{leaders}; {played} games, {state}"
    return {
        "title": f"tournament {folder.name}: {settings.get('game', '?')} {fmt}",
        "players": players,
        "result": result,
    }


def view_address(base_url: str, root: int, path: Path) -> str:
    """Where ``botarena view`` sends the browser for the served ``path`` (root number
    ``root``): a replay file's viewer, a run or tournament folder's report, else the list of
    files."""
    if path.is_file():
        query = urlencode({"root": root, "path": path.name})
        return f"{base_url}#/replay?{query}"
    report = next((name for name in REPORT_FILES if (path / name).is_file()), None)
    if report is not None:
        return f"{base_url}#/report?{urlencode({'root': root, 'path': report})}"
    return f"{base_url}#/files"
