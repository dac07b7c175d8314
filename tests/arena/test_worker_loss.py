"""``kill -9`` of a worker while it holds a lease: the arena hands the match out again when
the (short, ``--lease-s``) lease runs out, and another worker plays it."""

from __future__ import annotations

from pathlib import Path

from tests.arena.processes import (
    Started,
    bot_folder,
    botarena,
    line_value,
    rows,
    serve,
    wait_for,
)


def start_worker(url: str, token: str) -> Started:
    return Started("worker", "--server", url, "--token", token, "--sandbox", "rlimit")


def test_a_killed_workers_lease_is_handed_out_again(tmp_path: Path) -> None:
    folder = tmp_path / "arena"
    organiser = line_value(
        botarena("arena", "init", str(folder), "--organiser", "Olga").stdout, "token"
    )
    arena, url = serve(folder, "--workers", "0")
    workers: list[Started] = []
    try:
        team = line_value(
            botarena("arena", "add-team", "--server", url, "--token", organiser, "solo").stdout,
            "token",
        )
        bot = bot_folder(tmp_path, "bot", "random")
        botarena(
            "arena", "submit", "--server", url, "--token", team, "--game", "piranhas", str(bot)
        )
        workers.append(start_worker(url, organiser))
        [leased] = wait_for(
            lambda: rows(folder, "SELECT id, lease_owner FROM matches WHERE status = 'leased'"),
            "the first worker's lease",
        )
        workers[0].kill9()
        workers.append(start_worker(url, organiser))
        [again] = wait_for(
            lambda: rows(
                folder,
                "SELECT * FROM matches WHERE id = ? AND status = 'done'",
                leased["id"],
            ),
            "the match played by the second worker",
        )
        assert again["attempts"] == 2
        posted = {row["name"] for row in rows(folder, "SELECT name FROM workers WHERE results > 0")}
        assert posted - {leased["lease_owner"]}  # the second worker played it
        wait_for(
            lambda: rows(folder, "SELECT 1 FROM submissions WHERE status = 'accepted'"),
            "the upload accepted after its validation games",
        )
    finally:
        for worker in workers:
            worker.stop()
        arena.stop()
