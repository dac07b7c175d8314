"""The Blokus 2027 game state and its rules: validation, application, elimination, scoring.

Follows ``shared/spec/blokus-2027.md`` (official backend 27.0.4, Kotlin code over the rules
page where they disagree): first pieces go to the **border**, the start piece may be
PENTO_X, the game ends at ``round >= 25`` (turn 96), points are
``89 - squares left`` (+15 when all 21 are placed, +5 more when MONO was last).

The board is one bitboard per colour (geometry of :mod:`botarena.games.blokus.board`), the
undeployed shapes one 21-bit set per colour.
"""

from __future__ import annotations

from enum import Enum

from botarena.core import InvalidMove, ScoreAggregation, ScoreFragment, SeededRandom, Team
from botarena.games.blokus.board import fields
from botarena.games.blokus.colors import Color
from botarena.games.blokus.movegen import target_fields
from botarena.games.blokus.moves import Move
from botarena.games.blokus.shapes import ALL_SHAPES, Shape
from botarena.games.blokus.state_base import BlokusStateBase
from botarena.games.blokus_2027.movegen import BORDER_MASK
from botarena.games.blokus_2027.moves import InvalidBlokusMove, MoveMistake

GAME_TYPE = "swc_2027_blokus"
"""The official ``gameType`` of the Software-Challenge server."""

ROUND_LIMIT = 25
"""The game is over once ``round >= ROUND_LIMIT`` (official ``Constants.ROUND_LIMIT``)."""
TURN_LIMIT = 4 * (ROUND_LIMIT - 1)
"""``round = 1 + turn // 4 >= 25`` iff ``turn >= 96``: 24 rounds are played."""

START_PIECES: tuple[Shape, ...] = tuple(shape for shape in ALL_SHAPES if shape.size == 5)
"""The start shape is drawn among all 12 pentominoes (PENTO_X included, unlike 2021)."""

WIN_POINTS_FRAGMENT = ScoreFragment("Siegpunkte", ScoreAggregation.SUM)
"""The official first fragment (match points 2/1/0); the framework writes it."""
POINTS_FRAGMENT = ScoreFragment("Punkte", ScoreAggregation.AVERAGE)
"""The official second fragment: the team's points."""


class WinReason(Enum):
    """The official ``BlokusWinReason`` with its German message (``%s`` = winner's name)."""

    DIFFERING_SCORES = "%s hat am meisten Punkte erzielt."
    TIE = "Beide Spieler sind gleichauf"

    def message(self, winner_name: str = "") -> str:
        return self.value.replace("%s", winner_name)


def draw_start_piece(rng: SeededRandom) -> Shape:
    """The start shape, uniform among the 12 pentominoes (spec §1)."""
    return rng.choice(START_PIECES)


class BlokusState(BlokusStateBase):
    """A Blokus 2027 position (mutable: :meth:`apply` changes it, :meth:`clone` copies).

    Implements :class:`botarena.core.GameState`; the seat is the team index (ONE = 0).
    Official ``isOver``: no colour left, or ``round >= ROUND_LIMIT``; a colour's first
    piece must cover a free border field (spec §2.1).
    """

    TURN_LIMIT = TURN_LIMIT
    FIRST_MOVE_MASK = BORDER_MASK
    FIRST_MOVE_MISTAKE = MoveMistake.NOT_ON_BORDER.name

    __slots__ = ()

    def check_setup(self, start_piece: Shape, turn: int) -> None:
        if start_piece not in START_PIECES:
            raise ValueError(f"the start piece must be a pentomino, not {start_piece.name}")
        if turn < 0:
            raise ValueError(f"turn must not be negative, got {turn}")

    def anchors(self, color: Color) -> list[tuple[int, int]]:
        """Fields one of which ``color``'s next piece must cover, row-major: free border
        fields on its first move, else free diagonal neighbours without an own edge
        neighbour (the official ``getValidFields``)."""
        first = self.is_first_move(color)
        return list(fields(target_fields(self.own[color], self.occupied, first, BORDER_MASK)))

    def win_condition(self) -> tuple[Team | None, WinReason] | None:
        """The official ``winCondition``: ``None`` while running, else the winning team
        (``None`` for a draw) and the reason."""
        outcome = self.outcome()
        if outcome is None:
            return None
        if outcome.winner is None:
            return None, WinReason.TIE
        return Team(outcome.winner), WinReason.DIFFERING_SCORES

    def invalid(self, mistake: str, move: Move) -> InvalidMove:
        return InvalidBlokusMove(MoveMistake[mistake], move)


class BlokusGame:
    """Blokus 2027: two teams of two colours each on a 20×20 board."""

    name = "blokus2027"
    game_type = GAME_TYPE
    min_players = 2
    max_players = 2
    score_fragments: tuple[ScoreFragment, ...] = (POINTS_FRAGMENT,)

    def new_initial_state(self, rng: SeededRandom, players: int = 2) -> BlokusState:
        if players != 2:
            raise ValueError(f"Blokus is played by exactly 2 players, not {players}")
        return BlokusState(draw_start_piece(rng))
