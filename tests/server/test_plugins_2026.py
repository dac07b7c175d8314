"""The server plugins of the 2026+ seasons: Piranhas 2026 and Blokus 2027."""

from __future__ import annotations

import pytest
from lxml import etree

from botarena.core import InvalidMove, SeededRandom
from botarena.games.blokus_2027 import players as blokus_players
from botarena.games.blokus_2027.plugin import PLUGIN as BLOKUS
from botarena.games.piranhas_2026 import players as piranhas_players
from botarena.games.piranhas_2026.plugin import PLUGIN as PIRANHAS
from botarena.games.registry import load_plugin
from botarena.protocol.sc_plugin import GameSetup, MalformedMoveError
from botarena.protocol.sc_profiles import PROFILE_2026
from botarena.protocol.xstream import to_xstream


def test_both_seasons_are_registered_with_the_2026_profile():
    for game_type, plugin in (("swc_2026_piranhas", PIRANHAS), ("swc_2027_blokus", BLOKUS)):
        assert load_plugin(game_type) is plugin
        assert plugin.profile is PROFILE_2026
        assert [plugin.welcome_color(slot) for slot in (0, 1)] == ["ONE", "TWO"]
        assert plugin.score_definition[0].name == "Siegpunkte"
    assert PIRANHAS.score_definition[1].name == "Schwarmgröße"
    assert BLOKUS.score_definition[1].name == "Punkte"


def test_piranhas_fast_state_printer_equals_the_generic_printer():
    match = PIRANHAS.new_match(["alpha", "beta"], GameSetup(seed=11))
    player = piranhas_players.make_player("random", seed=4)
    checked = 0
    while match.outcome() is None:
        for level in (0, 2, 3):
            assert match.state_xml(level) == to_xstream(match.state_element(), level)
        checked += 1
        match.apply(match.current_slot() or 0, player.choose_move(match.state))
    assert checked > 10
    assert match.state_xml(3) == to_xstream(match.state_element(), 3)  # final, firstUnion…


def test_piranhas_moves_errors_and_texts():
    match = PIRANHAS.new_match(["alpha", ""], GameSetup(seed=2))
    with pytest.raises(InvalidMove, match="Der Zug konnte nicht erkannt werden"):
        match.parse_move(0, etree.fromstring('<data class="welcomeMessage" color="ONE"/>'))
    bad = '<data class="move"><from x="0" y="1"/><direction>NOWHERE</direction></data>'
    with pytest.raises(MalformedMoveError, match="NOWHERE"):
        match.parse_move(0, etree.fromstring(bad))
    corner = etree.fromstring(
        '<data class="move"><from x="0" y="0"/><direction>UP</direction></data>'
    )
    move = match.parse_move(0, corner)
    assert match.move_text(move) == "Schwimme von [0|0] in Richtung UP"
    with pytest.raises(InvalidMove) as caught:
        match.apply(0, move)
    assert match.violation_message(caught.value) == (
        "InvalidMoveException(mistake=WRONG_START, move=Schwimme von [0|0] in Richtung UP)"
    )


def test_piranhas_match_starts_from_a_state_element_with_the_seat_names():
    first = PIRANHAS.new_match(["a", "b"], GameSetup(seed=5))
    again = PIRANHAS.new_match(["x", "y"], GameSetup(initial_state=first.state_element()))
    assert again.state_xml(0) == first.state_xml(0)
    assert (again.state.one_name, again.state.two_name) == ("x", "y")
    with pytest.raises(ValueError, match="Piranhas 2026"):
        PIRANHAS.new_match(["a", "b"], GameSetup(initial_state=etree.fromstring("<state/>")))


def test_blokus_outcome_names_the_winner_or_its_team():
    player = blokus_players.make_player("greedy", seed=1)
    for names in (["alpha", "beta"], ["", ""]):
        match = BLOKUS.new_match(names, GameSetup(seed=7))
        while match.outcome() is None:
            slot = match.current_slot()
            assert slot is not None
            match.apply(slot, player.choose_move(match.state))
        outcome = match.outcome()
        assert outcome is not None and outcome.winner is not None
        expected = names[outcome.winner] or ("ONE", "TWO")[outcome.winner]
        assert outcome.reason == f"{expected} hat am meisten Punkte erzielt."


def test_blokus_rejects_non_moves_and_unreadable_moves():
    match = BLOKUS.new_match(["a", "b"], GameSetup(seed=SeededRandom(3).seed_value))
    with pytest.raises(InvalidMove):
        match.parse_move(0, etree.fromstring('<data class="memento"/>'))
    with pytest.raises(MalformedMoveError):
        match.parse_move(0, etree.fromstring('<data class="sc.plugin2027.SkipMove"><x/></data>'))
