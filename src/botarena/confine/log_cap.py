"""A confined bot's output, kept to its first and last part (a bot printing 1 GB must not
fill the disk).

The bot writes into a pipe; :func:`copy_capped` writes the first :data:`LOG_HEAD_BYTES` to
the log as they come, keeps the last :data:`LOG_TAIL_BYTES` after that in memory and writes
them, after a line that says how much was left out, when the bot's output ends.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

LOG_HEAD_BYTES = 1024 * 1024
"""The first bytes of a confined bot's output kept in its log."""
LOG_TAIL_BYTES = 1024 * 1024
"""The last bytes of a confined bot's output kept in its log."""
READ_BYTES = 64 * 1024


async def copy_capped(
    source: asyncio.StreamReader,
    log_path: Path,
    head: int = LOG_HEAD_BYTES,
    tail: int = LOG_TAIL_BYTES,
) -> None:
    """Append ``source`` to ``log_path``: the first ``head`` bytes, then the last ``tail``."""
    with log_path.open("ab") as log:
        written = 0
        kept = bytearray()
        left_out = 0
        while chunk := await source.read(READ_BYTES):
            if written < head:
                part = chunk[: head - written]
                log.write(part)
                log.flush()
                written += len(part)
                chunk = chunk[len(part) :]
            kept += chunk
            if len(kept) > tail:
                left_out += len(kept) - tail
                del kept[: len(kept) - tail]
        if left_out:
            log.write(f"\n[botarena: {left_out} bytes of output left out here]\n".encode())
        log.write(kept)
