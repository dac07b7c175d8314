"""docs/maumau-protocol.md is true: every example line is one the server really sends (its
own encoder gives the same bytes) or accepts, every refused example is refused, and a game
on a real server over TCP, started with the documented lines, sends only documented
shapes."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from typing import Any

from botarena.client.maumau import MauMauSession
from botarena.core import SeededRandom
from botarena.games.maumau.cards import is_card
from botarena.games.maumau.players import heuristic_strategy
from botarena.games.maumau.rules import Play
from botarena.games.maumau.wire import (
    MalformedMove,
    decode_server_message,
    encode,
    encode_move,
    parse_handshake,
    parse_move,
)
from botarena.server.maumau import MauMauServer
from tests.conftest import REPO_ROOT
from tests.server.maumau.helpers import READ_TIMEOUT, run

DOC = REPO_ROOT / "docs" / "maumau-protocol.md"
LINE = re.compile(r"(?P<sender>S|A|B|bot)→(?P<to>S|A|B|A,B)(?P<refused> ✗)? (?P<payload>.+)")


@dataclass(frozen=True)
class Example:
    from_server: bool
    refused: bool
    payload: str


def examples() -> list[Example]:
    """Every line of the doc's ``jsonl`` blocks (``…`` marks an omission)."""
    blocks = re.findall(r"```jsonl\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert blocks, "no ```jsonl example blocks in the doc"
    found = []
    for block in blocks:
        for text in block.splitlines():
            if text == "…":
                continue
            match = LINE.fullmatch(text)
            assert match is not None, f"not a DIRECTION JSON example line: {text!r}"
            found.append(Example(match["sender"] == "S", bool(match["refused"]), match["payload"]))
    return found


def keys(payload: str) -> tuple[str, ...]:
    return tuple(json.loads(payload))


def test_every_server_line_is_byte_for_byte_what_the_server_encodes():
    lines = [example.payload for example in examples() if example.from_server]
    assert len(lines) > 20
    for line in lines:
        assert encode(decode_server_message(line.encode())) == line.encode() + b"\n", line


def test_every_bot_line_is_accepted_and_every_refused_one_is_refused():
    bot_lines = [example for example in examples() if not example.from_server]
    assert sum(example.refused for example in bot_lines) >= 5
    for example in bot_lines:
        line = example.payload.encode()
        if example.payload.startswith('{"status":"okay","name"'):  # the handshake
            assert (parse_handshake(line).name is None) == example.refused, example
            continue
        move = parse_move(line)
        if example.refused:
            assert isinstance(move, MalformedMove) or (
                isinstance(move, Play) and not is_card(move.card)
            ), example
        else:
            assert not isinstance(move, MalformedMove), example
            assert encode_move(move) == line + b"\n"  # the SDK writes this very format


def test_a_real_game_started_with_the_documented_lines_sends_only_documented_shapes():
    documented = {keys(e.payload) for e in examples() if e.from_server}
    server_lines = {e.payload for e in examples() if e.from_server}
    refused_moves = [
        e.payload for e in examples() if e.refused and not e.payload.startswith('{"status":"okay"')
    ]
    bad_name = next(e.payload for e in examples() if e.refused and '"name"' in e.payload)

    async def seat(
        server: MauMauServer, name_line: str, bad: list[str], seated: asyncio.Event
    ) -> list[str]:
        """One bot on a raw socket: sends ``name_line``, then the ``bad`` lines as its first
        moves, then plays; returns every line the server sent it."""
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        session = MauMauSession("x", heuristic_strategy, SeededRandom(1))
        received: list[str] = []
        try:
            while not session.over:
                raw = await asyncio.wait_for(reader.readline(), READ_TIMEOUT)
                assert raw.endswith(b"\n"), f"connection ended early after {received}"
                received.append(raw.decode().rstrip("\n"))
                reply = session.feed(raw)
                if received[-1].startswith('{"setName"'):
                    seated.set()
                if received[-1].startswith('{"sendName"'):
                    reply = name_line.encode() + b"\n"
                elif reply and bad:
                    reply = bad.pop(0).encode() + b"\n"
                writer.write(reply)
                await writer.drain()
        finally:
            writer.close()
        return received

    async def scenario(server: MauMauServer) -> Any:
        seated = asyncio.Event()
        first = asyncio.create_task(seat(server, bad_name, list(refused_moves), seated))
        await seated.wait()  # seat 0 is the refused name's: "Bot 0"
        second = seat(server, '{"status":"okay","name":"Bob"}', [], asyncio.Event())
        return await asyncio.gather(first, second)

    first, second = run(scenario, seed=3)
    for line in first + second:
        assert keys(line) in documented, f"undocumented shape: {line}"
    assert first[:2] == [
        '{"sendName":true,"status":"okay"}',
        '{"setName":false,"name":"Bot 0","status":"error"}',
    ]
    assert second[1] == '{"setName":true,"name":"Bob","status":"okay"}'
    assert all(line in server_lines for line in first[:3] + second[:3])  # handshake, start
    penalties = [
        line for line in first if re.fullmatch(r'\{"drawedCards":\d+,"status":"error"}', line)
    ]
    assert len(penalties) == len(refused_moves)  # one penalty card per refused line
    assert first[-1] == second[-1] and first[-1].startswith('{"won":true,"nameOfWinner":')
