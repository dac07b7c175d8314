"""Replays in the official format (R01), server.properties and options (R02-R04), start/stop."""

from __future__ import annotations

import asyncio
import gzip
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

from botarena.games.piranhas import PiranhasState
from botarena.games.piranhas import xml as piranhas_xml
from botarena.games.piranhas.plugin import PLUGIN
from botarena.protocol.sc_plugin import GameSetup
from botarena.server.admin_password import GENERATED_PASSWORD_BYTES
from botarena.server.app import ScServer, load_state
from botarena.server.config import (
    DEFAULT_PASSWORD,
    DEFAULT_PORT,
    ConfigError,
    config_from_options,
    load_config,
    parse_properties,
)
from botarena.server.lobby import SlotDescriptor
from tests.server.scclient import (
    GAME,
    Client,
    admin,
    join_two,
    make_config,
    play_to_end,
    prepare,
    run,
    running_server,
    seat_two,
)

MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"


def test_replay_file_has_the_official_shape(tmp_path, fixtures_dir):
    """R01: ``replays/replay_<type>_<n1>_<n2>_<yyyy.MM.dd_HH_mm_ss>.xml``, one packet per state."""
    official = (fixtures_dir / "server-protocol-19.2.1" / "R_replay_file.xml").read_bytes()
    assert official.startswith(b"<protocol>\n<room roomId=")
    assert official.endswith(b"\n</room>\n</protocol>")

    @run
    async def scenario():
        async with running_server(save_replay=True, replay_dir=tmp_path) as server:
            boss = await admin(server.port)
            room_id, codes = await prepare(boss)
            red, blue = await seat_two(server.port, codes)
            for client in (red, blue):
                await client.expect("joined")
                await client.expect_room("welcomeMessage")
            await play_to_end(red, blue, room_id)
            for client in (red, blue, boss):
                await client.close()
        return room_id, red

    room_id, red = scenario()
    files = list(tmp_path.iterdir())
    assert len(files) == 1
    assert re.fullmatch(
        r"replay_swc_2019_piranhas_alpha_beta_\d{4}\.\d\d\.\d\d_\d\d_\d\d_\d\d\.xml", files[0].name
    )
    data = files[0].read_bytes()
    # the official shape after one comment naming the season (XML readers skip it)
    season = b"<!-- botarena game-type: swc_2019_piranhas -->\n"
    assert data.startswith(
        season + b'<protocol>\n<room roomId="' + room_id.encode() + b'">\n  <data'
    )
    assert data.endswith(b"\n</room>\n</protocol>")
    root = etree.fromstring(data)
    packets = list(root)
    classes = [p[0].get("class") for p in packets]
    player_states = sum(
        1 for m in red.messages if m.tag == "room" and m[0].get("class") == "memento"
    )
    assert classes == ["memento"] * player_states + ["result"]
    # per-move time: an extra attribute on every state after a move, none on turn 0
    times = [p.get("botarenaMoveMs") for p in packets[:-1]]
    assert times[0] is None and all(float(t or "nan") >= 0 for t in times[1:])
    assert [p[0][0].get("turn") for p in packets[:-1]] == [str(t) for t in range(len(packets) - 1)]


def test_replay_can_be_gzipped(tmp_path):
    @run
    async def scenario():
        async with running_server(save_replay=True, replay_dir=tmp_path, replay_gzip=True) as s:
            red, blue, _ = await join_two(s.port)
            await blue.close()  # ends the game at once (LEFT)
            await red.expect_room("welcomeMessage")
            await red.expect_room("memento")
            await red.expect_room(MOVE_REQUEST)
            await red.expect_room("result")
            await red.close()

    scenario()
    (path,) = tmp_path.iterdir()
    assert path.name.endswith(".xml.gz") and "_Unknown_Unknown_" in path.name
    data = gzip.decompress(path.read_bytes())
    classes = [p[0].get("class") for p in etree.fromstring(data)]
    assert classes == ["memento", "result"]


def test_parse_properties_reads_java_syntax():
    text = "# comment\n! other\npassword = secret pw\npaused=true\nlocal: false\n  port 23050\n"
    assert parse_properties(text) == {
        "password": "secret pw",
        "paused": "true",
        "local": "false",
        "port": "23050",
    }


