"""A text board of a Hase und Igel 2018 state for the terminal (``botarena play``)."""

from __future__ import annotations

from botarena.games.hase_und_igel.board import LETTERS
from botarena.games.hase_und_igel.rules import HaseUndIgelState

FIELDS_PER_ROW = 13
HARE_MARKS = ("R", "B")


def render(state: HaseUndIgelState) -> str:
    """The 65-field track in rows of 13 (index, field letter, ``R``/``B`` for the hares),
    a legend, and each hare's carrots, salads and cards."""
    positions = [player.index for player in state.player_states]
    cells = []
    for index, field in enumerate(state.board.fields):
        hares = "".join(mark for mark, at in zip(HARE_MARKS, positions, strict=True) if at == index)
        cells.append(f"{index:>2}{LETTERS[field]}{hares:<2}")
    rows = [
        " ".join(cells[start : start + FIELDS_PER_ROW])
        for start in range(0, len(cells), FIELDS_PER_ROW)
    ]
    legend = "S start, C carrot, H hare, 1/2 position, L salad, I hedgehog, G goal"
    players = [
        f"{mark}: field {p.index}, carrots {p.carrots}, salads {p.salads}, "
        f"cards [{', '.join(card.value for card in p.cards)}]"
        for mark, p in zip(HARE_MARKS, state.player_states, strict=True)
    ]
    return "\n".join([*rows, legend, *players, f"turn {state.turn}"])
