"""End-to-end tests of the Mau-Mau server over real TCP: normal play and every §13.2 fix."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

from botarena.core import SeededRandom
from botarena.protocol.maumau_json import MAX_LINE_BYTES
from botarena.server.maumau import (
    DEFAULT_HOST,
    HANDSHAKE_TIMEOUT,
    MOVE_TIMEOUT,
    MauMauListener,
    MauMauServer,
    ServerOptions,
    serve_maumau,
)
from tests.event_loop import until
from tests.server.maumau.helpers import Client, is_request, is_won, play_bot, run

FALLBACK_0 = b'{"setName":false,"name":"Bot 0","status":"error"}\n'


def test_two_bots_play_a_complete_game():
    async def scenario(server):
        first, second = await asyncio.gather(
            play_bot(server, "Alice", 1), play_bot(server, "Bob", 2)
        )
        return first, second, server.records

    first, second, records = run(scenario, seed=5)
    assert first.winner == second.winner
    assert first.winner in ("Alice", "Bob")
    (record,) = records
    assert record.names == ["Alice", "Bob"]
    assert record.winner_name == first.winner
    assert record.ending == "empty_hand"
    assert record.seed == SeededRandom(5).derive("game-0").seed_value


def test_same_seed_same_game():
    async def scenario(server):
        await asyncio.gather(play_bot(server, "A", 1), play_bot(server, "B", 2))
        return server.records[0]

    one = run(scenario, seed=11)
    two = run(scenario, seed=11)
    assert (one.seed, one.turns, one.winner_name) == (two.seed, two.turns, two.winner_name)


def test_many_games_run_concurrently_in_one_process():
    async def scenario(server):
        sessions = await asyncio.gather(*(play_bot(server, f"P{i}", i) for i in range(20)))
        return sessions, server.records

    sessions, records = run(scenario)
    assert len(records) == 10
    assert all(session.over for session in sessions)
    assert sorted(name for r in records for name in r.names) == sorted(f"P{i}" for i in range(20))


def test_three_and_four_player_games():
    for players in (3, 4):

        async def scenario(server, players=players):
            await asyncio.gather(*(play_bot(server, f"P{i}", i) for i in range(players)))
            return server.records

        (record,) = run(scenario, players=players)
        assert len(record.names) == players and record.outcome.winner is not None


def test_players_option_is_validated():
    with pytest.raises(ValueError, match="players"):
        ServerOptions(players=5)


def test_binds_to_loopback_by_default_and_sets_tcp_nodelay():
    assert DEFAULT_HOST == "127.0.0.1"
    assert ServerOptions().host == "127.0.0.1"

    async def scenario(server):
        assert server._server.sockets[0].getsockname()[0] == "127.0.0.1"
        client = await Client.connect(server)
        await client.handshake("Alice")
        (conn,) = server._connections
        sock = conn.transport.get_extra_info("socket")
        client.close()
        return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)

    assert run(scenario) != 0


def test_accepted_play_gets_no_reply_and_a_draw_gets_one():
    async def scenario(server):
        alice, bob = await Client.connect(server), await Client.connect(server)
        await alice.handshake("Alice")
        await bob.handshake("Bob")
        await alice.until(lambda m: "gameStart" in m)
        request = await alice.until(is_request)
        top, hand = request["topcard"], request["hand"]
        fitting = [c for c in hand if c % 4 == top % 4 or c // 4 == top // 4 or c // 4 == 4]
        if not fitting:
            alice.send({"status": "skip"})
            reply = await alice.message()
            assert reply["status"] == "okay" and reply["drawedCards"] >= 0
            return "drew"
        alice.send({"status": "turn", "selectedCard": fitting[0], "wishedColor": 1})
        after = await alice.message()
        alice.close()
        bob.close()
        assert "topCard" in after and after["topCard"] == fitting[0]
        return "played"

    assert run(scenario, seed=3) in ("played", "drew")


# ----------------------------------------------------------------------------- handshake


BAD_NAME_LINES = [
    b"Alice\n",
    b"\n",
    b"{\n",
    b"[1]\n",
    b"5\n",
    b'"x"\n',
    b'{"status":"okay","name":5}\n',
    b'{"status":"error","name":"Alice"}\n',
    b'{"name":"Alice"}\n',
    b'{"status":"okay","name":null}\n',
    b'{"status":"okay","name":""}\n',
    b'{"status":"okay","name":"' + b"n" * 100 + b'"}\n',
    b'{"status":"okay","name":"' + b"n" * (MAX_LINE_BYTES + 10) + b'"}\n',
    b'{"status" : "okay", "name" : "Alice", "x": True}\n',
    b"\xff\xfe\x00garbage\n",
]


@pytest.mark.parametrize("line", BAD_NAME_LINES, ids=lambda b: repr(b[:30]))
def test_every_bad_handshake_gets_the_fallback_name_and_the_game_starts(line):
    async def scenario(server):
        bad = await Client.connect(server)
        assert await bad.line() == b'{"sendName":true,"status":"okay"}\n'
        bad.send(line)
        reply = await bad.line()
        good = await Client.connect(server)
        assert (await good.handshake("Bob"))["name"] == "Bob"
        assert (await bad.message()) == {"gameStart": True, "status": "okay"}
        announcement = await good.until(lambda m: "turnOf" in m)
        bad.close()
        won = await good.until(is_won)
        return reply, announcement, won

    reply, announcement, won = run(scenario)
    assert reply == FALLBACK_0
    assert announcement["turnOf"] == "Bot 0"
    assert won == {"won": True, "nameOfWinner": "Bob", "status": "okay"}


def test_handshake_timeout_closes_the_silent_client_and_frees_the_seat():
    assert HANDSHAKE_TIMEOUT == 10.0

    async def scenario(server):
        silent = await Client.connect(server)
        await silent.line()
        closed = await silent.line()  # EOF after the timeout
        alice, bob = await Client.connect(server), await Client.connect(server)
        await alice.handshake("Alice")
        await bob.handshake("Bob")
        first = await alice.until(lambda m: "turnOf" in m)
        alice.close()
        bob.close()
        return closed, first, [fix.fix for fix in server.fixes]

    closed, first, fixes = run(scenario, handshake_timeout=0.2)
    assert closed == b""
    assert first["turnOf"] == "Alice"
    assert "handshake_timeout" in fixes


def test_closing_before_the_name_gives_the_seat_to_the_next_connection():
    async def scenario(server):
        leaver = await Client.connect(server)
        await leaver.line()
        leaver.close()
        await until(lambda: not server._connections)  # the server saw it go
        alice, bob = await Client.connect(server), await Client.connect(server)
        await alice.handshake("Alice")
        await bob.handshake("Bob")
        first = await bob.until(lambda m: "turnOf" in m)
        alice.close()
        bob.close()
        return first

    assert run(scenario)["turnOf"] == "Alice"


def test_duplicate_names_are_made_unique():
    async def scenario(server):
        one, two = await Client.connect(server), await Client.connect(server)
        first = await one.handshake("Bot")
        second = await two.handshake("Bot")
        one.close()
        two.close()
        return first, second

    first, second = run(scenario)
    assert first["name"] == "Bot"
    assert second == {"setName": True, "name": "Bot (2)", "status": "okay"}


def test_connection_limit_refuses_extra_connections():
    async def scenario(server):
        kept = [await Client.connect(server) for _ in range(2)]
        for client in kept:
            await client.line()
        extra = await Client.connect(server)
        refused = await extra.line()
        for client in kept:
            client.close()
        return refused

    assert run(scenario, max_connections=2) == b""


# ----------------------------------------------------------------------------- moves


def noticed_disconnect(server: MauMauServer) -> bool:
    """The running game saw a seat's connection close."""
    return any(fix.fix == "disconnect_on_read" for fix in server.fixes)


