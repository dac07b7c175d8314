"""benchmarks/strength.py: reading a match from the runner's summary, and its usage errors
(the matches themselves are real games: run by hand, see the script's doc)."""

from __future__ import annotations

import pytest
from benchmarks import strength


def summary() -> dict[str, object]:
    return {
        "settings": {"bots": [{"label": "strong"}, {"label": "search"}]},
        "statistics": {
            "games": 4,
            "wins": 3,
            "draws": 0,
            "losses": 1,
            "elo": 190.8,
            "elo_ci95": [-50.2, 431.0],
            "irregular_games": 1,
            "void_games": 0,
        },
        "games": [
            {"move_times_ms": [100.0, 5.0, 120.0], "move_bots": ["strong", "search", "strong"]},
            {"move_times_ms": [7.0, 140.0], "move_bots": ["search", "strong"]},
        ],
    }


def test_a_match_is_read_from_the_runner_summary() -> None:
    match = strength.read_match("search", summary())
    assert (match.games, match.wins, match.draws, match.losses) == (4, 3, 0, 1)
    assert match.irregular == 1
    assert match.strong_max_ms == 140.0
    assert match.strong_avg_ms == pytest.approx(120.0)
    assert strength.elo_text(match) == "+191 [-50, +431]"


def test_an_unbounded_elo_says_so() -> None:
    data = summary()
    data["statistics"].update(elo=None, elo_ci95=[None, None])  # type: ignore[attr-defined]
    match = strength.read_match("greedy", data)
    assert strength.elo_text(match) == "n/a (no wins or no losses: unbounded)"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "piranhas-2019", "--games", "3"], "--games must be even"),
        (["--game", "chess"], "chess"),
    ],
)
def test_usage_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        strength.main(args)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
