"""Reading fixture files that may be gzip-compressed, decided by the name in one place.

A name ending in ``.gz`` is read through gzip (the repository keeps its big fixtures in
``tests/fixtures`` compressed, e.g. ``positions.jsonl.gz``, ``normal_game_01_….txt.gz``);
any other name is read as it is. The capture readers, the JSON-lines modes and the corpus
readers all read through here, so every one of them takes either form.
"""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import Path
from typing import TextIO

GZIP_SUFFIX = ".gz"


def is_gzipped(path: str | Path) -> bool:
    """Whether ``path`` is read through gzip (its name ends in ``.gz``)."""
    return Path(path).name.endswith(GZIP_SUFFIX)


def read_bytes(path: str | Path) -> bytes:
    """The content of ``path``, gunzipped if its name ends in ``.gz``; a damaged ``.gz``
    file is an ``OSError`` naming it."""
    path = Path(path)
    raw = path.read_bytes()
    if not is_gzipped(path):
        return raw
    try:
        return gzip.decompress(raw)
    except (gzip.BadGzipFile, EOFError, zlib.error) as error:
        raise OSError(f"{path}: not a readable gzip file ({error})") from error


def open_text(path: str | Path) -> TextIO:
    """``path`` opened for reading UTF-8 text (use it in a ``with`` block). A ``.gz`` file is
    gunzipped whole here, so a damaged one fails at once with an ``OSError``, not midway."""
    path = Path(path)
    if is_gzipped(path):
        return io.StringIO(read_text(path))
    return path.open(encoding="utf-8")


def read_text(path: str | Path) -> str:
    """The UTF-8 text of ``path``, gunzipped if its name ends in ``.gz``."""
    return read_bytes(path).decode("utf-8")
