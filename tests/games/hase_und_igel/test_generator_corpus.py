"""The move generator against the official engine's verdicts in conformance.txt.

Every move the official engine accepted must be generated (with the ignored ``value`` of
non-TAKE_OR_DROP cards set to 0), and no move it rejected may be generated.
"""

from __future__ import annotations

from dataclasses import replace

from botarena.conformance.fixture_io import open_text
from botarena.games.hase_und_igel import (
    Action,
    Board,
    Card,
    CardType,
    HaseUndIgelState,
    generate_moves,
)
from botarena.games.hase_und_igel.notation import parse_move, parse_player
from tests.conftest import fixture_file
from tests.games.hase_und_igel.transcripts import FOLDER


def normalized(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    ordered = sorted(actions, key=lambda action: action.order)
    return tuple(
        replace(action, value=0)
        if isinstance(action, Card) and action.type is not CardType.TAKE_OR_DROP_CARROTS
        else action
        for action in ordered
    )


def test_generator_agrees_with_every_official_verdict():
    accepted = rejected = 0
    with open_text(fixture_file(FOLDER, "conformance.txt")) as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("|")
            turn = int(fields[1])
            state = HaseUndIgelState(
                Board.from_letters(fields[0]),
                parse_player(fields[2]),
                parse_player(fields[3]),
                turn,
            )
            mover = state.player_states[turn % 2]
            other = state.player_states[1 - turn % 2]
            generated = {move.actions for move in generate_moves(state.board, mover, other)}
            move = parse_move(fields[4])
            assert move.actions is not None
            if fields[5] == "OK":
                assert normalized(move.actions) in generated, line
                accepted += 1
            else:
                assert normalized(move.actions) not in generated, line
                rejected += 1
    assert accepted > 2000
    assert rejected > 2000
