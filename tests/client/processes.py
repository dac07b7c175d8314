"""Start bot processes for the client tests: ``python -m botarena bot ...`` or a script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROCESS_TIMEOUT_S = 120


def python_process(*args: str, stdin: int | None = None) -> subprocess.Popen[str]:
    """``python ARGS...`` with stdout and stderr captured as text."""
    return subprocess.Popen(
        [sys.executable, *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def bot_process(*args: str, stdin: int | None = None) -> subprocess.Popen[str]:
    """``botarena bot ARGS...`` as a real process."""
    return python_process("-m", "botarena", "bot", *args, stdin=stdin)


def script_process(script: Path, *args: str) -> subprocess.Popen[str]:
    """A bot script file as a real process."""
    return python_process(str(script), *args)
