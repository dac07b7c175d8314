"""The transcript conformance command: every Piranhas capture replays against our server."""

from __future__ import annotations

import asyncio
import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from botarena.conformance.fixture_io import read_bytes
from botarena.conformance.sctranscript import C2S, read_sctranscript
from botarena.conformance.transcript import (
    CAPTURE_GAME_TYPES,
    CAPTURE_PASSWORD,
    IdTranslator,
    ReplayResult,
    capture_config,
    plan_replay,
    replay_transcript,
)
from botarena.games.registry import load_plugin
from botarena.server.app import ScServer
from tests.conformance.replays import assert_replayed_without_differences
from tests.conftest import FIXTURES, REPO_ROOT, fixture_file, fixture_names

PIRANHAS = FIXTURES / "piranhas-2019"
TRANSCRIPTS = fixture_names(PIRANHAS, ".txt")


# -- the plan ---------------------------------------------------------------------------------


def test_plan_keeps_the_recorded_think_time_after_the_move_request():
    plan = plan_replay(
        read_sctranscript(fixture_file(PIRANHAS, "err_slow_answer_soft_timeout.txt"))
    )
    moves = [a for a in plan.actions if a.kind == C2S and b'class="move"' in a.data]
    first = moves[0]
    # c1 had received joined, welcome, memento and the move request before answering
    assert first.after[first.conn].units == 4
    assert first.time - first.after[first.conn].time == pytest.approx(3.0, abs=0.1)


def test_plan_orders_the_second_join_after_the_first_joined():
    plan = plan_replay(read_sctranscript(fixture_file(PIRANHAS, "err_move_not_your_turn.txt")))
    assert [a.kind for a in plan.actions[:2]] == ["OPEN", C2S]
    assert plan.actions[0].after == {}
    second_open = next(a for a in plan.actions if a.kind == "OPEN" and a.conn == "c2")
    assert second_open.after["c1"].units >= 1
    assert plan.first_state is not None
    assert plan.first_state.get("turn") == "0"
    assert plan.expected["c2"][-1] == "</protocol>"


def test_plan_of_a_lobby_error_has_no_state():
    plan = plan_replay(read_sctranscript(fixture_file(PIRANHAS, "err_wrong_passphrase.txt")))
    assert plan.first_state is None
    assert plan.final["c1"].units == 3  # close element, end of document, end of socket


# -- id translation ----------------------------------------------------------------------------

OFFICIAL = "d0da197d-8068-4767-9764-1d9915cbc350"
OURS = "0b5e2a0c-1111-4222-8333-944455556666"


def test_translator_learns_ids_and_rewrites_split_client_chunks():
    recorded = etree.fromstring(f'<joined roomId="{OFFICIAL}"/>')
    translator = IdTranslator({"c1": [recorded]})
    translator.learn("c1", etree.fromstring(f'<joined roomId="{OURS}"/>'))
    move = f'<room roomId="{OFFICIAL}"><data class="move" x="0" y="1" direction="UP"/></room>'
    raw = move.encode()
    cut = raw.index(b"-8068") + 2  # inside the id
    sent = translator.rewrite("c1", raw[:cut]) + translator.rewrite("c1", raw[cut:])
    assert sent == move.replace(OFFICIAL, OURS).encode()


@settings(max_examples=50, deadline=None)
@given(cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=6))
def test_translator_rewrites_the_same_under_any_split(cuts: list[int]):
    recorded: list[etree._Element | str] = [etree.fromstring(f'<joined roomId="{OFFICIAL}"/>')]
    translator = IdTranslator({"c1": recorded})
    translator.learn("c1", etree.fromstring(f'<joined roomId="{OURS}"/>'))
    stream = (
        f'<protocol><room roomId="{OFFICIAL}"><data class="move" x="10" y="1"/></room>'
        f'\n<room roomId="{OFFICIAL}"><data class="move" x="0" y="1"/></room>'
    ).encode()
    points = sorted({c % len(stream) for c in cuts} | {0, len(stream)})
    sent = b"".join(translator.rewrite("c1", stream[a:b]) for a, b in itertools.pairwise(points))
    assert sent + translator.flush("c1") == stream.replace(OFFICIAL.encode(), OURS.encode())
    assert sent.endswith(b"</room>")  # nothing of a complete message is held back


