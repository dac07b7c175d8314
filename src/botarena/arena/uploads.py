"""Uploaded bots: a ZIP (or a folder, zipped by the CLI) with a start script ``start.sh`` at
its top, started like the Software-Challenge's as ``start.sh --host H --port P --reservation
R``. Everything in an upload is hostile: :func:`check_upload` refuses, with the reason, what
is not a ZIP, is too big, unpacks too big (a zip bomb), has too many files or too deep paths,
escapes its folder (absolute paths, ``..``), holds links or lacks the start script;
:func:`unpack` writes a checked upload into a folder with the same checks, byte by byte."""

from __future__ import annotations

import io
import os
import stat
import zipfile
from pathlib import Path, PurePosixPath

START_SCRIPT = "start.sh"
MAX_UPLOAD_BYTES = 16 * 1024 * 1024
"""Largest ZIP accepted."""
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
"""Largest total size of the files inside."""
MAX_FILES = 2000
"""Most entries (files and folders) in one upload."""
MAX_PATH_DEPTH = 16
"""Most folder levels of one entry's path."""
MAX_COMPRESSION_RATIO = 200
"""Largest unpacked/packed ratio of one entry (a zip bomb's is in the thousands)."""
MAX_NAME_BYTES = 255
"""Longest path of one entry."""


class UploadError(ValueError):
    """An upload the arena refuses; the text is the reason shown to the team."""


def check_upload(data: bytes) -> list[zipfile.ZipInfo]:
    """The upload's entries, after every check (raises :class:`UploadError`)."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadError(f"the upload has {len(data)} bytes, more than {MAX_UPLOAD_BYTES}")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as error:
        raise UploadError(f"not a ZIP file: {error}") from None
    if len(entries) > MAX_FILES:
        raise UploadError(f"the upload has {len(entries)} entries, more than {MAX_FILES}")
    total = 0
    names = set()
    for entry in entries:
        name = _check_name(entry.filename)
        mode = entry.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise UploadError(f"{entry.filename!r} is a symbolic link (links are refused)")
        if stat.S_IFMT(mode) and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise UploadError(f"{entry.filename!r} is not a file or folder")
        total += entry.file_size
        if total > MAX_UNPACKED_BYTES:
            raise UploadError(f"the upload unpacks to more than {MAX_UNPACKED_BYTES} bytes")
        if entry.file_size > MAX_COMPRESSION_RATIO * max(entry.compress_size, 1):
            raise UploadError(
                f"{entry.filename!r} is compressed more than {MAX_COMPRESSION_RATIO}:1 "
                "(a zip bomb?)"
            )
        names.add(name)
    if PurePosixPath(START_SCRIPT) not in names:
        raise UploadError(f"the upload has no {START_SCRIPT} at its top")
    return entries


def _check_name(name: str) -> PurePosixPath:
    if len(name.encode()) > MAX_NAME_BYTES:
        raise UploadError(f"a path is longer than {MAX_NAME_BYTES} bytes: {name[:60]!r}…")
    if "\\" in name or "\0" in name:
        raise UploadError(f"{name!r}: backslashes and NUL are not allowed in paths")
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts:
        raise UploadError(f"{name!r} points outside the upload's folder")
    if len(path.parts) > MAX_PATH_DEPTH:
        raise UploadError(f"{name!r} is nested deeper than {MAX_PATH_DEPTH} folders")
    return path


def unpack(data: bytes, folder: Path) -> Path:
    """Write the checked upload into ``folder`` (created; it must not exist); returns the
    start script's path, executable. Sizes are counted while writing, so an entry that
    lies about its size is stopped at the limit."""
    entries = check_upload(data)
    folder.mkdir(parents=True)
    root = folder.resolve()
    written = 0
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for entry in entries:
            target = (root / entry.filename).resolve()
            if root not in target.parents and target != root:
                raise UploadError(f"{entry.filename!r} points outside the upload's folder")
            if entry.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(entry) as source, target.open("xb") as sink:
                while chunk := source.read(65536):
                    written += len(chunk)
                    if written > MAX_UNPACKED_BYTES:
                        raise UploadError(
                            f"the upload unpacks to more than {MAX_UNPACKED_BYTES} bytes"
                        )
                    sink.write(chunk)
            mode = (entry.external_attr >> 16) & 0o777
            target.chmod(0o755 if mode & 0o111 else 0o644)
    start = root / START_SCRIPT
    start.chmod(0o755)
    return start


def zip_folder(folder: Path) -> bytes:
    """A folder as an upload's ZIP (links refused, as in a ZIP)."""
    if not (folder / START_SCRIPT).is_file():
        raise UploadError(f"{folder} has no {START_SCRIPT}")
    buffer = io.BytesIO()
    count = 0
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_symlink():
                raise UploadError(f"{path} is a symbolic link (links are refused)")
            count += 1
            if count > MAX_FILES:
                raise UploadError(f"{folder} has more than {MAX_FILES} entries")
            if path.is_file():
                archive.write(path, path.relative_to(folder).as_posix())
            if buffer.tell() > MAX_UPLOAD_BYTES:
                raise UploadError(f"{folder} zips to more than {MAX_UPLOAD_BYTES} bytes")
    return buffer.getvalue()


def read_upload(path: Path) -> bytes:
    """The bytes to upload for ``path``: a ZIP file as it is, a folder zipped."""
    if path.is_dir():
        return zip_folder(path)
    size = os.stat(path).st_size
    if size > MAX_UPLOAD_BYTES:
        raise UploadError(f"{path} has {size} bytes, more than {MAX_UPLOAD_BYTES}")
    return path.read_bytes()
