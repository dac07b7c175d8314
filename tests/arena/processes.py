"""Real arena processes for the end-to-end tests: ``botarena arena serve`` and ``worker``
started as commands, the CLI run as a command, the API read over HTTP, the database read
from its file (WAL lets a reader look while the arena writes)."""

from __future__ import annotations

import json
import os
import select
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

WAIT_S = 240.0
"""Longest wait for what the arena does by itself (only reached when a test fails)."""
POLL_S = 0.1
LEASE_S = "5"
"""The tests' lease time: a lost lease comes back within seconds."""


def wait_for(check: Callable[[], T | None], what: str, timeout: float = WAIT_S) -> T:
    """Poll ``check`` until it returns a true value (the processes act on their own)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(POLL_S)


def botarena(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "botarena", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if check and result.returncode != 0:
        raise AssertionError(f"botarena {' '.join(args)}: {result.stdout}{result.stderr}")
    return result


def line_value(output: str, key: str) -> str:
    return next(line.split(": ", 1)[1] for line in output.splitlines() if line.startswith(key))


class Started:
    """A ``botarena arena ...`` process; ``kill9`` ends it (and its process group) hard."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "botarena", "arena", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )

    def read_line(self, prefix: str) -> str:
        assert self.process.stdout is not None
        deadline = time.monotonic() + 60
        seen = []
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 1.0)
            if ready:
                line = self.process.stdout.readline()
                if not line:
                    break
                seen.append(line)
                if line.startswith(prefix):
                    return line.strip()
        raise AssertionError(f"no line {prefix!r}; got: {''.join(seen)}")

    def kill9(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill9()
        if self.process.stdout is not None:
            self.process.stdout.close()


def serve(folder: Path, *options: str) -> tuple[Started, str]:
    started = Started(
        "serve",
        str(folder),
        "--port",
        "0",
        "--lease-s",
        LEASE_S,
        "--sandbox",
        "rlimit",
        *options,
    )
    line = started.read_line("arena on ")
    return started, line.split()[2]


def api(url: str, path: str, token: str | None = None, body: Any = None) -> tuple[int, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        raw, status = error.read(), error.code
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def rows(folder: Path, sql: str, *args: Any) -> list[sqlite3.Row]:
    db = sqlite3.connect(f"file:{folder / 'arena.sqlite3'}?mode=ro", uri=True, timeout=30)
    db.row_factory = sqlite3.Row
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def snapshot(folder: Path, *queries: str) -> list[list[sqlite3.Row]]:
    """The answers of ``queries`` from one read transaction (one state of the database,
    while the arena goes on writing)."""
    db = sqlite3.connect(f"file:{folder / 'arena.sqlite3'}?mode=ro", uri=True, timeout=30)
    db.row_factory = sqlite3.Row
    try:
        db.execute("BEGIN")
        return [db.execute(query).fetchall() for query in queries]
    finally:
        db.close()


def bot_folder(parent: Path, name: str, player: str, game: str = "piranhas") -> Path:
    """A bot as a team uploads it: ``start.sh`` running one of botarena's players."""
    folder = parent / name
    folder.mkdir()
    start = folder / "start.sh"
    start.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m botarena bot {game} {player} "$@"\n')
    start.chmod(0o755)
    return folder
