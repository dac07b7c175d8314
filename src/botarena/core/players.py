"""What every game's built-in players share: the player interface, the random player, and
the arg-max with seeded tie-breaking that greedy players are built on.

A player is an object with a ``name`` and ``choose_move(state) -> move``; each game adds its
own greedy and search players in ``botarena.games.<game>.players``: a greedy player is a
:class:`GreedyPlayer` with the game's ``move_value``, and a :class:`PlayerTable` (a game's
players by name with their options) gives every game its ``make_player``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from botarena.core.game import GameState
from botarena.core.rng import SeededRandom

MoveT = TypeVar("MoveT")
StateT = TypeVar("StateT", bound=GameState[Any])
StateT_contra = TypeVar("StateT_contra", contravariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)


class Player(Protocol[StateT_contra, MoveT_co]):
    """A built-in player: a name and a move for any running position."""

    name: str

    def choose_move(self, state: StateT_contra) -> MoveT_co:
        """A legal move for the seat to move. Raises :class:`NoLegalMove` when the game is over."""
        ...


class NoLegalMove(ValueError):  # noqa: N818 - reads as the condition, like InvalidMove
    """``choose_move`` was called on a finished game."""


def legal_moves_or_raise(state: GameState[MoveT]) -> Sequence[MoveT]:
    """The legal moves of ``state``; :class:`NoLegalMove` instead of an empty list."""
    moves = state.legal_moves()
    if not moves:
        raise NoLegalMove(f"no legal move: the game is over ({state.outcome()})")
    return moves


class RandomPlayer(Generic[MoveT]):
    """A uniformly random legal move, from a seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def choose_move(self, state: GameState[MoveT]) -> MoveT:
        return self.rng.choice(legal_moves_or_raise(state))


class GreedyPlayer(Generic[StateT, MoveT]):
    """The move of highest :meth:`move_value` after one ply; a seeded random choice among ties.

    A game subclasses it with its own ``move_value``.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = SeededRandom(seed)

    def move_value(self, state: StateT, move: MoveT) -> float:
        """How good ``move`` is for the side to move in ``state`` (higher is better)."""
        raise NotImplementedError

    def choose_move(self, state: StateT) -> MoveT:
        def value_of(move: MoveT) -> float:
            return self.move_value(state, move)

        moves: Sequence[MoveT] = legal_moves_or_raise(state)
        return choose_best(moves, value_of, self.rng)


def choose_best(
    moves: Iterable[MoveT], value_of: Callable[[MoveT], float], rng: SeededRandom
) -> MoveT:
    """The move of highest ``value_of``; a seeded random choice among equally good ones."""
    best: list[MoveT] = []
    best_value = float("-inf")
    for move in moves:
        value = value_of(move)
        if value > best_value:
            best_value = value
            best = [move]
        elif value == best_value:
            best.append(move)
    if not best:
        raise NoLegalMove("no move to choose from")
    return best[0] if len(best) == 1 else rng.choice(best)


def check_player_options(
    name: str, options: Mapping[str, Any], accepted: Mapping[str, Iterable[str]]
) -> None:
    """Raise a clear ``ValueError`` for an unknown player name or an option it does not take.

    ``accepted`` maps each player name of a game to the option names it takes.
    """
    if name not in accepted:
        raise ValueError(f"unknown player {name!r}; choose one of {', '.join(accepted)}")
    takes = set(accepted[name])
    unknown = sorted(set(options) - takes)
    if unknown and not takes:
        raise ValueError(f"the {name} player takes no options, got {', '.join(unknown)}")
    if unknown:
        raise ValueError(f"unknown {name} player options: {', '.join(unknown)}")


STANDARD_PLAYER_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "random": (),
    "greedy": (),
    "search": ("time_budget", "max_depth"),
}
"""The player options of games whose search player takes a time budget and a depth limit."""

PlayerT_co = TypeVar("PlayerT_co", covariant=True)


class PlayerTable(Generic[PlayerT_co]):
    """A game's built-in players by name, the options each takes, and its ``make_player``.

    A game's players module says ``PLAYERS = PlayerTable(random=…, greedy=…, search=…)``
    and exports ``PLAYER_OPTIONS = PLAYERS.options``, ``PLAYER_NAMES = PLAYERS.names`` and
    ``make_player = PLAYERS.make_player``.
    """

    def __init__(
        self,
        options: Mapping[str, Iterable[str]] = STANDARD_PLAYER_OPTIONS,
        **players: Callable[..., PlayerT_co],
    ) -> None:
        if set(players) != set(options):
            raise ValueError(f"players {sorted(players)} and options {sorted(options)} differ")
        self.players = players
        self.options: dict[str, tuple[str, ...]] = {name: tuple(options[name]) for name in players}
        """Each built-in player and the options :meth:`make_player` passes to it."""
        self.names = tuple(players)

    def make_player(self, name: str, seed: int | None = None, **options: Any) -> PlayerT_co:
        """The built-in player ``name`` with ``seed``; ``options`` go to its constructor
        (checked first: an unknown name or option is a clear ``ValueError``)."""
        check_player_options(name, options, self.options)
        return self.players[name](seed=seed, **options)
