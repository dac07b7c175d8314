"""Replay files and folders the UI may open, and reading a replay into the viewer's format.

Only files under the configured folders (:class:`FileRoots`) are opened: a request names a
root by its index and a path inside it; anything that resolves outside (``..``, absolute
paths, symbolic links leading out) is refused with :class:`AccessError`.

The viewer's format (JSON) of a replay: ``gameType``, ``game`` (registry id), ``names``,
``states`` (each ``<state>`` element as XML text), ``moveMs`` (per state: the time of the move
that led to it, when the replay records it), ``result`` (the result room message, or null),
``players`` (name and side per seat) and ``resultWords`` (:mod:`botarena.web.result_words`).
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from botarena.bounded_file import TooLargeError, read_bounded
from botarena.games.registry import GAMES, GameSpec, lookup
from botarena.server.wire import REPLAY_MOVE_TIME_ATTRIBUTE, REPLAY_SEASON_MARK
from botarena.web.limits import MAX_LISTED_FILES, MAX_REPLAY_BYTES
from botarena.web.result_words import players, result_words

REPLAY_SUFFIXES = (".xml", ".xml.gz", ".jsonl", ".jsonl.gz")
"""Official-format replays, and Mau-Mau transcripts (``.jsonl``; a run's ``games.jsonl`` is
its report instead)."""
REPORT_FILES = ("summary.json", "games.jsonl")
"""A folder holding one of these is a run (``botarena test``) or tournament folder."""


class AccessError(ValueError):
    """A path the UI must not (or cannot) open; the text says why."""


class ReplayError(ValueError):
    """A file that is not a replay we can show; the text says why."""


@dataclass(frozen=True, slots=True)
class FileRoots:
    """The folders (or single files) the UI serves."""

    paths: tuple[Path, ...]

    @classmethod
    def of(cls, paths: list[Path]) -> FileRoots:
        return cls(tuple(path.resolve() for path in paths))

    def resolve(self, root: int, relative: str) -> Path:
        """The file ``relative`` inside root number ``root``, never outside it."""
        if not 0 <= root < len(self.paths):
            raise AccessError(f"no folder number {root}")
        base = self.paths[root]
        if "\x00" in relative or relative.startswith(("/", "\\")):
            raise AccessError("bad path")
        if base.is_file() and relative not in ("", base.name):
            raise AccessError("this folder entry is a single file")
        target = (base / relative).resolve() if base.is_dir() else base
        if base.is_dir() and not target.is_relative_to(base):
            raise AccessError("path outside the served folders")
        if not target.is_file():
            raise AccessError("no such file")
        return target

    def listing(self) -> list[dict[str, object]]:
        """Every replay file and run/tournament folder under the roots (bounded)."""
        entries: list[dict[str, object]] = []
        for index, base in enumerate(self.paths):
            for path in _walk(base):
                if len(entries) >= MAX_LISTED_FILES:
                    return entries
                relative = path.relative_to(base).as_posix() if base.is_dir() else base.name
                kind = "report" if path.name in REPORT_FILES else "replay"
                entries.append({"root": index, "path": relative, "kind": kind})
        return entries


def _walk(base: Path) -> Iterator[Path]:
    if base.is_file():
        yield base
        return
    if not base.is_dir():
        return
    for path in sorted(base.rglob("*")):
        if not path.is_file():
            continue
        if path.name == "games.jsonl":  # a tournament's report; a run's is its summary.json
            if not (path.parent / "summary.json").exists():
                yield path
        elif path.name.endswith(REPLAY_SUFFIXES) or path.name == "summary.json":
            yield path


def read_bytes(path: Path) -> bytes:
    """The file's bytes, un-gzipped, at most :data:`MAX_REPLAY_BYTES` (checked while
    decompressing: :func:`botarena.bounded_file.read_bounded`)."""
    try:
        return read_bounded(path, MAX_REPLAY_BYTES)
    except TooLargeError:
        raise ReplayError(
            f"{path.name} is larger than MAX_REPLAY_BYTES={MAX_REPLAY_BYTES}"
        ) from None
    except ValueError as error:  # damaged gzip data; the text names the file
        raise ReplayError(str(error)) from None
    except OSError as error:
        raise ReplayError(f"cannot read {path.name}: {error}") from None


def parse_replay(raw: bytes, game: str | None = None) -> dict[str, Any]:
    """The viewer's format of an official-format replay (``<protocol>`` of room messages).

    Parsed as a stream: each room message is taken apart and dropped as soon as it is read,
    so the memory is about that of the state texts, not of a tree of the whole file."""
    events = etree.iterparse(
        io.BytesIO(raw),
        events=("end",),
        tag=("room", "state"),
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
    )
    root: etree._Element | None = None
    season: str | None = None
    states: list[str] = []
    move_ms: list[float | None] = []
    result: str | None = None
    try:
        for _, element in events:
            if root is None:
                root = element.getroottree().getroot()
                if root.getroottree().docinfo.internalDTD is not None:
                    raise ReplayError("the file declares a DTD (replays declare no entities)")
                season = _named_season(root)
            if element is not root and element.getparent() is not root:
                continue  # the state of a room message: taken when the room ends
            data = element.find("data") if element.tag == "room" else None
            state = element if element.tag == "state" else None
            if data is not None and data.get("class") == "memento":
                state = data.find("state")
            if state is not None:
                states.append(etree.tostring(state, encoding="unicode"))
                move_ms.append(_float(element.get(REPLAY_MOVE_TIME_ATTRIBUTE)))
            elif data is not None and data.get("class") == "result":
                result = etree.tostring(element, encoding="unicode")
            if element is not root:
                element.clear()
                while element.getprevious() is not None:  # the messages already read
                    del root[0]
    except etree.XMLSyntaxError as error:
        raise ReplayError(f"not XML: {error}") from None
    if not states:
        raise ReplayError("the file holds no game state")
    spec = _game_of(states[0], game or season)
    names = _names(states[0]) or _result_names(result)
    return {
        "gameType": spec.game_type,
        "game": spec.id,
        "names": names,
        "states": states,
        "moveMs": move_ms,
        "result": result,
        "players": players(spec.id, names),
        "resultWords": result_words(spec.id, names, result),
    }


def _float(text: str | None) -> float | None:
    try:
        return float(text) if text is not None else None
    except ValueError:
        return None


def _names(state_xml: str) -> list[str]:
    state = etree.fromstring(state_xml)
    names = [
        child.get("displayName") or "" for child in state if child.get("displayName") is not None
    ]
    return names[:2]


def _result_names(result_xml: str | None) -> list[str]:
    """2026+: the states name nobody; the result's ``<player name team/>`` entries do."""
    if result_xml is None:
        return []
    players = etree.fromstring(result_xml).iterfind("data/scores/entry/player")
    return [player.get("name") or "" for player in players][:2]


