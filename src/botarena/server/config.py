"""Server settings: ``server.properties`` (official keys) merged with command-line overrides.

Precedence: built-in defaults < properties file < explicit overrides (the CLI). The official
2019 server lets a ``port`` line in the file beat ``--port``; ours lets the CLI win (spec §5.3).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botarena.move_clock_limits import MAX_MOVE_GRACE_MS, MAX_PACE_MS, ClockKind
from botarena.server.admin_password import EXAMPLE_PASSWORD, generate_password

DEFAULT_PORT = 13050
DEFAULT_PASSWORD = EXAMPLE_PASSWORD
"""The password of a :class:`ServerConfig` built directly (embedded servers, tests).
``botarena serve`` without a properties file generates one instead (:func:`load_config`)."""

FIRST_MESSAGE_TIMEOUT_S = 60.0
"""A connection that completes no message within this time after connecting is closed."""
NO_PROGRESS_TIMEOUT_S = 60.0
"""A connection outside any game (not seated, not an administrator) that makes no progress
this long is closed. Progress is joining a room, authenticating or a game move; requests
that are ignored or refused do not count, so a connection that sends one ignored request a
minute cannot hold one of the ``MAX_CONNECTIONS`` slots forever."""
PARTIAL_MESSAGE_TIMEOUT_S = 30.0
"""A message that stays incomplete this long (slowloris) closes its connection."""
FINISHED_PLAYER_GRACE_S = 10.0
"""Player connections still open this long after ``left`` are closed (spec §12 Q3); 0 = never."""
SWEEP_INTERVAL_S = 1.0
"""How often idle, dribbling and lingering connections are looked for."""
MAX_CONNECTIONS = 2000
"""Connections beyond this are refused at once (closed without a byte)."""
MAX_UNAUTHORIZED_REQUESTS = 100
"""Administrator requests a connection that is not one may send (they are ignored, as by
the official server); one more closes it: it floods with requests it may not make."""
MAX_OUTBOUND_BUFFER = 8 * 1024 * 1024
"""A client that reads so slowly that this much output piles up is disconnected."""


class ConfigError(ValueError):
    """A settings file or option that cannot be used; the message says which and why."""


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Everything the server needs to start. Build with :func:`load_config` or directly."""

    host: str | None = None
    """Bind address; ``None``: from ``local`` (loopback if true, all interfaces if false)."""
    port: int = DEFAULT_PORT
    local: bool = True
    password: str | None = DEFAULT_PASSWORD
    """Admin passphrase; ``None`` disables administration (every ``authenticate`` fails)."""
    password_generated: bool = False
    """The password was drawn at this start (no properties file set one): ``botarena serve``
    prints it and writes it where this machine's tools find it."""
    paused: bool = False
    """Rooms created by ``join`` start paused."""
    no_timeout: bool = False
    """Globally disable move timeouts (every slot behaves as ``canTimeout = false``)."""
    soft_timeout_ms: int | None = None
    """Override of the plugin's soft timeout (tests, slow machines)."""
    hard_timeout_ms: int | None = None
    save_replay: bool = False
    replay_dir: Path = Path("replays")
    replay_gzip: bool = False
    test_mode: bool = False
    load_game_file: Path | None = None
    """Every new room starts from a state of this replay (``.xml`` or ``.xml.gz``)."""
    turn_to_load: int = 0
    """Which state of ``load_game_file``: the first with this ``turn`` (0: the first state)."""
    seed: int | None = None
    """Base seed: room *n* gets a seed derived from it, so a whole server run is reproducible."""
    default_game: str | None = None
    """The game a ``<join/>`` without ``gameType`` joins (2026+ seasons: the socha clients);
    ``None``: the newest season offered."""
    first_message_timeout_s: float = FIRST_MESSAGE_TIMEOUT_S
    no_progress_timeout_s: float = NO_PROGRESS_TIMEOUT_S
    partial_message_timeout_s: float = PARTIAL_MESSAGE_TIMEOUT_S
    finished_player_grace_s: float = FINISHED_PLAYER_GRACE_S
    sweep_interval_s: float = SWEEP_INTERVAL_S
    max_connections: int = MAX_CONNECTIONS
    max_outbound_buffer: int = MAX_OUTBOUND_BUFFER
    max_unauthorized_requests: int = MAX_UNAUTHORIZED_REQUESTS
    pace_ms: int = 0
    """At least this many ms between two messages to one connection (``--pace-ms``), for
    clients that read one message per read; 0: every message is written at once. Applies to
    every connection unless ``pace_clients`` names some."""
    pace_clients: tuple[str, ...] = ()
    """Only these clients are paced (``--pace-client``): a peer address, or a display name
    (the slot's or the one the client joined with); matched when the client takes a seat."""
    move_grace_ms: int | None = None
    """Override of the season's ``move_grace_ms`` (``--move-grace-ms``); ``None``: the
    profile's."""
    clock: ClockKind = "wall"
    """``cpu``: seats whose bot the embedding gave a CPU meter are charged their CPU time
    (``--clock cpu``, :mod:`botarena.server.move_clock`)."""

    def __post_init__(self) -> None:
        if not 0 <= self.pace_ms <= MAX_PACE_MS:
            raise ConfigError(f"pace_ms must be in [0, {MAX_PACE_MS}], got {self.pace_ms}")
        grace = self.move_grace_ms
        if grace is not None and not 0 <= grace <= MAX_MOVE_GRACE_MS:
            raise ConfigError(f"move_grace_ms must be in [0, {MAX_MOVE_GRACE_MS}], got {grace}")
        if self.pace_clients and self.pace_ms <= 0:
            raise ConfigError("pace_clients needs pace_ms > 0 (--pace-client needs --pace-ms)")

    @property
    def bind_host(self) -> str:
        if self.host is not None:
            return self.host
        return "127.0.0.1" if self.local else "0.0.0.0"  # `local = false` asks for all interfaces

    def replace(self, **changes: Any) -> ServerConfig:
        return dataclasses.replace(self, **changes)


