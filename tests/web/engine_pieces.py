"""What each board must draw, computed from our engine's state (never from the XML text)."""

from __future__ import annotations

from lxml import etree

from botarena.games.piranhas.board import squares_of
from botarena.games.registry import lookup


def engine_state(game: str, state_xml: str) -> object:
    spec = lookup(game)
    assert spec is not None
    return spec.part(spec.read_state)(etree.fromstring(state_xml))


def piranhas_2019(state: object) -> set[str]:
    pieces = set()
    masks = (("RED", state.red), ("BLUE", state.blue), ("OBSTRUCTED", state.obstacles))  # type: ignore[attr-defined]
    for kind, mask in masks:
        pieces |= {f"{kind}@{x},{y}" for x, y in squares_of(mask)}
    return pieces


PIECES = {"piranhas-2019": piranhas_2019}


def expected_pieces(game: str, state_xml: str) -> set[str]:
    return PIECES[game](engine_state(game, state_xml))


def hase_und_igel_2018(state: object) -> set[str]:
    return {f"RED@{state.red.index}", f"BLUE@{state.blue.index}"}  # type: ignore[attr-defined]


def blokus_2021(state: object) -> set[str]:
    board = state.board()  # type: ignore[attr-defined]
    return {f"{color.name}@{x},{y}" for (x, y), color in board.items()}


PIECES.update({"hase_und_igel-2018": hase_und_igel_2018, "blokus-2021": blokus_2021})


def piranhas_2026(state: object) -> set[str]:
    pieces = set()
    for x in range(10):
        for y in range(10):
            field = state.field(x, y)  # type: ignore[attr-defined]
            if field.name != "EMPTY":
                pieces.add(f"{field.name}@{x},{y}")
    return pieces


PIECES.update({"piranhas-2026": piranhas_2026, "blokus-2027": blokus_2021})