def test_translator_pairs_by_message_kind():
    recorded: list[etree._Element | str] = [
        etree.fromstring('<prepared roomId="x"><reservation>r</reservation></prepared>'),
        etree.fromstring(f'<joined roomId="{OFFICIAL}"/>'),
    ]
    translator = IdTranslator({"admin": recorded})
    translator.learn("admin", etree.fromstring(f'<joined roomId="{OURS}"/>'))
    assert translator.mapping == {OFFICIAL.encode(): OURS.encode()}
    assert translator.flush("admin") == b""


# -- every official Piranhas transcript, against the in-process server ----------------------------


@pytest.fixture(scope="module")
def replays() -> dict[str, ReplayResult]:
    """All transcripts replayed at once (recorded delays kept; they overlap in time)."""

    async def run_all() -> dict[str, ReplayResult]:
        results = await asyncio.gather(
            *(
                replay_transcript(read_sctranscript(fixture_file(PIRANHAS, name)))
                for name in TRANSCRIPTS
            )
        )
        return dict(zip(TRANSCRIPTS, results, strict=True))

    return asyncio.run(run_all())


def test_all_official_transcripts_are_covered():
    assert len(TRANSCRIPTS) >= 21


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_transcript_replays_without_differences(replays: dict[str, ReplayResult], name: str):
    assert_replayed_without_differences(replays[name])


# -- against a server given by address ----------------------------------------------------------


def test_replay_against_a_running_server_over_tcp():
    async def run() -> list[ReplayResult]:
        server = ScServer(capture_config(), [load_plugin(t) for t in CAPTURE_GAME_TYPES])
        await server.start()
        try:
            address = ("127.0.0.1", server.port)
            return [
                await replay_transcript(
                    read_sctranscript(fixture_file(PIRANHAS, name)), server=address
                )
                for name in ("err_wrong_passphrase.txt", "err_unknown_game_type.txt")
            ]
        finally:
            await server.stop()

    for result in asyncio.run(run()):
        assert result.report.compared == 2
        assert result.report.differing == 0


def test_capture_config_is_the_official_setup():
    config = capture_config()
    assert config.password == CAPTURE_PASSWORD
    assert (config.soft_timeout_ms, config.hard_timeout_ms) == (2000, 10000)
    assert config.paused is False
    assert config.bind_host == "127.0.0.1"


# -- the command line ---------------------------------------------------------------------------


def run_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "botarena.conformance", "transcript", *args],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
        check=False,
    )


def test_command_prints_the_summary_and_succeeds():
    path = fixture_file(PIRANHAS, "err_unknown_reservation_code.txt")
    done = run_command(str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"transcript {path}: 2 messages compared, 0 differ\n"


def test_command_fails_and_shows_the_diff_when_the_server_differs(tmp_path: Path):
    # A recording whose server said something else: same lengths, one changed class name.
    original = read_bytes(fixture_file(PIRANHAS, "err_unknown_game_type.txt"))
    altered = original.replace(b"responses.CloseConnection", b"responses.CloseConnectioX")
    assert altered != original
    path = tmp_path / "altered.txt"
    path.write_bytes(altered)
    quiet = run_command(str(path))
    assert quiet.returncode == 1
    assert quiet.stdout == f"transcript {path}: 2 messages compared, 1 differ\n"
    verbose = run_command(str(path), "-v")
    assert verbose.returncode == 1
    assert "-  <sc.protocol.responses.CloseConnectioX/>" in verbose.stdout
    assert "+  <sc.protocol.responses.CloseConnection/>" in verbose.stdout


def test_command_rejects_an_unreadable_file(tmp_path: Path):
    path = tmp_path / "not-a-transcript.txt"
    path.write_text("hello\n")
    done = run_command(str(path))
    assert done.returncode == 2
    assert "cannot read" in done.stderr
    missing = run_command(str(tmp_path / "missing.txt"))
    assert missing.returncode == 2
