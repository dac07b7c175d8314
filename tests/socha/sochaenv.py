"""The official Python clients (``socha`` from PyPI) in their own cached virtualenvs.

``socha_python(version)`` returns the interpreter of a virtualenv with ``socha==version``,
built once under ``~/.cache/botarena/`` (or ``$BOTARENA_CACHE``) and reused by later runs. A
file lock makes parallel test processes wait for one build instead of racing. When PyPI
cannot be reached the build fails with :class:`SochaUnavailableError` (the tests fail, never skip).

``offline_env()`` is the environment the socha bots run in: both clients ask PyPI for a newer
version at start-up; ``https_proxy``/``HTTPS_PROXY`` point at a closed local port so that the
check fails at once instead of reaching the network.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

SOCHA_2026 = "4.3.9"
"""Plays Piranhas 2026 (``swc_2026_piranhas``)."""
SOCHA_2027 = "5.1.0"
"""Plays Blokus 2027 (``swc_2027_blokus``)."""
PIP_TIMEOUT_S = 600
"""Longest a virtualenv build may take (downloading socha and its dependencies)."""
HERE = Path(__file__).resolve().parent
BOTS = {SOCHA_2026: HERE / "socha_bot_2026.py", SOCHA_2027: HERE / "socha_bot_2027.py"}


class SochaUnavailableError(RuntimeError):
    """The socha client could not be installed (PyPI unreachable, no wheel for this Python)."""


def cache_dir() -> Path:
    base = os.environ.get("BOTARENA_CACHE") or str(Path.home() / ".cache" / "botarena")
    return Path(base)


def socha_python(version: str) -> Path:
    """The Python of a virtualenv with ``socha==version`` (built on first use)."""
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    target = cache_dir() / f"socha-{version}-{tag}"
    python = target / "bin" / "python"
    marker = target / ".complete"
    if marker.is_file():
        return python
    target.parent.mkdir(parents=True, exist_ok=True)
    with (target.parent / f"socha-{version}-{tag}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be building it right now
        if marker.is_file():
            return python
        building = target.with_name(target.name + ".building")
        shutil.rmtree(building, ignore_errors=True)
        shutil.rmtree(target, ignore_errors=True)
        _run([sys.executable, "-m", "venv", str(building)], "create a virtualenv")
        _run(
            [str(building / "bin" / "python"), "-m", "pip", "install", "-q", f"socha=={version}"],
            f"install socha=={version} from PyPI (is PyPI reachable?)",
        )
        building.rename(target)  # venv scripts use absolute paths; the interpreter does not
        marker.write_text(version)
    return python


def _run(command: list[str], what: str) -> None:
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=PIP_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SochaUnavailableError(f"could not {what}: {error}") from error
    if done.returncode != 0:
        raise SochaUnavailableError(f"could not {what}:\n{done.stdout}\n{done.stderr}")


def closed_port() -> int:
    """A local TCP port nobody listens on (bound once, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def offline_env() -> dict[str, str]:
    """The environment of a socha bot: PyPI's version check goes to a closed local port."""
    proxy = f"http://127.0.0.1:{closed_port()}"
    env = dict(os.environ)
    env.update(https_proxy=proxy, HTTPS_PROXY=proxy, http_proxy=proxy, HTTP_PROXY=proxy)
    env.pop("NO_PROXY", None)
    env.pop("no_proxy", None)
    return env
