"""Every refusal of an upload, attack by attack, and a good upload unpacked."""

from __future__ import annotations

import io
import stat
import zipfile
from pathlib import Path

import pytest

from botarena.arena import uploads
from botarena.arena.uploads import UploadError, check_upload, read_upload, unpack, zip_folder

START = b"#!/bin/sh\necho hi\n"


def make_zip(entries: dict[str, bytes], *, links: tuple[str, ...] = ()) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
        for name in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


def refusal(data: bytes) -> str:
    with pytest.raises(UploadError) as caught:
        check_upload(data)
    return str(caught.value)


def test_a_good_upload_unpacks_with_an_executable_start_script(tmp_path: Path) -> None:
    data = make_zip({"start.sh": START, "lib/bot.py": b"print(1)\n"})
    start = unpack(data, tmp_path / "bot")
    assert start == (tmp_path / "bot" / "start.sh").resolve()
    assert start.stat().st_mode & 0o111
    assert (tmp_path / "bot" / "lib" / "bot.py").read_bytes() == b"print(1)\n"


def test_not_a_zip_is_refused() -> None:
    assert "not a ZIP file" in refusal(b"this is no zip at all")


def test_missing_start_script_is_refused() -> None:
    assert "no start.sh" in refusal(make_zip({"bot/start.sh": START}))


@pytest.mark.parametrize("name", ["../evil.sh", "/etc/evil", "a/../../evil"])
def test_path_traversal_is_refused(name: str) -> None:
    assert "outside the upload's folder" in refusal(make_zip({"start.sh": START, name: b"x"}))


def test_backslash_paths_are_refused() -> None:
    assert "backslashes" in refusal(make_zip({"start.sh": START, "..\\evil": b"x"}))


def test_symlinks_are_refused() -> None:
    assert "symbolic link" in refusal(make_zip({"start.sh": START}, links=("passwd",)))


def test_zip_bomb_ratio_is_refused() -> None:
    assert "zip bomb" in refusal(make_zip({"start.sh": START, "zeros": bytes(5_000_000)}))


def test_unpacked_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uploads, "MAX_UNPACKED_BYTES", 1000)
    assert "unpacks to more than 1000" in refusal(
        make_zip({"start.sh": START, "a": b"x" * 600, "b": b"y" * 600})
    )


def test_upload_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uploads, "MAX_UPLOAD_BYTES", 100)
    assert "more than 100" in refusal(make_zip({"start.sh": START, "a": b"abc" * 50}))


def test_file_count_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uploads, "MAX_FILES", 3)
    entries = {"start.sh": START} | {f"f{i}": b"x" for i in range(3)}
    assert "more than 3" in refusal(make_zip(entries))


def test_path_depth_limit() -> None:
    deep = "/".join(["d"] * (uploads.MAX_PATH_DEPTH + 1))
    assert "nested deeper" in refusal(make_zip({"start.sh": START, deep: b"x"}))


def test_a_folder_is_zipped_and_a_folder_with_a_link_refused(tmp_path: Path) -> None:
    folder = tmp_path / "bot"
    folder.mkdir()
    (folder / "start.sh").write_bytes(START)
    entries = check_upload(read_upload(folder))
    assert [entry.filename for entry in entries] == ["start.sh"]
    (folder / "link").symlink_to("/etc/passwd")
    with pytest.raises(UploadError, match="symbolic link"):
        zip_folder(folder)
