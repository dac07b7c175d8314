"""The Blokus server plugin: the fast state printer is pinned to the generic XStream printer,
moves are read and applied as the framework expects."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from botarena.core import InvalidMove, Outcome, SeededRandom
from botarena.games.blokus import BlokusState, Color, Rotation, SetMove, Shape, SkipMove
from botarena.games.blokus.plugin import PLUGIN, PROFILE_2021, BlokusMatch, state_xml
from botarena.games.blokus.xml import move_to_element, state_to_element
from botarena.games.registry import load_plugin
from botarena.protocol.sc_plugin import GameSetup, MalformedMoveError
from botarena.protocol.xstream import to_xstream
from tests.games.blokus.helpers import s1
from tests.games.blokus.test_properties import random_position

ODD_NAMES = st.text(alphabet=st.sampled_from(list("aZ &<>\"'\n\t\r∅ü\x7f")), max_size=12)


def generic(state: BlokusState, first: str, second: str, level: int) -> str:
    return to_xstream(state_to_element(state, first, second), level)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    plies=st.integers(min_value=0, max_value=120),
    first=ODD_NAMES,
    second=ODD_NAMES,
    level=st.integers(min_value=0, max_value=4),
)
def test_fast_printer_equals_the_generic_printer(seed, plies, first, second, level):
    state = random_position(seed, plies, skip_rate=0.2)
    assert state_xml(state, first, second, level) == generic(state, first, second, level)


@pytest.mark.parametrize(
    "last_move",
    [
        SkipMove(None),
        SkipMove(Color.RED),
        SetMove(None, Shape.MONO, Rotation.LEFT, True, -3, 25),
        SetMove(Color.GREEN, Shape.PENTO_X, Rotation.MIRROR, False, 4, 4),
    ],
)
def test_fast_printer_handles_every_last_move_and_mono_entries(last_move):
    state = s1()
    state.last_move = last_move
    state.last_move_mono = {Color.GREEN: False, Color.BLUE: True}
    state.undeployed[Color.GREEN] = 0
    state.valid_colors = []
    assert state_xml(state, "a", "b", 2) == generic(state, "a", "b", 2)


def new_match(seed: int = 1) -> BlokusMatch:
    return PLUGIN.new_match(["alpha", "beta"], GameSetup(seed=seed))


def test_plugin_identity():
    assert load_plugin("swc_2021_blokus") is PLUGIN
    assert PLUGIN.profile is PROFILE_2021 and PROFILE_2021.error_request_field == "originalMessage"
    assert [f.name for f in PLUGIN.score_definition] == ["Gewinner", "∅ Punkte"]
    assert (PLUGIN.welcome_color(0), PLUGIN.welcome_color(1)) == ("ONE", "TWO")
    assert (PLUGIN.timeouts.soft_ms, PLUGIN.timeouts.hard_ms) == (2000, 10000)


def test_a_match_is_played_through_the_plugin():
    match = new_match()
    assert match.state_xml(1) == to_xstream(match.state_element(), 1)
    element: Any = match.state_element()
    assert element.find("first").get("displayName") == "alpha"
    rng = SeededRandom(9)
    while match.current_slot() is not None:
        slot: Any = match.current_slot()
        move = rng.choice(match.state.legal_moves())
        match.apply(slot, match.parse_move(slot, move_to_element(move)))
    outcome = match.outcome()
    assert isinstance(outcome, Outcome)
    one, two = match.statistics(0)[0], match.statistics(1)[0]
    assert outcome.winner == (None if one == two else (0 if one > two else 1))
    winner: Any = match.winner_element(1)
    assert etree.tostring(winner) == (
        b'<winner displayName="beta"><color class="team">TWO</color></winner>'
    )


def test_the_seed_decides_the_start_piece():
    assert new_match(5).state.start_piece is new_match(5).state.start_piece
    assert len({new_match(seed).state.start_piece for seed in range(40)}) > 5


def test_moves_from_the_wrong_slot_or_illegal_moves_are_refused():
    match = new_match()
    move = match.state.legal_moves()[0]
    with pytest.raises(ValueError, match="not to move"):
        match.apply(1, move)
    with pytest.raises(InvalidMove):
        match.apply(0, SkipMove(Color.BLUE))
    with pytest.raises(TypeError):
        match.apply(0, "a move")
    assert match.turn == 0


def parse(xml: str) -> Any:
    return etree.fromstring(xml)


def test_parse_move_sorts_errors_like_the_official_server():
    match = new_match()
    with pytest.raises(MalformedMoveError, match="non-move packet"):
        match.parse_move(0, parse('<data class="sc.framework.plugins.protocol.MoveRequest"/>'))
    with pytest.raises(MalformedMoveError, match="unknown shape"):
        match.parse_move(
            0,
            parse(
                '<data class="sc.plugin2021.SetMove"><piece color="BLUE" kind="pento_v" '
                'rotation="NONE"><position/></piece></data>'
            ),
        )
    with pytest.raises(InvalidMove, match="rotation"):
        match.parse_move(
            0,
            parse(
                '<data class="sc.plugin2021.SetMove"><piece color="BLUE" kind="PENTO_V">'
                "<position/></piece></data>"
            ),
        )


def test_initial_states_from_an_engine_state_or_an_element():
    state = s1()
    from_state = PLUGIN.new_match(["a", "b"], GameSetup(initial_state=state))
    assert from_state.state is not state and from_state.state.render() == state.render()
    memento = etree.Element("data", {"class": "memento"})
    memento.append(state_to_element(state))
    from_element = PLUGIN.new_match(["a", "b"], GameSetup(initial_state=memento))
    assert from_element.state.render() == state.render() and from_element.turn == 4
    with pytest.raises(ValueError, match="no Blokus <state>"):
        PLUGIN.new_match(["a", "b"], GameSetup(initial_state=etree.Element("data")))
    with pytest.raises(ValueError, match="not a Blokus 2021 state"):
        PLUGIN.new_match(["a", "b"], GameSetup(initial_state=parse('<state turn="x"/>')))
    with pytest.raises(ValueError, match="not a Blokus initial state"):
        PLUGIN.new_match(["a", "b"], GameSetup(initial_state=42))
