"""run_together: every game task ends with the run, whether it finishes, fails or is cancelled."""

from __future__ import annotations

import asyncio

import pytest

from botarena.runner.tasks import run_together


def test_every_coroutine_runs_to_its_end() -> None:
    done: list[int] = []

    async def game(index: int) -> None:
        await asyncio.sleep(0)
        done.append(index)

    asyncio.run(run_together(game(i) for i in range(5)))
    assert sorted(done) == [0, 1, 2, 3, 4]


def test_a_failing_coroutine_cancels_the_others_before_the_error_goes_on() -> None:
    cancelled: list[str] = []

    async def waits_forever() -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.append("waiting")
            raise

    async def fails() -> None:
        await asyncio.sleep(0)
        raise RuntimeError("broken game")

    async def scenario() -> None:
        with pytest.raises(RuntimeError, match="broken game"):
            await run_together([waits_forever(), fails()])
        assert cancelled == ["waiting"]  # already, not only when asyncio.run cleans up

    asyncio.run(scenario())


def test_cancelling_the_caller_cancels_every_task() -> None:
    cancelled: list[int] = []

    async def scenario() -> None:
        started: list[int] = []
        all_started = asyncio.Event()

        async def waits_forever(index: int) -> None:
            started.append(index)
            if len(started) == 3:
                all_started.set()
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                cancelled.append(index)
                raise

        runner = asyncio.create_task(run_together(waits_forever(i) for i in range(3)))
        await all_started.wait()
        runner.cancel()
        with pytest.raises(asyncio.CancelledError):
            await runner
        assert sorted(cancelled) == [0, 1, 2]

    asyncio.run(scenario())
