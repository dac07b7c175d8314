"""``botarena doctor``: one line per capability of this machine, so a user sees what runs."""

from __future__ import annotations

import platform
import sys

from botarena import __version__, native
from botarena.confine import tier_lines
from botarena.games import registry


def report_lines() -> list[str]:
    """Each capability with its state: the Python, the engine core, the games, and each
    confinement tier (available or why not)."""
    python = f"python: {platform.python_implementation()} {platform.python_version()}"
    games = ", ".join(spec.id for spec in registry.GAMES)
    return [
        f"botarena: {__version__}",
        f"{python} ({sys.executable})",
        native.engine_line(),
        f"games: {games}",
        *tier_lines(),
    ]
