"""The uniform game API every game plugin implements (in the spirit of OpenSpiel and python-chess).

A :class:`Game` describes a game (its name, player count, score definition) and creates
initial states. A :class:`GameState` is a mutable position: list the legal moves, apply one,
ask whether the game is over and how it ended, clone it for search. Moves are small immutable
values (frozen dataclasses) defined by each game.

Perfect-information two-player games (Piranhas, Hase und Igel, Blokus) and games with hidden
hands for 2-4 players (Mau-Mau) share this API: ``view(seat)`` returns what one seat may see;
for perfect-information games it is the state itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, TypeVar

from botarena.core.outcome import Outcome
from botarena.core.rng import SeededRandom
from botarena.core.score import ScoreFragment
from botarena.core.team import Seat

MoveT = TypeVar("MoveT")


class GameState(Protocol[MoveT]):
    """A position of a game. Mutable: :meth:`apply` changes it in place; :meth:`clone` copies."""

    @property
    def players(self) -> int:
        """Number of seats in this game."""
        ...

    @property
    def current_seat(self) -> Seat | None:
        """The seat to move, or ``None`` when the game is over."""
        ...

    def legal_moves(self) -> Sequence[MoveT]:
        """Every legal move of the seat to move (empty when the game is over)."""
        ...

    def apply(self, move: MoveT) -> None:
        """Validate and perform ``move`` for the seat to move.

        Raises :class:`botarena.core.InvalidMove` with the official reason text when the move
        is illegal; the state is then unchanged unless the game's official rules say otherwise.
        """
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended by the rules, or ``None`` while it is running."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Per-seat returns (1 win, 0.5 draw, 0 loss); all 0.5 while the game is running."""
        ...

    def scores(self, seat: Seat) -> tuple[int | float, ...]:
        """The game statistics of ``seat`` after match points (e.g. largest swarm size)."""
        ...

    def clone(self) -> Self:
        """An independent copy."""
        ...

    def view(self, seat: Seat) -> object:
        """What ``seat`` may see of this state (the state itself in perfect-information games)."""
        ...


# Any, not object: GameState is invariant in its move type, and a game's state accepts only its
# own moves, so GameState[Move] is not a GameState[object].
StateT_co = TypeVar("StateT_co", bound=GameState[Any], covariant=True)


class Game(Protocol[StateT_co]):
    """A game: its identity, its score definition and how to start one."""

    name: str
    """Short name used on the command line, e.g. ``piranhas``."""
    min_players: int
    max_players: int
    score_fragments: tuple[ScoreFragment, ...]
    """Score definition after the match-point fragment (which every game has first)."""

    def new_initial_state(self, rng: SeededRandom, players: int = 2) -> StateT_co:
        """A new game whose random setup (obstacles, board, shuffle) comes from ``rng``."""
        ...
