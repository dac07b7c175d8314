"""``botarena test --server`` against a real ``botarena serve`` process (real TCP), for every
game the server's registry holds, and the one rule by which every plugin reads the initial
state a ``prepare`` carries."""

from __future__ import annotations

import json
import logging
import re
import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from lxml import etree

from botarena.cli import cli
from botarena.games.registry import load_plugin, sc_games
from botarena.protocol.sc_client import start_position
from botarena.protocol.sc_plugin import initial_state_element as read_initial_state
from botarena.runner.hosts import initial_state, moves_from_mementos
from botarena.server import GameSetup

PASSWORD = "s3cret"
LISTENING = re.compile(r"Software-Challenge server on 127\.0\.0\.1:(\d+)")
SC_GAME_TYPES = sorted(spec.game_type for spec in sc_games())


@pytest.fixture(scope="module")
def serve(tmp_path_factory) -> Iterator[int]:
    """``botarena serve`` as a subprocess on an ephemeral port; yields the port."""
    folder = tmp_path_factory.mktemp("serve")
    properties = folder / "server.properties"
    properties.write_text(f"password={PASSWORD}\n")
    command = [sys.executable, "-m", "botarena", "serve", "--port", "0", "--no-maumau", "--no-web"]
    process = subprocess.Popen(
        [*command, "--config", str(properties)],
        cwd=folder,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert process.stderr is not None
    port = None
    for line in process.stderr:  # blocks until the server has logged its address
        found = LISTENING.search(line)
        if found:
            port = int(found.group(1))
            break
    try:
        assert port is not None, "botarena serve did not start"
        yield port
    finally:
        process.terminate()
        process.wait(30)


@pytest.mark.parametrize("game_type", SC_GAME_TYPES)
def test_botarena_test_server_plays_every_registry_game(serve, tmp_path, game_type):
    out = tmp_path / "run"
    remote = ["--server", f"127.0.0.1:{serve}", "--password", PASSWORD]
    run_options = ["--game", game_type, "-n", "2", "--seed", "5", "--out", str(out)]
    result = CliRunner().invoke(cli, ["test", *run_options, *remote, "random", "greedy"])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    games = summary["games"]
    assert [g["index"] for g in games] == [0, 1]
    for record in games:
        assert record["regular"], record["cause"]
        assert sum(record["bot_scores"].values()) == 1
        # move times come from the observer's mementos, one per move, attributed per bot
        assert len(record["move_times_ms"]) == record["moves"] > 0
        assert len(record["move_bots"]) == record["moves"]
        assert set(record["move_bots"]) == {"random", "greedy"}
        assert all(ms >= 0 for ms in record["move_times_ms"])
    assert "avg move ms" in result.output


@pytest.mark.parametrize("game_type", SC_GAME_TYPES)
def test_every_plugin_reads_the_start_position_the_client_core_sends(game_type):
    plugin = load_plugin(game_type)
    sent = start_position(initial_state(game_type, 42), plugin.profile)
    assert sent.tag == "loadGameInfo"
    loaded = plugin.new_match(["a", "b"], GameSetup(initial_state=sent))
    seeded = plugin.new_match(["a", "b"], GameSetup(seed=42))
    assert etree.tostring(loaded.state_element()) == etree.tostring(seeded.state_element())


def test_the_shared_rule_reads_every_official_shape():
    state = etree.fromstring(b'<state class="state" turn="3"><board/></state>')
    aliased = etree.fromstring(b'<loadGameInfo class="state" turn="3"><board/></loadGameInfo>')
    wrapped = etree.fromstring(b'<loadGameInfo><state class="state" turn="3"/></loadGameInfo>')
    assert read_initial_state(state, "G") is state
    renamed = read_initial_state(aliased, "G")
    assert renamed.tag == "state" and renamed.get("turn") == "3" and aliased.tag != "state"
    assert read_initial_state(wrapped, "G").get("turn") == "3"
    with pytest.raises(ValueError, match=r"no Hase und Igel <state> in <loadGameInfo>"):
        read_initial_state(etree.fromstring(b"<loadGameInfo/>"), "Hase und Igel")


def test_an_unreadable_initial_state_is_logged_with_its_reason(serve_thread, caplog):
    caplog.set_level(logging.WARNING, logger="botarena.server.lobby")
    with socket.create_connection(("127.0.0.1", serve_thread.port), timeout=30) as admin:
        admin.sendall(
            f'<protocol><authenticate passphrase="{PASSWORD}"/>'
            '<prepare gameType="swc_2018_hase_und_igel"><slot displayName="a"/>'
            '<slot displayName="b"/><loadGameInfo class="nothing"/></prepare>'.encode()
        )
        while admin.recv(65536):  # the server closes the connection after the refusal
            pass
    assert (
        "prepare swc_2018_hase_und_igel: unusable initial state: no Hase und Igel <state>"
        in caplog.text
    )


def test_move_times_from_mementos_are_the_gaps_and_need_every_seat():
    assert moves_from_mementos([1.0, 1.5, 3.0], [0, 1, None]) == ([500.0, 1500.0], [0, 1])
    assert moves_from_mementos([1.0, 1.5], [None, 1]) == ([500.0], [])
    assert moves_from_mementos([1.0], [0]) == ([], [])


@pytest.fixture
def serve_thread() -> Iterator[object]:
    from tests.runner.test_runner import ServerThread  # noqa: PLC0415

    with ServerThread(PASSWORD) as server:
        yield server
