"""The one door through which botarena starts every bot process.

:func:`start_bot` starts a bot in its own session (process group) and, unless the
confinement is ``off``, under T0's limits plus T2's cgroup where this machine has it (see
``tiers``). A tier that is asked for but unavailable is refused with its reason
(:class:`ConfinementError`); nothing falls back silently. :func:`end_bot` ends what a bot
left: its process group and, under T2, everything in its cgroup.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Mapping
from pathlib import Path
from typing import IO

from botarena.confine.bwrap import Relay, sandbox_argv
from botarena.confine.cgroup import BotCgroup, create
from botarena.confine.cpu import read_times, tree_cpu_seconds
from botarena.confine.log_cap import copy_capped
from botarena.confine.rlimits import apply_limits, java_options
from botarena.confine.settings import (
    DEFAULT_MAX_PROCESSES,
    DEFAULT_MEMORY_MB,
    NO_CONFINEMENT,
    SANDBOX_MODES,
    Confinement,
    SandboxMode,
    is_loopback,
)
from botarena.confine.tiers import bwrap_tier, cgroup_hierarchy, rlimit_tier, tier_lines

__all__ = [
    "DEFAULT_MAX_PROCESSES",
    "DEFAULT_MEMORY_MB",
    "NO_CONFINEMENT",
    "SANDBOX_MODES",
    "Confinement",
    "ConfinementError",
    "SandboxMode",
    "bot_finished",
    "cpu_seconds",
    "effective_mode",
    "end_bot",
    "peak_memory_bytes",
    "start_bot",
    "tier_lines",
    "tiers_in_use",
]

Process = asyncio.subprocess.Process
CGROUP_REMOVE_WAIT_S = 2.0
"""How long :func:`bot_finished` waits for a bot's killed processes to leave its cgroup."""
CGROUP_REMOVE_POLL_S = 0.005
"""How often it looks meanwhile."""
JAVA_OPTIONS_ENV = "JAVA_TOOL_OPTIONS"
_cgroups: dict[int, BotCgroup] = {}
"""The cgroup of each running confined bot, by its pid."""
_logs: dict[int, asyncio.Task[None]] = {}
"""The copy of each confined bot's output into its capped log, by its pid."""
_relays: dict[int, Relay] = {}
"""The relay to the game server of each bot in a T1 sandbox, by its pid."""


class ConfinementError(OSError):
    """The sandbox asked for cannot be used here; the text says why."""


def effective_mode(mode: SandboxMode) -> SandboxMode:
    """``auto``: the strongest mode available here (``bwrap``, else ``rlimit``, else
    ``off``); a mode asked for by name but unavailable is refused with its reason."""
    if mode == "auto":
        if bwrap_tier().available and rlimit_tier().available:
            return "bwrap"
        return "rlimit" if rlimit_tier().available else "off"
    if mode == "bwrap" and not bwrap_tier().available:
        raise ConfinementError(f"--sandbox bwrap: {bwrap_tier().reason}")
    if mode == "bwrap" and not rlimit_tier().available:
        raise ConfinementError(f"--sandbox bwrap needs T0 too: {rlimit_tier().reason}")
    if mode == "rlimit" and not rlimit_tier().available:
        raise ConfinementError(f"--sandbox rlimit: {rlimit_tier().reason}")
    return mode


def tiers_in_use(confinement: Confinement) -> str:
    """What a run's bots are confined by, in words (for the run's first lines)."""
    mode = effective_mode(confinement.mode)
    if mode == "off":
        return "off (bots run unconfined)"
    t2 = cgroup_hierarchy()
    cgroup = f"T2 cgroup v{t2.version}" if not isinstance(t2, str) else f"no T2 ({t2})"
    limits = f"{confinement.memory_mb} MB, {confinement.max_processes} processes"
    sandbox = "T1 bwrap + " if mode == "bwrap" else ""
    return f"{sandbox}T0 rlimit + {cgroup}; {limits}"


