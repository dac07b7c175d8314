"""The K.O. bracket's markup (issue 26): rounds as columns named from the final back,
winners marked, byes and how a match was decided said, names escaped."""

from __future__ import annotations

from typing import Any

from lxml import html

from botarena.league.bracket import bracket_html, round_name


def test_rounds_are_named_from_the_final_back() -> None:
    assert [round_name(n, 4) for n in range(1, 5)] == [
        "Round 1",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]


def test_an_unfinished_bracket_names_its_rounds_by_the_entrants_of_the_first() -> None:
    first = [{"a": f"x{n}", "b": f"y{n}", "points": [0, 0], "winner": None} for n in range(4)]
    drawn: Any = html.fromstring(bracket_html({"rounds": [first], "champion": None}))
    assert drawn.xpath("//h4/text()") == ["Quarter-finals"]  # eight entrants: three rounds
    assert len(drawn.xpath("//*[@class='decided']")) == 4  # "not decided yet"
    assert not drawn.xpath("//*[@data-winner]")


def test_winners_byes_and_coin_tosses_are_marked_and_names_escaped() -> None:
    rounds = [
        [
            {"a": "a", "b": None, "points": [0, 0], "winner": "a", "decided_by": "bye"},
            {"a": "<b>", "b": "c", "points": [2, 0], "winner": "<b>", "decided_by": "points"},
        ],
        [{"a": "a", "b": "<b>", "points": [1, 1], "winner": "a", "decided_by": "coin"}],
    ]
    text = bracket_html({"rounds": rounds, "champion": "a"})
    assert "&lt;b&gt;" in text and "<b>" not in text
    drawn: Any = html.fromstring(text)
    assert drawn.get("data-testid") == "bracket"
    winners = drawn.xpath("//*[@data-winner]/*[@class='name']/text()")
    assert winners == ["a", "<b>", "a"]  # parsed back: the markup held it escaped
    assert drawn.xpath("//*[contains(@class, 'bye')]/text()") == ["bye"]
    assert drawn.xpath("//*[@class='decided']/text()") == ["by a coin toss"]
    assert drawn.xpath(
        "//*[contains(@class, 'champion')]//*[@class='entrant winner']/*[@class='name']/text()"
    ) == ["a"]
    assert bracket_html({"rounds": []}) == ""
