"""A socha 5.1.0 bot (Blokus 2027) for botarena's tests: a random move from the **full** legal
set (``GameRuleLogic.get_all_possible_moves``; socha's own ``possible_moves()`` is a filtered
subset, socha-clients.md item 10), a SkipMove when there is none. Seeded.

Run by the socha virtualenv's Python as ``PY socha_bot_2027.py --host H --port P
[--reservation R]``; without a reservation socha sends ``<join/>`` (no gameType). With the
environment variable ``BOTARENA_SOCHA_ILLEGAL=1`` its first move places a MONO at (0, 0),
which the server must reject (the first piece must be the start pentomino).
"""

import os
import random

from socha.api.networking.game_client import IClientHandler  # type: ignore[import-not-found]
from socha.starter import Starter  # type: ignore[import-not-found]

from socha import Coordinate, GameRuleLogic, GameState, Move, Piece, PieceShape, Rotation  # type: ignore[import-not-found]

RNG = random.Random(2027)
ILLEGAL = os.environ.get("BOTARENA_SOCHA_ILLEGAL") == "1"


class Logic(IClientHandler):
    game_state: GameState

    def calculate_move(self) -> Move:
        color = self.game_state.current_color()
        if ILLEGAL:
            mono = Piece(color, PieceShape.Mono, Rotation.NONE, False, Coordinate(0, 0))
            return Move.set_move(mono)
        pieces = GameRuleLogic.get_all_possible_moves(self.game_state)
        if not pieces:
            return Move.skip_move(color)
        return Move.set_move(RNG.choice(pieces))

    def on_update(self, state: GameState) -> None:
        self.game_state = state


if __name__ == "__main__":
    Starter(logic=Logic())
