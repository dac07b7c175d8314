"""A bot that crashes, joinRoom by room id, and the argparse flags of the official clients."""

from __future__ import annotations

import asyncio
import importlib
import socket
import textwrap
import threading

from botarena.client import bot_argument_parser, codec_for, exit_code, run
from botarena.server import SlotDescriptor
from tests.client.processes import bot_process, script_process

# The module, not the function of the same name that botarena.client exports.
client_run = importlib.import_module("botarena.client.run")

CRASHING_BOT = textwrap.dedent(
    """
    import sys
    from botarena.client import bot_argument_parser, exit_code, run

    def calculate_move(state):
        raise RuntimeError("my bot is broken")

    args = bot_argument_parser().parse_args()
    session = run(calculate_move, game_type="swc_2019_piranhas", host=args.host,
                  port=args.port, reservation=args.reservation)
    sys.exit(exit_code(session))
    """
)


def test_a_bot_raising_in_calculate_move_reports_it_and_exits_non_zero(sc_server, tmp_path):
    script = tmp_path / "crashing_bot.py"
    script.write_text(CRASHING_BOT)
    room = sc_server.prepare("swc_2019_piranhas")
    crashing = script_process(
        script, "-h", "127.0.0.1", "-p", str(sc_server.port), "-r", room.reservations[0]
    )
    opponent = bot_process(
        "piranhas-2019", "random", "-p", str(sc_server.port), "-r", room.reservations[1]
    )
    _out, err = crashing.communicate(timeout=60)
    opponent.communicate(timeout=60)
    assert crashing.returncode == 1
    assert "calculate_move raised RuntimeError: my bot is broken" in err
    assert "bot error: calculate_move raised" in err  # the bot's fault, said so
    assert "server error" not in err
    assert "Traceback" in err  # the author sees where it broke


def test_in_process_crash_is_kept_in_the_session(sc_server):
    room = sc_server.prepare("swc_2019_piranhas")
    sessions = {}

    def broken(state):
        raise ValueError("no idea")

    def play(name, bot, code):
        sessions[name] = run(
            bot,
            game_type="piranhas-2019",
            port=sc_server.port,
            host="127.0.0.1",
            reservation=code,
            argv=(),
        )

    good = codec_for("piranhas-2019").make_player("random", 1)
    threads = [
        threading.Thread(target=play, args=("broken", broken, room.reservations[0])),
        threading.Thread(target=play, args=("good", good, room.reservations[1])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert any("calculate_move raised ValueError: no idea" in e for e in sessions["broken"].errors)
    assert exit_code(sessions["broken"]) == 1


def test_blokus_bots_take_unreserved_slots_of_a_prepared_room_with_join_room(sc_server):
    async def prepare():
        return sc_server.server.lobby.prepare_room(
            "swc_2021_blokus",
            [SlotDescriptor("a", reserved=False), SlotDescriptor("b", reserved=False)],
        )

    room = asyncio.run_coroutine_threadsafe(prepare(), sc_server.loop).result(10)
    sessions = {}

    def play(seed):
        player = codec_for("blokus-2021").make_player("random", seed)
        sessions[seed] = run(
            player,
            game_type="swc_2021_blokus",
            host="127.0.0.1",
            port=sc_server.port,
            room=room.room_id,
            argv=(),
        )

    threads = [threading.Thread(target=play, args=(seed,)) for seed in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert all(session.result is not None for session in sessions.values())
    assert {session.room_id for session in sessions.values()} == {room.room_id}


def test_argument_parser_h_is_host_and_help_is_long():
    parser = bot_argument_parser()
    args = parser.parse_args(["-h", "example.org", "-p", "13055", "-r", "abc", "--room", "r1"])
    assert (args.host, args.port, args.reservation, args.room) == (
        "example.org",
        13055,
        "abc",
        "r1",
    )
    defaults = parser.parse_args([])
    assert (defaults.host, defaults.port, defaults.reservation) == ("127.0.0.1", 13050, None)
    assert "--help" in parser.format_help()


ILLEGAL_MOVE_BOT = textwrap.dedent(
    """
    import sys
    from botarena.client import bot_argument_parser, exit_code, run
    from botarena.games.piranhas.model import Direction, Move

    def calculate_move(state):
        return Move(0, 0, Direction.UP)  # a corner: never a fish of either side

    args = bot_argument_parser().parse_args()
    session = run(calculate_move, game_type="piranhas-2019", host=args.host, port=args.port,
                  reservation=args.reservation)
    sys.exit(exit_code(session))
    """
)


def test_a_server_error_is_printed_to_stderr_and_the_exit_is_non_zero(sc_server, tmp_path):
    script = tmp_path / "illegal_bot.py"
    script.write_text(ILLEGAL_MOVE_BOT)
    room = sc_server.prepare("swc_2019_piranhas")
    illegal = script_process(script, "-p", str(sc_server.port), "-r", room.reservations[0])
    opponent = bot_process(
        "piranhas-2019", "random", "-p", str(sc_server.port), "-r", room.reservations[1]
    )
    _out, err = illegal.communicate(timeout=60)
    opponent.communicate(timeout=60)
    assert illegal.returncode == 1
    assert "server error: " in err


def test_a_server_that_closes_mid_stream_is_a_clear_error(tmp_path):
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def serve_and_hang_up():
        connection, _ = listener.accept()
        with connection:
            connection.recv(4096)
            connection.sendall(b'<protocol>\n  <joined roomId="r"/>')

    thread = threading.Thread(target=serve_and_hang_up)
    thread.start()
    with listener:
        session = run(
            lambda state: None, game_type="piranhas-2019", host="127.0.0.1", port=port, argv=()
        )
    thread.join(10)
    assert session.result is None
    assert session.errors == [
        "the server closed the connection before the game ended"
        " (before we had a seat: wrong reservation or room?)"
    ]
    assert exit_code(session) == 1


def test_on_left_the_bot_ends_its_stream_and_waits_at_most_close_timeout(monkeypatch):
    monkeypatch.setattr(client_run, "CLOSE_TIMEOUT_S", 0.2)
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    received = bytearray()
    release = threading.Event()

    def serve_and_never_close():
        connection, _ = listener.accept()
        with connection:
            received.extend(connection.recv(4096))
            connection.sendall(b'<protocol>\n  <left roomId="r"/>')
            connection.settimeout(5)
            received.extend(connection.recv(4096))
            release.wait(10)  # keeps the connection open: the bot must not hang on it

    thread = threading.Thread(target=serve_and_never_close)
    thread.start()
    with listener:
        session = run(
            lambda state: None,
            game_type="piranhas-2019",
            host="127.0.0.1",
            port=port,
            name="probe",
            argv=(),
        )
    release.set()
    thread.join(10)
    assert session.closed_by_us
    assert received.endswith(b"</protocol>")
    assert received.startswith(
        b'<protocol><join gameType="swc_2019_piranhas" displayName="probe"/>'
    )
