"""The game-agnostic model: seats and teams, outcomes, scores, invalid moves, seeded randomness.

Every game plugin builds on these types, so the server, the runner and the SDK can treat
all games alike.
"""

from botarena.core.errors import InvalidMove
from botarena.core.game import Game, GameState
from botarena.core.outcome import Outcome, ScoreCause
from botarena.core.result import GameResult, SlotScore
from botarena.core.rng import SeededRandom, new_seed
from botarena.core.score import ScoreAggregation, ScoreFragment, match_points
from botarena.core.team import Seat, Team

__all__ = [
    "Game",
    "GameResult",
    "GameState",
    "InvalidMove",
    "Outcome",
    "ScoreAggregation",
    "ScoreCause",
    "ScoreFragment",
    "Seat",
    "SeededRandom",
    "SlotScore",
    "Team",
    "match_points",
    "new_seed",
]
