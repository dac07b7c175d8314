from __future__ import annotations

import pytest

from botarena.core import SeededRandom, Team, new_seed


def test_same_seed_same_stream() -> None:
    a, b = SeededRandom(42), SeededRandom(42)
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
    assert a.seed_value == 42


def test_unseeded_generator_records_its_seed_so_it_can_be_replayed() -> None:
    rng = SeededRandom()
    replay = SeededRandom(rng.seed_value)
    assert [rng.randrange(1000) for _ in range(10)] == [replay.randrange(1000) for _ in range(10)]


def test_derived_streams_are_deterministic_and_independent() -> None:
    root = SeededRandom(7)
    assert root.derive("deck").seed_value == SeededRandom(7).derive("deck").seed_value
    assert root.derive("deck").seed_value != root.derive("board").seed_value


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_seed_out_of_range_is_rejected(seed: int) -> None:
    with pytest.raises(ValueError, match="seed must be in"):
        SeededRandom(seed)


def test_new_seed_fits_in_a_java_long() -> None:
    assert all(0 <= new_seed() < 2**63 for _ in range(100))


def test_team_opponent() -> None:
    assert Team.ONE.opponent is Team.TWO and Team.TWO.opponent is Team.ONE
