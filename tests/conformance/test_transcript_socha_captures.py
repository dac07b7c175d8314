"""The captures of the current seasons (real socha clients against a scripted server: 4.3.9
playing Piranhas 2026, 5.1.0 playing Blokus 2027) replay against our server: the normal games
with 0 differing messages, the refused reservation with the same errorpacket.

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

SEASONS = {"swc_2026_piranhas": "piranhas-2026", "swc_2027_blokus": "blokus-2027"}
"""Game type → its fixture folder (the captures are in ``captures/``)."""
EXACT = ["normal_seed1.txt", "normal_seed2.txt", "left_not_selfclosing_seed7.txt"]
"""Whole games to the end; the third ends with ``<left></left>``, which compares equal to our
``<left/>`` as XML (that our ``left`` is self-closing on the wire is tested by the server's
protocol tests)."""
ERRORPACKET = "errorpacket_unknown_reservation_seed6.txt"
CLOSE_WITHOUT_LEFT = "close_without_left_seed8.txt"


@pytest.fixture(scope="module", params=sorted(SEASONS))
def replays(request: pytest.FixtureRequest) -> dict[str, ReplayResult]:
    game_type: str = request.param
    room = ScriptedRoom(game_type, ("RES-ONE", "RES-TWO"), ("alpha", "beta"))
    # the scripted server's prepared room: c1 redeems RES-ONE (alpha, ONE), c2 RES-TWO (beta)
    captures = FIXTURES / SEASONS[game_type] / "captures"
    names = [*EXACT, ERRORPACKET, CLOSE_WITHOUT_LEFT]
    return replay_all(captures, names, game_type, prepared=[room])


@pytest.mark.parametrize("name", EXACT)
def test_whole_games_replay_without_differences(replays: dict[str, ReplayResult], name: str):
    result = replays[name]
    assert result.problems == []
    report = result.report
    compared, differing = report.compared, report.differing
    assert compared >= 100
    assert differing == 0, report.summary()


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
