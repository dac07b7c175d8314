"""Test mode score tables (spec §5.6): per display name, summed or averaged over games.

The arithmetic follows the official BigDecimal code, so ``scoreForPlayer`` prints the same
digits (``2``, ``8.000000``, ``3.0000000``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Context, Decimal

from botarena.core import ScoreAggregation, ScoreFragment

_SIX_PLACES = Decimal("0.000001")
_EIGHT_DIGITS = Context(prec=8, rounding=ROUND_HALF_UP)


@dataclass(slots=True)
class PlayerScoreEntry:
    number_of_tests: int = 0
    values: list[Decimal] = field(default_factory=list)
    fragments: tuple[ScoreFragment, ...] = ()
    """The score definition of the game type this name played (for ``playerScore``)."""


class ScoreTable:
    """Accumulated scores of every display name since the server started."""

    def __init__(self) -> None:
        self._entries: dict[str, PlayerScoreEntry] = {}

    def add(
        self, name: str, fragments: Sequence[ScoreFragment], parts: Sequence[int | float | str]
    ) -> None:
        entry = self._entries.setdefault(name, PlayerScoreEntry())
        if not entry.values:
            entry.values = [Decimal(0) for _ in fragments]
            entry.fragments = tuple(fragments)
        entry.number_of_tests += 1
        n = Decimal(entry.number_of_tests)
        for index, (fragment, part) in enumerate(zip(fragments, parts, strict=False)):
            value = Decimal(str(part))
            old = entry.values[index]
            if fragment.aggregation is ScoreAggregation.SUM:
                entry.values[index] = old + value
            else:
                keep = ((n - 1) / n).quantize(_SIX_PLACES, rounding=ROUND_HALF_UP)
                add = (value / n).quantize(_SIX_PLACES, rounding=ROUND_HALF_UP)
                entry.values[index] = _EIGHT_DIGITS.plus(old * keep + add)

    def entry(self, name: str, fragment_count: int) -> PlayerScoreEntry:
        """The entry of ``name``; an unknown name gets zero tests and zero values (deviation)."""
        found = self._entries.get(name)
        if found is None:
            return PlayerScoreEntry(0, [Decimal(0)] * fragment_count)
        return found

    def fragments_of(self, name: str) -> tuple[ScoreFragment, ...]:
        found = self._entries.get(name)
        return () if found is None else found.fragments
