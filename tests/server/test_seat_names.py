"""Readable names for seats whose client sent none (issue 21): the rule, and what a lobby
names the seats of every season's nameless clients."""

from __future__ import annotations

import pytest

from botarena.games.registry import load_plugin
from botarena.protocol.sc_plugin import GameSetup
from botarena.server.config import ServerConfig
from botarena.server.lobby import Lobby, SlotDescriptor
from botarena.server.manual_clock import ManualClock
from botarena.server.room import DEFAULT_DISPLAY_NAME
from botarena.server.seat_names import seat_name, unnamed_seat_name
from tests.server.fake_peer import FakePeer

UNNAMED = frozenset({DEFAULT_DISPLAY_NAME, ""})


def test_an_unnamed_seat_is_called_by_its_kind_and_team():
    assert unnamed_seat_name("socha", "ONE") == "socha (ONE)"
    assert unnamed_seat_name("player", "TWO") == "player (TWO)"


@pytest.mark.parametrize(
    ("current", "requested", "kind", "expected"),
    [
        ("", None, "socha", "socha (ONE)"),  # a socha client's join
        (DEFAULT_DISPLAY_NAME, None, "socha", "socha (ONE)"),  # prepared without a name
        ("", "Alice", "socha", "Alice"),  # the client's own name
        ("admin-chose-this", "Alice", "socha", "admin-chose-this"),  # the admin's wins
        ("admin-chose-this", None, "socha", "admin-chose-this"),
        ("", None, None, ""),  # a season without a kind keeps the official name (2021)
        (DEFAULT_DISPLAY_NAME, None, None, DEFAULT_DISPLAY_NAME),  # (2018/2019)
    ],
)
def test_the_naming_rule(current: str, requested: str | None, kind: str | None, expected: str):
    name = seat_name(current, requested, unnamed=UNNAMED, kind=kind, team="ONE")
    assert name == expected


def _lobby(game_type: str) -> Lobby:
    return Lobby(ServerConfig(port=0), [load_plugin(game_type)], ManualClock())


@pytest.mark.parametrize(
    ("game_type", "names"),
    [
        ("swc_2026_piranhas", ["socha (ONE)", "socha (TWO)"]),
        ("swc_2027_blokus", ["socha (ONE)", "socha (TWO)"]),
        ("swc_2021_blokus", ["", ""]),  # the 2021 captures show blank names on the wire
        ("swc_2019_piranhas", ["Unknown", "Unknown"]),
    ],
)
def test_plain_joins_without_a_name(game_type: str, names: list[str]):
    lobby = _lobby(game_type)
    lobby.join(FakePeer(1), game_type)
    lobby.join(FakePeer(2), game_type, "  ")  # blank counts as no name
    (room,) = lobby.rooms.values()
    assert list(room.display_names()) == names


def test_a_named_client_beside_a_socha_client():
    lobby = _lobby("swc_2026_piranhas")
    lobby.join(FakePeer(1), "swc_2026_piranhas", "random")
    lobby.join(FakePeer(2), None)  # socha's <join/>: the default game, no name
    (room,) = lobby.rooms.values()
    assert list(room.display_names()) == ["random", "socha (TWO)"]


def test_prepared_slots_keep_the_admins_names_and_name_the_others():
    game_type = "swc_2026_piranhas"
    lobby = _lobby(game_type)
    slots = [SlotDescriptor("alpha", reserved=True), SlotDescriptor(reserved=True)]
    prepared = lobby.prepare_room(game_type, slots, GameSetup(seed=1))
    for peer_id, code in enumerate(prepared.reservations, start=1):
        lobby.join_prepared(FakePeer(peer_id), code)  # socha: joinPrepared without a name
    assert list(lobby.rooms[prepared.room_id].display_names()) == ["alpha", "socha (TWO)"]
