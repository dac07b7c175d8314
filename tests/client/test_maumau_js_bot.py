"""examples/maumau_bot.js, the raw-socket Node.js bot: a real ``node`` process plays a whole
game on a real Mau-Mau server against a built-in bot, legally, and reports the result."""

from __future__ import annotations

import asyncio
import json
import shutil
from typing import Any

import pytest

from botarena.client.maumau import MauMauSession, play_async
from botarena.core import SeededRandom
from botarena.games.maumau.players import heuristic_strategy
from botarena.server.maumau import MauMauServer
from tests.conftest import REPO_ROOT
from tests.server.maumau.helpers import run

JS_BOT = REPO_ROOT / "examples" / "maumau_bot.js"


def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.fail(
            "node (Node.js) is not on PATH: examples/maumau_bot.js cannot be tested; "
            "install it (apt-get install -y nodejs)"
        )
    return path


def lines_to(record: Any, seat: int) -> list[dict[str, Any]]:
    """The server's messages to ``seat``, from the game's transcript."""
    items = [json.loads(line) for line in record.transcript[1:]]
    return [
        json.loads(item["text"])
        for item in items
        if item["type"] == "line" and item["conn"] == seat and item["dir"] == "s2c"
    ]


@pytest.mark.parametrize("seed", [3, 7])
def test_the_node_bot_plays_a_legal_game_against_a_built_in_bot_and_reports_it(seed):
    async def scenario(server: MauMauServer) -> Any:
        proc = await asyncio.create_subprocess_exec(
            node(), str(JS_BOT), "--port", str(server.port), "--name", "NodeBot",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert proc.stdout is not None
        seated = await asyncio.wait_for(proc.stdout.readline(), 30)  # NodeBot is seat 0
        opponent = MauMauSession("heuristic", heuristic_strategy, SeededRandom(seed))
        await play_async("127.0.0.1", server.port, opponent)
        rest, err = await asyncio.wait_for(proc.communicate(), 30)
        return proc.returncode, seated.decode(), rest.decode(), err.decode(), server, server.port

    code, seated, rest, err, server, port = run(scenario, seed=seed, transcripts=True)
    assert code == 0, err
    assert err == ""
    (record,) = server.records
    assert record.names == ["NodeBot", "heuristic"]
    assert seated == (
        f"maumau bot NodeBot: seated as 'NodeBot' on 127.0.0.1:{port}, "
        "waiting for an opponent (Mau-Mau)\n"
    )
    held = record.cards_left[0]
    assert rest == (
        f"maumau bot NodeBot: game over: {record.winner_name} wins; "
        f"NodeBot holds {held} card{'' if held == 1 else 's'}\n"
    )  # its own count of its hand matches the server's: it kept track of every card
    received = lines_to(record, 0)
    requests = [message for message in received if "topcard" in message]
    assert requests and "hand" in requests[0]
    assert not [m for m in received if m.get("status") == "error"]  # no refused move
    assert record.ending in ("empty_hand", "exhaustion", "turn_cap")
    assert record.valid_plays[0] > 0
    assert not [fix for fix in server.fixes if fix.fix in ("strict_json", "move_timeout")]
