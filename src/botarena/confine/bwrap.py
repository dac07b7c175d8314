"""T1: the bubblewrap command line around a bot, and the relay to the game server.

The sandbox has its own network namespace (only loopback) and PID namespace, a read-only
view of the system's runtimes (``/usr``, the Python environment botarena runs in, the
editable install's source folder), the bot's own folder read-only as its working directory
and a private ``/tmp``. The bot still reaches the game server at the address it was given:
:mod:`botarena.confine.forwarder` listens on that address inside the sandbox and forwards
each connection to a unix socket bound into the sandbox, where :class:`Relay` (in botarena)
connects it to the real server. That one port is the only way out: no ``--share-net`` and no
other path (a unix socket crosses network namespaces; nothing else is bound).
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import sys
import tempfile
from pathlib import Path

import botarena

FORWARDER = Path(__file__).with_name("forwarder.py")
SANDBOX_RELAY = "/run/botarena"
"""Where the relay's folder is seen inside the sandbox."""
SYSTEM_FOLDERS = ("/usr", "/etc/alternatives", "/etc/ld.so.cache", "/etc/ssl", "/etc/localtime")
"""System folders bound read-only (``/bin``, ``/lib``… are symlinks into ``/usr`` on Debian);
``/etc`` as a whole is not (its password files)."""
SYSTEM_LINKS = ("/bin", "/sbin", "/lib", "/lib64")
CHUNK_BYTES = 65536


def bot_folder(argv: list[str]) -> Path | None:
    """The bot's own folder: that of the first argument naming a file outside the system
    and Python folders (its script, jar or program); ``None`` when there is none."""
    shared = [Path(folder) for folder in (*SYSTEM_FOLDERS, *python_folders())]
    for word in argv:
        path = Path(word)
        if path.is_absolute() or "/" in word or path.suffix:
            path = path.resolve()
            if path.is_file() and not any(path.is_relative_to(top) for top in shared):
                return path.parent
    return None


def python_folders() -> list[str]:
    """The Python environment botarena runs in, and the source folder of an editable
    install (so bots using the botarena SDK run unchanged)."""
    source = Path(botarena.__file__).resolve().parent.parent
    return sorted({sys.prefix, sys.base_prefix, str(source)})


def sandbox_argv(
    argv: list[str], host: str, port: int, relay_folder: Path, cwd: Path | None
) -> list[str]:
    bwrap = shutil.which("bwrap") or "bwrap"
    command = [bwrap, "--unshare-all", "--die-with-parent", "--new-session"]
    command += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    for folder in SYSTEM_FOLDERS:
        command += ["--ro-bind-try", folder, folder]
    for link in SYSTEM_LINKS:
        target = Path(link).resolve()
        if target != Path(link):
            command += ["--symlink", str(target), link]
    for folder in python_folders():
        command += ["--ro-bind", folder, folder]
    command += ["--ro-bind", str(FORWARDER), "/run/forwarder.py"]
    command += ["--ro-bind", str(relay_folder), SANDBOX_RELAY]
    own = cwd if cwd is not None else bot_folder(argv)
    if own is not None:
        command += ["--ro-bind", str(own), str(own), "--chdir", str(own)]
    else:
        command += ["--chdir", "/tmp"]
    relay = f"{SANDBOX_RELAY}/{Relay.SOCKET}"
    # -I -S: the forwarder needs only the standard library (no site-packages to import)
    forward = [sys.executable, "-I", "-S", "/run/forwarder.py", host, str(port), relay, "--"]
    forward += argv
    return [*command, "--", *forward]


class Relay:
    """A unix socket in a folder of its own that forwards each connection to the server."""

    SOCKET = "server.sock"

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.folder = Path(tempfile.mkdtemp(prefix="botarena-relay-"))
        self._server: asyncio.Server | None = None
        self._pumps: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_unix_server(
            self._connect, path=str(self.folder / self.SOCKET)
        )

    async def _connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(self.host, self.port)
        except OSError:
            writer.close()
            return
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(_pump(source, sink))
            self._pumps.add(task)
            task.add_done_callback(self._pumps.discard)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._pumps):
            task.cancel()
        with contextlib.suppress(OSError):
            (self.folder / self.SOCKET).unlink()
            self.folder.rmdir()


async def _pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    try:
        while data := await source.read(CHUNK_BYTES):
            sink.write(data)
            await sink.drain()
    except (OSError, asyncio.CancelledError):
        pass
    finally:
        sink.close()
