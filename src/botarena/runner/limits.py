"""The runner's time limits (names shared by the driver and the command line, which must
not import the server just to show its defaults)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from botarena.move_clock_limits import ClockKind

CONNECT_TIMEOUT_S = 20.0
"""A bot that has not joined its room this long after its start loses the game (LEFT)."""
GAME_TIMEOUT_S = 600.0
"""A game still running after this long is aborted by the runner's watchdog."""
EXIT_GRACE_S = 5.0
"""How long a bot may take to exit after its game ended before it is killed."""
WATCHDOG_POLL_S = 0.05
MAX_INFRA_ERROR_REPLAYS = 2
"""How often ``test`` and ``tournament`` play a game again (same seed) that ended as an
infra error (the CPU clock's wall cap reached with little CPU: the machine was at fault);
after that its last record stands, reported apart and not rated."""
MAX_STARTUP_FAILURES = 3
"""After this many games in a row in which the same bot could not start or connect, the run
stops: the bot is broken, further games would only repeat the failure."""


def default_concurrency() -> int:
    """Games at once when none is asked for: one per core."""
    return max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The limits on a bot's process that every way of playing a game shares."""

    connect_timeout_s: float = CONNECT_TIMEOUT_S
    game_timeout_s: float = GAME_TIMEOUT_S
    exit_grace_s: float = EXIT_GRACE_S
    clock: ClockKind = "wall"
    """``--clock``: ``cpu`` charges each move its bot's CPU time (the built-in server only)."""
