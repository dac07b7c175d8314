"""Bot specifications: how the runner turns ``random`` or ``./my_bot.sh --depth 3`` into a
command line, launched like the official TestClient as ``CMD --host H --port P --reservation R``.
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

INTERPRETERS = ("python", "java", "node", "ruby", "bash", "sh", "pypy")
_UNSAFE = re.compile(r"[^\w.+-]+")

BUILTIN_BOTS = ("random", "greedy", "search")
"""Names the runner launches as ``python -m botarena bot GAME NAME`` (the bot SDK's players)."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """One contestant: a label for reports and logs, and the command that starts it."""

    label: str
    command: tuple[str, ...]
    builtin: str | None = None
    """The built-in player's name, when the bot is one (``botarena play`` may run it in-process)."""

    def argv(self, host: str, port: int, reservation: str) -> list[str]:
        return [*self.command, "--host", host, "--port", str(port), "--reservation", reservation]


def parse_bot(text: str, game: str, label: str) -> BotSpec:
    """A built-in name, a ``.jar`` (``java -jar``) or any command line (split like a shell)."""
    if not text.strip():
        raise ValueError("a bot must be a built-in name or a command line, got an empty string")
    if text in BUILTIN_BOTS:
        command = (sys.executable, "-m", "botarena", "bot", game, text)
        return BotSpec(label, command, builtin=text)
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise ValueError(f"cannot split bot command {text!r}: {error}") from None
    if len(words) == 1 and words[0].endswith(".jar"):
        words = ["java", "-jar", words[0]]
    if not _is_command(words[0]):
        close = difflib.get_close_matches(words[0], BUILTIN_BOTS, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise ValueError(
            f"bot {text!r}: {words[0]!r} is neither a built-in player nor an existing command; "
            f"{hint}built-in players: {', '.join(BUILTIN_BOTS)}"
        )
    return BotSpec(label, tuple(words))


def _is_command(program: str) -> bool:
    """A file (with a path, e.g. ``./bot.sh``) or a program found on ``PATH``."""
    if "/" in program or os.sep in program:
        return Path(program).exists()
    return shutil.which(program) is not None


def bot_labels(first: str, second: str) -> tuple[str, str]:
    """Distinct labels for the two bots (the same bot against itself gets ``-1``/``-2``)."""

    def short(text: str) -> str:
        words = shlex.split(text) if text.strip() else [text]
        # The script or program, not its interpreter: `python bot.py` is "bot.py".
        paths = [w for w in words[1:] if w.endswith((".py", ".jar", ".sh", ".js", ".rb"))]
        word = (
            paths[0] if paths and words[0].rsplit("/", 1)[-1].startswith(INTERPRETERS) else words[0]
        )
        label = word.rsplit("/", 1)[-1] or text
        return _UNSAFE.sub("_", label)

    a, b = short(first), short(second)
    if a == b:
        return f"{a}-1", f"{b}-2"
    return a, b