def parse_properties(text: str) -> dict[str, str]:
    """Parse Java ``.properties`` text: ``key = value`` or ``key: value``, ``#``/``!`` comments.

    Line continuations and escapes are rare in server.properties; a trailing backslash joins
    lines, other escapes are kept literally.
    """
    result: dict[str, str] = {}
    pending = ""
    for raw in text.splitlines():
        line = pending + raw.lstrip()
        pending = ""
        if not line or line[0] in "#!":
            continue
        if line.endswith("\\"):
            pending = line[:-1]
            continue
        for index, char in enumerate(line):
            if char in "=:" or char.isspace():
                key = line[:index]
                rest = line[index:].lstrip()
                if rest[:1] in ("=", ":"):
                    rest = rest[1:].lstrip()
                break
        else:
            key, rest = line, ""
        result[key] = rest.rstrip()
    return result


def _bool(key: str, value: str) -> bool:
    lowered = value.strip().lower()
    if lowered == "true":
        return True
    if lowered == "false":
        return False
    raise ConfigError(f"server.properties: {key} must be true or false, got {value!r}")


def _int(key: str, value: str, low: int, high: int) -> int:
    try:
        number = int(value.strip())
    except ValueError:
        raise ConfigError(f"server.properties: {key} must be an integer, got {value!r}") from None
    if not low <= number <= high:
        raise ConfigError(f"server.properties: {key} must be in [{low}, {high}], got {number}")
    return number


def config_from_properties(properties: dict[str, str], base: ServerConfig) -> ServerConfig:
    """Apply the official keys of a properties file to ``base``; unknown keys are ignored."""
    changes: dict[str, Any] = {}
    for key, value in properties.items():
        if key in ("password", "passphrase"):
            changes["password"] = value or None
        elif key == "paused":
            changes["paused"] = _bool(key, value)
        elif key == "local":
            changes["local"] = _bool(key, value)
        elif key == "port":
            changes["port"] = _int(key, value, 0, 65535)
        elif key == "saveReplay":
            changes["save_replay"] = _bool(key, value)
        elif key == "testMode":
            changes["test_mode"] = _bool(key, value)
        elif key == "timeout":
            changes["no_timeout"] = not _bool(key, value)
        elif key == "loadGameFile":
            changes["load_game_file"] = Path(value) if value else None
        elif key in ("turnToLoad", "turn"):
            changes["turn_to_load"] = _int(key, value, 0, 1_000_000)
    return base.replace(**changes)


def load_config(
    properties_path: Path | None = None, overrides: dict[str, Any] | None = None
) -> ServerConfig:
    """Defaults, then ``properties_path`` (or ``./server.properties`` if it exists), then overrides.

    Without any properties file (and no ``password`` override) the admin password is drawn at
    random (the official server reads ``examplepassword`` from its shipped file: write that
    line to get it back); a file without a ``password`` line leaves administration disabled.
    """
    config = ServerConfig(password=generate_password(), password_generated=True)
    path = properties_path
    if path is None and Path("server.properties").is_file():
        path = Path("server.properties")
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ConfigError(f"cannot read {path}: {error.strerror}") from None
        base = config.replace(password=None, password_generated=False)
        config = config_from_properties(parse_properties(text), base)
    if overrides:
        unknown = set(overrides) - {field.name for field in dataclasses.fields(ServerConfig)}
        if unknown:
            raise ConfigError(f"unknown server settings: {', '.join(sorted(unknown))}")
        given = {k: v for k, v in overrides.items() if v is not None}
        if "password" in given:
            given.setdefault("password_generated", False)
        config = config.replace(**given)
    return config


def config_from_options(
    *,
    host: str | None = None,
    port: int | None = None,
    config_path: Path | None = None,
    no_timeout: bool = False,
    replays: Path | None = None,
    paused: bool = False,
    load_game_file: Path | None = None,
    turn: int | None = None,
    **more: Any,
) -> ServerConfig:
    """The settings of ``botarena serve``: server.properties (``--config``, else
    ``./server.properties`` if present), then the options. ``--replays DIR`` turns replays on;
    ``--paused``/``--no-timeout`` only ever switch their setting on. ``more`` takes any other
    :class:`ServerConfig` field (``password``, ``soft_timeout_ms``, ``seed``, …).
    """
    overrides: dict[str, Any] = {"host": host, "port": port, **more}
    if no_timeout:
        overrides["no_timeout"] = True
    if paused:
        overrides["paused"] = True
    if replays is not None:
        overrides["save_replay"] = True
        overrides["replay_dir"] = replays
    if load_game_file is not None:
        overrides["load_game_file"] = load_game_file
    if turn is not None:
        overrides["turn_to_load"] = turn
    return load_config(config_path, overrides)
