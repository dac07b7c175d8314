"""The CPU time a bot's processes used, read from ``/proc`` (for ``--clock cpu``).

A bot is every process of its session (it starts as a session leader, ``start_bot``) and
every descendant of one of them (a child that started its own session is still found by its
parent). Under T2 the bot's cgroup lists its processes exactly (orphans included), so only
those are read; without T2 a process that left the session and whose parent ended
(reparented to init) is no longer found: its CPU time is not charged. A process's time is
its ``utime + stime`` plus ``cutime + cstime`` (the children it has waited for), so the time
of a child that ended is not lost. A bot in a T1 sandbox has its own PID namespace, but from
outside its processes keep host pids: the same reading holds.

This machine has no ``/proc/PID/task/TID/children``: without T2 the reading scans every
``/proc/PID/stat`` (``benchmarks/confine_overhead.py`` measures what that costs).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
CLOCK_TICKS_PER_S = os.sysconf("SC_CLK_TCK")
_STAT_FIELDS_AFTER_NAME = 15
"""Fields after the ``(comm)`` of ``/proc/PID/stat`` up to ``cstime``."""


@dataclass(frozen=True, slots=True)
class ProcessTimes:
    pid: int
    ppid: int
    session: int
    ticks: int
    """``utime + stime + cutime + cstime`` in clock ticks."""


def parse_stat(text: str) -> ProcessTimes | None:
    """One ``/proc/PID/stat`` line (the command name may hold spaces and parentheses)."""
    head, _, rest = text.rpartition(")")
    fields = rest.split()
    if not head or len(fields) < _STAT_FIELDS_AFTER_NAME:
        return None
    try:
        pid = int(head.split("(", 1)[0])
        ppid, session = int(fields[1]), int(fields[3])
        ticks = sum(int(value) for value in fields[11:15])
    except ValueError:
        return None
    return ProcessTimes(pid, ppid, session, ticks)


def read_times(pid: int, proc: Path = PROC) -> ProcessTimes | None:
    """The times of ``pid``, ``None`` when it is gone."""
    try:
        return parse_stat((proc / str(pid) / "stat").read_text())
    except (OSError, UnicodeDecodeError):
        return None


def all_pids(proc: Path = PROC) -> list[int]:
    try:
        return [int(name) for name in os.listdir(proc) if name.isdigit()]
    except OSError:
        return []


def tree_ticks(leader: int, processes: Iterable[ProcessTimes]) -> int:
    """The ticks of ``leader``'s session and of every descendant of one of its processes."""
    known = list(processes)
    members = {p.pid for p in known if leader in (p.pid, p.session)}
    grown = True
    while grown:
        found = {p.pid for p in known if p.ppid in members and p.pid not in members}
        members |= found
        grown = bool(found)
    return sum(p.ticks for p in known if p.pid in members)


def tree_cpu_seconds(leader: int, listed: list[int] | None = None, proc: Path = PROC) -> float:
    """The CPU seconds the processes of the bot led by ``leader`` used so far. ``listed``:
    the bot's pids as its cgroup lists them (T2); ``None``: every process is looked at."""
    pids = all_pids(proc) if listed is None else listed
    times = [t for t in (read_times(pid, proc) for pid in pids) if t is not None]
    if listed is not None:
        return sum(t.ticks for t in times) / CLOCK_TICKS_PER_S
    return tree_ticks(leader, times) / CLOCK_TICKS_PER_S
