"""Copy the official fixtures the tests and benchmarks read into ``tests/fixtures``.

    python3 scripts/update_fixtures.py [SHARED]      # SHARED: default ../shared

New ground truth arrives in ``SHARED/fixtures`` (and the specs in ``SHARED/spec``); this
script copies the files selected in :data:`SELECTION` (the one place that says which files
the tests need) to ``tests/fixtures/<same sub-folders>``, gzips every file bigger than
:data:`COMPRESS_ABOVE` bytes to ``NAME.gz`` (byte-stable: no time stamp, so an unchanged
file gives no diff) and removes what is no longer selected. ``tests/fixtures/README.md``
says where each folder comes from; update it when a folder's origin changes.
"""

from __future__ import annotations

import argparse
import fnmatch
import gzip
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DESTINATION = REPO / "tests" / "fixtures"
DEFAULT_SHARED = REPO.parent / "shared"
KEEP = frozenset({"README.md"})
"""Files of ``tests/fixtures`` itself that are not copies (never removed)."""
COMPRESS_ABOVE = 64 * 1024
"""Files bigger than this many bytes are stored gzipped (``NAME.gz``)."""
GZIP_LEVEL = 9

SELECTION: tuple[str, ...] = (
    # Piranhas 2019 (official 19.2.1): every capture, the rule positions, the obstacle boards
    "fixtures/piranhas-2019/*.txt",
    "fixtures/piranhas-2019/positions.jsonl",
    "fixtures/piranhas-2019/obstacles.jsonl",
    # the 2019 server's wire captures (chunk logs, raw TestClient streams, misc sessions,
    # a replay file)
    "fixtures/server-protocol-19.2.1/*.txt",
    "fixtures/server-protocol-19.2.1/R_replay_file.xml",
    # Hase und Igel 2018 (official 18.2.6): every capture, the rule cases, the boards
    "fixtures/hase-und-igel-2018/*.txt",
    "fixtures/hase-und-igel-2018/games.jsonl",
    # Blokus 2021 (official 21.4.0): every capture, positions and games
    "fixtures/blokus-2021/*.txt",
    "fixtures/blokus-2021/positions.jsonl",
    "fixtures/blokus-2021/games.jsonl",
    # Piranhas 2026 and Blokus 2027 (socha 4.3.9 / 5.1.0 Rust cores and clients)
    "fixtures/piranhas-2026/positions.jsonl.gz",
    "fixtures/piranhas-2026/games.jsonl",
    "fixtures/piranhas-2026/captures/*.txt",
    "fixtures/blokus-2027/positions.jsonl.gz",
    "fixtures/blokus-2027/games.jsonl",
    "fixtures/blokus-2027/captures/*.txt",
    # Mau-Mau (the original 2017 contest server): every scenario in both forms
    "fixtures/maumau/*.jsonl",
    "fixtures/maumau/*.txt",
    # the Blokus 2021 spec: its Appendix A lists every piece orientation
    "spec/blokus-2021.md",
)
"""Globs relative to the shared folder; ``fixtures/X`` is stored as ``tests/fixtures/X``,
anything else (``spec/X``) under its own path."""


class SelectionError(Exception):
    """A selected pattern matches no file of the shared folder."""


@dataclass(frozen=True, slots=True)
class Summary:
    files: int
    stored_bytes: int
    original_bytes: int
    removed: tuple[str, ...]


def stored_path(relative: str) -> str:
    """Where a file of the shared folder goes, relative to ``tests/fixtures``."""
    return relative.removeprefix("fixtures/")


def selected(shared: Path, selection: tuple[str, ...] = SELECTION) -> list[Path]:
    """Every file of ``shared`` the selection names, sorted; a pattern without a match is a
    :class:`SelectionError`."""
    found: set[Path] = set()
    for pattern in selection:
        matches = [path for path in shared.glob(pattern) if path.is_file()]
        if not matches:
            raise SelectionError(f"{shared / pattern}: selected, but no such file")
        found.update(matches)
    return sorted(found)


def stored_form(name: str, size: int) -> str:
    """The stored name: ``NAME.gz`` for a big file not compressed already, else ``NAME``."""
    return f"{name}.gz" if size > COMPRESS_ABOVE and not name.endswith(".gz") else name


def update(
    shared: Path, destination: Path = DESTINATION, selection: tuple[str, ...] = SELECTION
) -> Summary:
    """Copy (and compress) the selection of ``shared`` into ``destination``; remove the files
    there that are no longer selected (except :data:`KEEP`)."""
    sources = selected(shared, selection)  # before any change: a bad selection changes nothing
    written: set[Path] = set()
    stored_bytes = original_bytes = 0
    for source in sources:
        data = source.read_bytes()
        relative = Path(stored_path(source.relative_to(shared).as_posix()))
        target = destination / relative.parent / stored_form(relative.name, len(data))
        content = data
        if target.name != relative.name:
            content = gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_bytes() != content:
            target.write_bytes(content)
        written.add(target)
        stored_bytes += len(content)
        original_bytes += len(data)
    removed = []
    for path in sorted(destination.rglob("*"), reverse=True):
        if (
            path.is_file()
            and path not in written
            and path.relative_to(destination).as_posix() not in KEEP
        ):
            path.unlink()
            removed.append(path.relative_to(destination).as_posix())
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return Summary(len(written), stored_bytes, original_bytes, tuple(sorted(removed)))


def is_selected(stored: str, selection: tuple[str, ...] = SELECTION) -> bool:
    """Whether a path relative to ``tests/fixtures`` (stored form) comes from the selection."""
    plain = stored.removesuffix(".gz")
    return any(
        fnmatch.fnmatchcase(name, stored_path(pattern))
        for pattern in selection
        for name in (stored, plain)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared", nargs="?", type=Path, default=DEFAULT_SHARED)
    args = parser.parse_args(argv)
    try:
        summary = update(args.shared)
    except (SelectionError, OSError) as error:
        print(f"update_fixtures: {error}", file=sys.stderr)
        return 2
    print(
        f"{summary.files} files in {DESTINATION.relative_to(REPO)}: "
        f"{summary.stored_bytes / 1e6:.1f} MB stored "
        f"({summary.original_bytes / 1e6:.1f} MB uncompressed)"
    )
    for name in summary.removed:
        print(f"removed {name} (no longer selected)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
