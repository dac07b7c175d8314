"""T2: one cgroup per bot with a memory limit and a process cap, killed as a whole.

cgroup v2 where its tree has the ``memory`` and ``pids`` controllers (``memory.max``,
``memory.peak``, ``pids.max``, ``cgroup.kill``); else the cgroup v1 ``memory`` and ``pids``
hierarchies where they are mounted and writable (``memory.limit_in_bytes``,
``memory.max_usage_in_bytes``, ``pids.max``; killing every process listed until none is
left). The bot enters its cgroups between fork and exec, so everything it starts is counted.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import signal
from dataclasses import dataclass
from pathlib import Path

MB = 1024 * 1024
KILL_ROUNDS = 100
"""How often a v1 cgroup's process list is read and killed before giving up on removing it
(a process that forks while it is being killed shows up in the next round)."""
CONTROLLERS = ("memory", "pids")
NAME_PREFIX = "botarena-"
"""Bot cgroups are named ``botarena-<PID of the botarena process>-<serial number>``."""
_names = itertools.count()


@dataclass(frozen=True, slots=True)
class Hierarchy:
    """Where bot cgroups are created: v2 one folder for both controllers, v1 one each."""

    version: int
    memory: Path
    pids: Path


@dataclass(slots=True)
class BotCgroup:
    hierarchy: Hierarchy
    memory: Path
    pids: Path

    @property
    def folders(self) -> list[Path]:
        return [self.memory] if self.memory == self.pids else [self.memory, self.pids]

    def enter(self) -> None:
        """Move the calling process into the cgroup (the bot's child, before exec)."""
        for folder in self.folders:
            with open(folder / "cgroup.procs", "w") as file:
                file.write("0")

    def peak_bytes(self) -> int | None:
        name = "memory.peak" if self.hierarchy.version == 2 else "memory.max_usage_in_bytes"
        try:
            return int((self.memory / name).read_text())
        except (OSError, ValueError):
            return None

    def listed_pids(self) -> list[int]:
        """The processes in the cgroup now."""
        return _listed(self.pids)

    def kill_and_remove(self) -> bool:
        """Kill every process in the cgroup, then remove it; ``False`` while it is still
        busy (killed processes not yet gone: :func:`remove_later` tries again)."""
        if self.hierarchy.version == 2:
            with contextlib.suppress(OSError):
                (self.pids / "cgroup.kill").write_text("1")
        for _ in range(KILL_ROUNDS):
            pids = _listed(self.pids)
            if not pids:
                break
            for pid in pids:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
        return remove_later(self)

    def remove(self) -> bool:
        """Remove the (empty) cgroup; ``False`` while it is busy (a killed process that is
        not reaped yet): :func:`remove_later` tries again."""
        for folder in self.folders:
            try:
                folder.rmdir()
            except FileNotFoundError:
                pass
            except OSError:
                return False
        return True


_busy: list[BotCgroup] = []
"""Cgroups whose removal found them busy; tried again at each removal and at exit."""


def remove_later(cgroup: BotCgroup | None = None) -> bool:
    """Remove ``cgroup`` and every cgroup left busy before; keep those still busy. Whether
    ``cgroup`` is gone."""
    pending = [*_busy, *([cgroup] if cgroup is not None else [])]
    _busy[:] = [left for left in pending if not left.remove()]
    return cgroup not in _busy


atexit.register(remove_later)


def _listed(folder: Path) -> list[int]:
    try:
        return [int(pid) for pid in (folder / "cgroup.procs").read_text().split()]
    except OSError:
        return []


def _named(hierarchy: Hierarchy, name: str) -> BotCgroup:
    return BotCgroup(hierarchy, hierarchy.memory / name, hierarchy.pids / name)


def create(hierarchy: Hierarchy, memory_mb: int, max_processes: int) -> BotCgroup:
    """A new cgroup for one bot with its limits set (``OSError`` when that fails).

    A name that exists already was left by a killed botarena process that had this PID (its
    exit never removed its cgroups; this process never repeats a name): that cgroup is
    killed and removed, and the next name is tried."""
    while True:
        cgroup = _named(hierarchy, f"{NAME_PREFIX}{os.getpid()}-{next(_names)}")
        try:
            for folder in cgroup.folders:
                folder.mkdir()
            break
        except FileExistsError:
            cgroup.kill_and_remove()
    memory, pids = cgroup.memory, cgroup.pids
    try:
        if hierarchy.version == 2:
            (memory / "memory.max").write_text(str(memory_mb * MB))
            (memory / "memory.swap.max").write_text("0")
        else:
            (memory / "memory.limit_in_bytes").write_text(str(memory_mb * MB))
        (pids / "pids.max").write_text(str(max_processes))
    except OSError:
        cgroup.kill_and_remove()
        raise
    return cgroup


def remove_orphans(hierarchy: Hierarchy) -> list[str]:
    """Kill and remove the bot cgroups of botarena processes that are gone (killed with
    SIGKILL: their exit never removed them); the names removed."""
    removed = []
    for folder in sorted(
        {*hierarchy.memory.glob(f"{NAME_PREFIX}*"), *hierarchy.pids.glob(f"{NAME_PREFIX}*")}
    ):
        owner = folder.name.removeprefix(NAME_PREFIX).partition("-")[0]
        if not owner.isdigit() or _alive(int(owner)) or folder.name in removed:
            continue
        if _named(hierarchy, folder.name).kill_and_remove():
            removed.append(folder.name)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, under another user
    return True


def find_hierarchy(mounts: str, own: str) -> Hierarchy | str:
    """Where bot cgroups can go, from ``/proc/self/mounts`` and ``/proc/self/cgroup``, or why
    nowhere."""
    v2_root, v1_roots = None, {}
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        if fields[2] == "cgroup2":
            v2_root = Path(fields[1])
        elif fields[2] == "cgroup":
            for option in fields[3].split(","):
                if option in CONTROLLERS:
                    v1_roots[option] = Path(fields[1])
    paths = {}
    for line in own.splitlines():
        number, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else ["" if number == "0" else "?"]:
            paths[controller] = path
    why = []
    if v2_root is not None:
        folder = v2_root / paths.get("", "/").lstrip("/")
        try:
            enabled = (folder / "cgroup.subtree_control").read_text().split()
        except OSError as error:
            enabled = []
            why.append(f"cgroup v2: {error}")
        if all(name in enabled for name in CONTROLLERS):
            return Hierarchy(2, folder, folder)
        if not why:
            why.append(f"cgroup v2 {folder} delegates no memory and pids controllers")
    if all(name in v1_roots for name in CONTROLLERS):
        memory = v1_roots["memory"] / paths.get("memory", "/").lstrip("/")
        pids = v1_roots["pids"] / paths.get("pids", "/").lstrip("/")
        return Hierarchy(1, memory, pids)
    why.append("no cgroup v1 memory and pids hierarchies are mounted")
    return "; ".join(why)
