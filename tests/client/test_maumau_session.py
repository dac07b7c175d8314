"""The Mau-Mau bot session of the SDK, sans I/O: recorded server lines in, the bot's lines out.

The recorded games (``fixtures/maumau/*.jsonl``) are replayed into a session whose strategy
plays what the recorded bot played; the session must then know at every turn as many cards
as the original server says the bot holds, and see the same winner.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from botarena.client.maumau import MauMauSession
from botarena.core import SeededRandom
from botarena.games.maumau import DRAW, Move, Play
from botarena.games.maumau.players import BotView, heuristic_strategy, random_strategy
from botarena.games.maumau.wire import (
    MalformedMove,
    TurnRequest,
    UnknownMessageError,
    decode_server_message,
    encode_move,
    encode_name,
    parse_handshake,
    parse_move,
)
from botarena.protocol.maumau_json import MAX_LINE_BYTES
from tests.conftest import FIXTURES


@dataclass
class Conversation:
    """One bot's side of a recorded game."""

    scenario: str
    name: str
    server_lines: list[bytes] = field(default_factory=list)
    bot_lines: list[bytes] = field(default_factory=list)
    winner_seen: str | None = None
    cards_left: int = 0


def conversations(path: Path) -> list[Conversation]:
    records = [json.loads(raw) for raw in path.read_text(encoding="utf-8").splitlines()]
    bots = records[0]["result"]["bots"]
    found = [Conversation(path.stem, bot["name"]) for bot in bots]
    for conv, bot in zip(found, bots, strict=True):
        conv.winner_seen, conv.cards_left = bot["winner_seen"], bot["cards_left"]
    for record in records[1:]:
        if record.get("type") == "line":
            conv = found[record["conn"]]
            lines = conv.server_lines if record["dir"] == "s2c" else conv.bot_lines
            lines.append(record["text"].encode())
    return found


def replayable() -> list[Conversation]:
    """Bots that sent a proper name and one proper move per turn request and saw the end:
    a session can play exactly what they played. (With two bots of one name the original
    server mixes up whom it sends draws to, spec §13.2: not a game a bot can follow.)"""
    chosen = []
    for path in sorted((FIXTURES / "maumau").glob("*.jsonl")):
        if path.stem == "network_text_3p":  # the plain-text mode is not JSON
            continue
        found = conversations(path)
        if len({conv.name for conv in found}) < len(found):
            continue
        for conv in found:
            requests = sum(b'"topcard"' in line for line in conv.server_lines)
            name, *moves = conv.bot_lines or [b""]
            if (
                parse_handshake(name.rstrip(b"\r\n")).name == conv.name
                and len(moves) == requests
                and not any(isinstance(parse_move(m.rstrip(b"\r\n")), MalformedMove) for m in moves)
                and conv.winner_seen is not None
                and all(0 <= card <= 31 for card in _cards(moves))
                and all(_sendable(m) for m in moves)
            ):
                chosen.append(conv)
    return chosen


def _sendable(line: bytes) -> bool:
    """Whether :func:`encode_move` can say what the recorded line said (it always sends a
    wish; a jack without one stays played even though the move earns a penalty, §8.2)."""
    move = parse_move(line.rstrip(b"\r\n"))
    return not isinstance(move, Play) or move.wish is not None


def _cards(moves: list[bytes]) -> Iterator[int]:
    for line in moves:
        move = parse_move(line.rstrip(b"\r\n"))
        if isinstance(move, Play):
            yield move.card


REPLAYABLE = replayable()


def test_enough_recorded_bots_are_replayed():
    assert len(REPLAYABLE) >= 40
    assert len({conv.scenario for conv in REPLAYABLE}) >= 25


@pytest.mark.parametrize("conv", REPLAYABLE, ids=lambda c: f"{c.scenario}-{c.name}")
def test_the_session_tracks_the_hand_of_a_recorded_bot(conv: Conversation):
    recorded: list[Move] = []
    for line in conv.bot_lines[1:]:
        move = parse_move(line.rstrip(b"\r\n"))
        assert not isinstance(move, MalformedMove)
        recorded.append(move)
    moves = iter(recorded)
    request: list[TurnRequest] = []

    def replay(view: BotView, rng: SeededRandom) -> Move:
        assert len(view.hand) == request[-1].cards_left  # the server's count
        assert view.top_card == request[-1].top_card
        return next(moves)

    session = MauMauSession(conv.name, replay, SeededRandom(1))
    answers = []
    for line in conv.server_lines:
        message = decode_server_message(line)
        if isinstance(message, TurnRequest):
            request.append(message)
        answer = session.handle(message)
        if answer is not None:
            answers.append(answer)
    assert answers == [encode_name(conv.name), *(encode_move(move) for move in recorded)]
    assert session.over and session.winner == conv.winner_seen
    assert len(session.view.hand) == conv.cards_left


