"""T0: the limits set in the bot's process between fork and exec.

``RLIMIT_NPROC`` counts the processes of a user, not of a bot. So a bot started by a user
other than root gets its own user namespace (its uid mapped to itself): the kernel then
counts ``RLIMIT_NPROC`` per namespace and uid (Linux 5.14 and later) and a process in a
child namespace has no capability that lifts it, so ``--max-processes`` caps each bot alone.
The kernel never holds uid 0 to ``RLIMIT_NPROC`` (measured here, in a user namespace too):
for root the cap is T2's ``pids.max``, and without T2 root's bots have no process cap
(``botarena doctor`` says so).
"""

from __future__ import annotations

import ctypes
import os
import resource

from botarena.confine.settings import (
    ADDRESS_SPACE_HEADROOM_MB,
    MAX_FILE_MB,
    MAX_OPEN_FILES,
    Confinement,
)

MB = 1024 * 1024
_CLONE_NEWUSER = 0x10000000
_LIBC = ctypes.CDLL(None, use_errno=True)  # loaded here: the child must not load libraries
_UNSHARE = _LIBC.unshare


def address_space_bytes(confinement: Confinement) -> int:
    """The T0 address-space limit: ``--memory-mb`` plus :data:`ADDRESS_SPACE_HEADROOM_MB`."""
    return (confinement.memory_mb + ADDRESS_SPACE_HEADROOM_MB) * MB


def java_options(confinement: Confinement) -> str:
    """``JAVA_TOOL_OPTIONS`` that let a JVM start under the address-space limit: it reserves
    a quarter of the machine's memory for its heap, 1 GB of class space and 240 MB of code
    cache up front (``java -version`` needs over 3 GB of address space otherwise)."""
    heap = max(64, confinement.memory_mb // 2)
    return (
        f"-Xmx{heap}m -XX:CompressedClassSpaceSize=64m -XX:ReservedCodeCacheSize=64m "
        "-XX:MaxMetaspaceSize=256m"
    )


def caps_processes() -> bool:
    """Whether ``RLIMIT_NPROC`` holds for the bots of this user (not for root)."""
    return os.getuid() != 0


def _own_user_namespace() -> None:
    if _UNSHARE(_CLONE_NEWUSER) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"no user namespace for the process cap: {os.strerror(errno)}")
    uid, gid = os.getuid(), os.getgid()
    with open("/proc/self/setgroups", "w") as file:
        file.write("deny")
    with open("/proc/self/uid_map", "w") as file:
        file.write(f"{uid} {uid} 1")
    with open("/proc/self/gid_map", "w") as file:
        file.write(f"{gid} {gid} 1")


def apply_limits(confinement: Confinement) -> None:
    """Set every T0 limit on the calling process (run in the child before exec)."""
    if caps_processes():
        _own_user_namespace()
    for limit, value in (
        (resource.RLIMIT_AS, address_space_bytes(confinement)),
        (resource.RLIMIT_NPROC, confinement.max_processes),
        (resource.RLIMIT_FSIZE, MAX_FILE_MB * MB),
        (resource.RLIMIT_NOFILE, MAX_OPEN_FILES),
        (resource.RLIMIT_CORE, 0),
    ):
        resource.setrlimit(limit, (value, value))
