"""The players of a replay with their sides, and its result in English words.

Replays written by botarena and by the official servers hold the result as the official
``<data class="result">`` (German reasons). The viewer shows ``random (ONE) wins: bigger
swarm`` and keeps the official text beside it (``official``, shown on hover).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lxml import etree

from botarena.client.report import official_reason, winner_seat
from botarena.games.registry import lookup
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_errors import ProtocolError

TEAM_SIDES_FROM = 2021
"""Seasons from this year on name the sides ONE/TWO; older ones red/blue."""

REGULAR_WORDS = (
    ("größeren zusammenhängenden Schwarm", "bigger swarm"),
    ("zuerst alle Fische", "swarm united first"),
    ("Schwarm vereint", "swarm united"),
    ("blockiert", "opponent blocked"),
    ("am meisten Punkte", "most points"),
    ("im Ziel", "reached the goal"),
    ("Rundenlimit", "round limit reached"),
)
"""Official reasons of a regular end (a part of the German text) and their English words."""

IRREGULAR_WORDS = {
    "LEFT": "{loser} left the game",
    "RULE_VIOLATION": "{loser} broke a rule",
    "SOFT_TIMEOUT": "{loser} took too long",
    "HARD_TIMEOUT": "{loser} sent no move in time",
}
"""Why an irregular game ended, by the loser's cause."""


def sides(year: int) -> tuple[str, str]:
    """The names of the two sides in a season of ``year``."""
    return ("ONE", "TWO") if year >= TEAM_SIDES_FROM else ("red", "blue")


def side_label(game_id: str, seat: int) -> str:
    """What seat number ``seat`` plays, in the season's names: ``red``, ``ONE``, or with its
    colours where a side has several, ``ONE (BLUE, RED)``; empty for a game without sides."""
    spec = lookup(game_id)
    if spec is None or not spec.protocol.xml_states or not 0 <= seat < len(sides(spec.year)):
        return ""
    side = sides(spec.year)[seat]
    colours = spec.side_colours[seat] if seat < len(spec.side_colours) else ()
    return f"{side} ({', '.join(colours)})" if colours else side


def players(game_id: str, names: Sequence[str]) -> list[dict[str, str]]:
    """Each seat's name (``seat N`` when the replay names nobody) and side."""
    spec = lookup(game_id)
    if spec is None or not spec.protocol.xml_states:  # Mau-Mau: names only, 2 to 4 of them
        return [{"name": name, "side": ""} for name in names]
    labels = sides(spec.year)
    seated = list(names) + [""] * (len(labels) - len(names))
    return [
        {"name": name or f"seat {index + 1}", "side": side}
        for index, (name, side) in enumerate(zip(seated, labels, strict=False))
    ]


def result_words(
    game_id: str, names: Sequence[str], result_xml: str | None
) -> dict[str, Any] | None:
    """``{"text": English, "official": German reason, "winner": seat or None}`` of a result
    room message, ``None`` when there is none (a game still running or cancelled)."""
    if result_xml is None:
        return None
    try:
        decoded = msg.decode_server_message(etree.fromstring(result_xml.encode()))
    except (etree.XMLSyntaxError, ProtocolError):
        return None
    if not isinstance(decoded, msg.GameResult):
        return None
    seated = players(game_id, names)
    label = [f"{p['name']} ({p['side']})" for p in seated]
    official = official_reason(decoded)
    seat = winner_seat(decoded)
    irregular = [
        (index, score.cause)
        for index, score in enumerate(decoded.scores)
        if score.cause != "REGULAR"
    ]
    if irregular and irregular[0][0] < len(label):
        index, cause = irregular[0]
        why = IRREGULAR_WORDS.get(cause, "{loser}: " + cause.lower()).format(loser=label[index])
    else:
        why = next((words for part, words in REGULAR_WORDS if part in official), "")
    if not why:  # no reason given (Blokus 2021) or none we know: the scores, as the CLI says
        why = "scores " + ", ".join(
            f"{name} {'/'.join(score.parts)}"
            for name, score in zip(label, decoded.scores, strict=False)
        )
    if not official:  # the official score line (fragment names and parts) instead
        names = [fragment.name for fragment in decoded.fragments]
        official = "; ".join(
            f"{name}: " + ", ".join(f"{n} {p}" for n, p in zip(names, score.parts, strict=False))
            for name, score in zip(label, decoded.scores, strict=False)
        )
    headline = "draw" if seat is None or seat >= len(label) else f"{label[seat]} wins"
    return {"text": f"{headline}: {why}" if why else headline, "official": official, "winner": seat}
