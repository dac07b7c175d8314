"""Which confinement tiers this machine offers, each available or named unavailable with the
reason; detected once per process."""

from __future__ import annotations

import functools
import logging
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from botarena.confine import cgroup
from botarena.confine.rlimits import apply_limits, caps_processes
from botarena.confine.settings import Confinement

log = logging.getLogger(__name__)

PROBE_TIMEOUT_S = 10.0
"""How long a tier's probe (``true`` under its confinement) may take."""


@dataclass(frozen=True, slots=True)
class Tier:
    name: str
    what: str
    reason: str | None = None
    """``None``: available; else why not."""

    @property
    def available(self) -> bool:
        return self.reason is None

    def line(self) -> str:
        state = "available" if self.reason is None else f"unavailable: {self.reason}"
        return f"sandbox {self.name} ({self.what}): {state}"


@functools.cache
def rlimit_tier() -> Tier:
    """T0, probed by starting ``true`` under its limits (see ``rlimits``)."""
    what = "own session; setrlimit: address space, file size, open files, core 0; processes: "
    what += "per bot (own user namespace)" if caps_processes() else "not for root (needs T2)"
    try:
        subprocess.run(
            ["true"],
            check=True,
            capture_output=True,
            timeout=PROBE_TIMEOUT_S,
            preexec_fn=functools.partial(apply_limits, Confinement("rlimit")),
        )
    except (OSError, subprocess.SubprocessError) as error:
        return Tier("T0 rlimit", what, f"cannot start a process under the limits: {error}")
    return Tier("T0 rlimit", what)


@functools.cache
def bwrap_tier() -> Tier:
    what = "bubblewrap: no network but a relay to the game server, read-only system and "
    what += "Python, own folder read-only, private /tmp, own PID namespace"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return Tier(
            "T1 bwrap", what, "bwrap not found on PATH (Debian: apt-get install bubblewrap)"
        )
    probe = [bwrap, "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "true"]
    try:
        done = subprocess.run(probe, check=False, capture_output=True, timeout=PROBE_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as error:
        return Tier("T1 bwrap", what, f"{bwrap} does not run: {error}")
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip() or f"exit code {done.returncode}"
        return Tier("T1 bwrap", what, f"bwrap cannot create namespaces here: {said}")
    return Tier("T1 bwrap", what)


@functools.cache
def cgroup_hierarchy() -> cgroup.Hierarchy | str:
    """Where T2 creates bot cgroups, probed (a cgroup with limits, ``true`` in it, removed),
    or why T2 is unavailable."""
    try:
        mounts = Path("/proc/self/mounts").read_text()
        own = Path("/proc/self/cgroup").read_text()
    except OSError as error:
        return f"cannot read /proc: {error}"
    found = cgroup.find_hierarchy(mounts, own)
    if isinstance(found, str):
        return found
    orphans = cgroup.remove_orphans(found)
    if orphans:
        log.info("removed %d bot cgroups of botarena processes that are gone", len(orphans))
    try:
        probe = cgroup.create(found, memory_mb=64, max_processes=8)
    except OSError as error:
        return f"cannot create a cgroup in {found.memory}: {error}"
    try:
        subprocess.run(["true"], check=True, timeout=PROBE_TIMEOUT_S, preexec_fn=probe.enter)
    except (OSError, subprocess.SubprocessError) as error:
        return f"cannot start a process in {probe.memory}: {error}"
    finally:
        probe.kill_and_remove()
    return found


@functools.cache
def cgroup_tier() -> Tier:
    found = cgroup_hierarchy()
    if isinstance(found, str):
        return Tier("T2 cgroup", "memory, process cap, kill of the whole cgroup", found)
    if found.version == 2:
        what = "cgroup v2: memory.max/memory.peak, pids.max, cgroup.kill"
    else:
        what = "cgroup v1 (v2 has no controllers here): memory.limit_in_bytes, pids.max, kill"
    return Tier("T2 cgroup", what)


def tier_lines() -> list[str]:
    """One line per tier, for ``botarena doctor``."""
    return [tier.line() for tier in (rlimit_tier(), bwrap_tier(), cgroup_tier())]
