"""Shared test configuration: where the official fixtures live."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = REPO_ROOT.parent / "shared"
FIXTURES = SHARED / "fixtures"


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    """``../shared/fixtures`` beside the checkout (ground truth from the official code)."""
    if not FIXTURES.is_dir():
        raise FileNotFoundError(
            f"official fixtures not found at {FIXTURES}: check out ../shared beside the repo"
        )
    return FIXTURES