def test_bytes_may_arrive_in_any_pieces():
    conv = next(c for c in REPLAYABLE if c.scenario == "normal_2p_01")
    stream = b"".join(conv.server_lines)
    whole = MauMauSession(conv.name, heuristic_strategy, SeededRandom(5))
    at_once = whole.feed(stream)
    bytewise = MauMauSession(conv.name, heuristic_strategy, SeededRandom(5))
    pieces = b"".join(bytewise.feed(stream[i : i + 1]) for i in range(len(stream)))
    assert at_once == pieces
    assert at_once.startswith(encode_name(conv.name))
    assert whole.over and bytewise.over and whole.winner == bytewise.winner == "Alice"


def test_a_rejected_card_comes_back_with_the_penalty_card():
    session = MauMauSession("A", heuristic_strategy, SeededRandom(1))
    request = (
        b'{"topcard":29,"drawTwoCards":false,"cardsLeft":2,"wishedColor":-1,'
        b'"status":"okay","skipped":false,"hand":[9,30]}\n'
    )
    assert session.feed(request).startswith(b'{"status":"turn","selectedCard":9,')
    assert session.view.hand == [30]
    assert session.feed(b'{"drawedCards":4,"status":"error"}\n') == b""
    assert sorted(session.view.hand) == [4, 9, 30]


def test_a_card_the_bot_does_not_hold_is_not_added_when_rejected():
    session = MauMauSession("A", lambda view, rng: Play(5, 0), SeededRandom(1))
    session.feed(
        b'{"topcard":29,"drawTwoCards":false,"cardsLeft":2,"wishedColor":-1,'
        b'"status":"okay","skipped":false,"hand":[9,30]}\n'
    )
    session.feed(b'{"drawedCards":4,"status":"error"}\n')
    assert sorted(session.view.hand) == [4, 9, 30]


def test_a_draw_two_adds_the_drawn_cards_and_a_draw_the_drawn_card():
    session = MauMauSession("A", random_strategy, SeededRandom(1))
    session.feed(
        b'{"topcard":31,"drawTwoCards":false,"cardsLeft":2,"wishedColor":-1,'
        b'"status":"okay","skipped":false,"hand":[0,4]}\n'
    )
    assert session.view.hand == [0, 4]  # nothing fits: it drew
    session.feed(b'{"drawedCards":8,"status":"okay"}\n')
    reply = session.feed(
        b'{"topcard":3,"drawTwoCards":true,"cardsLeft":5,"wishedColor":-1,'
        b'"drawedCards":[5,6],"status":"okay","skipped":false}\n'
    )
    assert parse_move(reply.rstrip(b"\n")) != DRAW
    assert len(session.view.hand) == 4  # five cards, one played


def test_the_session_answers_the_name_request_and_notes_names_and_the_winner():
    session = MauMauSession("Zoë", random_strategy, SeededRandom(1))
    assert session.feed(b'{"sendName":true,"status":"okay"}\n') == encode_name("Zoë")
    assert session.feed(b'{"setName":false,"name":"Bot 0","status":"error"}\n') == b""
    assert session.name == session.view.name == "Bot 0"
    session.feed(b'{"topCard":3,"cardsLeft":6,"turnOf":"B","status":"okay","skipped":false}\n')
    assert session.view.cards_left == {"B": 6}
    assert session.feed(b'{"won":true,"nameOfWinner":"B","status":"okay"}\n{"x":1}\n') == b""
    assert session.over and session.winner == "B"


@pytest.mark.parametrize(
    "data", [b"hello\n", b"[1,2]\n", b'{"topCard":"3"}\n', b"x" * (MAX_LINE_BYTES + 1) + b"\n"]
)
def test_a_bad_server_line_is_a_clear_error(data):
    session = MauMauSession("A", random_strategy, SeededRandom(1))
    with pytest.raises(UnknownMessageError):
        session.feed(data)


def test_an_unterminated_last_line_counts_at_the_end_of_the_stream():
    session = MauMauSession("A", random_strategy, SeededRandom(1))
    assert session.feed(b'{"won":true,"status":"okay"}') == b""
    assert not session.over
    assert session.finish() == b""
    assert session.over and session.winner is None