async def start_bot(
    argv: list[str],
    *,
    stdin: int | IO[bytes] | None,
    stdout: int | IO[bytes] | None,
    stderr: int | IO[bytes] | None,
    env: Mapping[str, str],
    confinement: Confinement = NO_CONFINEMENT,
    cwd: Path | None = None,
    log_path: Path | None = None,
    server: tuple[str, int] | None = None,
) -> Process:
    """Start ``argv`` in a new session under ``confinement`` (``off``: exactly as before).

    ``log_path``: when confined, the bot's output (stdout and stderr) goes to this log,
    kept to its first and last part (``log_cap``), instead of ``stdout``/``stderr``;
    :func:`bot_finished` waits until it is written. ``server``: the game server's address
    given to the bot, which T1 relays into the sandbox (required for ``bwrap``)."""
    mode = effective_mode(confinement.mode)
    if mode == "off":
        return await asyncio.create_subprocess_exec(
            *argv,
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
            env=dict(env),
            cwd=cwd,
        )
    environment = dict(env)
    given = environment.get(JAVA_OPTIONS_ENV)
    ours = java_options(confinement)
    environment[JAVA_OPTIONS_ENV] = f"{ours} {given}" if given else ours
    relay = None
    if mode == "bwrap":
        if server is None or not is_loopback(server[0]):
            raise ConfinementError(
                f"--sandbox bwrap relays only a game server on this machine, not {server}"
            )
        relay = Relay(*server)
        await relay.start()
        argv = sandbox_argv(argv, server[0], server[1], relay.folder, cwd)
        cwd = None
    hierarchy = cgroup_hierarchy()
    cgroup = None
    if not isinstance(hierarchy, str):
        cgroup = create(hierarchy, confinement.memory_mb, confinement.max_processes)

    def confine() -> None:
        if cgroup is not None:
            cgroup.enter()
        apply_limits(confinement)

    if log_path is not None:
        stdout, stderr = asyncio.subprocess.PIPE, asyncio.subprocess.STDOUT
    try:
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
            env=environment,
            cwd=cwd,
            preexec_fn=confine,
        )
    except BaseException:
        if cgroup is not None:
            cgroup.kill_and_remove()
        if relay is not None:
            await relay.close()
        raise
    if relay is not None:
        _relays[process.pid] = relay
    if cgroup is not None:
        _cgroups[process.pid] = cgroup
    if log_path is not None and process.stdout is not None:
        _logs[process.pid] = asyncio.create_task(copy_capped(process.stdout, log_path))
    return process


async def bot_finished(process: Process) -> None:
    """After the bot's exit and :func:`end_bot`: wait until its capped log is written, its
    relay closed and its cgroup removed (at most :data:`CGROUP_REMOVE_WAIT_S`: a cgroup
    still busy then is removed later)."""
    cgroup = _cgroups.pop(process.pid, None)
    if cgroup is not None:
        deadline = asyncio.get_running_loop().time() + CGROUP_REMOVE_WAIT_S
        while not cgroup.kill_and_remove() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(CGROUP_REMOVE_POLL_S)
    copy = _logs.pop(process.pid, None)
    if copy is not None:
        await copy
    relay = _relays.pop(process.pid, None)
    if relay is not None:
        await relay.close()


def peak_memory_bytes(process: Process) -> int | None:
    """The most memory the bot's cgroup used so far (T2), else ``None``."""
    cgroup = _cgroups.get(process.pid)
    return None if cgroup is None else cgroup.peak_bytes()


def cpu_seconds(process: Process) -> float | None:
    """The CPU seconds the bot's processes used so far (its cgroup's processes under T2,
    else its session and their descendants, from ``/proc``); ``None`` once it is gone."""
    cgroup = _cgroups.get(process.pid)
    if cgroup is not None:
        listed = cgroup.listed_pids()
        return tree_cpu_seconds(process.pid, listed) if listed else None
    if process.returncode is not None or read_times(process.pid) is None:
        return None
    return tree_cpu_seconds(process.pid)


def end_bot(process: Process) -> None:
    """SIGKILL what the bot leaves: its process group and, under T2, its whole cgroup (which
    is removed by :func:`bot_finished`)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    cgroup = _cgroups.get(process.pid)
    if cgroup is not None:
        cgroup.kill_and_remove()
