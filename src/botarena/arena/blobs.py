"""The arena's blobs: uploads, replays and seat logs, each a file in the data folder named by
the SHA-256 of its bytes (the same bytes are stored once; a name says what it holds)."""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

_SHA256 = re.compile(r"[0-9a-f]{64}")


class BlobError(ValueError):
    """A blob name that is not a SHA-256, or a blob that is not there."""


class BlobStore:
    """Blobs under ``folder/aa/<sha256>`` (two-letter fan-out keeps folders small)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def path(self, sha: str) -> Path:
        if not _SHA256.fullmatch(sha):
            raise BlobError(f"not a blob name: {sha[:70]!r}")
        return self.folder / sha[:2] / sha

    def put(self, data: bytes) -> str:
        """Store ``data`` (written to a temporary file, then renamed: a crash leaves no half
        blob under its name); returns its name."""
        sha = hashlib.sha256(data).hexdigest()
        target = self.path(sha)
        if target.exists():
            return sha
        target.parent.mkdir(exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".part-")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return sha

    def get(self, sha: str) -> bytes:
        path = self.path(sha)
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise BlobError(f"no blob {sha}") from None

    def has(self, sha: str) -> bool:
        return self.path(sha).is_file()
