"""Issue 23 finding 7 (the cause text): a remote game whose first memento arrives after the
connect timeout (a busy server) and then ends with a SOFT_TIMEOUT is reported as that
timeout, without the false "did not connect within N s" (before: both were in the cause)."""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass, field
from pathlib import Path

from botarena.core import GameResult, ScoreCause, SlotScore
from botarena.runner.bots import BotSpec
from botarena.runner.driver import DriverLimits, play_game
from botarena.runner.hosts import GameEnd
from botarena.runner.launch import PerGameLauncher
from botarena.runner.schedule import ScheduledGame
from botarena.server import SlotDescriptor

WAITING_BOT = BotSpec("waiter", (sys.executable, "-c", "import time; time.sleep(600)"))
"""Stays alive without ever connecting: the runner's watchdog alone decides."""
SOFT_TIMEOUT_RESULT = GameResult.from_scores(
    [
        SlotScore(ScoreCause.SOFT_TIMEOUT, "did not answer in time", (0,)),
        SlotScore(ScoreCause.REGULAR, "", (2,)),
    ]
)


@dataclass
class LateHandle:
    """A remote game as a runner behind a busy server sees it: never seen starting; the
    forced start (the runner's ``step``) arrives after the game was played."""

    finished: asyncio.Future[GameEnd]
    reservations: tuple[str, ...] = ("r0", "r1")
    steps: list[str] = field(default_factory=list)

    def started(self) -> bool:
        return False

    def seated(self, slot: int) -> bool:
        return False

    def force_start(self) -> None:
        self.steps.append("step")
        if not self.finished.done():
            self.finished.set_result(GameEnd(SOFT_TIMEOUT_RESULT, 12, []))

    def abort(self, why: str) -> None:
        self.steps.append("cancel")

    def attach_meter(self, slot: int, meter: object) -> None:
        """A remote game reads no meter."""


class LateHost:
    host, port = "127.0.0.1", 9

    def __init__(self) -> None:
        self.handle: LateHandle | None = None

    async def prepare(
        self, game_type: str, slots: list[SlotDescriptor], seed: int, replay_path: Path | None
    ) -> LateHandle:
        self.handle = LateHandle(asyncio.get_running_loop().create_future())
        return self.handle

    async def close(self) -> None:
        return None


def test_a_game_seen_late_keeps_its_real_cause(tmp_path):
    host = LateHost()
    limits = DriverLimits(connect_timeout_s=0.0, game_timeout_s=60.0, exit_grace_s=0.1)
    record = asyncio.run(
        play_game(
            host,
            game_type="swc_2019_piranhas",
            game=ScheduledGame(index=0, pair=0, seed=1, seats=(0, 1)),
            bots=(WAITING_BOT, WAITING_BOT),
            run_dir=tmp_path,
            limits=limits,
            launcher=PerGameLauncher("127.0.0.1", 9),
            replays="none",
        )
    )
    assert host.handle is not None and host.handle.steps == ["step"]
    assert record.slots[0].cause == "SOFT_TIMEOUT"
    assert "did not connect" not in record.cause
    assert "SOFT_TIMEOUT: did not answer in time" in record.cause
    assert all(slot.runner_note is None for slot in record.slots)
