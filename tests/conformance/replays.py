"""Replay many captures against our server at once (most of a replay is waiting)."""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Sequence
from pathlib import Path

from botarena.conformance.sctranscript import read_sctranscript
from botarena.conformance.transcript import ReplayResult, ScriptedRoom, replay_transcript
from tests.conftest import fixture_file

CONCURRENCY = 8
"""Replays run at once (recorded delays are kept)."""


def replay_all(
    folder: Path,
    names: Sequence[str],
    game_type: str,
    paused: Collection[str] = (),
    *,
    prepared: Sequence[ScriptedRoom] = (),
) -> dict[str, ReplayResult]:
    """Replay every capture ``names`` of ``folder`` (plain names, the files may be gzipped);
    ``paused`` ones on a paused server; ``prepared`` rooms exist before the clients connect
    (captures of a scripted server)."""

    async def run_all() -> dict[str, ReplayResult]:
        gate = asyncio.Semaphore(CONCURRENCY)

        async def one(name: str) -> ReplayResult:
            async with gate:
                return await replay_transcript(
                    read_sctranscript(fixture_file(folder, name)),
                    game_types=(game_type,),
                    paused=name in paused,
                    prepared=prepared,
                )

        results = await asyncio.gather(*(one(name) for name in names))
        return dict(zip(names, results, strict=True))

    return asyncio.run(run_all())


def assert_replayed_without_differences(result: ReplayResult) -> None:
    """No problem, something compared, nothing differing; on failure a short summary."""
    assert result.problems == []
    report = result.report
    compared, differing = report.compared, report.differing
    assert compared > 0
    assert differing == 0, report.summary()
