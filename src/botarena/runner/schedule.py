"""Which games a run plays: pairs with the same seed and sides swapped, seeds from one base seed.

Game ``2k`` and ``2k+1`` form pair ``k``: both use the seed of pair ``k``; in the even game bot
0 sits in slot 0 (moves first), in the odd game bot 1 does. Everything is a pure function of
the base seed, so a resumed run plays exactly the games the interrupted one would have.
"""

from __future__ import annotations

from dataclasses import dataclass

from botarena.core import SeededRandom

MAX_GAMES = 1_000_000
"""Largest ``-n`` accepted (the schedule is materialised)."""


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    index: int
    pair: int
    seed: int
    seats: tuple[int, int]
    """Bot index (0 = BOT_A, 1 = BOT_B) per slot: ``seats[0]`` moves first."""


def pair_seed(base_seed: int, pair: int) -> int:
    return SeededRandom(base_seed).derive(f"pair-{pair}").seed_value


def schedule(games: int, base_seed: int) -> list[ScheduledGame]:
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"the number of games must be between 1 and {MAX_GAMES}, got {games}")
    result = []
    for index in range(games):
        pair = index // 2
        seats = (0, 1) if index % 2 == 0 else (1, 0)
        result.append(ScheduledGame(index, pair, pair_seed(base_seed, pair), seats))
    return result
