"""What a bot is confined to: the sandbox tier asked for and the limits (one dataclass)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SandboxMode = Literal["auto", "off", "rlimit", "bwrap"]
SANDBOX_MODES: tuple[SandboxMode, ...] = ("auto", "off", "rlimit", "bwrap")

DEFAULT_MEMORY_MB = 1536
"""Memory of one bot (``--memory-mb``): the Software-Challenge's 1.5 GB."""
DEFAULT_MAX_PROCESSES = 64
"""Processes (and threads) one bot may run at once (``--max-processes``)."""
ADDRESS_SPACE_HEADROOM_MB = 1024
"""Added to ``--memory-mb`` for the T0 address-space limit: runtimes map far more than they
use (libraries, thread stacks, a JVM's metaspace and code cache)."""
MAX_OPEN_FILES = 256
"""Open files of one bot process (``RLIMIT_NOFILE``)."""
MAX_FILE_MB = 64
"""Largest file a bot may write (``RLIMIT_FSIZE``), e.g. into its private /tmp."""


@dataclass(frozen=True, slots=True)
class Confinement:
    """``mode`` as given by ``--sandbox``; ``off`` starts bots exactly as before."""

    mode: SandboxMode = "off"
    memory_mb: int = DEFAULT_MEMORY_MB
    max_processes: int = DEFAULT_MAX_PROCESSES


NO_CONFINEMENT = Confinement()


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine's loopback (what a T1 sandbox can relay)."""
    return host == "localhost" or host.startswith("127.") or host == "::1"