async def _start_game(server: MauMauServer, *names: str) -> list[Client]:
    clients = [await Client.connect(server) for _ in names]
    for client, name in zip(clients, names, strict=True):
        await client.handshake(name)
    return clients


def test_move_timeout_forfeits_the_silent_bot():
    assert MOVE_TIMEOUT == 5.0

    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        await alice.until(is_request)  # Alice stays silent
        won = await bob.until(is_won)
        rest = await alice.rest()
        return won, rest, server.records[0] if server.records else None, server.fixes

    won, rest, _record, fixes = run(scenario, move_timeout=0.2)
    assert won["nameOfWinner"] == "Bob"
    assert all(b"won" not in line for line in rest)  # Alice is dropped, not told
    assert "move_timeout" in [fix.fix for fix in fixes]


def test_disconnect_on_own_turn_is_noticed_on_read_without_penalty():
    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        await bob.until(lambda m: "turnOf" in m)
        await alice.until(is_request)
        alice.close()
        return await bob.message()

    assert run(scenario) == {"won": True, "nameOfWinner": "Bob", "status": "okay"}


def test_other_players_disconnect_does_not_drop_the_current_turn():
    async def scenario(server):
        alice, bob, carol = await _start_game(server, "Alice", "Bob", "Carol")
        await alice.until(is_request)
        bob.close()
        await until(lambda: noticed_disconnect(server))  # Bob's EOF, while Alice thinks
        alice.send({"status": "skip"})
        drawn = await alice.message()
        nxt = await carol.until(lambda m: "turnOf" in m and m["turnOf"] != "Alice")
        alice.close()
        carol.close()
        return drawn, nxt

    drawn, nxt = run(scenario, players=3)
    assert drawn["status"] == "okay" and drawn["drawedCards"] >= 0
    assert nxt["turnOf"] == "Carol"  # Bob's seat is skipped, Alice's draw counted


