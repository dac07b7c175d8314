"""The Piranhas 2026 captures (real socha 4.3.9 clients against a scripted 2026 server) replay
against our server: the normal games with 0 differing messages, the refused reservation with
the same errorpacket.

The scripted server is not the official one (fixtures README), so only the captures in which it
behaves as the official server would are compared message for message; the others script
events our server never produces (a result in the middle of a game, garbage, a refused legal
move, a close without ``left``) and are covered by the protocol tests instead.
"""

from __future__ import annotations

import pytest

from botarena.conformance.transcript import ReplayResult, ScriptedRoom
from botarena.conformance.xml_compare import END_OF_STREAM
from tests.conformance.replays import replay_all
from tests.conftest import FIXTURES

GAME_TYPE = "swc_2026_piranhas"
CAPTURES = FIXTURES / "piranhas-2026" / "captures"
ROOM = ScriptedRoom(GAME_TYPE, ("RES-ONE", "RES-TWO"), ("alpha", "beta"))
"""The scripted server's prepared room: c1 redeems RES-ONE (alpha, ONE), c2 RES-TWO (beta)."""
EXACT = ["normal_seed1.txt", "normal_seed2.txt", "left_not_selfclosing_seed7.txt"]
"""Whole games to the end; the third ends with ``<left></left>``, which compares equal to our
``<left/>`` as XML (that our ``left`` is self-closing on the wire is tested by the server's
protocol tests)."""
ERRORPACKET = "errorpacket_unknown_reservation_seed6.txt"
CLOSE_WITHOUT_LEFT = "close_without_left_seed8.txt"
TIME_SCALE = 1.0
"""Recorded gaps and our move timeouts as recorded (the official 2 s; a shorter scale lets a
busy test machine turn a recorded move into a soft timeout)."""


@pytest.fixture(scope="module")
def replays() -> dict[str, ReplayResult]:
    names = [*EXACT, ERRORPACKET, CLOSE_WITHOUT_LEFT]
    return replay_all(CAPTURES, names, GAME_TYPE, prepared=[ROOM], time_scale=TIME_SCALE)


@pytest.mark.parametrize("name", EXACT)
def test_whole_games_replay_without_differences(replays: dict[str, ReplayResult], name: str):
    result = replays[name]
    assert result.problems == []
    assert result.report.compared >= 100
    assert result.report.differing == 0, result.report.render()


def test_unknown_reservation_gets_the_same_errorpacket(replays: dict[str, ReplayResult]):
    """Same errorpacket; after the client's ``<close/>`` we also end our document
    (``</protocol>``, spec §1.7), which the scripted server did not."""
    report = replays[ERRORPACKET].report
    assert report.compared == 2
    assert [diff.kind for diff in report.diffs] == ["extra"]
    assert report.diffs[0].actual == END_OF_STREAM


def test_we_send_left_where_the_scripted_server_closed_without_it(
    replays: dict[str, ReplayResult],
):
    """The capture shows socha spinning when the server closes without ``left``; our server
    sends ``left`` at the end of every game, so the only differences are those two."""
    report = replays[CLOSE_WITHOUT_LEFT].report
    assert [diff.kind for diff in report.diffs] == ["extra", "extra"]
    assert all(diff.actual is not None and "<left" in diff.actual for diff in report.diffs)
