"""The confinement layer with real processes: ``botarena test`` under ``--sandbox rlimit``
(T0), the tiers ``botarena doctor`` names, and the sandboxes the CLI refuses."""

from __future__ import annotations

import asyncio
import io
import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from botarena.confine import (
    Confinement,
    ConfinementError,
    SandboxMode,
    bot_finished,
    effective_mode,
    end_bot,
    start_bot,
    tiers_in_use,
)
from botarena.confine.log_cap import LOG_HEAD_BYTES, LOG_TAIL_BYTES
from botarena.confine.settings import ADDRESS_SPACE_HEADROOM_MB
from botarena.confine.tiers import bwrap_tier, cgroup_hierarchy, cgroup_tier, rlimit_tier
from botarena.runner.driver import DriverLimits
from botarena.runner.run import RunConfig, run_test
from tests.league.helpers import run as league_run

BOTS = Path(__file__).parent / "bots"
CONFINED_BOT = BOTS / "confined_bot.py"
RANDOM_BOT = Path(__file__).parents[1] / "runner" / "bots" / "piranhas_bot.py"
FAST = DriverLimits(connect_timeout_s=20.0, game_timeout_s=60.0, exit_grace_s=2.0)


def run(tmp_path: Path, bot_a: str, confinement: Confinement) -> dict[str, Any]:
    config = RunConfig(
        game="piranhas-2019",
        bot_a=bot_a,
        bot_b=f"{sys.executable} {RANDOM_BOT} random",
        games=2,
        concurrency=2,
        seed=5,
        out_dir=tmp_path / "run",
        limits=FAST,
        confinement=confinement,
    )
    asyncio.run(run_test(config, Console(file=io.StringIO())))
    summary: dict[str, Any] = json.loads((tmp_path / "run" / "summary.json").read_text())
    return summary


def bad_slots(summary: dict[str, Any]) -> list[dict[str, Any]]:
    bad = summary["settings"]["bots"][0]["label"]
    return [slot for game in summary["games"] for slot in game["slots"] if slot["bot"] == bad]


def test_a_bot_touching_2_gb_under_256_mb_ends_with_its_error_and_the_run_goes_on(tmp_path):
    confinement = Confinement("rlimit", memory_mb=256)
    summary = run(tmp_path, f"{sys.executable} {CONFINED_BOT} hog", confinement)
    assert len(summary["games"]) == 2
    for game, slot in zip(summary["games"], bad_slots(summary), strict=True):
        assert slot["cause"] == "LEFT" and "exited with code 1" in slot["runner_note"]
        assert "MemoryError" in (tmp_path / "run" / slot["log"]).read_text()
        assert "its log ends with: MemoryError" in slot["runner_note"]
        other = next(s for s in game["slots"] if s is not slot)
        assert other["cause"] == "REGULAR" and game["winner"] == other["bot"]


def test_300_sleeping_children_are_capped_and_none_is_left_behind(tmp_path):
    confinement = Confinement("rlimit", max_processes=40)
    summary = run(tmp_path, f"{sys.executable} {CONFINED_BOT} children", confinement)
    assert _leftover_cgroups() == []
    pids: list[int] = []
    for game, slot in zip(summary["games"], bad_slots(summary), strict=True):
        assert game["regular"], game  # capped, it still plays its game
        log = (tmp_path / "run" / slot["log"]).read_text()
        assert "capped: [Errno 11] Resource temporarily unavailable" in log
        line = next(line for line in log.splitlines() if line.startswith("started "))
        count, _, listed = line.removeprefix("started ").partition(" children: ")
        assert 0 < int(count) < 40
        pids += [int(pid) for pid in listed.split()]
    alive = [pid for pid in pids if _is_sleep(pid)]
    assert alive == []


def _leftover_cgroups() -> list[Path]:
    """This process's bot cgroups still there (T2 removes each with its bot)."""
    found = cgroup_hierarchy()
    assert not isinstance(found, str), found
    mine = f"botarena-{os.getpid()}-*"
    return sorted({*found.memory.glob(mine), *found.pids.glob(mine)})


