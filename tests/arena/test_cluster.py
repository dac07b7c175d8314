"""The arena's ladder with its worker loops on a real local Dask cluster (a ``dask
scheduler`` and two ``dask worker`` processes on 127.0.0.1, as the tournament's test)."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.arena.processes import Started, bot_folder, botarena, line_value, rows, serve, wait_for
from tests.league.test_cluster import Daemon, cluster

__all__ = ["cluster"]


def test_the_ladder_on_two_dask_workers(tmp_path: Path, cluster: tuple[str, list[Daemon]]) -> None:
    address, _ = cluster
    folder = tmp_path / "arena"
    organiser = line_value(
        botarena("arena", "init", str(folder), "--organiser", "Olga").stdout, "token"
    )
    arena, url = serve(folder, "--workers", "0", "--queue", "4")
    loops = None
    try:
        for team, player in (("alpha", "greedy"), ("beta", "random")):
            token = line_value(
                botarena("arena", "add-team", "--server", url, "--token", organiser, team).stdout,
                "token",
            )
            bot = bot_folder(tmp_path, team, player)
            botarena(
                "arena", "submit", "--server", url, "--token", token, "--game", "piranhas", str(bot)
            )
        loops = Started(
            "worker",
            "--server",
            url,
            "--token",
            organiser,
            "--cluster",
            address,
            "--count",
            "2",
            "--sandbox",
            "rlimit",
        )
        wait_for(
            lambda: (
                len(rows(folder, "SELECT 1 FROM workers WHERE results > 0")) == 2
                and rows(folder, "SELECT 1 FROM matches WHERE kind = 'ladder' AND status = 'done'")
            ),
            "ladder games played by both Dask workers",
        )
        assert len(rows(folder, "SELECT 1 FROM submissions WHERE status = 'accepted'")) == 2
        loops.process.send_signal(signal.SIGTERM)
        assert loops.read_line("stopped the worker loops on ").count("tcp://") == 2
        assert loops.process.wait(60) == 0
    finally:
        if loops is not None:
            loops.stop()
        arena.stop()
