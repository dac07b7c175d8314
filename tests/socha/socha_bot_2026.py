"""A socha 4.3.9 bot (Piranhas 2026) for botarena's tests: a random legal move, seeded.

Run by the socha virtualenv's Python as ``PY socha_bot_2026.py --host H --port P
[--reservation R]``; without a reservation socha sends ``<join/>`` (no gameType). With the
environment variable ``BOTARENA_SOCHA_ILLEGAL=1`` its first move starts on the empty corner
(0, 0), which the server must reject (``WRONG_START``). With ``BOTARENA_SOCHA_THINK_S=S`` it
thinks S seconds from the start of its ``calculate_move`` call (as contest bots budget their
time), for its first ``BOTARENA_SOCHA_SLOW_MOVES`` moves (default: every move).
"""

import os
import random
import time

from socha.api.networking.game_client import IClientHandler  # type: ignore[import-not-found]
from socha.starter import Starter  # type: ignore[import-not-found]

from socha import Coordinate, Direction, GameState, Move  # type: ignore[import-not-found]

RNG = random.Random(2026)
ILLEGAL = os.environ.get("BOTARENA_SOCHA_ILLEGAL") == "1"
THINK_S = float(os.environ.get("BOTARENA_SOCHA_THINK_S") or 0)
SLOW_MOVES = int(os.environ.get("BOTARENA_SOCHA_SLOW_MOVES") or 1_000_000)


class Logic(IClientHandler):
    game_state: GameState
    moves_made = 0

    def calculate_move(self) -> Move:
        started = time.monotonic()
        if ILLEGAL:
            return Move(Coordinate(0, 0), Direction.Up)
        move = RNG.choice(self.game_state.possible_moves())
        if self.moves_made < SLOW_MOVES:
            time.sleep(max(0.0, started + THINK_S - time.monotonic()))  # "thinking"
        self.moves_made += 1
        return move

    def on_update(self, state: GameState) -> None:
        self.game_state = state


if __name__ == "__main__":
    Starter(logic=Logic())
