"""Bots send a display name (botarena's ``displayName`` extension of the join requests): the
built-in's name, the script's name or ``--name``; the server names unnamed slots with it."""

from __future__ import annotations

import textwrap

from lxml import etree

from botarena.client.cli_args import parse_bot_options
from botarena.protocol.sc_messages import JoinPrepared, decode_request
from botarena.server.events import FinishedGame, LobbyListener
from botarena.server.room import MAX_DISPLAY_NAME_LENGTH, requested_display_name
from tests.client.processes import bot_process, script_process

SDK_BOT = textwrap.dedent(
    """
    from botarena.client import run

    def calculate_move(state):
        return state.legal_moves()[0]

    run(calculate_move, game_type="piranhas-2019")
    """
)


def finished_names(sc_server) -> list[list[str]]:
    names: list[list[str]] = []

    class Names(LobbyListener):
        def game_finished(self, game: FinishedGame) -> None:
            names.append(list(game.display_names))

    sc_server.server.lobby.add_listener(Names())
    return names


def test_plain_joins_are_named_by_the_built_in_and_the_script(sc_server, tmp_path):
    names = finished_names(sc_server)
    script = tmp_path / "clever_bot.py"
    script.write_text(SDK_BOT)
    port = str(sc_server.port)
    first = script_process(script, "-p", port)
    second = bot_process("piranhas-2019", "greedy", "-p", port)
    _, first_err = first.communicate(timeout=120)
    second.communicate(timeout=120)
    assert first.returncode == 0, first_err
    assert len(names) == 1 and sorted(names[0]) == ["clever_bot.py", "greedy"]  # join order


def test_name_flag_and_prepared_slots(sc_server, tmp_path):
    names = finished_names(sc_server)
    script = tmp_path / "bot.py"
    script.write_text(SDK_BOT)
    room = sc_server.prepare("swc_2019_piranhas", names=("Unknown", "admin-chose-this"))
    port = str(sc_server.port)
    one = script_process(script, "-p", port, "-r", room.reservations[0], "--name", "Alice")
    two = bot_process("piranhas-2019", "random", "-p", port, "-r", room.reservations[1])
    one.communicate(timeout=120)
    two.communicate(timeout=120)
    # an unnamed prepared slot takes the bot's name; the admin's name wins over the bot's
    assert names == [["Alice", "admin-chose-this"]]


def test_the_server_cuts_a_long_name_and_ignores_a_blank_one():
    assert parse_bot_options(["--name", "x" * 200]).name == "x" * 200  # sent as given

    def requested(**attributes: str) -> str | None:
        request = decode_request(etree.Element("joinPrepared", attributes))
        assert isinstance(request, JoinPrepared)
        return requested_display_name(request.display_name)

    assert requested(displayName="x" * 200) == "x" * MAX_DISPLAY_NAME_LENGTH
    assert requested(displayName=" Bob ") == "Bob"
    assert requested(displayName="  ") is None
    assert requested() is None
