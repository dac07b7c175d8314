"""How bot processes are started for a game.

``PerGameLauncher``: one process per bot and game, like the official TestClient
(``CMD --host H --port P --reservation R``), its output in the game's folder.

``PersistentLauncher``: one process per bot and concurrency lane that plays game after game,
started as ``CMD --host H --port P --reservations-stdin``: it reads one reservation code per
line from stdin and joins that game when the previous one is over. Process start-up (about
0.1 s of Python imports) then happens once per lane instead of twice per game. A process
that dies is replaced for the next game; its log is per process (``bots/LABEL-K.log``).

Every bot process starts through ``botarena.confine`` (with the launcher's confinement),
in its own session (a new process group), and the runner ends the
whole group, so a wrapper script's children (``./bot.sh`` running ``python``) never outlive
their game.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from botarena.confine import NO_CONFINEMENT, Confinement, bot_finished, end_bot, start_bot
from botarena.runner.bots import BotSpec
from botarena.server.admin_password import SECRET_ENV_NAMES

Process = asyncio.subprocess.Process

PERSISTENT_FLAG = "--reservations-stdin"


@dataclass(slots=True)
class Launched:
    """A bot process seated for one game (``process`` is None when it could not start)."""

    process: Process | None
    log_path: Path
    error: str | None = None
    bot_label: str = ""


def bot_environment() -> dict[str, str]:
    """The runner's environment without the admin password (``SECRET_ENV_NAMES``): a bot
    gets its reservation, never a way to administer the server it plays on."""
    return {name: value for name, value in os.environ.items() if name not in SECRET_ENV_NAMES}


async def _spawn(
    argv: list[str], log_path: Path, stdin: int, confinement: Confinement, server: tuple[str, int]
) -> Launched:
    with log_path.open("ab") as log_file:
        try:
            process = await start_bot(
                argv,
                stdin=stdin,
                stdout=log_file,
                stderr=log_file,
                env=bot_environment(),
                confinement=confinement,
                log_path=log_path,
                server=server,
            )
        except OSError as error:
            log_file.write(f"botarena: cannot start {argv!r}: {error}\n".encode())
            return Launched(None, log_path, f"could not be started: {error}")
    return Launched(process, log_path)


def kill_group(process: Process) -> None:
    """SIGKILL the process group the bot leads (itself and everything it started) and, under
    T2, its whole cgroup (``botarena.confine.end_bot``)."""
    end_bot(process)


async def wait_or_kill(process: Process, grace_s: float) -> int | None:
    """The exit code, or ``None`` when the process had to be killed after ``grace_s``.

    Either way the rest of its process group is killed: what the bot started dies with it.
    """
    try:
        code: int | None = await asyncio.wait_for(process.wait(), grace_s)
    except TimeoutError:
        kill_group(process)
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
        code = None
    kill_group(process)
    await bot_finished(process)
    return code


class PerGameLauncher:
    persistent = False

    def __init__(self, host: str, port: int, confinement: Confinement = NO_CONFINEMENT) -> None:
        self.host, self.port = host, port
        self.confinement = confinement

    async def launch(self, bot: BotSpec, reservation: str, game_log: Path) -> Launched:
        argv = bot.argv(self.host, self.port, reservation)
        server = (self.host, self.port)
        return await _spawn(argv, game_log, asyncio.subprocess.DEVNULL, self.confinement, server)

    async def release(self, launched: Launched, grace_s: float) -> int | None:
        if launched.process is None:
            return None
        return await wait_or_kill(launched.process, grace_s)

    async def close(self) -> None:
        return None


@dataclass(slots=True)
class PersistentLauncher:
    host: str
    port: int
    run_dir: Path
    confinement: Confinement = NO_CONFINEMENT
    persistent: bool = True
    _idle: dict[str, list[Launched]] = field(default_factory=dict)
    _all: list[Launched] = field(default_factory=list)
    _counter: int = 0

    async def launch(self, bot: BotSpec, reservation: str, game_log: Path) -> Launched:
        idle = self._idle.setdefault(bot.label, [])
        launched = None
        while idle:
            candidate = idle.pop()
            if candidate.process is not None and candidate.process.returncode is None:
                launched = candidate
                break
        if launched is None:
            self._counter += 1
            log_path = self.run_dir / "bots" / f"{bot.label}-{self._counter}.log"
            log_path.parent.mkdir(parents=True, exist_ok=True)
            argv = [*bot.command, "--host", self.host, "--port", str(self.port), PERSISTENT_FLAG]
            server = (self.host, self.port)
            launched = await _spawn(
                argv, log_path, asyncio.subprocess.PIPE, self.confinement, server
            )
            if launched.process is None:
                return launched
            self._all.append(launched)
        process = launched.process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(reservation.encode() + b"\n")
            await process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            pass  # it died meanwhile: the watchdog sees the exit code
        launched.error = None
        launched.bot_label = bot.label
        return launched

    async def release(self, launched: Launched, grace_s: float) -> int | None:
        """A live process goes back to the pool (no exit code); a dead one reports its code."""
        process = launched.process
        if process is None:
            return None
        if process.returncode is None:
            self._idle.setdefault(launched.bot_label, []).append(launched)
            return None
        kill_group(process)
        await bot_finished(process)
        return process.returncode

    async def close(self, grace_s: float = 5.0) -> None:
        for launched in self._all:
            process = launched.process
            if process is None or process.returncode is not None:
                continue
            if process.stdin is not None:
                process.stdin.close()
            await wait_or_kill(process, grace_s)
