"""The starting-state helpers of ``botarena.protocol.sc_plugin`` every plugin can use."""

from __future__ import annotations

from typing import Self

import pytest
from lxml import etree

from botarena.core import SeededRandom
from botarena.protocol.sc_plugin import (
    Element,
    GameSetup,
    read_state_element,
    setup_state,
    state_in,
)


class FakeState:
    def __init__(self, turn: int) -> None:
        self.turn = turn

    def clone(self) -> Self:
        return type(self)(self.turn)


class FakeFormatError(ValueError):
    pass


def new_state(rng: SeededRandom) -> FakeState:
    return FakeState(rng.randrange(1000))


def from_element(element: Element) -> FakeState:
    turn = element.get("turn")
    if turn is None:
        raise FakeFormatError("no turn")
    return FakeState(int(turn))


def read(given: Element) -> FakeState:
    return read_state_element(given, "Fake", from_element, FakeFormatError)


def test_a_seed_makes_a_new_state_from_its_generator() -> None:
    state = setup_state(GameSetup(seed=7), "Fake", FakeState, new_state, read)
    assert state.turn == new_state(SeededRandom(7)).turn


def test_a_given_state_is_copied() -> None:
    given = FakeState(5)
    state = setup_state(GameSetup(initial_state=given), "Fake", FakeState, new_state, read)
    assert state.turn == 5
    assert state is not given


def test_a_given_element_is_read_also_inside_a_wrapper() -> None:
    wrapped = etree.fromstring('<memento><state turn="3"/></memento>')
    state = setup_state(GameSetup(initial_state=wrapped), "Fake", FakeState, new_state, read)
    assert state.turn == 3


def test_bad_input_is_a_value_error_naming_the_game() -> None:
    with pytest.raises(ValueError, match="not a Fake state: no turn"):
        read(etree.fromstring("<state/>"))
    with pytest.raises(ValueError, match="no Fake <state> in the given element"):
        state_in(etree.fromstring("<memento/>"), "Fake")
    with pytest.raises(ValueError, match="not a Fake initial state: str"):
        setup_state(GameSetup(initial_state="x"), "Fake", FakeState, new_state, read)
