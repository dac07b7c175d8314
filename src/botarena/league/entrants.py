"""Entrants of a tournament: a BOT argument → a unique label and how to start it.

SC games (piranhas, hase_und_igel, blokus) use the runner's bot syntax (built-in name,
``.jar`` or any command, launched as ``CMD --host H --port P --reservation R``). Mau-Mau
bots are ``random``/``heuristic`` (played in-process) or a command started as
``CMD --host H --port P --name N``; a command with ``{host}``, ``{port}`` or ``{name}``
placeholders gets them filled in instead. ``NAME=SPEC`` gives an entrant its label.
"""

from __future__ import annotations

import re
import shlex
import sys
from dataclasses import dataclass

from botarena.games import registry
from botarena.runner.bots import INTERPRETERS

MAX_ENTRANTS = 1000
"""Largest field accepted (a round robin of 1,000 bots is half a million pairings)."""
MAX_LABEL_CHARS = 40
_LABEL = re.compile(r"^[A-Za-z0-9_.+-]+$")
_UNSAFE = re.compile(r"[^\w.+-]+")
_PLACEHOLDERS = ("{host}", "{port}", "{name}")


class EntrantError(ValueError):
    """A BOT argument that cannot be used (the message says why)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    label: str
    spec: str
    """The BOT argument as given (without ``NAME=``)."""
    command: tuple[str, ...]
    """Command words; empty for Mau-Mau built-ins, which are played in-process."""
    builtin: str | None = None
    pace_ms: int = 0
    """SC games: the server's messages reach this bot at least this many ms apart
    (``--pace LABEL=MS``)."""

    def to_json(self) -> dict[str, object]:
        return {
            "label": self.label,
            "spec": self.spec,
            "command": list(self.command),
            "builtin": self.builtin,
            "pace_ms": self.pace_ms,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Entrant:
        command = data.get("command") or []
        assert isinstance(command, list)
        builtin = data.get("builtin")
        pace = data.get("pace_ms") or 0
        return cls(
            str(data["label"]),
            str(data["spec"]),
            tuple(str(word) for word in command),
            None if builtin is None else str(builtin),
            int(pace) if isinstance(pace, int | str) else 0,
        )


def maumau_argv(entrant: Entrant, host: str, port: int, name: str) -> list[str]:
    """The command line of a Mau-Mau command bot (placeholders, or appended flags)."""
    words = list(entrant.command)
    if any(p in word for word in words for p in _PLACEHOLDERS):
        return [
            w.replace("{host}", host).replace("{port}", str(port)).replace("{name}", name)
            for w in words
        ]
    return [*words, "--host", host, "--port", str(port), "--name", name]


def short_label(words: tuple[str, ...], spec: str) -> str:
    """The script or program of a command (``python bot.py`` is ``bot.py``), made file-safe."""
    if not words:
        return _UNSAFE.sub("_", spec) or "bot"
    paths = [w for w in words[1:] if w.endswith((".py", ".jar", ".sh", ".js", ".rb"))]
    program = words[0].rsplit("/", 1)[-1]
    if words[0] == sys.executable or program.startswith(INTERPRETERS):
        word = paths[0] if paths else (words[-1] if words[1:3] == ("-m", "botarena") else program)
    else:
        word = words[0]
    return _UNSAFE.sub("_", word.rsplit("/", 1)[-1]) or "bot"


def _split_name(text: str) -> tuple[str | None, str]:
    head, sep, rest = text.partition("=")
    if sep and head and _LABEL.match(head) and " " not in head:
        return head, rest
    return None, text


def _command(game: str, spec: str) -> tuple[tuple[str, ...], str | None]:
    season = registry.resolve(game)
    if spec in season.player_names:
        if season.protocol.builtins_in_process:
            return (), spec
        return (sys.executable, "-m", "botarena", "bot", game, spec), spec
    try:
        words = shlex.split(spec)
    except ValueError as error:
        raise EntrantError(f"cannot split bot command {spec!r}: {error}") from None
    if not words:
        raise EntrantError("a bot must be a built-in name or a command line, got an empty string")
    if len(words) == 1 and words[0].endswith(".jar"):
        words = ["java", "-jar", words[0]]
    return tuple(words), None


def parse_entrants(game: str, specs: list[str]) -> list[Entrant]:
    """Entrants with unique labels (``random``, ``random-2``, ...; ``NAME=`` keeps NAME)."""
    try:
        game = registry.resolve(game).id
    except ValueError as error:
        raise EntrantError(str(error)) from None
    if len(specs) > MAX_ENTRANTS:
        raise EntrantError(f"at most {MAX_ENTRANTS} bots, got {len(specs)}")
    entrants: list[Entrant] = []
    taken: set[str] = set()
    for text in specs:
        name, spec = _split_name(text.strip())
        command, builtin = _command(game, spec)
        base = name or (builtin if builtin is not None else short_label(command, spec))
        base = base[:MAX_LABEL_CHARS] or "bot"
        label, number = base, 1
        while label in taken:
            if name is not None:
                raise EntrantError(f"two bots are named {name!r}")
            number += 1
            label = f"{base}-{number}"
        taken.add(label)
        entrants.append(Entrant(label, spec, command, builtin))
    return entrants
