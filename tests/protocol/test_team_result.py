"""The 2026+ result (``scores/entry`` + one ``winner``) decodes into per-player scores."""

from __future__ import annotations

from lxml import etree

from botarena.core import ScoreAggregation, ScoreFragment
from botarena.protocol import sc_messages as msg
from botarena.protocol.xstream import encode

FRAGMENTS = (
    ScoreFragment("Siegpunkte", ScoreAggregation.SUM),
    ScoreFragment("Schwarmgröße", ScoreAggregation.AVERAGE),
)


def _result(winner_team: str | None, regular: bool, reason: str) -> msg.GameResult:
    entries = [
        msg.TeamEntry("alpha", "ONE", ("0", "0")),
        msg.TeamEntry("", "TWO", ("2", "7")),
    ]
    element = msg.team_result(
        "r", FRAGMENTS, entries, winner_team=winner_team, regular=regular, reason=reason
    )
    decoded = msg.decode_server_message(etree.fromstring(encode(element)))
    assert isinstance(decoded, msg.GameResult)
    return decoded


def test_an_irregular_result_names_the_loser_s_cause_from_the_reason():
    result = _result("TWO", False, "alpha hat das Spiel verlassen: LOST_CONNECTION")
    assert [s.cause for s in result.scores] == ["LEFT", "REGULAR"]
    assert [s.parts for s in result.scores] == [("0", "0"), ("2", "7")]
    assert result.fragments == FRAGMENTS
    assert result.winner is not None and result.winner.get("team") == "TWO"


def test_a_regular_draw_has_no_winner_team_and_regular_causes():
    result = _result(None, True, "Beide Spieler sind gleichauf")
    assert [s.cause for s in result.scores] == ["REGULAR", "REGULAR"]
    assert result.winner is not None and result.winner.get("team") is None


def test_the_blank_name_is_omitted_and_move_requests_of_both_spellings_decode():
    element = msg.team_result(
        "r",
        FRAGMENTS,
        [msg.TeamEntry("", "ONE", ("1", "3"))],
        winner_team=None,
        regular=True,
        reason="x",
    )
    assert element.find("data/scores/entry/player").attrib == {"team": "ONE"}  # type: ignore[union-attr]
    for data_class in ("moveRequest", msg.MOVE_REQUEST_CLASS):
        request = etree.fromstring(f'<room roomId="r"><data class="{data_class}"/></room>')
        assert isinstance(msg.decode_server_message(request), msg.MoveRequest)
