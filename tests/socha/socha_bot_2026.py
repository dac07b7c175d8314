"""A socha 4.3.9 bot (Piranhas 2026) for botarena's tests: a random legal move, seeded.

Run by the socha virtualenv's Python as ``PY socha_bot_2026.py --host H --port P
[--reservation R]``; without a reservation socha sends ``<join/>`` (no gameType).
"""

import random

from socha.api.networking.game_client import IClientHandler
from socha.starter import Starter

from socha import GameState, Move

RNG = random.Random(2026)


class Logic(IClientHandler):
    game_state: GameState

    def calculate_move(self) -> Move:
        return RNG.choice(self.game_state.possible_moves())

    def on_update(self, state: GameState) -> None:
        self.game_state = state


if __name__ == "__main__":
    Starter(logic=Logic())