def test_config_precedence_and_defaults(tmp_path, monkeypatch):
    """R02, R04: no file -> a password drawn at each start (deviation, issue 23: the official
    examplepassword only when a file sets it); the CLI beats a port line (deviation)."""
    monkeypatch.chdir(tmp_path)
    default = load_config()
    assert default.password_generated and default.port == DEFAULT_PORT
    assert default.password not in (None, DEFAULT_PASSWORD)
    assert len(default.password) >= GENERATED_PASSWORD_BYTES
    assert load_config().password != default.password  # a new one at each start
    assert default.bind_host == "127.0.0.1" and not default.paused
    properties = tmp_path / "server.properties"
    properties.write_text("passphrase = s3cret\nport = 24000\nlocal = false\npaused = TRUE\n")
    config = load_config(overrides={"port": 23050})
    assert (config.password, config.port, config.local, config.paused) == (
        "s3cret",
        23050,
        False,
        True,
    )
    assert config.bind_host == "0.0.0.0"
    assert load_config(properties).port == 24000
    properties.write_text("paused = false\n")
    assert load_config(properties).password is None  # a file without password: no admin
    properties.write_text("password = examplepassword\n")  # the official default, explicitly
    explicit = load_config(properties)
    assert explicit.password == DEFAULT_PASSWORD and not explicit.password_generated


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("port = abc", "port must be an integer"),
        ("port = 70000", "port must be in"),
        ("local = yes", "local must be true or false"),
    ],
)
def test_bad_properties_are_clear_errors(tmp_path, line, message):
    path = tmp_path / "server.properties"
    path.write_text(line + "\n")
    with pytest.raises(ConfigError, match=message):
        load_config(path)


def test_unknown_override_and_missing_file_are_clear_errors(tmp_path):
    with pytest.raises(ConfigError, match="unknown server settings: colour"):
        load_config(overrides={"colour": "red"})
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "missing.properties")


@run
async def test_server_without_password_refuses_every_admin():
    async with running_server(password=None) as server:
        client = await Client.connect(server.port, "admin")
        await client.send('<authenticate passphrase=""/>')
        await client.until_eof()
        await client.close()


@run
async def test_paused_setting_pauses_join_rooms_until_step():
    """P01, P02 (capture R)."""
    async with running_server(paused=True) as server:
        red, blue, room_id = await join_two(server.port)
        await red.expect_room("welcomeMessage")
        await red.silent(0.2)
        boss = await admin(server.port)
        await boss.send(f'<step roomId="{room_id}"/>')
        assert (await red.expect_room("memento"))[0].get("turn") == "0"
        await red.expect_room(MOVE_REQUEST)
        for client in (red, blue, boss):
            await client.close()


@run
async def test_seeded_rooms_and_fixed_initial_states():
    """The same seed gives the same obstacles; a setup provider can force a state."""
    boards = []
    for _ in range(2):
        async with running_server(seed=1234) as server:
            red, blue, _ = await join_two(server.port)
            await red.expect_room("welcomeMessage")
            state = (await red.expect_room("memento"))[0]
            boards.append(etree.tostring(state.find("board")))
            await red.close()
            await blue.close()
    assert boards[0] == boards[1]

    forced = PiranhasState.start(obstacles=[(2, 6), (7, 7)])
    element = piranhas_xml.state_to_element(forced)
    server = ScServer(
        make_config(), setup_provider=lambda game_type: GameSetup(initial_state=element)
    )
    await server.start()
    red, blue, _ = await join_two(server.port)
    await red.expect_room("welcomeMessage")
    state = (await red.expect_room("memento"))[0]
    obstructed = [
        (f.get("x"), f.get("y")) for f in state.iter("field") if f.get("state") == "OBSTRUCTED"
    ]
    assert obstructed == [("2", "6"), ("7", "7")]
    await red.close()
    await blue.close()
    await server.stop()


@run
async def test_start_stop_and_default_game_registry():
    server = ScServer(make_config())
    await server.start()
    assert GAME in server.lobby.plugins
    port = server.port
    client = await Client.connect(port, "c")
    await server.stop()
    await client.until_eof()
    with pytest.raises(OSError):
        await asyncio.open_connection("127.0.0.1", port)
    await client.close()


