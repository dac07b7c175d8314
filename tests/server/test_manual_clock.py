"""The manual clock: time moves only when told; timers fire in order at their own time."""

from __future__ import annotations

from botarena.server.manual_clock import ManualClock


def test_time_stands_still_until_advanced():
    clock = ManualClock(start=5.0)
    assert clock.time() == 5.0
    clock.advance(1.5)
    assert clock.time() == 6.5
    clock.advance_to(2.0)  # never backwards
    assert clock.time() == 6.5


def test_timers_fire_in_due_order_each_seeing_its_own_time():
    clock = ManualClock()
    seen: list[tuple[str, float]] = []
    clock.call_later(2.0, lambda: seen.append(("b", clock.time())))
    clock.call_later(1.0, lambda: seen.append(("a", clock.time())))
    clock.call_later(2.0, lambda: seen.append(("c", clock.time())))  # tie: in order set
    clock.call_later(9.0, lambda: seen.append(("late", clock.time())))
    clock.advance_to(5.0)
    assert seen == [("a", 1.0), ("b", 2.0), ("c", 2.0)]
    assert clock.time() == 5.0


def test_a_cancelled_timer_never_fires_and_a_timer_set_by_a_timer_fires_in_range():
    clock = ManualClock()
    seen: list[float] = []
    cancelled = clock.call_later(1.0, lambda: seen.append(-1.0))
    cancelled.cancel()

    def set_another() -> None:
        clock.call_later(0.5, lambda: seen.append(clock.time()))

    clock.call_later(1.0, set_another)
    clock.advance_to(2.0)
    assert seen == [1.5]
