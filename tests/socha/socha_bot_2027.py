"""A socha 5.1.0 bot (Blokus 2027) for botarena's tests: a random move from the **full** legal
set (``GameRuleLogic.get_all_possible_moves``; socha's own ``possible_moves()`` is a filtered
subset, socha-clients.md item 10), a SkipMove when there is none. Seeded.

Run by the socha virtualenv's Python as ``PY socha_bot_2027.py --host H --port P
[--reservation R]``; without a reservation socha sends ``<join/>`` (no gameType).
"""

import random

from socha.api.networking.game_client import IClientHandler
from socha.starter import Starter

from socha import GameRuleLogic, GameState, Move

RNG = random.Random(2027)


class Logic(IClientHandler):
    game_state: GameState

    def calculate_move(self) -> Move:
        pieces = GameRuleLogic.get_all_possible_moves(self.game_state)
        if not pieces:
            return Move.skip_move(self.game_state.current_color)
        return Move.set_move(RNG.choice(pieces))

    def on_update(self, state: GameState) -> None:
        self.game_state = state


if __name__ == "__main__":
    Starter(logic=Logic())
