"""Tournament games as Dask tasks on a real ``dask scheduler`` with two ``dask worker``
processes on 127.0.0.1; one worker is killed in the middle of the tournament."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.league.helpers import games_of, run, standings_of, tournament_command

DASK = str(Path(sys.executable).with_name("dask"))
STARTUP_TIMEOUT_S = 60.0
"""How long the test waits for the scheduler or a worker to report that it is up."""
BOTS = ["random", "greedy", "random", "random"]
SEED = "23"


class Daemon:
    """A subprocess in its own process group whose stderr lines are read by a thread."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(
            command,
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.address = ""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.put(line)
        self.lines.put("")

    def wait_for(self, text: str) -> str:
        while True:
            line = self.lines.get(timeout=STARTUP_TIMEOUT_S)
            if not line:
                raise RuntimeError(f"{self.process.args!r} ended before reporting {text!r}")
            if text in line:
                return line

    def kill(self) -> None:
        """SIGKILL the process group (the daemon and the bots it started)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


@pytest.fixture
def cluster() -> Iterator[tuple[str, list[Daemon]]]:
    daemons: list[Daemon] = []
    try:
        scheduler = Daemon(
            [DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"]
        )
        daemons.append(scheduler)
        line = scheduler.wait_for("Scheduler at:")
        address = line.split("Scheduler at:")[1].strip()
        workers = []
        for _ in range(2):
            worker = Daemon(
                [
                    DASK,
                    "worker",
                    address,
                    "--nthreads",
                    "1",
                    "--no-nanny",
                    "--no-dashboard",
                    "--host",
                    "127.0.0.1",
                ]
            )
            daemons.append(worker)
            workers.append(worker)
        for worker in workers:
            line = worker.wait_for("Start worker at:")
            worker.address = line.split("Start worker at:")[1].strip()
        for worker in workers:
            worker.wait_for("Registered to:")
        yield address, workers
    finally:
        for daemon in reversed(daemons):
            daemon.kill()


def test_round_robin_on_dask_survives_a_dead_worker(tmp_path, cluster):
    address, workers = cluster
    out = tmp_path / "cluster"
    command = tournament_command(
        "piranhas-2019", "roundrobin", BOTS, "--seed", SEED, "--cluster", address, "--out", str(out)
    )
    coordinator = subprocess.Popen(
        command, stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert coordinator.stdout is not None
        killed = False
        lines = []
        for line in coordinator.stdout:
            lines.append(line)
            if not killed and line.startswith("game ") and line.rstrip().endswith("done)"):
                workers[0].kill()  # in the middle: both workers are playing a game
                killed = True
        assert coordinator.wait() == 0, "".join(lines)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(coordinator.pid, signal.SIGKILL)
        coordinator.wait()
        if coordinator.stdout is not None:
            coordinator.stdout.close()
    assert killed
    records = games_of(out)
    assert sorted(r["index"] for r in records) == list(range(12))  # each game exactly once
    played_by = [r["worker"] for r in records]
    # at most the one game reported before the kill came from the dead worker; its
    # unfinished game (and any result not yet gathered) was played again by the other
    assert played_by.count(workers[0].address) <= 1
    assert played_by.count(workers[1].address) >= len(records) - 1
    # the same tournament locally, same seed: the same results
    local = tmp_path / "local"
    run(local, "piranhas-2019", "roundrobin", BOTS, seed=int(SEED))
    assert standings_of(out)["standings"] == standings_of(local)["standings"]
    assert {r["index"]: r["points"] for r in records} == {
        r["index"]: r["points"] for r in games_of(local)
    }


def test_botarena_test_plays_its_games_on_the_cluster(tmp_path, cluster):
    address, workers = cluster
    out = tmp_path / "run"
    command = [
        sys.executable,
        "-m",
        "botarena",
        "test",
        "--game",
        "piranhas-2019",
        "-n",
        "4",
        "--seed",
        "3",
        "--cluster",
        address,
        "--out",
        str(out),
        "random",
        "greedy",
    ]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    assert finished.returncode == 0, finished.stderr
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert sorted(game["index"] for game in summary["games"]) == [0, 1, 2, 3]
    for game in summary["games"]:
        replay = out / game["replay"]
        assert replay.name == "replay.xml.gz"
        season = b"<!-- botarena game-type: swc_2019_piranhas -->\n"
        assert gzip.decompress(replay.read_bytes()).startswith(season + b"<protocol>")
        for slot in game["slots"]:
            assert (out / slot["log"]).is_file()
    assert {game["winner"] for game in summary["games"]} <= {"random", "greedy", None}
    assert {game["worker"] for game in summary["games"]} <= {w.address for w in workers}
    assert len((out / "games.jsonl").read_text().splitlines()) == 4
