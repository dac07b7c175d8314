"""Tournament throughput: the same round robin locally and on a local Dask cluster of 1 and
2 workers, and what the coordinator costs per game.

    .venv/bin/python benchmarks/tournament_throughput.py [--bots N] [--games-per-pairing G]

Prints ``local_games_per_s`` (``--concurrency`` = number of cores), ``dask1_games_per_s`` and
``dask2_games_per_s`` (a ``distributed.LocalCluster`` of 1 / 2 worker processes with one
thread each: one game at a time per worker), then the coordinator's own costs:
``store_add_per_s`` (records appended and fsynced to games.jsonl per second),
``plan_200_bots_s`` (scheduling a 200-bot round robin, 39,800 games) and
``results_200_bots_s`` (standings, Bradley-Terry, OpenSkill, cross-table and report.html
for those 39,800 games).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from botarena.league import formats
from botarena.league.store import TournamentStore
from botarena.league.tournament import TournamentConfig, run_tournament, write_results
from botarena.runner.record import GameRecord

BUILTINS = ("random", "greedy")


def field(bots: int) -> list[str]:
    return [BUILTINS[i % len(BUILTINS)] for i in range(bots)]


def play(out: Path, bots: int, games_per_pairing: int, **options: Any) -> float:
    config = TournamentConfig(
        game="piranhas",
        format="roundrobin",
        bots=field(bots),
        games_per_pairing=games_per_pairing,
        seed=1,
        out_dir=out,
        **options,
    )
    started = time.perf_counter()
    outcome = asyncio.run(run_tournament(config, echo=lambda _: None))
    elapsed = time.perf_counter() - started
    assert outcome.complete
    return outcome.games_played / elapsed


def on_dask(out: Path, workers: int, bots: int, games_per_pairing: int) -> float:
    from distributed import LocalCluster  # noqa: PLC0415

    with LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        return play(out, bots, games_per_pairing, cluster=cluster.scheduler_address)


def synthetic_records(labels: list[str], games: list[formats.PlannedGame]) -> list[GameRecord]:
    records = []
    for game in games:
        a, b = game.seats
        winner = a if (game.index * 7919) % 3 else b
        records.append(
            GameRecord.from_json(
                {
                    "index": game.index,
                    "round": game.round,
                    "pairing": game.pairing,
                    "seed": game.seed,
                    "game": "piranhas",
                    "seats": [a, b],
                    "points": {a: 2 * (winner == a), b: 2 * (winner == b)},
                    "ranks": [1, 2] if winner == a else [2, 1],
                    "winner": winner,
                    "void": False,
                    "regular": True,
                    "cause": "REGULAR",
                    "moves": 40,
                    "duration_s": 1.0,
                    "slots": [{"bot": a, "log": None}, {"bot": b, "log": None}],
                    "replay": f"games/game-{game.index:06d}/replay.xml.gz",
                }
            )
        )
    return records


def coordinator(root: Path) -> None:
    labels = [f"bot{i:03d}" for i in range(200)]
    settings = formats.FormatSettings("roundrobin", games_per_pairing=2)
    started = time.perf_counter()
    plan = formats.plan(settings, labels, 1, {})
    print(f"plan_200_bots_s: {time.perf_counter() - started:.2f} ({len(plan.games)} games)")
    records = synthetic_records(labels, plan.games)
    store = TournamentStore.create(
        root / "coordinator",
        {
            "game": "piranhas",
            "format": settings.to_json(),
            "seed": 1,
            "entrants": [{"label": label, "spec": "random"} for label in labels],
        },
    )
    sample = 2000
    started = time.perf_counter()
    for record in records[:sample]:
        store.add(record, {})
    print(f"store_add_per_s: {sample / (time.perf_counter() - started):.0f}")
    store.games = {record.index: record for record in records}
    plan.complete = True
    started = time.perf_counter()
    write_results(store, plan)
    print(f"results_200_bots_s: {time.perf_counter() - started:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", type=int, default=6)
    parser.add_argument("--games-per-pairing", type=int, default=2)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    games = args.bots * (args.bots - 1) // 2 * args.games_per_pairing
    print(f"round robin of {args.bots} bots (random/greedy), {games} Piranhas games, {cores} cores")
    with tempfile.TemporaryDirectory(prefix="botarena-bench-") as temporary:
        root = Path(temporary)
        rate = play(root / "local", args.bots, args.games_per_pairing, concurrency=cores)
        print(f"local_games_per_s: {rate:.2f} (concurrency {cores})")
        for workers in (1, 2):
            rate = on_dask(root / f"dask{workers}", workers, args.bots, args.games_per_pairing)
            print(f"dask{workers}_games_per_s: {rate:.2f}")
        coordinator(root)


if __name__ == "__main__":
    main()
