"""benchmarks/tune_piranhas.py: a tiny seeded run prints its lines and repeats exactly; the
core's searcher takes and checks the weights it tunes."""

from __future__ import annotations

import pytest
from benchmarks import tune_piranhas

from botarena.native import core


def run(capsys: pytest.CaptureFixture[str], seed: int, season: int = 2019) -> list[str]:
    argv = ["--iterations", "3", "--nodes", "200", "--match-pairs", "2", "--seed", str(seed)]
    argv += ["--season", str(season)]
    assert tune_piranhas.main(argv) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("season", [2019, 2026])
def test_a_seeded_run_prints_its_lines_and_repeats_exactly(
    capsys: pytest.CaptureFixture[str], season: int
) -> None:
    first = run(capsys, 3, season)
    assert [row.split(":")[0] for row in first] == [
        "# start",
        "# iteration 0",
        "# iteration 1",
        "# iteration 2",
        "tuned",
        "match",
        "adopt",
    ]
    assert first[-1] in ("adopt: yes", "adopt: no")
    wins, draws, losses = first[-2].split()[1].rstrip(",").split("-")
    assert int(wins) + int(draws) + int(losses) == 4
    assert f"Piranhas {season}," in first[0]
    assert run(capsys, 3, season) == first  # node budgets, not time: the same seed, the same run


def test_a_pair_swaps_sides() -> None:
    season = tune_piranhas.SEASONS[2019]
    strong, weak = (10_000, 400, 100), (1, 1, 100_000)  # weak: only counts its fish
    one, two = tune_piranhas.play_pair(season, strong, weak, 5, 200)
    assert one == tune_piranhas.play(season, strong, weak, 5, 200)
    assert two == 1.0 - tune_piranhas.play(season, weak, strong, 5, 200)


def test_the_searcher_refuses_weights_out_of_range() -> None:
    assert core is not None
    assert core.PiranhasSearcher(10, (1, 2, 3)).weights == (1, 2, 3)
    assert core.PiranhasSearcher(10, weights_2026=(4, 5, 6)).weights_2026 == (4, 5, 6)
    with pytest.raises(ValueError, match=r"weights must be in 0\.\.=100000"):
        core.PiranhasSearcher(10, (1, 2, 100_001))
    with pytest.raises(ValueError, match=r"weights must be in 0\.\.=100000"):
        core.PiranhasSearcher(10, weights_2026=(-1, 2, 3))
