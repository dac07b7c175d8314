"""What a bot's log tells about its failure: its last line (a crashing Python bot's exception)
and why it could not start or connect, in words that name the likely cause."""

from __future__ import annotations

import re
from pathlib import Path

from botarena.runner.launch import PERSISTENT_FLAG

LOG_LINE_WIDTH = 120
"""A bot's last log line is shown (end table, records, ``botarena play``) trimmed to this many
characters."""
LOG_TAIL_BYTES = 8192
"""Only this many bytes at the end of a bot's log are read."""
CONNECT_HINT = "does it connect to the --host, --port and --reservation it is given?"
"""Why a bot usually ends or stalls before taking its seat."""
PERSISTENT_HINT = (
    f"with --persistent it is started with {PERSISTENT_FLAG} and must read one reservation "
    "code per line from stdin"
)
"""Why a bot started by ``--persistent`` usually ends or stalls before taking its seat."""
NO_PERSISTENT = (
    f"it does not support --persistent (its log says 'unrecognized arguments: "
    f"{PERSISTENT_FLAG}'; socha clients do not support it): run it without --persistent"
)
"""A bot whose argument parser refuses the persistent flag (argparse, as socha prints it)."""
_REFUSED_FLAG = re.compile(rf"unrecognized arguments:.*{re.escape(PERSISTENT_FLAG)}")


def log_tail(path: Path) -> str:
    """The last :data:`LOG_TAIL_BYTES` of the log as text ("" when there is no log)."""
    try:
        with path.open("rb") as file:
            size = file.seek(0, 2)
            file.seek(max(0, size - LOG_TAIL_BYTES))
            return file.read().decode("utf-8", "replace")
    except OSError:
        return ""


def last_log_line(path: Path, width: int = LOG_LINE_WIDTH) -> str | None:
    """The last non-empty line of the log, trimmed to ``width`` characters (``…`` marks a cut)."""
    lines = [line.strip() for line in log_tail(path).splitlines() if line.strip()]
    if not lines:
        return None
    line = lines[-1]
    return line if len(line) <= width else line[: width - 1] + "…"


def refuses_persistent(path: Path) -> bool:
    """Whether the log shows that the bot's argument parser refused the persistent flag."""
    return _REFUSED_FLAG.search(log_tail(path)) is not None


def startup_cause(what: str, log_path: Path, *, persistent: bool) -> str:
    """``what`` happened before the bot took its seat (``exited with code 2 before
    connecting``), with the likely cause and its log's last line."""
    if persistent and refuses_persistent(log_path):
        return f"{what}: {NO_PERSISTENT}"
    hint = PERSISTENT_HINT if persistent else CONNECT_HINT
    line = last_log_line(log_path)
    said = f"; its log ends with: {line}" if line else ""
    return f"{what} ({hint}){said}"
