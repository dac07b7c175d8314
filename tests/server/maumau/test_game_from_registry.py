"""The Mau-Mau server plays the game the registry names for its protocol, through the
plugin interface of :mod:`botarena.protocol.maumau_plugin`."""

from __future__ import annotations

import pytest

from botarena.core import SeededRandom
from botarena.games import registry
from botarena.games.maumau.rules import RuleOptions
from botarena.protocol.maumau_plugin import MauMauPlugin, TableSetup
from botarena.server.maumau import ServerOptions


def no_fix(fix: str, detail: str, seat: int | None) -> None:
    raise AssertionError(f"unexpected fix {fix}: {detail}")


def test_the_server_options_name_the_registrys_mau_mau_and_its_default_rules():
    options = ServerOptions(players=3)
    season = registry.only_game_of(registry.MAUMAU_JSON)
    assert isinstance(options.game, MauMauPlugin)
    assert options.game is season.load_maumau_plugin()
    assert options.game.game_type == season.game_type
    assert options.rules == RuleOptions()


def test_a_table_size_the_game_does_not_seat_is_refused():
    game = ServerOptions().game
    with pytest.raises(ValueError, match=f"players must be {game.min_players}.."):
        ServerOptions(players=game.max_players + 1)


def test_a_table_announces_the_first_turn_and_answers_a_draw():
    game = ServerOptions().game
    table = game.new_table(
        SeededRandom(4), ["a", "b"], TableSetup(RuleOptions(), None, False, no_fix)
    )
    step = table.step()
    assert step.ending is None and step.tables and step.tables[0].turn_of == table.current_seat
    assert {send.seat for send in step.sends} == {None, table.current_seat}
    mover = table.current_seat
    table.answer(b'{"status":"skip"}')  # a draw: the card goes to the mover alone
    drawn = [send for send in table.step().sends if send.seat == mover]
    assert drawn and b"card" in drawn[0].data.lower()


def test_rules_of_another_game_are_a_clear_type_error():
    game = ServerOptions().game
    with pytest.raises(TypeError, match="Mau-Mau rules must be RuleOptions, not dict"):
        game.new_table(SeededRandom(1), ["a", "b"], TableSetup({}, None, False, no_fix))


def test_a_software_challenge_season_has_no_mau_mau_plugin():
    with pytest.raises(ValueError, match="is a Software-Challenge game"):
        registry.resolve("piranhas").load_maumau_plugin()
