"""Built-in Mau-Mau bots and the example bot: legal choices, and real processes over TCP."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from botarena.core import SeededRandom
from botarena.games.maumau import DRAW, MauMauGame, Play
from botarena.games.maumau.players import (
    STRATEGIES,
    BotSession,
    BotView,
    heuristic_strategy,
    main,
    random_strategy,
)
from botarena.server.maumau import MauMauServer
from tests.conftest import REPO_ROOT
from tests.server.maumau.helpers import run

EXAMPLE_BOT = REPO_ROOT / "examples" / "maumau_bot.py"


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    name=st.sampled_from(["random", "heuristic"]),
)
def test_strategies_only_choose_legal_moves_and_finish_games(seed, players, name):
    state = MauMauGame().new_initial_state(SeededRandom(seed), players)
    rng = SeededRandom(seed)
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        view = BotView(hand=list(state.hands[seat]), top_card=state.top_card, wish=state.wish)
        move = STRATEGIES[name](view, rng)
        if isinstance(move, Play):
            assert state.is_legal_card(move.card)
        else:
            assert not [c for c in state.hands[seat] if state.is_legal_card(c)]
        state.apply(move)


def test_heuristic_keeps_jacks_and_wishes_its_strongest_suit():
    view = BotView(hand=[16, 9, 13, 1], top_card=29, wish=-1)  # Pik B, Karo 9/10/7 on Karo A
    move = heuristic_strategy(view, SeededRandom(1))
    assert isinstance(move, Play) and move.card != 16
    jack_only = BotView(hand=[16, 2, 6, 10], top_card=29, wish=-1)
    jack = heuristic_strategy(jack_only, SeededRandom(1))
    assert jack == Play(16, 2)  # three Herz cards left


def test_random_draws_only_when_nothing_fits():
    assert random_strategy(BotView(hand=[0, 4], top_card=31, wish=-1), SeededRandom(1)) == DRAW


def test_session_restores_a_rejected_card():
    session = BotSession("A", heuristic_strategy, SeededRandom(1))
    request = (
        b'{"topcard":29,"drawTwoCards":false,"cardsLeft":2,"wishedColor":-1,'
        b'"status":"okay","skipped":false,"hand":[9,30]}'
    )
    answer = session.receive(request)
    assert answer is not None and b'"selectedCard":9' in answer
    assert session.view.hand == [30]
    session.receive(b'{"drawedCards":4,"status":"error"}')
    assert sorted(session.view.hand) == [4, 9, 30]


def test_session_answers_the_name_request_and_notes_the_winner():
    session = BotSession("Zoë", random_strategy, SeededRandom(1))
    assert (
        session.receive(b'{"sendName":true,"status":"okay"}')
        == b'{"status": "okay", "name": "Zo\\u00eb"}\n'
    )
    session.receive(b'{"won":true,"nameOfWinner":"X","status":"okay"}')
    assert session.over and session.winner == "X"


async def _processes(server: MauMauServer, *commands: list[str]) -> list[tuple[int, bytes, bytes]]:
    procs = []
    for command in commands:
        procs.append(
            await asyncio.create_subprocess_exec(
                *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
            )
        )
        await asyncio.sleep(0.3)  # connection order = seat order
    results = []
    for proc in procs:
        out, err = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode is not None
        results.append((proc.returncode, out, err))
    return results


def test_builtin_bot_and_example_bot_play_as_processes():
    async def scenario(server: MauMauServer) -> Any:
        port = str(server.port)
        results = await _processes(
            server,
            [
                sys.executable,
                "-m",
                "botarena.games.maumau.players",
                "heuristic",
                "--port",
                port,
                "--seed",
                "3",
                "--name",
                "Heuri",
            ],
            [sys.executable, str(EXAMPLE_BOT), "--port", port, "--name", "Example"],
        )
        return results, server.records

    results, records = run(scenario)
    (record,) = records
    assert record.names == ["Heuri", "Example"]
    for code, out, err in results:
        assert code == 0, err
        assert f"winner {record.winner_name}".encode() in out or (
            f"winner: {record.winner_name}".encode() in out
        )


def test_bot_main_reports_an_unreachable_server(capsys):
    assert main(["random", "--port", "1", "--host", "127.0.0.1"]) == 1
    assert "cannot play" in capsys.readouterr().err
