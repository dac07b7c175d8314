"""A socha 4.3.9 bot (Piranhas 2026) for botarena's tests: a random legal move, seeded.

Run by the socha virtualenv's Python as ``PY socha_bot_2026.py --host H --port P
[--reservation R]``; without a reservation socha sends ``<join/>`` (no gameType). With the
environment variable ``BOTARENA_SOCHA_ILLEGAL=1`` its first move starts on the empty corner
(0, 0), which the server must reject (``WRONG_START``).
"""

import os
import random

from socha.api.networking.game_client import IClientHandler  # type: ignore[import-not-found]
from socha.starter import Starter  # type: ignore[import-not-found]

from socha import Coordinate, Direction, GameState, Move  # type: ignore[import-not-found]

RNG = random.Random(2026)
ILLEGAL = os.environ.get("BOTARENA_SOCHA_ILLEGAL") == "1"


class Logic(IClientHandler):
    game_state: GameState

    def calculate_move(self) -> Move:
        if ILLEGAL:
            return Move(Coordinate(0, 0), Direction.Up)
        return RNG.choice(self.game_state.possible_moves())

    def on_update(self, state: GameState) -> None:
        self.game_state = state


if __name__ == "__main__":
    Starter(logic=Logic())