def test_all_players_gone_ends_the_game_and_the_server_keeps_serving():
    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        await alice.until(is_request)
        alice.close()
        bob.close()
        await until(lambda: bool(server.records))
        gone = server.records[0]
        await asyncio.gather(play_bot(server, "C", 1), play_bot(server, "D", 2))
        return gone, server.records

    gone, records = run(scenario)
    assert gone.ending in ("all_gone", "last_player")
    assert len(records) == 2 and records[1].winner_name in ("C", "D")


def test_both_players_leaving_ends_the_game_instead_of_spinning():
    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        await alice.until(is_request)
        bob.close()
        await until(lambda: noticed_disconnect(server))
        alice.close()  # Alice leaves on her turn while Bob is already gone
        await until(lambda: bool(server.records))
        return server.records[0]

    record = run(scenario)
    # Depending on which EOF the server sees first: "last_player" (Alice wins) or both at once.
    assert (record.ending, record.winner_name) in (("last_player", "Alice"), ("all_gone", None))


def test_exhaustion_winner_follows_the_documented_rule():
    async def hoarder(client: Client) -> dict[str, Any]:
        while True:
            message = await client.message()
            if is_won(message):
                return message
            if is_request(message):
                client.send({"status": "skip"})

    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        results = await asyncio.gather(hoarder(alice), hoarder(bob))
        return results, server.records[0]

    (won, _), record = run(scenario)
    assert record.ending == "exhaustion"
    expected = min(range(2), key=lambda s: (-record.valid_plays[s], record.cards_left[s], s))
    assert won["nameOfWinner"] == record.names[expected]


def test_out_of_range_card_is_an_invalid_move():
    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        await alice.until(is_request)
        alice.send({"status": "turn", "selectedCard": 99, "wishedColor": -1})
        reply = await alice.message()
        alice.close()
        bob.close()
        return reply, [fix.fix for fix in server.fixes]

    reply, fixes = run(scenario)
    assert reply["status"] == "error" and reply["drawedCards"] >= 0
    assert "out_of_range_card" in fixes


HOSTILE_MOVES = [
    b"x" * (MAX_LINE_BYTES + 1) + b"\n",
    b"[" * 5000 + b"\n",
    b'{"status":"turn","selectedCard":' + b"9" * 400 + b"}\n",
    b"\x00\x01\x02\xff\n",
    b'{"status":"turn","selectedCard":-5}\n',
    b'{"status":null}\n',
    b"\r\n",
]


@pytest.mark.parametrize("line", HOSTILE_MOVES, ids=lambda b: repr(b[:20]))
def test_hostile_move_lines_cost_a_penalty_and_the_game_goes_on(line):
    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        await alice.until(is_request)
        alice.send(line)
        reply = await alice.message()
        nxt = await bob.until(lambda m: "turnOf" in m and m["turnOf"] == "Bob")
        alice.close()
        bob.close()
        return reply, nxt

    reply, nxt = run(scenario)
    assert reply["status"] == "error"
    assert nxt["skipped"] in (True, False)


