"""The arena's ladder: games per minute with the embedded worker and with two Dask workers,
the arena's own CPU per finished match, and how large a ladder the embedded default (SQLite)
holds with the leaderboard under 100 ms.

    .venv/bin/python -m benchmarks.arena_ladder [--seconds 60] [--teams 4] [--no-dask]

Prints, for Piranhas with random/greedy bots (``--sandbox rlimit``):

* ``embedded_games_per_min``: ``arena serve --workers 1``, ladder games finished per minute;
* ``arena_cpu_ms_per_match``: ``arena serve --workers 0`` and one ``arena worker`` process:
  the arena process's CPU time (``/proc``) per finished match (API, storage, ratings);
* ``dask2_games_per_min``: ``arena worker --cluster`` on a local Dask cluster of two
  one-thread workers;
* ``standings_ms bots=B matches=M`` and ``result_ms ...``: the leaderboard query and one
  result (stored and all ratings of the game recomputed in match order) on a synthetic
  database of B submissions and M finished ladder matches.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from tests.arena.processes import Started, bot_folder, botarena, line_value, rows, serve, wait_for

from botarena.arena.ladder_ratings import ratings_of
from botarena.arena.pairing import Pairing
from botarena.arena.records import MatchResult, SeatResult
from botarena.arena.storage import MatchTerms, SqliteStore

LEADERBOARD_BUDGET_MS = 100.0
SIZES = ((10, 1_000), (50, 10_000), (200, 30_000))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ladder_done(folder: Path) -> int:
    return len(rows(folder, "SELECT 1 FROM matches WHERE kind = 'ladder' AND status = 'done'"))


def contest(root: Path, teams: int, *serve_options: str) -> tuple[Started, str, str, Path]:
    folder = root / "arena"
    organiser = line_value(
        botarena("arena", "init", str(folder), "--organiser", "bench").stdout, "token"
    )
    arena, url = serve(folder, "--queue", "8", *serve_options)
    for index in range(teams):
        team = f"team{index}"
        token = line_value(
            botarena("arena", "add-team", "--server", url, "--token", organiser, team).stdout,
            "token",
        )
        bot = bot_folder(root, team, ("random", "greedy")[index % 2])
        botarena(
            "arena", "submit", "--server", url, "--token", token, "--game", "piranhas", str(bot)
        )
    return arena, url, organiser, folder


def measure(folder: Path, seconds: float, pid: int) -> tuple[float, float]:
    """Ladder games per minute and the arena's CPU ms per match over ``seconds``, once every
    upload is accepted."""
    wait_for(lambda: ladder_done(folder) > 0, "the first ladder game")
    games, cpu, start = ladder_done(folder), cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    played = ladder_done(folder) - games
    elapsed = time.monotonic() - start
    return played * 60 / elapsed, (cpu_seconds(pid) - cpu) * 1000 / max(played, 1)


def embedded(seconds: float, teams: int) -> None:
    with tempfile.TemporaryDirectory() as root:
        arena, _, _, folder = contest(Path(root), teams, "--workers", "1")
        try:
            per_min, _ = measure(folder, seconds, arena.process.pid)
        finally:
            arena.stop()
    print(f"embedded_games_per_min {per_min:.1f}")


def external(seconds: float, teams: int, cluster: str | None) -> None:
    with tempfile.TemporaryDirectory() as root:
        arena, url, organiser, folder = contest(Path(root), teams, "--workers", "0")
        extra = ("--cluster", cluster, "--count", "2") if cluster else ()
        worker = Started(
            "worker", "--server", url, "--token", organiser, "--sandbox", "rlimit", *extra
        )
        try:
            per_min, cpu_ms = measure(folder, seconds, arena.process.pid)
        finally:
            worker.stop()
            arena.stop()
    if cluster:
        print(f"dask2_games_per_min {per_min:.1f}")
    else:
        print(f"external_games_per_min {per_min:.1f}")
        print(f"arena_cpu_ms_per_match {cpu_ms:.1f}")


def synthetic(bots: int, matches: int) -> tuple[float, float]:
    """Leaderboard and one result's time on a database of ``bots`` and ``matches``."""
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as root:
        store = SqliteStore(Path(root) / "arena.sqlite3")
        terms = MatchTerms({}, "b", lambda m: m)
        subs = []
        for index in range(bots):
            team = store.add_team(f"team{index}", f"key{index}", 0.0)
            sub = store.add_submission(
                team,
                "piranhas-2026",
                "ab" * 32,
                0.0,
                terms=terms,
                validation_games=0,
            )
            store._db.execute(
                "UPDATE submissions SET status = 'accepted', active = 1 WHERE id = ?", (sub,)
            )
            subs.append(sub)
        pairings = [Pairing(tuple(rng.sample(subs, 2)), rated=True) for _ in range(matches)]
        store.queue_pairings("piranhas-2026", pairings, 0.0, terms=terms)
        store._db.execute("BEGIN")
        store._db.execute(
            "UPDATE matches SET status = 'done', void = 0, cause = 'REGULAR' WHERE id < ?",
            (matches,),
        )
        store._db.execute(
            "UPDATE match_seats SET points = 2 * (seat = 0), rank = 1 + seat, cause = 'REGULAR'"
        )
        store._db.execute("COMMIT")
        lease = store.lease("w", 0.0, 60.0)
        assert lease is not None
        start = time.perf_counter()
        result = MatchResult(
            lease.match,
            (SeatResult(2, "REGULAR", None, None), SeatResult(0, "REGULAR", None, None)),
            False,
            "REGULAR",
            1,
            1.0,
        )
        assert store.finish(result, "w", 1.0, ratings_of, [1, 2])
        result_ms = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        store.standings("piranhas-2026")
        standings_ms = (time.perf_counter() - start) * 1000
        store.close()
    return standings_ms, result_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--teams", type=int, default=4)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    for bots, matches in SIZES:
        standings_ms, result_ms = synthetic(bots, matches)
        print(f"standings_ms bots={bots} matches={matches} {standings_ms:.1f}")
        print(f"result_ms bots={bots} matches={matches} {result_ms:.1f}")
    embedded(args.seconds, args.teams)
    external(args.seconds, args.teams, None)
    if not args.no_dask:
        from distributed import LocalCluster  # noqa: PLC0415

        with LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster:
            external(args.seconds, args.teams, str(cluster.scheduler_address))


if __name__ == "__main__":
    main()
