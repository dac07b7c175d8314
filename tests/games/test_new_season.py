"""The new-season recipe, measured: Piranhas 2026 copied as a fake season 2099 in a
temporary copy of the source tree, registered by the registry's two lines, is seen as
itself by ``botarena games``, ``play``, ``test`` and the web's replay reader.

Its states have the same shape as 2026's, so anything that guessed a season from its
states instead of asking the season would take it for 2026.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import botarena

SOURCE = Path(botarena.__file__).parent
ORIGINAL = "piranhas_2026"
COPY = "piranhas_2099"
FAKE_TYPE = "swc_2099_piranhas"
FAKE_ID = "piranhas-2099"
SUBPROCESS_TIMEOUT_S = 300


def changed_files(original: Path, copy: Path) -> list[str]:
    """The files of the tree ``copy`` that differ from ``original`` (or are new)."""
    changed = []
    for path in sorted(copy.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            relative = path.relative_to(copy)
            before = original / relative
            if not before.is_file() or before.read_bytes() != path.read_bytes():
                changed.append(relative.as_posix())
    return changed


def add_fake_season(tree: Path) -> None:
    """What the recipe in docs/architecture.md asks of a person adding a season."""
    games = tree / "botarena" / "games"
    shutil.copytree(games / ORIGINAL, games / COPY)
    for path in (games / COPY).rglob("*.py"):  # the copy imports itself, not 2026
        text = path.read_text(encoding="utf-8")
        text = text.replace(f"botarena.games.{ORIGINAL}", f"botarena.games.{COPY}")
        path.write_text(text.replace("swc_2026_piranhas", FAKE_TYPE), encoding="utf-8")
    season = games / COPY / "season.py"
    text = season.read_text(encoding="utf-8").replace("2026,", "2099,")
    text = text.replace("move_place=fish_place", 'move_place=fish_place, board="piranhas-2026"')
    season.write_text(text, encoding="utf-8")
    registry = games / "registry.py"
    text = registry.read_text(encoding="utf-8")
    text = text.replace(
        "from botarena.games.season import Season\n",
        f"from botarena.games.{COPY}.season import SEASON as PIRANHAS_2099\n"
        "from botarena.games.season import Season\n",
    )
    text = text.replace("    MAUMAU_2017,\n)", "    MAUMAU_2017,\n    PIRANHAS_2099,\n)")
    registry.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tree")
    shutil.copytree(SOURCE, root / "botarena", ignore=shutil.ignore_patterns("__pycache__"))
    add_fake_season(root)
    return root


def botarena_in(tree: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join([str(tree), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run(
        [sys.executable, *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_TIMEOUT_S,
        check=False,
    )


def test_the_fake_season_touches_one_file_outside_its_package(tree):
    changed = changed_files(SOURCE, tree / "botarena")
    outside = [path for path in changed if not path.startswith(f"games/{COPY}/")]
    assert outside == ["games/registry.py"]


def test_botarena_games_lists_the_fake_season_as_the_newest_piranhas(tree, tmp_path):
    done = botarena_in(tree, "-m", "botarena", "games", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith(FAKE_TYPE))
    assert re.split(r"\s{2,}", line)[:4] == [FAKE_TYPE, FAKE_ID, "piranhas", "sc-xml"]
    old = next(line for line in done.stdout.splitlines() if line.startswith("swc_2026_piranhas"))
    assert re.split(r"\s{2,}", old)[2] == "-"  # the bare name now means 2099


def test_botarena_play_plays_the_fake_season(tree, tmp_path):
    done = botarena_in(tree, "-m", "botarena", "play", FAKE_ID, "random", "random", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{FAKE_ID}, seed ")


def test_botarena_test_and_the_web_replay_see_the_fake_season(tree, tmp_path):
    out = tmp_path / "run"
    done = botarena_in(
        tree, "-m", "botarena", "test", "piranhas", "random", "random", "-n", "2",
        "--out", str(out), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"piranhas means {FAKE_ID}" in done.stderr
    settings = json.loads((out / "summary.json").read_text(encoding="utf-8"))["settings"]
    assert (settings["game"], settings["game_type"]) == (FAKE_ID, FAKE_TYPE)
    replays = sorted(out.glob("games/*/replay.xml.gz"))
    assert len(replays) == 2
    code = (
        "import sys; from pathlib import Path; from botarena.web.replays import read_replay\n"
        "from botarena.web.app import games_info\n"
        "replay = read_replay(Path(sys.argv[1]))\n"
        "board = next(info['board'] for info in games_info() if info['id'] == replay['game'])\n"
        "print(replay['game'], replay['gameType'], len(replay['states']), board)"
    )
    read = botarena_in(tree, "-c", code, str(replays[0]), cwd=tmp_path)
    assert read.returncode == 0, read.stderr
    game, game_type, states, board = read.stdout.split()
    assert (game, game_type, board) == (FAKE_ID, FAKE_TYPE, "boards/piranhas-2026.js")
    assert int(states) > 1
