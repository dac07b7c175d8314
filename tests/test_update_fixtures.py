"""``scripts/update_fixtures.py``: its selection is what ``tests/fixtures`` holds, and it
copies, gzips and prunes as its README says."""

from __future__ import annotations

import gzip
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import FIXTURES, REPO_ROOT

SCRIPT = REPO_ROOT / "scripts" / "update_fixtures.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("update_fixtures", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


update_fixtures = load_script()


def stored_files() -> list[str]:
    return sorted(
        path.relative_to(FIXTURES).as_posix() for path in FIXTURES.rglob("*") if path.is_file()
    )


def test_the_repository_holds_exactly_the_selection():
    stored = [name for name in stored_files() if name not in update_fixtures.KEEP]
    assert len(stored) >= 200
    assert [name for name in stored if not update_fixtures.is_selected(name)] == []
    for pattern in update_fixtures.SELECTION:
        assert any(update_fixtures.is_selected(name, (pattern,)) for name in stored), pattern


def test_big_files_are_stored_gzipped_and_small_ones_plain():
    for name in stored_files():
        size = (FIXTURES / name).stat().st_size
        if not name.endswith(".gz"):
            assert size <= update_fixtures.COMPRESS_ABOVE, name


def fake_shared(root: Path, big: int) -> Path:
    """A shared folder with one file for every selected pattern (``*`` becomes ``a``)."""
    for pattern in update_fixtures.SELECTION:
        path = root / pattern.replace("*", "a")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * (big if path.name == "positions.jsonl" else 10))
    return root


def test_update_copies_gzips_and_removes_what_is_no_longer_selected(tmp_path: Path):
    big = update_fixtures.COMPRESS_ABOVE + 1
    shared = fake_shared(tmp_path / "shared", big)
    destination = tmp_path / "fixtures"
    (destination / "maumau").mkdir(parents=True)
    (destination / "README.md").write_text("kept", encoding="utf-8")
    (destination / "maumau" / "old.jsonl").write_text("{}", encoding="utf-8")
    (destination / "gone").mkdir()
    (destination / "gone" / "x.txt").write_text("x", encoding="utf-8")

    summary = update_fixtures.update(shared, destination)

    assert summary.files == len(update_fixtures.SELECTION)
    assert summary.removed == ("gone/x.txt", "maumau/old.jsonl")
    assert not (destination / "gone").exists()
    assert (destination / "README.md").read_text(encoding="utf-8") == "kept"
    packed = destination / "piranhas-2019" / "positions.jsonl.gz"
    assert gzip.decompress(packed.read_bytes()) == b"x" * big
    assert not (destination / "piranhas-2019" / "positions.jsonl").exists()
    assert (destination / "maumau" / "a.jsonl").read_bytes() == b"x" * 10
    assert (destination / "spec" / "blokus-2021.md").read_bytes() == b"x" * 10
    # already gzipped stays as it is; a second run changes no byte (no time stamp in .gz)
    assert (destination / "piranhas-2026" / "positions.jsonl.gz").read_bytes() == b"x" * 10
    before = {path: path.read_bytes() for path in destination.rglob("*") if path.is_file()}
    again = update_fixtures.update(shared, destination)
    assert again.removed == ()
    assert {path: path.read_bytes() for path in destination.rglob("*") if path.is_file()} == before


def test_a_selected_file_missing_from_the_shared_folder_changes_nothing(tmp_path: Path):
    shared = fake_shared(tmp_path / "shared", 10)
    (shared / "fixtures" / "maumau" / "a.jsonl").unlink()
    destination = tmp_path / "fixtures"
    destination.mkdir()
    (destination / "keep.txt").write_text("x", encoding="utf-8")
    with pytest.raises(update_fixtures.SelectionError, match=r"maumau/\*\.jsonl: selected"):
        update_fixtures.update(shared, destination)
    assert (destination / "keep.txt").is_file()


def test_the_command_says_in_one_line_what_is_missing(tmp_path: Path):
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path / "nothing")],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("update_fixtures: ")
    assert "selected, but no such file" in done.stderr