def test_a_stalled_game_does_not_block_another_game():
    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        await alice.until(is_request)  # game 1 now waits for silent Alice
        sessions = await asyncio.gather(play_bot(server, "C", 1), play_bot(server, "D", 2))
        alice.close()
        bob.close()
        return sessions

    sessions = run(scenario, move_timeout=None)
    assert all(s.over and s.winner in ("C", "D") for s in sessions)


def test_early_lines_are_queued_as_later_moves():
    async def scenario(server):
        alice, bob = await _start_game(server, "Alice", "Bob")
        await alice.until(is_request)
        alice.send(b'{"status":"skip"}\n{"status":"skip"}\n')
        first = await alice.message()
        await bob.until(is_request)
        bob.send({"status": "skip"})
        await alice.until(is_request)
        second = await alice.message()  # the queued line answered this request
        alice.close()
        bob.close()
        return first, second

    first, second = run(scenario, seed=2)
    assert first["status"] == "okay" and "drawedCards" in first
    assert second["status"] == "okay" and "drawedCards" in second


def test_serve_maumau_coroutine_for_the_cli():
    async def main() -> Any:
        ready: asyncio.Future[MauMauServer] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(serve_maumau(0, 2, ready=ready.set_result))
        server = await asyncio.wait_for(ready, 5)
        sessions = await asyncio.gather(play_bot(server, "A", 1), play_bot(server, "B", 2))
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return sessions

    sessions = asyncio.run(main())
    assert sessions[0].winner == sessions[1].winner is not None


def test_leaving_after_the_handshake_before_the_game_frees_the_seat():
    # The tester's finding: the ghost kept its seat, the next bot won by walkover against it.
    async def scenario(server):
        ghost = await Client.connect(server)
        await ghost.handshake("Ghost")
        ghost.close()
        assert await ghost.rest() == []  # the server noticed and closed its side
        bob, carol = await Client.connect(server), await Client.connect(server)
        await bob.handshake("Bob")
        await carol.handshake("Carol")
        first = await bob.until(lambda m: "turnOf" in m or "won" in m)
        waiting = server.waiting_players
        bob.close()
        carol.close()
        return first, waiting

    first, waiting = run(scenario)
    assert "won" not in first
    assert first["turnOf"] in ("Bob", "Carol")
    assert waiting == 0


GHOST_NAMES = {
    "name_ended_by_the_close": b'{"status":"okay","name":"Ghost"}',
    "name_then_a_queued_line": b'{"status":"okay","name":"Ghost"}\n{"status":"skip"}\n',
}
"""Two ghosts whose end of stream reaches the server while their name line is still queued:
the line is only complete at the end of the stream, or a further line stays queued."""


@pytest.mark.parametrize("sent", GHOST_NAMES.values(), ids=GHOST_NAMES.keys())
def test_a_ghost_whose_close_came_with_its_name_gives_its_seat_back(sent: bytes):
    """Issue 21's order: a bot sends its name and closes, the server reads the close before
    its handshake took the name, later two bots come. The ghost's seat is freed; the game is
    between the two live bots, nobody wins by walkover."""

    async def scenario(server):
        created: list[list[str]] = []

        class Created(MauMauListener):
            def game_created(self, room: Any) -> None:
                created.append(list(room.names))

        server.add_listener(Created())
        ghost = await Client.connect(server)
        assert await ghost.message() == {"sendName": True, "status": "okay"}
        ghost.send(sent)
        ghost.writer.write_eof()  # the bot's close as the server sees it: end of stream
        named = await ghost.message()  # the server has taken the name
        await until(lambda: all(conn.eof for conn in server._connections))  # ...and the close
        bob, carol = await Client.connect(server), await Client.connect(server)
        await bob.handshake("Bob")
        await carol.handshake("Carol")
        first = await bob.until(lambda m: "turnOf" in m or "won" in m)
        waiting = server.waiting_players
        fixes = [fix.fix for fix in server.fixes]
        for client in (ghost, bob, carol):
            client.close()
        return named, created, first, waiting, fixes

    named, created, first, waiting, fixes = run(scenario)
    assert named["name"] == "Ghost"
    assert created == [["Bob", "Carol"]]
    assert "won" not in first and first["turnOf"] in ("Bob", "Carol")
    assert waiting == 0
    assert fixes == ["ghost_seat_freed"]
