"""Limits of the move-clock and pacing settings, by name (each one has a test).

Here rather than in ``botarena.server`` because the command line shows them in its help and
must not import the server to do so.
"""

from __future__ import annotations

from typing import Literal

MAX_MOVE_GRACE_MS = 10_000
"""Largest ``--move-grace-ms``: a grace as long as the hard timeout is no clock at all."""
MAX_PACE_MS = 10_000
"""Largest ``--pace-ms`` (and per-seat pace): ten seconds between two messages."""

ClockKind = Literal["wall", "cpu"]
"""What a move is charged (``--clock``): its wall time, or its bot's CPU time."""
CLOCK_KINDS: tuple[ClockKind, ...] = ("wall", "cpu")
CPU_WALL_CAP_FACTOR = 5.0
"""Under the CPU clock, a move's wall-clock cap is this many times the soft limit."""