def _is_sleep(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().startswith(b"sleep\0600")
    except OSError:
        return False


def test_the_processes_cap_holds_per_bot_not_per_user():
    """Two bots at once each start as many children as the cap allows alone."""
    code = (
        "import subprocess\nn=0\ntry:\n while n < 50:\n  subprocess.Popen(['sleep','600']); n+=1\n"
        "except OSError: pass\nprint(n, flush=True)\nimport sys; sys.stdin.read()\n"
    )

    async def both() -> list[bytes]:
        confinement = Confinement("rlimit", max_processes=10)
        started = [
            await start_bot(
                [sys.executable, "-c", code],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=None,
                env=os.environ,
                confinement=confinement,
            )
            for _ in range(2)
        ]
        counts = [await process.stdout.readline() for process in started if process.stdout]
        for process in started:
            end_bot(process)
            await process.wait()
            end_bot(process)
        return counts

    assert [int(count) for count in asyncio.run(both())] == [9, 9]
    assert _leftover_cgroups() == []


@pytest.mark.parametrize("mode", ["rlimit", "bwrap"])
def test_java_and_numpy_start_under_the_default_limits(mode: SandboxMode) -> None:
    async def start(argv: list[str]) -> tuple[int, bytes]:
        process = await start_bot(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=os.environ,
            confinement=Confinement(mode),
            server=("127.0.0.1", 1),
        )
        output, _ = await process.communicate()
        end_bot(process)
        await bot_finished(process)
        return process.returncode or 0, output

    code, output = asyncio.run(start(["java", "-version"]))
    assert code == 0 and b"openjdk version" in output, output
    numpy = "import numpy; print(numpy.ones(1000).sum())"
    code, output = asyncio.run(start([sys.executable, "-c", numpy]))
    assert (code, output.strip()) == (0, b"1000.0"), output
    assert _leftover_cgroups() == []


def test_a_tournament_confines_its_bots(tmp_path):
    out = tmp_path / "t"
    bots = [f"limited={sys.executable} {CONFINED_BOT} limits", "random"]
    confinement = Confinement("rlimit", memory_mb=300)
    outcome = league_run(out, "piranhas-2019", "roundrobin", bots, confinement=confinement)
    assert outcome.complete
    logs = [path.read_text() for path in out.glob("games/*/*limited*.log")]
    expected = f"address space limit: {(300 + ADDRESS_SPACE_HEADROOM_MB) * 1024 * 1024}"
    assert logs and all(expected in log for log in logs)
    assert _leftover_cgroups() == []


def test_a_loud_bot_keeps_the_first_and_last_part_of_its_log(tmp_path):
    summary = run(tmp_path, f"{sys.executable} {CONFINED_BOT} loud", Confinement("rlimit"))
    for game, slot in zip(summary["games"], bad_slots(summary), strict=True):
        assert game["regular"], game
        log = (tmp_path / "run" / slot["log"]).read_text()
        assert len(log) < LOG_HEAD_BYTES + LOG_TAIL_BYTES + 1000  # 13 MB printed
        assert "line 0000000 of the loud bot" in log
        assert "line 0299999 of the loud bot" in log
        assert "line 0150000 of the loud bot" not in log
        assert "bytes of output left out here]" in log


def test_a_bot_under_bwrap_reaches_nothing_but_its_game_which_completes(tmp_path):
    folder = tmp_path / "bot"
    folder.mkdir()
    for script in (CONFINED_BOT, RANDOM_BOT):
        shutil.copy(script, folder / script.name)
    secret = tmp_path / "other-bot"
    secret.mkdir()
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        listener.setblocking(False)
        probe = f"{sys.executable} {folder / CONFINED_BOT.name} probe:{port}:{secret}"
        summary = run(tmp_path, probe, Confinement("bwrap"))
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody came
    for game, slot in zip(summary["games"], bad_slots(summary), strict=True):
        assert game["regular"], game
        log = (tmp_path / "run" / slot["log"]).read_text()
        assert "reached nothing: [Errno 111] Connection refused" in log
        assert f"sees {secret}: False" in log
    assert _leftover_cgroups() == []


def test_doctor_names_each_tier_available_or_why_not():
    result = subprocess.run(
        [sys.executable, "-m", "botarena", "doctor"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    for tier in (rlimit_tier(), bwrap_tier(), cgroup_tier()):
        assert tier.line() in result.stdout.splitlines()
        assert tier.available or tier.reason
    # This machine kind: bubblewrap installed (.ci/run), user namespaces, cgroups as root.
    assert rlimit_tier().available and bwrap_tier().available and cgroup_tier().available


def test_a_sandbox_that_cannot_be_used_is_refused_with_its_reason():
    async def start() -> None:
        await start_bot(
            ["true"],
            stdin=None,
            stdout=None,
            stderr=None,
            env=os.environ,
            confinement=Confinement("bwrap"),
            server=("192.0.2.1", 13050),
        )

    with pytest.raises(ConfinementError, match=r"relays only a game server on this machine"):
        asyncio.run(start())


def test_auto_is_the_strongest_tier_available_here():
    assert effective_mode("auto") == "bwrap"
    assert "T1 bwrap + T0 rlimit + T2 cgroup" in tiers_in_use(Confinement("auto"))
