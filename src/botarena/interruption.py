"""How a long command (``botarena test``, ``botarena tournament``) ends when it is
interrupted: Ctrl-C and SIGTERM alike, with the command that continues it."""

from __future__ import annotations

import contextlib
import shlex
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType


class Interrupted(KeyboardInterrupt):
    """SIGTERM (or another signal) ending the command as Ctrl-C does."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within the block SIGTERM raises :class:`Interrupted` (a ``KeyboardInterrupt``), so a
    ``kill`` ends the command through the same clean-up and hint as Ctrl-C. Outside the main
    thread (no signal handlers there) nothing changes."""
    try:
        previous = signal.signal(signal.SIGTERM, _raise_interrupted)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _raise_interrupted(signum: int, _frame: FrameType | None) -> None:
    raise Interrupted(signum)


def interrupt_exit_code(error: KeyboardInterrupt) -> int:
    """128 + the signal number, as a shell reports a process ended by it (Ctrl-C: 130)."""
    signum = error.signum if isinstance(error, Interrupted) else signal.SIGINT
    return 128 + int(signum)


def resume_hint(command: str, out_dir: Path) -> str:
    """The command line that continues an interrupted run or tournament."""
    return f"botarena {command} --resume --out {shlex.quote(str(out_dir))}"
