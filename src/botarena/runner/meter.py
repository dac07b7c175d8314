"""The CPU meter the runner registers for each seat it starts a bot for
(:class:`botarena.server.move_clock.CpuMeter`): the built-in server reads it when it writes
the seat's move request and when the answer comes, so the server does the charging and the
runner keeps no clock of its own."""

from __future__ import annotations

import asyncio

from botarena.confine import Confinement, cpu_seconds, peak_memory_bytes
from botarena.move_clock_limits import ClockKind


class SeatMeter:
    """Reads the bot process of one seat; registered before the bot starts (``process`` is
    set once it runs: a reading before then is ``None``)."""

    __slots__ = ("process",)

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None

    def cpu_seconds(self) -> float | None:
        return None if self.process is None else cpu_seconds(self.process)

    def peak_memory_bytes(self) -> int | None:
        return None if self.process is None else peak_memory_bytes(self.process)


def meters_wanted(clock: ClockKind, confinement: Confinement) -> bool:
    """Whether seats get meters: under ``--clock cpu``, and under any sandbox (the records'
    CPU and memory per move); ``--sandbox off --clock wall`` reads nothing, as before."""
    return clock == "cpu" or confinement.mode != "off"
