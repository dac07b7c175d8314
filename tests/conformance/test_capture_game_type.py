"""The transcript checker reads the game type from the capture itself (its join/prepare
requests the captured server accepted), so no capture is replayed as the wrong game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from botarena.conformance.fixture_io import read_bytes
from botarena.conformance.sctranscript import read_sctranscript
from botarena.conformance.transcript import capture_game_types, plan_replay
from tests.conftest import FIXTURES, fixture_file, fixture_files, plain_name

SEASONS = {
    "piranhas-2019": "swc_2019_piranhas",
    "hase-und-igel-2018": "swc_2018_hase_und_igel",
    "blokus-2021": "swc_2021_blokus",
}
REFUSED_ONLY = {"err_unknown_game_type.txt"}
"""Captures whose only game request was refused (the captured server lacked that game)."""


def captures(folder: str) -> list[Path]:
    return sorted(
        path
        for path in fixture_files(FIXTURES / folder, ".txt")
        if read_bytes(path).startswith(b"# sctranscript/1")
    )


@pytest.mark.parametrize("folder", sorted(SEASONS))
def test_every_official_capture_names_its_own_game(folder):
    paths = captures(folder)
    assert len(paths) >= 5, f"no captures in {FIXTURES / folder}"
    for path in paths:
        offered = capture_game_types(plan_replay(read_sctranscript(path)))
        content = read_bytes(path)
        if b"gameType=" not in content:  # e.g. a wrong password: no game named
            assert offered == (), path.name
        elif plain_name(path) in REFUSED_ONLY:
            assert SEASONS[folder] in offered, path.name
            requested = content.decode(errors="replace").split('gameType="')[1].split('"')[0]
            assert requested not in offered, path.name  # still refused in the replay
        else:
            assert offered == (SEASONS[folder],), path.name


@pytest.mark.parametrize(
    ("folder", "name"),
    [
        ("hase-und-igel-2018", "err_move_before_request.txt"),
        ("blokus-2021", "err_unknown_element.txt"),
    ],
)
def test_the_command_replays_a_capture_of_another_season_without_game_type(folder, name):
    def check(*options: str) -> subprocess.CompletedProcess[str]:
        path = str(fixture_file(FIXTURES / folder, name))
        command = [sys.executable, "-m", "botarena.conformance", "transcript", path, *options]
        return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)

    done = check()
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 differ" in done.stdout
    as_piranhas = check("--game-type", "swc_2019_piranhas")  # the old default guess
    assert as_piranhas.returncode == 1 and " 0 differ" not in as_piranhas.stdout
