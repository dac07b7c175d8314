"""The one game table: names resolve, every season's parts load and fit together."""

from __future__ import annotations

import dataclasses
import importlib
import subprocess
import sys

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.client import codec_for
from botarena.core import SeededRandom
from botarena.games import registry
from botarena.protocol.sc_plugin import GameSetup

SC_GAMES = registry.sc_games()


@pytest.mark.parametrize("spec", registry.GAMES, ids=lambda spec: spec.id)
def test_every_name_of_a_season_resolves_to_it(spec):
    assert registry.resolve(spec.game_type) is spec
    assert registry.resolve(spec.id) is spec
    assert registry.resolve(spec.name) is registry.newest(spec.name)


def test_a_bare_name_means_the_newest_season_and_says_so_when_there_are_several():
    told: list[str] = []
    spec = registry.resolve("piranhas", notice=told.append)
    assert spec.year == max(s.year for s in registry.GAMES if s.name == "piranhas")
    several = sum(s.name == "piranhas" for s in registry.GAMES) > 1
    notice = f"piranhas means {spec.id} ({spec.game_type}), the newest season"
    assert told == ([notice] if several else [])


def test_an_unknown_game_names_every_known_one():
    with pytest.raises(ValueError, match="unknown game 'chess'; known games: piranhas-2019"):
        registry.resolve("chess")


@pytest.mark.parametrize("spec", registry.GAMES, ids=lambda spec: spec.id)
def test_rules_players_and_renderer_of_every_season_load(spec):
    state = spec.load_rules().new_initial_state(SeededRandom(7))
    text = spec.render_state(state)
    assert isinstance(text, str) and len(text.splitlines()) > 3
    assert spec.load_players() is not None


@pytest.mark.parametrize("spec", SC_GAMES, ids=lambda spec: spec.id)
def test_the_plugin_and_the_sdk_codec_of_every_sc_season_agree(spec):
    plugin = spec.load_plugin()
    assert plugin.game_type == spec.game_type
    match = plugin.new_match(["a", "b"], GameSetup(seed=3))
    codec = codec_for(spec.id)
    state = codec.parse_state(match.state_element())  # the SDK reads what the server writes
    move = state.legal_moves()[0]
    match.apply(0, match.parse_move(0, codec.encode_move(move)))  # and the server reads back
    assert match.turn == 1


def test_botarena_games_lists_every_season_with_its_ids():
    output = CliRunner().invoke(cli, ["games"]).output
    for spec in registry.GAMES:
        line = next(line for line in output.splitlines() if line.startswith(spec.game_type + " "))
        assert spec.id in line and spec.protocol.name in line and str(spec.port) in line


def test_importing_the_rules_of_a_game_does_not_load_the_server():
    code = (
        "import sys, botarena.games.registry as r\n"
        "[s.load_rules() and s.load_players() for s in r.GAMES]\n"
        "import botarena.games.piranhas.plugin\n"
        "print(sorted(m for m in sys.modules if m.startswith('botarena.server')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_newest_of_some_game_types_is_by_the_years_their_seasons_say():
    assert registry.newest_of(["swc_2027_blokus", "swc_2026_piranhas"]) == "swc_2027_blokus"
    assert registry.newest_of(["swc_2099_unknown", "swc_2018_hase_und_igel"]) == (
        "swc_2018_hase_und_igel"  # a type no season has counts as year 0, whatever it says
    )
    assert registry.newest_of([]) is None


def test_a_seasons_aliases_are_among_its_names():
    spec = registry.resolve("piranhas-2026")
    aliased = dataclasses.replace(spec, aliases=("p26",))
    assert aliased.names() == ("swc_2026_piranhas", "piranhas-2026", "p26")


@pytest.mark.parametrize("spec", registry.GAMES, ids=lambda spec: spec.id)
def test_every_season_is_its_packages_own_object(spec):
    season_module = importlib.import_module(f"{spec.package}.season")
    assert season_module.SEASON is spec