def _named_season(root: etree._Element) -> str | None:
    """The game type a botarena replay names in the comment before ``<protocol>``
    (:func:`botarena.server.wire.replay_start`), if it is one we have; ``None`` for replays of
    the official servers, whose season is then recognised from their states."""
    for sibling in root.itersiblings(preceding=True):
        if not isinstance(sibling, etree._Comment):
            continue
        text = (sibling.text or "").strip()
        if text.startswith(REPLAY_SEASON_MARK):
            game_type = text.removeprefix(REPLAY_SEASON_MARK).strip()
            return game_type if lookup(game_type) is not None else None
    return None


def _game_of(state_xml: str, game: str | None) -> GameSpec:
    """The season whose state reader accepts the first state (or the one named)."""
    if game is not None:
        spec = lookup(game)
        if spec is None:
            raise ReplayError(f"unknown game {game!r}")
        return spec
    state = etree.fromstring(state_xml)
    readers: list[tuple[GameSpec, object]] = []
    for spec in GAMES:
        if not spec.protocol.xml_states:
            continue
        try:  # a copy: a reader may take the element apart
            readers.append((spec, spec.state_reader()(copy.deepcopy(state))))
        except Exception:
            continue  # any failure means "not this season"
    if not readers:
        raise ReplayError("no installed game reads this replay's states")
    if len(readers) > 1:  # a lenient older reader: the season that writes the same shape
        for spec, engine_state in readers:
            if _shape(_written(spec, engine_state)) == _shape(state):
                return spec
    return readers[0][0]


def _shape(element: etree._Element | None) -> tuple[object, ...]:
    if element is None:
        return ()
    return (tuple(child.tag for child in element), tuple(sorted(element.attrib)))


def _written(spec: GameSpec, engine_state: object) -> etree._Element | None:
    """The state as ``spec``'s codec writes it (None if it cannot)."""
    try:
        element: etree._Element = spec.part("xml:state_to_element")(engine_state)
    except Exception:
        return None  # the codec does not take this state
    return element


def read_replay(path: Path, game: str | None = None) -> dict[str, Any]:
    """A replay file (official XML, gzipped or not) or a Mau-Mau transcript."""
    from botarena.web.maumau_replay import is_transcript, parse_transcript  # noqa: PLC0415

    raw = read_bytes(path)
    if is_transcript(raw):
        return parse_transcript(raw)
    return parse_replay(raw, game)


def read_records(folder: Path) -> list[dict[str, Any]]:
    """The game records of a run or tournament folder (``games.jsonl``; a torn line is
    skipped)."""
    path = folder / "games.jsonl"
    if not path.is_file():
        return []
    return json_objects(read_bytes(path))


def json_objects(raw: bytes) -> list[dict[str, Any]]:
    """The JSON objects of JSON-lines bytes; a line that is not one (torn, foreign) is
    skipped."""
    objects: list[dict[str, Any]] = []
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            objects.append(value)
    return objects
