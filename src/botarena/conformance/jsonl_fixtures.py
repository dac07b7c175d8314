"""Reading and checking JSON-lines fixture files record by record (the Blokus modes).

A mode names a check and a label per ``schema`` of its records; :func:`check_file` runs
them over a ``.jsonl`` or ``.jsonl.gz`` file, :func:`run` is a mode's command line (usage,
unusable input = 2, the first differences on stderr, a summary line, 1 on mismatches).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from botarena.conformance.fixture_io import open_text

MAX_REPORTED = 20
"""How many differences are printed (to stderr) before only counting."""

Json = dict[str, Any]
Check = Callable[[Json], list[str]]
"""The differences of one record (empty when it matches)."""
Label = Callable[[Json], str]
"""How a record is named in the report."""


def read_records(path: Path) -> Iterator[tuple[int, Json]]:
    """(line number, object) of a ``.jsonl`` or ``.jsonl.gz`` file."""
    with open_text(path) as stream:
        for number, line in enumerate(stream, start=1):
            if line.strip():
                yield number, json.loads(line)


def check_file(
    path: Path, report: list[str], checks: Mapping[str, tuple[Check, Label]]
) -> tuple[int, int]:
    """Check every record of ``path`` by its schema; return (records, mismatching records).
    An unknown schema is a ``ValueError``."""
    total = mismatches = 0
    for number, record in read_records(path):
        schema = record.get("schema")
        entry = checks.get(schema) if isinstance(schema, str) else None
        if entry is None:
            raise ValueError(f"{path}:{number}: unknown schema {schema!r}")
        check, label = entry
        problems = check(record)
        name = label(record)
        total += 1
        if problems:
            mismatches += 1
            report.extend(f"{path.name}:{number} {name}: {p}" for p in problems)
    return total, mismatches


def run(
    mode: str,
    argv: Sequence[str],
    checks: Mapping[str, tuple[Check, Label]],
    *,
    usage: str,
    counted: str,
    errors: tuple[type[Exception], ...],
    show_error: Callable[[Exception], str] = str,
    max_reported: int = MAX_REPORTED,
) -> int:
    """A mode's ``main``: prints ``MODE: N COUNTED, M mismatches``; returns 0, 1 when M > 0,
    2 when a file raises one of ``errors`` (or without arguments)."""
    if not argv or argv[0] in {"-h", "--help"}:
        print(f"usage: python -m botarena.conformance {mode} {usage}")
        return 0 if argv else 2
    total = mismatches = 0
    report: list[str] = []
    for name in argv:
        try:
            counted_here, failed = check_file(Path(name), report, checks)
        except errors as error:
            print(f"{mode}: cannot check {name}: {show_error(error)}", file=sys.stderr)
            return 2
        total += counted_here
        mismatches += failed
    for line in report[:max_reported]:
        print(line, file=sys.stderr)
    if len(report) > max_reported:
        print(f"... {len(report) - max_reported} more differences", file=sys.stderr)
    print(f"{mode}: {total} {counted}, {mismatches} mismatches")
    return 1 if mismatches else 0
