"""The players with their sides, the result in words and the move list of the viewer
(issue 26), from results and states as botarena and the official servers write them."""

from __future__ import annotations

from lxml import etree

from botarena.core.score import ScoreAggregation, ScoreFragment
from botarena.protocol import sc_messages as msg
from botarena.web.move_list import move_notations
from botarena.web.replays import read_replay
from botarena.web.result_words import players, result_words
from tests.conftest import FIXTURES

OFFICIAL_REPLAY = FIXTURES / "server-protocol-19.2.1" / "R_replay_file.xml"
FRAGMENTS = [
    ScoreFragment("Siegpunkte", ScoreAggregation.SUM),
    ScoreFragment("Fische", ScoreAggregation.AVERAGE),
]


def team_result(winner: str | None, regular: bool, reason: str, names: list[str]) -> str:
    entries = [
        msg.TeamEntry(name, team, (points, "7"))
        for name, team, points in zip(names, ("ONE", "TWO"), ("2", "0"), strict=False)
    ]
    element = msg.team_result(
        "r", FRAGMENTS, entries, winner_team=winner, regular=regular, reason=reason
    )
    return etree.tostring(element, encoding="unicode")


def test_the_official_replay_names_the_winner_and_why_in_english() -> None:
    replay = read_replay(OFFICIAL_REPLAY)
    assert replay["players"] == [
        {"name": "Unknown", "side": "red"},
        {"name": "Unknown", "side": "blue"},
    ]
    assert replay["resultWords"] == {
        "text": "Unknown (blue) wins: Unknown (red) left the game",
        "official": "Der Spieler hat das Spiel verlassen",
        "winner": 1,
    }


def test_a_2026_result_in_words_keeps_the_official_reason() -> None:
    reason = "random hat zuerst alle Fische einer Farbe vereinigt"
    words = result_words(
        "piranhas-2026",
        ["random", "greedy"],
        team_result("ONE", True, reason, ["random", "greedy"]),
    )
    assert words == {
        "text": "random (ONE) wins: swarm united first",
        "official": reason,
        "winner": 0,
    }


def test_an_irregular_2026_result_names_the_loser_and_its_cause() -> None:
    reason = "greedy hat das Spiel verlassen"
    result = team_result("ONE", False, reason, ["random", "greedy"])
    words = result_words("piranhas-2026", ["random", "greedy"], result)
    assert words is not None
    assert words["text"] == "random (ONE) wins: greedy (TWO) left the game"


def test_a_result_without_a_reason_gives_the_scores_and_the_official_score_line() -> None:
    result = team_result("ONE", True, "", ["a", "b"])
    words = result_words("blokus-2027", ["a", "b"], result)
    assert words is not None
    assert words["text"] == "a (ONE) wins: scores a (ONE) 2/7, b (TWO) 0/7"
    assert words["official"] == "a (ONE): Siegpunkte 2, Fische 7; b (TWO): Siegpunkte 0, Fische 7"


def test_no_result_or_a_broken_one_has_no_words() -> None:
    assert result_words("piranhas-2026", ["a", "b"], None) is None
    assert result_words("piranhas-2026", ["a", "b"], "<room roomId='r'><data") is None
    assert (
        result_words("piranhas-2026", ["a", "b"], "<room roomId='r'><data class='x'/></room>")
        is None
    )


def test_seats_without_names_and_mau_mau_players() -> None:
    assert players("blokus-2027", []) == [
        {"name": "seat 1", "side": "ONE"},
        {"name": "seat 2", "side": "TWO"},
    ]
    assert players("hase_und_igel-2018", ["a", "b"])[1] == {"name": "b", "side": "blue"}
    assert players("maumau-2017", ["a", "b", "c"]) == [{"name": name, "side": ""} for name in "abc"]


def test_the_move_list_of_the_official_replay_and_of_states_it_cannot_read() -> None:
    states = read_replay(OFFICIAL_REPLAY)["states"]
    assert move_notations("piranhas-2019", states) == [None, "A1 UP", "B0 UP"]
    assert move_notations("piranhas-2019", states[1:], first=1) == ["A1 UP", "B0 UP"]
    assert move_notations("piranhas-2019", ["<state/>"], first=4) == [None]
    assert move_notations("maumau-2017", ["<state/>", "<state/>"]) == [None, None]
