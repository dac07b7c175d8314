"""Piranhas, Software-Challenge 2019 (``swc_2019_piranhas``): rules, state XML, obstacles.

Quick use::

    from botarena.core import SeededRandom
    from botarena.games.piranhas import PiranhasGame

    state = PiranhasGame().new_initial_state(SeededRandom(1))
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    print(state.outcome())
"""

from typing import TYPE_CHECKING

from botarena.games.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from botarena.games.piranhas.model import Direction, FieldState, Move, PlayerColor
    from botarena.games.piranhas.obstacles import generate_obstacles, obstacle_violations
    from botarena.games.piranhas.rules import (
        DEFAULT_DISPLAY_NAME,
        GAME_TYPE,
        REASON_BLOCKED,
        REASON_EQUAL_SWARMS,
        REASON_ROUND_LIMIT,
        REASON_SWARM_CONNECTED,
        ROUND_LIMIT_TURNS,
        SWARM_FRAGMENT,
        WINNER_FRAGMENT,
        PiranhasGame,
        PiranhasState,
    )


__all__ = [
    "DEFAULT_DISPLAY_NAME",
    "GAME_TYPE",
    "REASON_BLOCKED",
    "REASON_EQUAL_SWARMS",
    "REASON_ROUND_LIMIT",
    "REASON_SWARM_CONNECTED",
    "ROUND_LIMIT_TURNS",
    "SWARM_FRAGMENT",
    "WINNER_FRAGMENT",
    "Direction",
    "FieldState",
    "Move",
    "PiranhasGame",
    "PiranhasState",
    "PlayerColor",
    "generate_obstacles",
    "obstacle_violations",
]

__getattr__ = lazy_exports(
    __name__,
    __all__,
    (
        "botarena.games.piranhas.model",
        "botarena.games.piranhas.obstacles",
        "botarena.games.piranhas.rules",
    ),
)
