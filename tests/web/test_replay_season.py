"""A replay written by botarena names its season; the viewer reads it instead of guessing."""

from __future__ import annotations

import pytest
from lxml import etree

from botarena.games.registry import load_plugin
from botarena.protocol.sc_plugin import GameSetup
from botarena.server import wire
from botarena.web import replays

GAME_TYPE = "swc_2026_piranhas"


def one_state_replay(game_type: str, named: str | None) -> bytes:
    state = load_plugin(game_type).new_match(["a", "b"], GameSetup(seed=3)).state_element()
    packet = wire.memento_replay_packet("r1", etree.tostring(state, encoding="unicode"), None)
    if named is None:  # as the official servers write it
        return wire.REPLAY_START + packet + wire.REPLAY_END
    return wire.replay_document(named, [packet])


def test_the_replay_document_starts_with_a_comment_naming_its_game_type() -> None:
    document = one_state_replay(GAME_TYPE, GAME_TYPE)
    assert document.startswith(b"<!-- botarena game-type: swc_2026_piranhas -->\n<protocol>\n")
    assert etree.fromstring(document).tag == "protocol"  # XML readers skip the comment


def test_a_game_type_that_cannot_stand_in_a_comment_is_left_out() -> None:
    assert wire.replay_start("evil--type") == wire.REPLAY_START
    assert wire.replay_start("") == wire.REPLAY_START


def test_the_viewer_takes_the_season_from_the_comment_without_guessing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    named = one_state_replay(GAME_TYPE, GAME_TYPE)
    official = one_state_replay(GAME_TYPE, None)
    assert replays.parse_replay(official)["gameType"] == GAME_TYPE  # guessed from the states
    monkeypatch.setattr(replays, "GAMES", [])  # no season can be guessed any more
    assert replays.parse_replay(named)["gameType"] == GAME_TYPE
    with pytest.raises(replays.ReplayError, match="no installed game reads"):
        replays.parse_replay(official)


def test_an_unknown_named_season_falls_back_to_guessing() -> None:
    document = one_state_replay(GAME_TYPE, "swc_2099_unknown")
    assert replays.parse_replay(document)["gameType"] == GAME_TYPE
