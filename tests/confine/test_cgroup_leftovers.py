"""Bot cgroups left behind by a botarena process killed with SIGKILL (its exit never removed
them), on the machine's real cgroups: a later process that gets the same PID must not fail on
their names, and the next one to probe T2 removes them."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys

import pytest

from botarena.confine import cgroup
from botarena.confine.tiers import cgroup_hierarchy

KILLED_OWNER = """
import sys
from botarena.confine import cgroup
from botarena.confine.tiers import cgroup_hierarchy
made = cgroup.create(cgroup_hierarchy(), memory_mb=64, max_processes=8)
print(made.memory.name, flush=True)
sys.stdin.read()
"""


def hierarchy() -> cgroup.Hierarchy:
    found = cgroup_hierarchy()
    assert not isinstance(found, str), found
    return found


def exists(made: cgroup.BotCgroup) -> list[bool]:
    return [folder.exists() for folder in made.folders]


def test_a_name_left_by_a_killed_process_with_the_same_pid_is_replaced(monkeypatch):
    found = hierarchy()
    monkeypatch.setattr(cgroup, "_names", itertools.count(10_000))
    stale = cgroup.BotCgroup(
        found,
        found.memory / f"botarena-{os.getpid()}-10000",
        found.pids / f"botarena-{os.getpid()}-10000",
    )
    for folder in stale.folders:
        folder.mkdir()
    made = cgroup.create(found, memory_mb=64, max_processes=8)
    try:
        assert made.memory.name == f"botarena-{os.getpid()}-10001"
        assert exists(stale) == [False] * len(stale.folders)
        assert exists(made) == [True] * len(made.folders)
    finally:
        assert made.kill_and_remove()


def test_the_cgroups_of_a_botarena_process_killed_with_sigkill_are_removed():
    found = hierarchy()  # probed (and swept) before the owner is killed
    owner = subprocess.Popen(
        [sys.executable, "-c", KILLED_OWNER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert owner.stdout is not None
    name = owner.stdout.readline().strip()
    assert name.startswith(f"botarena-{owner.pid}-"), name
    owner.send_signal(signal.SIGKILL)
    assert owner.wait() == -signal.SIGKILL
    left = cgroup.BotCgroup(found, found.memory / name, found.pids / name)
    assert exists(left) == [True] * len(left.folders), "the killed process left its cgroup"
    assert name in cgroup.remove_orphans(found)
    assert exists(left) == [False] * len(left.folders)


@pytest.mark.parametrize("name", ["botarena-x-1", "botarena--1"])
def test_folders_not_named_by_a_pid_are_left_alone(name):
    found = hierarchy()
    folder = found.pids / name
    folder.mkdir()
    try:
        assert name not in cgroup.remove_orphans(found)
        assert folder.exists()
    finally:
        folder.rmdir()
