"""Validation and generation agree: on positions of seeded random games, a random SetMove of
the current colour is accepted by ``check`` exactly when its cells are one of the generated
legal placements, and the rejection names a mistake the move really has."""

from __future__ import annotations

from botarena.core import SeededRandom
from botarena.games.blokus.shapes import ORIENTATIONS
from botarena.games.blokus_2027 import (
    BlokusGame,
    BlokusState,
    InvalidBlokusMove,
    MoveMistake,
    SetMove,
)

PROBES_PER_POSITION = 40


def random_positions(seed: int, games: int) -> list[BlokusState]:
    rng = SeededRandom(seed)
    positions = []
    for _ in range(games):
        state = BlokusGame().new_initial_state(rng)
        while not state.is_terminal():
            positions.append(state.clone())
            state.apply(rng.choice(state.legal_moves()))
    return positions


def probe(state: BlokusState, rng: SeededRandom) -> SetMove:
    """A random placement near the colour's anchors (or anywhere), any shape."""
    color = state.current_color
    orientation = rng.choice(ORIENTATIONS)
    anchors = state.anchors(color)
    if anchors and rng.random() < 0.8:
        ax, ay = rng.choice(anchors)
        dx, dy = rng.choice(orientation.cells)
        x, y = ax - dx, ay - dy
    else:
        x, y = rng.randrange(-2, 21), rng.randrange(-2, 21)
    return SetMove(color, orientation.shape, orientation.rotation, orientation.flipped, x, y)


def test_check_accepts_exactly_the_generated_placements():
    rng = SeededRandom(99)
    accepted = rejected = 0
    for state in random_positions(2027, 3):
        legal = {frozenset(move.cells()) for move in state.set_moves()}
        for _ in range(PROBES_PER_POSITION):
            move = probe(state, rng)
            try:
                state.check(move)
            except InvalidBlokusMove as error:
                rejected += 1
                assert frozenset(move.cells()) not in legal, move
                assert error.mistake is not MoveMistake.WRONG_COLOR
            else:
                accepted += 1
                assert frozenset(move.cells()) in legal, move
    assert accepted > 100 and rejected > 100


def test_every_rejection_names_a_real_fault():
    rng = SeededRandom(5)
    for state in random_positions(7, 2):
        color = state.current_color
        for _ in range(PROBES_PER_POSITION):
            move = probe(state, rng)
            try:
                state.check(move)
            except InvalidBlokusMove as error:
                cells = move.cells()
                on_board = all(0 <= x < 20 and 0 <= y < 20 for x, y in cells)
                fault = {
                    MoveMistake.WRONG_SHAPE: move.kind is not state.start_piece,
                    MoveMistake.DUPLICATE_SHAPE: move.kind not in state.undeployed_shapes(color),
                    MoveMistake.OUT_OF_BOUNDS: not on_board,
                    MoveMistake.OBSTRUCTED: any(c in state.board() for c in cells),  # BLUE == 0
                    MoveMistake.TOUCHES_SAME_COLOR: any(
                        state.board().get((x + dx, y + dy)) is color
                        for x, y in cells
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    ),
                    MoveMistake.NOT_ON_BORDER: not any(
                        x in (0, 19) or y in (0, 19) for x, y in cells
                    ),
                    MoveMistake.NO_SHARED_CORNER: True,
                }[error.mistake]
                assert fault, (move, error.mistake)
