"""Mau-Mau transcripts (``transcript.jsonl[.gz]``, the fixture format the Mau-Mau server and
tournaments write) as replays: one state per turn announcement.

A state is a small XML element the Mau-Mau board draws::

    <state class="maumau" turn="3" topCard="16" wishedColor="-1" turnOf="Alice">
      <player name="Alice" cards="7" hand="28 0 17 11 22 9 31"/> ...
    </state>

``hand`` is given while the transcript lets us know every card of it (the cards dealt, drawn
and played); ``cards`` always.
"""

from __future__ import annotations

import contextlib
import json
from collections import deque
from collections.abc import Callable
from typing import Any

from lxml import etree

from botarena.games.registry import MAUMAU_JSON, only_game_of
from botarena.protocol.maumau_json import MalformedJsonError, parse_json
from botarena.web.replays import ReplayError, json_objects


def is_transcript(raw: bytes) -> bool:
    return raw.lstrip().startswith(b'{"type": "meta"') or raw.lstrip().startswith(b'{"type":"meta"')


class _Table:
    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.hands: list[list[int] | None] = [None] * len(names)
        self.counts = [0] * len(names)
        self.top = -1
        self.wish = -1
        self.turn_of = ""

    def element(self, turn: int) -> str:
        hands = [
            hand if hand is not None and len(hand) == count else None  # known and consistent
            for hand, count in zip(self.hands, self.counts, strict=True)
        ]
        return table_xml(turn, self.top, self.wish, self.turn_of, self.names, self.counts, hands)


def table_xml(  # noqa: PLR0917 - the parts of one table
    turn: int,
    top: int,
    wish: int,
    turn_of: str,
    names: list[str],
    counts: list[int],
    hands: list[list[int] | None] | None = None,
) -> str:
    """One Mau-Mau state element (the format above); ``hands`` only where known (replays;
    live games never show a hand)."""
    state = etree.Element(
        "state",
        {
            "class": "maumau",
            "turn": str(turn),
            "topCard": str(top),
            "wishedColor": str(wish),
            "turnOf": turn_of,
        },
    )
    for seat, name in enumerate(names):
        attributes = {"name": name, "cards": str(counts[seat])}
        hand = hands[seat] if hands is not None else None
        if hand is not None:
            attributes["hand"] = " ".join(str(card) for card in hand)
        etree.SubElement(state, "player", attributes)
    return etree.tostring(state, encoding="unicode")


def _assigned_names(players: list[str], items: list[dict[str, Any]]) -> list[str]:
    """The names the server gave the connections (its ``setName`` answer: a bot whose name
    it refused plays as ``Bot N``), else the transcript's player names."""
    names = list(players)
    for item in items:
        seat = item.get("conn")
        if item.get("dir") != "s2c" or not isinstance(seat, int) or not 0 <= seat < len(names):
            continue
        text = str(item.get("text", ""))
        if '"setName"' not in text:
            continue
        with contextlib.suppress(json.JSONDecodeError):
            message = json.loads(text)
            if isinstance(message, dict) and isinstance(message.get("name"), str):
                names[seat] = message["name"]
    return names


def _answers_by_seat(items: list[dict[str, Any]], seats: int) -> list[deque[dict[str, Any]]]:
    """Each seat's answers (client to server) in the order it sent them: every line after
    its first (the name), as the official dealer reads them, one line an answer. A line
    that is no JSON object is ``{"unreadable": text}``; an answer the server refused (its
    next line to the seat says ``"status":"error"``: a penalty card) carries
    ``"refused": True``."""
    answers: list[deque[dict[str, Any]]] = [deque() for _ in range(seats)]
    named = [False] * seats
    waiting: list[dict[str, Any] | None] = [None] * seats
    """Per seat: its latest answer, until the server's next line to it."""
    for item in items:
        seat = item.get("conn")
        if not isinstance(seat, int) or not 0 <= seat < seats:
            continue
        text = str(item.get("text", "")).rstrip("\r\n")
        if item.get("dir") == "c2s":
            if not named[seat]:
                named[seat] = True
                continue
            answer = _read_answer(text)
            waiting[seat] = answer
            answers[seat].append(answer)
        elif item.get("dir") == "s2c" and waiting[seat] is not None:
            if '"error"' in text:
                waiting[seat]["refused"] = True  # type: ignore[index]
            waiting[seat] = None
    return answers


