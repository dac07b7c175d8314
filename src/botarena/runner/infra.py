"""Games the machine spoiled: a game that ended as an infra error (``--clock cpu``: a move
reached its wall cap with its CPU time under the limit) is played again with the same seed,
at most :data:`~botarena.runner.limits.MAX_INFRA_ERROR_REPLAYS` times; ``test`` and
``tournament`` share this loop."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from botarena.runner.limits import MAX_INFRA_ERROR_REPLAYS
from botarena.runner.record import GameRecord

Played = TypeVar("Played")


async def replaying_infra_errors(
    play: Callable[[int], Awaitable[Played]],
    record_of: Callable[[Played], GameRecord],
    spoiled: Callable[[GameRecord], None],
    limit: int = MAX_INFRA_ERROR_REPLAYS,
) -> Played:
    """``play(replay)`` (``replay``: how often the game was spoiled before) until its record
    is no infra error or ``limit`` replays were played; ``spoiled`` hears of each spoiled
    record that is played again. The last record counts its replays (``infra_replays``)."""
    replay = 0
    while True:
        played = await play(replay)
        record = record_of(played)
        if not record.infra_error or replay >= limit:
            record.infra_replays = replay
            return played
        spoiled(record)
        replay += 1
