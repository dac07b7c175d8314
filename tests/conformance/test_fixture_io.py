"""Fixture files are read plain or gzipped, decided by the name in one helper."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from botarena.conformance.fixture_io import open_text, read_bytes, read_text
from botarena.conformance.sctranscript import read_sctranscript
from tests.conftest import REPO_ROOT, fixture_file, fixture_files, fixture_names

CAPTURE = "# sctranscript/1\n# title: t\n@0.001 c1 OPEN peer=x\n@0.002 c1 C2S 3\nabc\n"


def test_a_gz_name_is_read_gunzipped_and_any_other_name_as_it_is(tmp_path: Path):
    plain = tmp_path / "capture.txt"
    plain.write_text(CAPTURE, encoding="utf-8")
    packed = tmp_path / "capture.txt.gz"
    packed.write_bytes(gzip.compress(CAPTURE.encode()))
    assert read_bytes(plain) == read_bytes(packed) == CAPTURE.encode()
    assert read_text(packed) == CAPTURE
    with open_text(packed) as lines:
        assert list(lines) == CAPTURE.splitlines(keepends=True)
    assert read_sctranscript(packed).stream("c1", "C2S") == b"abc"
    # a plain file whose bytes happen to be gzip is not unpacked: the name decides
    raw = tmp_path / "raw.bin"
    raw.write_bytes(packed.read_bytes())
    assert read_bytes(raw) == packed.read_bytes()


@pytest.mark.parametrize("damage", [b"not gzip at all", b"\x1f\x8b\x08\x00truncated"])
def test_a_damaged_gz_file_is_an_os_error_naming_it(tmp_path: Path, damage: bytes):
    path = tmp_path / "broken.jsonl.gz"
    path.write_bytes(damage)
    with pytest.raises(OSError, match=r"broken\.jsonl\.gz: not a readable gzip file"):
        read_bytes(path)
    with pytest.raises(OSError, match=r"broken\.jsonl\.gz: not a readable gzip file"):
        open_text(path)


def test_the_readme_conformance_commands_name_fixtures_of_the_repository():
    """Each command of the README's "Conformance against the official code" runs on a file
    that a clone has (tests/fixtures), whatever of it is gzipped."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Conformance against the official code", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"botarena\.conformance \w+ (\S+)", section)
    assert len(named) >= 6
    for name in named:
        assert name.startswith("tests/fixtures/"), name
        assert (REPO_ROOT / name).is_file(), name
        assert read_bytes(REPO_ROOT / name), name


def test_fixture_lookup_finds_either_stored_form_and_names_what_is_missing(tmp_path: Path):
    (tmp_path / "small.txt").write_text("x", encoding="utf-8")
    (tmp_path / "big.txt.gz").write_bytes(gzip.compress(b"y"))
    (tmp_path / "other.jsonl").write_text("{}", encoding="utf-8")
    assert fixture_file(tmp_path, "small.txt") == tmp_path / "small.txt"
    assert fixture_file(tmp_path, "big.txt") == tmp_path / "big.txt.gz"
    assert fixture_names(tmp_path, ".txt") == ["big.txt", "small.txt"]
    assert fixture_files(tmp_path, ".txt") == [tmp_path / "big.txt.gz", tmp_path / "small.txt"]
    with pytest.raises(FileNotFoundError, match=r"fixture gone\.txt \(or gone\.txt\.gz\)"):
        fixture_file(tmp_path, "gone.txt")
    # a parametrised test must never run over nothing: an empty selection is an error
    with pytest.raises(FileNotFoundError, match=r"no \*\.xml fixtures"):
        fixture_files(tmp_path, ".xml")
    with pytest.raises(FileNotFoundError, match="no \\*\\.txt fixtures"):
        fixture_files(tmp_path / "missing", ".txt")
