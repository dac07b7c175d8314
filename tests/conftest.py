"""Shared test configuration: where the official fixtures live (``tests/fixtures``).

The fixtures are copies of ground truth produced by the official code (``tests/fixtures/
README.md``; ``scripts/update_fixtures.py`` copies them). Big ones are stored gzipped
(``NAME.gz``): tests name a fixture by its plain name and find the stored file with
:func:`fixture_file` / :func:`fixture_files`; the readers of ``botarena.conformance`` read both
forms (:mod:`botarena.conformance.fixture_io`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from botarena.conformance.fixture_io import GZIP_SUFFIX
from botarena.server.admin_password import PASSWORD_ENV, STATE_DIR_ENV

REPO_ROOT = Path(__file__).resolve().parent.parent
FIXTURES = REPO_ROOT / "tests" / "fixtures"


@pytest.fixture(autouse=True)
def _admin_password_files(tmp_path_factory, monkeypatch) -> None:
    """Generated admin passwords (``botarena serve``) are written to a folder of the test
    session, never to the user's own (``botarena.server.admin_password``)."""
    monkeypatch.setenv(STATE_DIR_ENV, str(tmp_path_factory.getbasetemp() / "botarena-state"))
    monkeypatch.delenv(PASSWORD_ENV, raising=False)


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    """``tests/fixtures`` (ground truth from the official code)."""
    return FIXTURES


def plain_name(path: Path) -> str:
    """The fixture's name without the ``.gz`` of its stored form."""
    return path.name.removesuffix(GZIP_SUFFIX)


def fixture_file(folder: Path, name: str) -> Path:
    """The stored file of fixture ``name`` in ``folder``: ``name`` itself or ``name.gz``."""
    for candidate in (folder / name, folder / (name + GZIP_SUFFIX)):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"fixture {name} (or {name}{GZIP_SUFFIX}) not found in {folder}")


def fixture_files(folder: Path, suffix: str) -> list[Path]:
    """The stored files of ``folder`` whose plain name ends in ``suffix``, by plain name; an
    empty or missing folder is an error (a parametrised test must never run on nothing)."""
    found = (
        sorted(
            (path for path in folder.iterdir() if plain_name(path).endswith(suffix)),
            key=plain_name,
        )
        if folder.is_dir()
        else []
    )
    if not found:
        raise FileNotFoundError(f"no *{suffix} fixtures in {folder}")
    return found


def fixture_names(folder: Path, suffix: str) -> list[str]:
    """The plain names of :func:`fixture_files` (stable test ids, whatever is gzipped)."""
    return [plain_name(path) for path in fixture_files(folder, suffix)]
