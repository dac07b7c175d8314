"""Seedable randomness: every random choice in botarena comes from a :class:`SeededRandom`.

A seed is a non-negative int below 2**63, so it fits in JSON, in logs and in Java's ``long``.
Log ``rng.seed_value`` wherever a random game starts, so the game can be replayed from it.
"""

from __future__ import annotations

import hashlib
import random
import secrets

SEED_BITS = 63


def new_seed() -> int:
    """A fresh seed from the operating system's entropy."""
    return secrets.randbits(SEED_BITS)


class SeededRandom(random.Random):
    """A :class:`random.Random` that remembers the seed it was made from."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed_value = new_seed() if seed is None else seed
        if not 0 <= self.seed_value < 2**SEED_BITS:
            raise ValueError(f"seed must be in [0, 2**{SEED_BITS}), got {self.seed_value}")
        super().__init__(self.seed_value)

    def derive(self, label: str) -> SeededRandom:
        """An independent generator for one purpose, determined by this seed and ``label``.

        Deriving keeps streams apart: drawing more obstacles does not change the shuffle.
        """
        digest = hashlib.sha256(f"{self.seed_value}:{label}".encode()).digest()
        return SeededRandom(int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS))

    def __repr__(self) -> str:
        return f"SeededRandom(seed={self.seed_value})"
