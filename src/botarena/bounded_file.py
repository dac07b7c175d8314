"""Reading a file that may be gzipped, never more than a given size after decompression.

The size is checked while decompressing (chunk by chunk), so a small gzip bomb costs at most
``limit`` bytes of memory, not what it would expand to. The web UI's replay and report
reading and the server's ``loadGameFile`` read through here.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import BinaryIO

GZIP_MAGIC = b"\x1f\x8b"
READ_CHUNK_BYTES = 64 * 1024
"""Compressed bytes decompressed per step."""
GZIP_WBITS = zlib.MAX_WBITS | 16


class TooLargeError(ValueError):
    """The file (after decompression) is larger than the limit; the text says which."""


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, gunzipped if they start with the gzip magic, at most ``limit``.

    Raises :class:`TooLargeError` as soon as more than ``limit`` bytes come out, ``OSError``
    for a file that cannot be read and ``ValueError`` for damaged gzip data; each text names
    the file."""
    with path.open("rb") as file:
        head = file.read(len(GZIP_MAGIC))
        if head != GZIP_MAGIC:
            raw = head + file.read(limit + 1 - len(head))
            if len(raw) > limit:
                raise TooLargeError(f"{path.name} is larger than {limit} bytes")
            return raw
        file.seek(0)
        return _gunzip_bounded(path, file, limit)


def _gunzip_bounded(path: Path, file: BinaryIO, limit: int) -> bytes:
    """Every gzip member of ``file`` decompressed, stopping once past ``limit``."""
    parts: list[bytes] = []
    size = 0
    decompressor = zlib.decompressobj(GZIP_WBITS)
    pending = b""
    try:
        while True:
            if not pending:
                pending = file.read(READ_CHUNK_BYTES)
                if not pending:
                    break
            if decompressor.eof:  # another member follows, or zero padding
                if not pending.strip(b"\x00"):
                    pending = b""
                    continue
                decompressor = zlib.decompressobj(GZIP_WBITS)
            piece = decompressor.decompress(pending, limit + 1 - size)
            pending = decompressor.unconsumed_tail or decompressor.unused_data
            size += len(piece)
            parts.append(piece)
            if size > limit:
                raise TooLargeError(f"{path.name} is larger than {limit} bytes decompressed")
    except zlib.error as error:
        raise ValueError(f"{path.name}: damaged gzip data ({error})") from None
    if not decompressor.eof:
        raise ValueError(f"{path.name}: the gzip data ends early")
    return b"".join(parts)
