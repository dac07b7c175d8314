"""Every Blokus 2021 capture replays against our server with 0 differing messages."""

from __future__ import annotations

import asyncio

import pytest

from botarena.conformance.sctranscript import read_sctranscript
from botarena.conformance.transcript import ReplayResult, replay_transcript
from botarena.games.blokus.game import GAME_TYPE
from tests.conftest import FIXTURES

BLOKUS = FIXTURES / "blokus-2021"
TRANSCRIPTS = sorted(p.name for p in BLOKUS.glob("*.txt"))
CONCURRENCY = 8
"""Replays run at once (recorded delays are kept; most of the time is waiting)."""


@pytest.fixture(scope="module")
def replays() -> dict[str, ReplayResult]:
    async def run_all() -> dict[str, ReplayResult]:
        gate = asyncio.Semaphore(CONCURRENCY)

        async def one(name: str) -> ReplayResult:
            async with gate:
                return await replay_transcript(
                    read_sctranscript(BLOKUS / name),
                    game_types=(GAME_TYPE,),
                )

        results = await asyncio.gather(*(one(name) for name in TRANSCRIPTS))
        return dict(zip(TRANSCRIPTS, results, strict=True))

    return asyncio.run(run_all())


def test_all_shared_transcripts_are_covered():
    assert len(TRANSCRIPTS) >= 38


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_transcript_replays_without_differences(replays: dict[str, ReplayResult], name: str):
    result = replays[name]
    assert result.problems == []
    assert result.report.compared > 0
    assert result.report.differing == 0, result.report.render()
