"""Every Hase und Igel 2018 capture replays against our server with 0 differing messages."""

from __future__ import annotations

import asyncio

import pytest

from botarena.conformance.sctranscript import read_sctranscript
from botarena.conformance.transcript import ReplayResult, replay_transcript
from botarena.games.hase_und_igel.scoring import GAME_TYPE
from tests.conformance.replays import assert_replayed_without_differences, replay_all
from tests.conftest import FIXTURES, fixture_file, fixture_names

HUI = FIXTURES / "hase-und-igel-2018"
TRANSCRIPTS = [name for name in fixture_names(HUI, ".txt") if name != "conformance.txt"]
PAUSED_SERVER = {"admin_server_paused_plain_join.txt"}
"""Captured on a server whose server.properties says ``paused = true`` (README)."""


@pytest.fixture(scope="module")
def replays() -> dict[str, ReplayResult]:
    return replay_all(HUI, TRANSCRIPTS, GAME_TYPE, paused=PAUSED_SERVER)


def test_all_official_transcripts_are_covered():
    assert len(TRANSCRIPTS) >= 46


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_transcript_replays_without_differences(replays: dict[str, ReplayResult], name: str):
    assert_replayed_without_differences(replays[name])


def test_a_server_that_sends_something_else_costs_the_patience_once_per_connection():
    # Replayed on a server that is not paused, the capture's clients wait for 200 messages
    # that never come: the replay reports them as differences instead of waiting the
    # patience for each one (that was 5 s x 227 messages).
    result = asyncio.run(
        replay_transcript(
            read_sctranscript(fixture_file(HUI, "admin_server_paused_plain_join.txt")),
            game_types=(GAME_TYPE,),
            paused=False,
            patience_s=0.5,
        )
    )
    assert result.report.differing > 100
    assert result.report.compared >= 227
