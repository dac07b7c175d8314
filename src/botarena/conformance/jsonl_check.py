"""What the JSON-lines conformance modes share: reading a fixture file line by line (plain or
gzipped), one report per line, printing the mismatches, and the command line around it.

A mode supplies ``check_line(data, report)`` for one decoded line and a ``summary`` of the
reports; :func:`run` is then its whole ``main``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from botarena.conformance.fixture_io import open_text


@dataclass
class LineReport:
    """What one line of the file produced."""

    line_number: int
    label: str
    problems: list[str] = field(default_factory=list)
    deviations: list[str] = field(default_factory=list)
    """Known, documented differences from the official code (not mismatches)."""


LineCheck = Callable[[dict[str, Any], LineReport], None]
"""Checks one decoded line, adding to the report (and may set its label)."""


def open_lines(path: Path) -> Iterator[str]:
    """The lines of ``path``, gunzipped if its name ends in ``.gz``."""
    with open_text(path) as lines:
        yield from lines


def check_lines(
    path: Path, check_line: LineCheck, malformed: str, errors: tuple[type[Exception], ...]
) -> list[LineReport]:
    """Check every non-empty line of ``path``; a line that is not a JSON object, or whose
    check raises one of ``errors``, becomes a report with a ``malformed …`` problem."""
    reports = []
    for number, line in enumerate(open_lines(path), start=1):
        if not line.strip():
            continue
        report = LineReport(number, f"line {number}")
        try:
            data = json.loads(line)
            if not isinstance(data, dict):
                raise TypeError("a line must hold a JSON object")
            check_line(data, report)
        except errors as error:
            report.problems.append(f"malformed {malformed}: {type(error).__name__}: {error}")
        reports.append(report)
    return reports


def print_reports(
    reports: list[LineReport], verbose: bool, max_lines: int, max_problems: int | None
) -> None:
    """The mismatching lines (without ``verbose``: the first ``max_lines``, each with at most
    ``max_problems`` problems) and, with ``verbose``, the expected deviations."""
    shown = 0
    for report in reports:
        if report.problems and (verbose or shown < max_lines):
            shown += 1
            print(f"MISMATCH {report.label}:")
            limit = None if verbose else max_problems
            for problem in report.problems[:limit]:
                print(f"  {problem}")
            if limit is not None and len(report.problems) > limit:
                print(f"  … {len(report.problems) - limit} more")
        if report.deviations and verbose:
            print(f"expected deviation {report.label}:")
            for deviation in report.deviations:
                print(f"  {deviation}")


@dataclass(frozen=True)
class Mode:
    """One JSON-lines conformance mode's command line."""

    name: str
    description: str
    file_help: str
    verbose_help: str
    check_file: Callable[[Path], list[LineReport]]
    summary: Callable[[list[LineReport]], str]
    max_lines: int
    """Without ``-v`` only this many mismatching lines are shown (the count is always exact)."""
    max_problems: int | None = None
    """Without ``-v`` only this many problems of a line are shown (``None``: all)."""


def run(mode: Mode, argv: list[str]) -> int:
    """``python -m botarena.conformance MODE FILE [-v]``: 0 without mismatches, 1 with, 2 if
    the file cannot be read."""
    parser = argparse.ArgumentParser(
        prog=f"python -m botarena.conformance {mode.name}", description=mode.description
    )
    parser.add_argument("file", type=Path, help=mode.file_help)
    parser.add_argument("-v", "--verbose", action="store_true", help=mode.verbose_help)
    args = parser.parse_args(argv)
    try:
        reports = mode.check_file(args.file)
    except (OSError, EOFError) as error:
        reason = getattr(error, "strerror", None) or error
        print(f"{mode.name}: cannot read {args.file}: {reason}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as error:
        print(f"{mode.name}: {args.file} is not UTF-8 text: {error}", file=sys.stderr)
        return 2
    print_reports(reports, args.verbose, mode.max_lines, mode.max_problems)
    print(mode.summary(reports))
    return 1 if any(r.problems for r in reports) else 0