def _read_answer(text: str) -> dict[str, Any]:
    try:  # the official dealer reads its bots leniently (json-simple)
        message = parse_json(text.encode(), lenient=True)
    except MalformedJsonError:
        return {"unreadable": text}
    return dict(message) if isinstance(message, dict) else {"unreadable": text}


def _action(
    mover: str | None,
    skipped: bool,
    names: list[str],
    answers: list[deque[dict[str, Any]]],
    move_words: Callable[[str, dict[str, Any]], str],
    *,
    laid: int | None,
) -> str | None:
    """What ``mover`` did on its turn: skipped, or its next answer in words (``None``: the
    deal, or no answer of it is left). ``laid``: the new top card, if it changed; it is the
    card played whatever the answer named (the official server plays a card of its own
    choice for a ``selectedCard`` outside the deck)."""
    if mover is None or mover not in names:
        return None
    if skipped:
        return f"{mover} is skipped"
    queue = answers[names.index(mover)]
    if not queue:
        return None
    answer = queue.popleft()
    if laid is not None and answer.get("status") != "skip" and not answer.get("refused"):
        answer = {**answer, "selectedCard": laid}
    return move_words(mover, answer)


def parse_transcript(raw: bytes) -> dict[str, Any]:
    lines = json_objects(raw)
    if not lines or lines[0].get("type") != "meta":
        raise ReplayError("not a Mau-Mau transcript (no meta line)")
    names = _assigned_names([str(name) for name in lines[0].get("players", [])], lines[1:])
    spec = only_game_of(MAUMAU_JSON)
    move_words: Callable[[str, dict[str, Any]], str] = spec.part("render:move_words")
    table = _Table(names)
    states: list[str] = []
    moves: list[str | None] = []
    """Per state: what the seat before did (``None`` for the deal and where unknown)."""
    answers = _answers_by_seat(lines[1:], len(names))
    mover: str | None = None
    """Whose turn the latest state announced."""
    skipped = False
    """… and whether that seat was skipped (an eight)."""
    winner: str | None = None
    for item in lines[1:]:
        if item.get("type") != "line":
            continue
        seat = item.get("conn")
        if not isinstance(seat, int) or not 0 <= seat < len(names):
            continue
        try:
            message = json.loads(item.get("text", ""))
        except json.JSONDecodeError:
            continue
        if not isinstance(message, dict):
            continue
        if item.get("dir") == "c2s":
            card = message.get("selectedCard")
            if message.get("status") == "turn" and isinstance(card, int) and card >= 0:
                hand = table.hands[seat]
                if hand is not None and card in hand:
                    hand.remove(card)
                table.wish = int(message.get("wishedColor", -1))
            continue
        if isinstance(message.get("hand"), list):
            table.hands[seat] = [int(card) for card in message["hand"]]
        drawn = message.get("drawedCards")
        if isinstance(drawn, list) and table.hands[seat] is not None:
            table.hands[seat] += [int(card) for card in drawn]  # type: ignore[operator]
        elif isinstance(drawn, int):
            table.hands[seat] = None  # cards we do not know
        if "turnOf" in message and seat == 0:
            top_before, table.top = table.top, int(message.get("topCard", -1))
            if table.top // 4 != 4:  # a wish lasts while the jack lies on top
                table.wish = -1
            table.turn_of = str(message["turnOf"])
            if table.turn_of in names:
                cards = int(message.get("cardsLeft", 0))
                if not states:  # the deal: everyone starts with as many cards
                    table.counts = [cards] * len(names)
                table.counts[names.index(table.turn_of)] = cards
            states.append(table.element(len(states)))
            laid = table.top if table.top != top_before else None
            moves.append(_action(mover, skipped, names, answers, move_words, laid=laid))
            mover, skipped = table.turn_of, message.get("skipped") is True
        if message.get("won") and seat == 0:
            winner = str(message.get("nameOfWinner"))
            if winner in names:
                table.counts[names.index(winner)] = 0
                table.hands[names.index(winner)] = []
            table.turn_of = ""
            states.append(table.element(len(states)))
            moves.append(_action(mover, False, names, answers, move_words, laid=None))
            mover = None
    if not states:
        raise ReplayError("the transcript holds no turn")
    return {
        "gameType": spec.game_type,
        "game": spec.id,
        "names": names,
        "states": states,
        "moveMs": [None] * len(states),
        "moves": moves,
        "result": None,
        "resultText": f"winner {winner}" if winner else "no winner announced",
    }
