"""``test --cluster`` gets its way to a cluster from the command line that composes the
runner (the runner does not import the league, whose Dask executor plays the games)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.league.executors import ClusterGames
from botarena.runner.run import RunConfig, run_test


def test_a_cluster_run_without_a_way_to_the_cluster_is_refused_clearly(tmp_path: Path) -> None:
    config = RunConfig(
        game="piranhas", bot_a="random", bot_b="random", games=2, out_dir=tmp_path / "run",
        cluster="tcp://127.0.0.1:1",
    )  # fmt: skip
    with pytest.raises(ValueError, match="no way to play games on a cluster"):
        asyncio.run(run_test(config))


def test_botarena_test_plays_on_the_leagues_cluster_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    async def connect(address: str, token: str) -> ClusterGames:
        asked.append(address)
        raise OSError(f"no scheduler at {address}")

    monkeypatch.setattr(ClusterGames, "connect", connect)
    out = tmp_path / "run"
    words = ["test", "piranhas", "random", "random", "-n", "2", "--out", str(out)]
    result = CliRunner().invoke(cli, [*words, "--cluster", "tcp://127.0.0.1:9"])
    assert asked == ["tcp://127.0.0.1:9"]
    assert "no scheduler at tcp://127.0.0.1:9" in result.output
    assert result.exit_code != 0
