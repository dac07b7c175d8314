"""Limits of the move-clock and pacing settings, by name (each one has a test).

Here rather than in ``botarena.server`` because the command line shows them in its help and
must not import the server to do so.
"""

from __future__ import annotations

MAX_MOVE_GRACE_MS = 10_000
"""Largest ``--move-grace-ms``: a grace as long as the hard timeout is no clock at all."""
MAX_PACE_MS = 10_000
"""Largest ``--pace-ms`` (and per-seat pace): ten seconds between two messages."""
