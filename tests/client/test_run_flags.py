"""``run()`` takes where to play from the command line (the official flags), explicit
arguments win, and ``--reservations-stdin`` plays one game per code."""

from __future__ import annotations

import socket
import threading

import pytest

from botarena.client import run
from botarena.client.cli_args import parse_bot_options


def test_the_official_flags_and_the_bots_own_arguments():
    options = parse_bot_options(
        ["-h", "10.0.0.1", "-p", "5", "-r", "R", "--name", "N", "--depth", "3"]
    )
    assert (options.host, options.port, options.reservation, options.name) == (
        "10.0.0.1",
        5,
        "R",
        "N",
    )
    assert options.unknown == ("--depth", "3")  # left to the bot
    assert parse_bot_options(["--reservations-stdin"]).reservations_stdin
    defaults = parse_bot_options([])
    assert (defaults.host, defaults.port, defaults.reservation) == ("127.0.0.1", 13050, None)


class OneShotServer:
    """Accepts one connection, records what the bot sent first, then says ``left``."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.received = bytearray()
        self.thread = threading.Thread(target=self._serve)
        self.thread.start()

    def _serve(self) -> None:
        connection, _ = self.listener.accept()
        with connection:
            self.received.extend(connection.recv(4096))
            connection.sendall(b'<protocol><left roomId="r"/></protocol>')

    def close(self) -> None:
        self.thread.join(10)
        self.listener.close()


def test_run_reads_port_and_reservation_from_argv():
    server = OneShotServer()
    try:
        run(
            lambda state: None,
            game_type="piranhas-2019",
            argv=["-p", str(server.port), "-r", "CODE", "--name", "flagged"],
        )
    finally:
        server.close()
    assert b'<joinPrepared reservationCode="CODE" displayName="flagged"/>' in server.received


def test_explicit_arguments_win_over_the_flags():
    server = OneShotServer()
    try:
        run(
            lambda state: None,
            game_type="piranhas-2019",
            port=server.port,
            name="given",
            argv=["-p", "1", "--name", "flag"],
        )
    finally:
        server.close()
    assert b'<join gameType="swc_2019_piranhas" displayName="given"/>' in server.received


def test_reservations_stdin_refuses_an_explicit_reservation():
    with pytest.raises(ValueError, match="reads the codes"):
        run(
            lambda state: None,
            game_type="piranhas-2019",
            reservation="X",
            argv=["--reservations-stdin"],
        )