def test_prepare_room_in_process_with_setup(tmp_path: Path):
    """The in-process API the runner and the conformance command use."""

    @run
    async def scenario():
        async with running_server() as server:
            prepared = server.lobby.prepare_room(
                GAME, [SlotDescriptor("a", True), SlotDescriptor("b", True)], GameSetup(seed=99)
            )
            assert len(prepared.reservations) == 2
            assert server.lobby.rooms[prepared.room_id].setup.seed == 99

    scenario()


def test_config_from_the_serve_options(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    properties = tmp_path / "custom.properties"
    properties.write_text("password = pw\nport = 24000\n")
    config = config_from_options(
        host="0.0.0.0",
        port=23050,
        config_path=properties,
        no_timeout=True,
        replays=tmp_path / "r",
        paused=True,
        soft_timeout_ms=500,
    )
    assert (config.bind_host, config.port, config.password) == ("0.0.0.0", 23050, "pw")
    assert config.no_timeout and config.paused and config.save_replay
    assert config.replay_dir == tmp_path / "r" and config.soft_timeout_ms == 500
    plain = config_from_options()
    assert (plain.port, plain.no_timeout, plain.paused, plain.save_replay) == (
        13050,
        False,
        False,
        False,
    )


def test_run_serves_in_a_real_process_until_sigterm(tmp_path):
    """``botarena.server.app.run`` (what ``botarena serve`` calls) in its own process."""
    code = (
        "from botarena.server.app import run\n"
        "from botarena.server.config import config_from_options\n"
        "run(config_from_options(port=0))\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code], cwd=tmp_path, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        match = re.search(r"server on 127\.0\.0\.1:(\d+) with .*swc_2019_piranhas", line)
        assert match, line
        port = int(match.group(1))

        @run
        async def scenario():
            red, blue, _ = await join_two(port)
            await red.expect_room("welcomeMessage")
            await red.close()
            await blue.close()

        scenario()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@run
async def test_a_taken_port_is_a_clear_error():
    async with running_server() as first:
        second = ScServer(make_config(port=first.port))
        with pytest.raises(OSError, match=f"cannot listen on 127.0.0.1:{first.port}"):
            await second.start()


def test_load_game_file_starts_every_room_from_the_chosen_state(tmp_path):
    """R05: ``--loadGameFile F --turn 10`` (also from the official replay of capture R)."""

    @run
    async def record():
        async with running_server(save_replay=True, replay_dir=tmp_path / "r") as server:
            red, blue, room_id = await join_two(server.port)
            for client in (red, blue):
                await client.expect_room("welcomeMessage")
            await play_to_end(red, blue, room_id)
            await red.close()
            await blue.close()

    record()
    (replay,) = (tmp_path / "r").iterdir()
    gzipped = tmp_path / "replay.xml.gz"
    gzipped.write_bytes(gzip.compress(replay.read_bytes()))
    assert load_state(gzipped, 10).get("turn") == "10"
    assert load_state(replay, 0).get("turn") == "0"

    @run
    async def replayed():
        async with running_server(load_game_file=gzipped, turn_to_load=10) as server:
            red, blue, _ = await join_two(server.port)
            await red.expect_room("welcomeMessage")
            state = (await red.expect_room("memento"))[0]
            assert state.get("turn") == "10"
            assert state.find("lastMove") is not None
            await red.close()
            await blue.close()

    replayed()


def test_load_game_file_errors_are_clear(tmp_path, fixtures_dir):
    official = fixtures_dir / "server-protocol-19.2.1" / "R_replay_file.xml"
    assert load_state(official, 1).get("turn") == "1"
    match = PLUGIN.new_match(["a", "b"], GameSetup(initial_state=load_state(official, 1)))
    assert match.turn == 1 and match.current_slot() == 1  # the 19.2.1 <line> is ignored
    with pytest.raises(ValueError, match="has no state with turn 99"):
        load_state(official, 99)
    garbage = tmp_path / "garbage.xml"
    garbage.write_text("<protocol><room>")
    with pytest.raises(ValueError, match="is not XML"):
        load_state(garbage)
    with pytest.raises(ValueError, match="cannot read game file"):
        load_state(tmp_path / "missing.xml")
    properties = tmp_path / "server.properties"
    properties.write_text(f"loadGameFile = {official}\nturnToLoad = 1\n")
    config = load_config(properties)
    assert (config.load_game_file, config.turn_to_load) == (official, 1)
