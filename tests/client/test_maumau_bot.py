"""The Mau-Mau bot SDK over real TCP: its blocking loop, ``botarena bot maumau`` and the
example bot as processes, all against botarena's Mau-Mau server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import importlib.util
import subprocess
import sys
from typing import Any

from botarena.client.maumau import MauMauSession, main, play_over_socket
from botarena.core import SeededRandom
from botarena.games.maumau import DRAW, Play
from botarena.games.maumau.players import BotView, heuristic_strategy, random_strategy
from botarena.server.maumau import MauMauServer
from tests.conftest import REPO_ROOT
from tests.server.maumau.helpers import run

EXAMPLE_BOT = REPO_ROOT / "examples" / "maumau_bot.py"


def test_two_blocking_sessions_play_one_game_over_tcp():
    async def scenario(server: MauMauServer) -> Any:
        sessions = [
            MauMauSession("Heuri", heuristic_strategy, SeededRandom(1)),
            MauMauSession("Rando", random_strategy, SeededRandom(2)),
        ]
        winners = await asyncio.gather(
            *(asyncio.to_thread(play_over_socket, "127.0.0.1", server.port, s) for s in sessions)
        )
        return sessions, winners, server.records

    sessions, winners, records = run(scenario, seed=11)
    (record,) = records
    assert sorted(record.names) == ["Heuri", "Rando"]
    assert winners == [record.winner_name, record.winner_name]
    for session in sessions:
        assert session.over
        seat = record.names.index(session.name)
        assert len(session.view.hand) == record.cards_left[seat]


async def _processes(*commands: list[str]) -> list[tuple[int, bytes, bytes]]:
    procs = [
        await asyncio.create_subprocess_exec(
            *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        for command in commands
    ]
    results = []
    for proc in procs:
        out, err = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode is not None
        results.append((proc.returncode, out, err))
    return results


def test_the_bot_command_and_the_example_bot_play_as_processes():
    async def scenario(server: MauMauServer) -> Any:
        port = str(server.port)
        bot = ["bot", "maumau", "heuristic", "--port", port, "--seed", "3", "--name", "Heuri"]
        results = await _processes(
            [sys.executable, "-m", "botarena", *bot],
            [sys.executable, str(EXAMPLE_BOT), "--port", port, "--name", "Example"],
        )
        return results, server.records, port

    results, records, port = run(scenario)
    (record,) = records
    assert sorted(record.names) == ["Example", "Heuri"]
    (bot_code, bot_out, bot_err), (example_code, example_out, example_err) = results
    assert bot_code == 0, bot_err
    assert example_code == 0, example_err
    waiting = f"on 127.0.0.1:{port}, waiting for an opponent (Mau-Mau)\n"
    assert bot_out.startswith(f"maumau bot Heuri: seated as 'Heuri' {waiting}".encode())
    assert example_out.startswith(f"maumau bot Example: seated as 'Example' {waiting}".encode())
    won = f"game over: {record.winner_name} wins; "
    assert f"maumau bot Heuri (seed 3): {won}Heuri holds ".encode() in bot_out
    assert f"): {won}Example holds ".encode() in example_out


def test_the_bot_reports_an_unreachable_server(capsys):
    assert main(["random", "--port", "1", "--host", "127.0.0.1"]) == 1
    assert "cannot play on 127.0.0.1:1" in capsys.readouterr().err


def _against(script: bytes, argv: list[str]) -> int:
    """``main`` against a fake server that sends ``script`` and ends its side of the
    connection; it reads what the bot still sends until the bot closes (closing with that
    unread would reset the connection, and the bot could see the reset before the end)."""

    async def scenario() -> int:
        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(script)
            writer.write_eof()
            await writer.drain()
            while await reader.read(65536):
                pass
            writer.close()

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            return await asyncio.to_thread(main, [*argv, "--port", str(port)])

    return asyncio.run(asyncio.wait_for(scenario(), 30))


def test_the_bot_reports_a_bad_server_line(capsys):
    assert _against(b'{"sendName":true,"status":"okay"}\nhello\n', ["random"]) == 1
    assert "the server sent a bad line: not JSON" in capsys.readouterr().err


def test_a_server_closing_early_ends_the_game_without_a_winner(capsys):
    assert _against(b'{"sendName":true,"status":"okay"}\n', ["random", "--name", "A"]) == 0
    assert ": game over: no winner; A holds 0 cards\n" in capsys.readouterr().out


def test_the_example_strategy_keeps_jacks_and_draws_only_when_nothing_fits():
    spec = importlib.util.spec_from_file_location("maumau_example_bot", EXAMPLE_BOT)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    rng = SeededRandom(1)
    # top: the ace of suit 1 (29); hand: a jack (16), the 9 of suit 1, a 10 and a 7 of suit 2
    assert example.choose_move(BotView(hand=[16, 9, 14, 2], top_card=29), rng) == Play(9, 2)
    assert example.choose_move(BotView(hand=[16, 2], top_card=29), rng) == Play(16, 2)
    assert example.choose_move(BotView(hand=[2, 6], top_card=29), rng) == DRAW


def test_the_example_bot_without_a_server_says_so_and_exits_non_zero():
    done = subprocess.run(
        [sys.executable, str(EXAMPLE_BOT), "--port", "1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "maumau bot ExampleBot: cannot play on 127.0.0.1:1" in done.stderr
