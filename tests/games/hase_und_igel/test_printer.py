"""The fast state printer equals the generic XStream printer of the state element."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.core import SeededRandom
from botarena.games.hase_und_igel import GAME, HaseUndIgelState, Move
from botarena.games.hase_und_igel.printer import state_xml
from botarena.games.hase_und_igel.xml import state_from_element, state_to_element
from botarena.protocol.xstream import to_xstream
from tests.games.hase_und_igel.helpers import player, state
from tests.games.hase_und_igel.transcripts import connections, transcript_names

GAME_FILES = [name for name in transcript_names() if connections(name)[0].states()]


def generic(game: HaseUndIgelState, names: tuple[str | None, ...], level: int) -> str:
    return to_xstream(state_to_element(game, names), level)


@pytest.mark.parametrize("name", GAME_FILES)
def test_equal_on_every_official_state(name):
    for element in connections(name)[0].states():
        game, names = state_from_element(element)
        assert state_xml(game, names, 3) == generic(game, names, 3)


XML_CHARS = st.one_of(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), st.sampled_from("\t\n\r")
)
"""What an XML 1.0 attribute can hold (so what a client's hint or name can be)."""
TEXT = st.text(XML_CHARS, max_size=12)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**63 - 1),
    st.integers(0, 40),
    st.lists(TEXT, max_size=3),
    st.one_of(st.none(), TEXT),
    st.integers(1, 4),
)
def test_equal_on_random_games(seed, plies, hints, name, level):
    rng = SeededRandom(seed)
    game = GAME.new_initial_state(rng)
    for _ in range(plies):
        if game.is_terminal():
            break
        chosen = rng.choice(game.legal_moves())
        game.apply(Move(chosen.actions, tuple(hints)))
    names = (name, "Bob & <Alice>")
    assert state_xml(game, names, level) == generic(game, names, level)


def test_equal_for_empty_hands_and_moves_without_actions():
    game = state(red=player(3, 10, 0, ""), blue=player(5, 7, 0, "E"))
    for last_move in (None, Move(None), Move(None, ("only a hint",)), Move(())):
        game.last_move = last_move
        assert state_xml(game, (None, None), 2) == generic(game, (None, None), 2)
