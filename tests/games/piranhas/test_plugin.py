"""The Piranhas 2019 server plugin: move decoding, initial states, scores, winner element."""

from __future__ import annotations

import pytest
from lxml import etree

from botarena.core import InvalidMove, SeededRandom
from botarena.games.piranhas import Move, PiranhasState
from botarena.games.piranhas import xml as piranhas_xml
from botarena.games.piranhas.plugin import PLUGIN, PiranhasMatch
from botarena.games.registry import load_plugin, sc_plugins
from botarena.protocol import sc_messages, xstream
from botarena.protocol.sc_plugin import GameSetup, MalformedMoveError
from botarena.protocol.xstream import to_xstream
from botarena.server import wire


def data(xml: str) -> etree._Element:
    return etree.fromstring(xml)


def new_match(names=("alice", "bob"), **setup) -> PiranhasMatch:
    return PLUGIN.new_match(list(names), GameSetup(**setup))


def test_registry_entry_and_constants():
    assert load_plugin("swc_2019_piranhas") is PLUGIN
    assert PLUGIN in sc_plugins()
    assert [f.name for f in PLUGIN.score_definition] == ["Gewinner", "∅ Schwarm"]
    assert (PLUGIN.timeouts.soft_ms, PLUGIN.timeouts.hard_ms) == (2000, 10000)
    assert [PLUGIN.welcome_color(0), PLUGIN.welcome_color(1)] == ["red", "blue"]
    assert PLUGIN.profile.move_request_class == "sc.framework.plugins.protocol.MoveRequest"


def test_moves_in_both_class_spellings_with_hints():
    match = new_match(seed=3)
    for cls in ("move", "sc.plugin2019.Move"):
        move = match.parse_move(
            0, data(f'<data class="{cls}" x="0" y="1" direction="RIGHT"><hint content="h"/></data>')
        )
        assert (move.x, move.y, move.direction.value, move.hints) == (0, 1, "RIGHT", ("h",))


def test_non_move_payload_is_a_rule_violation_naming_the_player():
    match = new_match(seed=3)
    with pytest.raises(InvalidMove) as caught:
        match.parse_move(1, data('<data class="welcomeMessage" color="red"/>'))
    assert caught.value.reason == "bob hat kein Zug-Objekt gesendet."


@pytest.mark.parametrize(
    "xml",
    [
        '<data class="move" x="0" y="1" direction="NORTH"/>',
        '<data class="move" x="a" y="1" direction="UP"/>',
        '<data class="move" x="0" y="1"/>',
        '<data class="move" x="0" y="1" direction="UP"><bogus/></data>',
        '<data class="sc.plugin2019.Unknown"/>',
    ],
)
def test_undecodable_payloads_are_malformed(xml):
    with pytest.raises(MalformedMoveError):
        new_match(seed=3).parse_move(0, data(xml))


def test_apply_validates_with_official_texts_and_turn_order():
    match = new_match(seed=3)
    assert match.current_slot() == 0
    with pytest.raises(InvalidMove, match="Field does not belong to the current player"):
        match.apply(0, match.parse_move(0, data('<data class="move" x="1" y="0" direction="UP"/>')))
    with pytest.raises(ValueError, match="slot 1 is not to move"):
        match.apply(1, match.parse_move(1, data('<data class="move" x="1" y="0" direction="UP"/>')))
    match.apply(0, match.parse_move(0, data('<data class="move" x="0" y="1" direction="RIGHT"/>')))
    assert (match.turn, match.current_slot()) == (1, 1)
    state = match.state_element()
    assert state.get("turn") == "1"
    assert state.xpath("string(lastMove/@direction)") == "RIGHT"
    assert state.xpath("string(red/@displayName)") == "alice"


def test_same_seed_same_board_and_names_reach_the_state():
    first = etree.tostring(new_match(seed=11).state_element())
    second = etree.tostring(new_match(seed=11).state_element())
    assert first == second
    assert b'displayName="alice"' in first and b'displayName="bob"' in first


def test_initial_state_from_engine_state_element_or_wrapped_state():
    start = PiranhasState.start(obstacles=[(2, 6), (7, 7)])
    element = piranhas_xml.state_to_element(start)
    memento = sc_messages.memento("room", piranhas_xml.state_to_element(start))
    for initial in (start, element, memento):
        match = new_match(initial_state=initial)
        assert match.state.obstacles == start.obstacles
        assert (match.state.red_name, match.state.blue_name) == ("alice", "bob")
    assert start.red_name == "Unknown"  # the given state is not modified
    with pytest.raises(ValueError, match="not a Piranhas initial state"):
        new_match(initial_state=42)
    with pytest.raises(ValueError, match="no Piranhas <state>"):
        new_match(initial_state=etree.fromstring("<nothing/>"))


def test_scores_winner_and_end():
    red_connected = PiranhasState.from_squares(
        red=[(0, 1), (0, 2)], blue=[(5, 0), (9, 9), (5, 5)], turn=2
    )
    match = new_match(initial_state=red_connected)
    outcome = match.outcome()
    assert outcome is not None and outcome.winner == 0
    assert match.current_slot() is None
    assert list(match.statistics(0)) == [2] and list(match.statistics(1)) == [1]
    for slot, name, color in ((0, "alice", "RED"), (1, "bob", "BLUE")):
        winner = match.winner_element(slot)
        assert (winner.tag, winner.get("displayName"), winner.get("color")) == (
            "winner",
            name,
            color,
        )
        assert len(winner.attrib) == 2


ODD_NAMES = ["Unknown", 'O\'Neil & <Co> "x"', "Häschen ∅\ttab\nline", ""]


@pytest.mark.parametrize("seed", range(8))
def test_fast_state_printer_equals_the_generic_xstream_printer(seed):
    """The hot-path printer is pinned to xstream.to_xstream(state_to_element(...))."""
    rng = SeededRandom(seed)
    names = [rng.choice(ODD_NAMES), rng.choice(ODD_NAMES)]
    match = PLUGIN.new_match(names, GameSetup(seed=seed))
    for _ in range(rng.randrange(0, 40)):
        if match.outcome() is not None:
            break
        move = rng.choice(match.state.legal_moves())
        hints = tuple(rng.choice([*ODD_NAMES, "eat & <C0>", "\r"]) for _ in range(rng.randrange(3)))
        match.apply(match.state.turn & 1, Move(move.x, move.y, move.direction, hints))
    for level in range(4):
        assert match.state_xml(level) == to_xstream(match.state_element(), level)
    room_id = "7547e08f-1654-4525-ac7d-ede7824e376c"
    generic = xstream.encode(sc_messages.memento(room_id, match.state_element()))
    assert wire.memento_message(room_id, match.state_xml(3)) == generic
    packet = wire.replay_packet(sc_messages.memento(room_id, match.state_element()), 12.5)
    assert wire.memento_replay_packet(room_id, match.state_xml(2), 12.5) == packet
    packet = wire.replay_packet(sc_messages.memento(room_id, match.state_element()), None)
    assert wire.memento_replay_packet(room_id, match.state_xml(2), None) == packet
